import Foundation

/// The parameter values that are not dictionaries or arrays and that Courier knows by type.
///
/// Foundation objects are recognised by testing the dynamic type before any cast: on Apple
/// platforms `NSNumber(value: 1) as? Bool` succeeds, and on Linux `NSNumber(value: 1) is Bool` is
/// `true`, so an `NSNumber` is sorted by its own class and stored type, never by a cast.
enum ParameterLeaf {
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// `value` when its exact type is one of the commonest, which are `Sendable` and need no
    /// walking: `String`, `Int`, `Double`, `Bool`, and arrays and `String`-keyed dictionaries of
    /// them. Decided by comparing types, which costs far less than casts; `nil` for anything else.
    static func common(_ value: Any) -> (value: any Sendable, isCollection: Bool)? {
        let valueType = type(of: value)
        if valueType == String.self, let string = value as? String { return (string, false) }
        if valueType == Int.self, let integer = value as? Int { return (integer, false) }
        if valueType == Double.self, let double = value as? Double { return (double, false) }
        if valueType == Bool.self, let bool = value as? Bool { return (bool, false) }
        if valueType == [String].self, let strings = value as? [String] { return (strings, true) }
        if valueType == [Int].self, let integers = value as? [Int] { return (integers, true) }
        if valueType == [String: String].self, let strings = value as? [String: String] { return (strings, true) }
        if valueType == [String: Int].self, let integers = value as? [String: Int] { return (integers, true) }
        return nil
    }

    /// `value` as a `Sendable` value of a known type, or `nil` for a dictionary, an array, an
    /// `Optional` or a type Courier does not know. `NSNull` becomes ``ParameterSnapshot/null``.
    static func sendable(_ value: Any) -> (any Sendable)? {
        let valueType = type(of: value)
        // The commonest types first, by comparing types, which costs far less than casts.
        if valueType == String.self, let string = value as? String { return string }
        if valueType == Int.self, let integer = value as? Int { return integer }
        if valueType == Double.self, let double = value as? Double { return double }
        if valueType == Bool.self, let bool = value as? Bool { return bool }
        if valueType is NSNumber.Type, let number = value as? NSNumber { return swiftValue(of: number) }
        if valueType is NSNull.Type { return ParameterSnapshot.null }
        // One protocol check spares a dictionary or an array the twenty casts below.
        if value is any ParameterCollection || value is any OptionalValue { return nil }
        switch value {
        case let string as String: return string
        case let integer as Int8: return integer
        case let integer as Int16: return integer
        case let integer as Int32: return integer
        case let integer as Int64: return integer
        case let integer as UInt: return integer
        case let integer as UInt8: return integer
        case let integer as UInt16: return integer
        case let integer as UInt32: return integer
        case let integer as UInt64: return integer
        case let float as Float: return float
        case let float as CGFloat: return Double(float)
        case let decimal as Decimal: return decimal
        case let date as Date: return date
        case let url as URL: return url
        case let uuid as UUID: return uuid
        case let data as Data: return data
        case let substring as Substring: return String(substring)
        case let character as Character: return String(character)
        case let described as DescribedValue: return described
        case let styled as StyledParameter: return styled
        default: return nil
        }
    }

    /// Whether `number` holds a Bool: Foundation keeps Bools in a class of their own.
    static func isBool(_ number: NSNumber) -> Bool {
        ObjectIdentifier(type(of: number)) == booleanNumberClass
    }

    /// The Swift value an `NSNumber` holds, by the type it was made from, so that a number parsed
    /// by `JSONSerialization` is written the same way as the Swift value would be.
    static func swiftValue(of number: NSNumber) -> any Sendable {
        if isBool(number) { return number.boolValue }
        if valueIsDecimal(number) { return number.decimalValue }
        switch UInt8(truncatingIfNeeded: number.objCType.pointee) {
        case UInt8(ascii: "d"): return number.doubleValue
        case UInt8(ascii: "f"): return number.floatValue
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return number.uint64Value
        default: return number.int64Value
        }
    }

    private static func valueIsDecimal(_ number: NSNumber) -> Bool {
        type(of: number) is NSDecimalNumber.Type
    }
}
