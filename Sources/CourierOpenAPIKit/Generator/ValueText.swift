/// Swift expressions that turn a parameter's value into the text the wire carries.
struct ValueText {
    let declarations: [String: TypeDecl]
    /// The API's name, for its `DateCoding` helpers.
    let apiName: String

    /// The type behind aliases.
    func resolved(_ type: TypeRef) -> TypeRef {
        var current = type
        for _ in 0..<16 {
            guard case .named(let name) = current, case .alias(_, let target, _, _) = declarations[name] else { break }
            current = target
        }
        return current
    }

    /// An expression of type `String` for a scalar `value` of `type`, or `nil` when the type is not a scalar;
    /// `interpolated`: an expression to interpolate in a string literal instead.
    func text(_ value: String, _ type: TypeRef, interpolated: Bool = false) -> String? {
        switch resolved(type) {
        case .string: value
        case .int, .double, .bool: interpolated ? value : "String(\(value))"
        case .date: "\(apiName).DateCoding.text(dateTime: \(value))"
        case .day: "\(apiName).DateCoding.text(day: \(value))"
        case .uuid: "\(value).uuidString"
        case .named(let name):
            if case .stringEnum = declarations[name] { "\(value).rawValue" } else { nil }
        default: nil
        }
    }

    /// Whether the text of a scalar of `type` may hold characters a path parameter's value escapes
    /// (numbers, Bools and UUIDs never do).
    func mayNeedEscaping(_ type: TypeRef) -> Bool {
        switch resolved(type) {
        case .int, .double, .bool, .uuid: false
        default: true
        }
    }

    /// The element type when `type` is a list of scalars.
    func scalarElement(of type: TypeRef) -> TypeRef? {
        guard case .array(let element) = resolved(type), text("x", element) != nil else { return nil }
        return element
    }
}
