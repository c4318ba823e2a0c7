import Foundation

/// A parameter value sorted into the shapes URL encoding knows, decided once per value.
///
/// Every value can be written: a value of a type Courier does not know is written as its text
/// (`"\(value)"`), as Alamofire did, so a `Date` is sent as `2021-01-01 00:00:00 +0000`. `nil`,
/// `Optional.none` and `NSNull` are left out, where Alamofire sent `nil` and `<null>`, and an
/// `Optional` is unwrapped, where Alamofire sent `Optional("x")` for a string.
enum ParameterValue {
    case text(String)
    case bool(Bool)
    /// A dictionary's keys and values, or `""` and an array's elements.
    case collection([(key: String, value: Any)], isArray: Bool)
    /// `nil`, `NSNull`: the key is left out.
    case absent
    /// A value written in one of OpenAPI's styles.
    case styled(StyledParameter)

    init(_ value: Any) {
        let valueType = type(of: value)
        // The commonest types first, by comparing types, which costs far less than casts.
        if valueType == String.self, let string = value as? String {
            self = .text(string)
            return
        }
        if valueType == Int.self, let integer = value as? Int {
            self = .text(String(integer))
            return
        }
        if let collection = Self.commonCollection(value, valueType) {
            self = .collection(collection.parameterEntries, isArray: collection.isParameterArray)
            return
        }
        var value = value
        while true {
            if let leaf = ParameterLeaf.sendable(value) {
                self = Self.written(leaf)
                return
            }
            guard let optional = value as? any OptionalValue else { break }
            guard let wrapped = optional.wrappedValue else {
                self = .absent
                return
            }
            value = wrapped
        }
        if let collection = value as? any ParameterCollection {
            self = .collection(collection.parameterEntries, isArray: collection.isParameterArray)
        } else if let parameters = value as? RequestParameters {
            self = .collection(parameters.dictionary.map { ($0.key, $0.value as Any) }, isArray: false)
        } else if let dictionary = value as? [String: Any] {  // NSDictionary
            self = .collection(dictionary.parameterEntries, isArray: false)
        } else if let array = value as? [Any] {  // NSArray
            self = .collection(array.parameterEntries, isArray: true)
        } else {
            self = .text(String(describing: value))
        }
    }

    /// `value` as a collection when its exact type is one the snapshot keeps or makes.
    private static func commonCollection(_ value: Any, _ valueType: Any.Type) -> (any ParameterCollection)? {
        if valueType == [String: any Sendable].self { return value as? [String: any Sendable] }
        if valueType == [any Sendable].self { return value as? [any Sendable] }
        if valueType == [String].self { return value as? [String] }
        if valueType == [String: String].self { return value as? [String: String] }
        if valueType == [Int].self { return value as? [Int] }
        if valueType == [String: Int].self { return value as? [String: Int] }
        return nil
    }

    private static func written(_ leaf: any Sendable) -> ParameterValue {
        switch leaf {
        case let string as String: .text(string)
        case let bool as Bool: .bool(bool)
        case let double as Double: .text(NumberText.text(double))
        case let float as Float: .text(NumberText.text(float))
        case let styled as StyledParameter: .styled(styled)
        case let url as URL: .text(url.absoluteString)
        case let uuid as UUID: .text(uuid.uuidString)
        case is any OptionalValue: .absent
        default: .text(String(describing: leaf))
        }
    }
}
