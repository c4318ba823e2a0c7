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
    case array([Any])
    case dictionary([String: Any])
    /// `nil`, `NSNull`: the key is left out.
    case absent

    init(_ value: Any) {
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
        if let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary)
        } else if let array = value as? [Any] {
            self = .array(array)
        } else {
            self = .text(String(describing: value))
        }
    }

    private static func written(_ leaf: any Sendable) -> ParameterValue {
        switch leaf {
        case let string as String: .text(string)
        case let bool as Bool: .bool(bool)
        case let double as Double: .text(NumberText.text(double))
        case let float as Float: .text(NumberText.text(float))
        case let url as URL: .text(url.absoluteString)
        case let uuid as UUID: .text(uuid.uuidString)
        case is any OptionalValue: .absent
        default: .text(String(describing: leaf))
        }
    }
}
