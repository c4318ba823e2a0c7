import Foundation

/// Checks that parameters are a JSON object `JSONSerialization` can write, without recursion:
/// every value a string, a finite number, a Bool, `nil`/`NSNull`, an array or a dictionary with
/// string keys, nested at most ``HTTPTask/maximumNestingDepth`` levels.
enum JSONValueCheck {
    /// A value still to check, the key path people read (`user[tags][]`), and the nesting level of
    /// the container that holds it (the parameters are level 1).
    private struct Pending {
        let value: Any
        let key: String
        let level: Int
    }

    static func check(_ parameters: [String: any Sendable]) throws(ParameterEncodingError) {
        var stack = parameters.map { Pending(value: $0.value, key: $0.key, level: 1) }
        while let item = stack.popLast() {
            var value = item.value
            while let optional = value as? any OptionalValue {
                guard let wrapped = optional.wrappedValue else { break }
                value = wrapped
            }
            if let leaf = ParameterLeaf.sendable(value) {
                try checkLeaf(leaf, key: item.key)
                continue
            }
            if value is any OptionalValue { continue }  // nil
            guard let children = children(of: value, key: item.key) else {
                throw .unsupportedValue(key: item.key, type: String(describing: type(of: value)))
            }
            guard item.level < HTTPTask.maximumNestingDepth else {
                throw .nestingTooDeep(key: item.key, limit: HTTPTask.maximumNestingDepth)
            }
            stack.append(contentsOf: children.map { Pending(value: $0.value, key: $0.key, level: item.level + 1) })
        }
    }

    private static func children(of value: Any, key: String) -> [(key: String, value: Any)]? {
        let collection: (any ParameterCollection)? =
            value as? any ParameterCollection ?? value as? [String: Any] ?? value as? [Any]
        guard let collection else { return nil }
        let isArray = collection.isParameterArray
        return collection.parameterEntries.map { (key: isArray ? "\(key)[]" : "\(key)[\($0.key)]", value: $0.value) }
    }

    private static func checkLeaf(_ leaf: any Sendable, key: String) throws(ParameterEncodingError) {
        switch leaf {
        case is String, is Bool, is any BinaryInteger, is any OptionalValue:
            return
        case let double as Double where !double.isFinite:
            throw .unsupportedValue(key: key, type: "Double (\(double))")
        case let float as Float where !float.isFinite:
            throw .unsupportedValue(key: key, type: "Float (\(float))")
        case is Double, is Float:
            return
        case let decimal as Decimal where decimal.isNaN:
            throw .unsupportedValue(key: key, type: "Decimal (NaN)")
        case is Decimal:
            return
        case let described as DescribedValue:
            throw .unsupportedValue(key: key, type: described.typeName)
        default:
            throw .unsupportedValue(key: key, type: String(describing: type(of: leaf)))
        }
    }
}
