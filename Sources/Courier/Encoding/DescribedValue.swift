/// What a parameter value of a type Courier does not know becomes when it arrives as `Any`: its
/// text, which is what Alamofire's `URLEncoding` sent for it (`"\(value)"`), and its type's name
/// for error messages. The value itself cannot be kept: nothing says it is `Sendable`.
struct DescribedValue: Sendable, Hashable, CustomStringConvertible {
    /// `"\(value)"`.
    let description: String
    /// The name of the value's type, e.g. `SortOrder`.
    let typeName: String

    init(_ value: Any) {
        description = String(describing: value)
        typeName = String(describing: type(of: value))
    }
}
