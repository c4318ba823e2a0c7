/// Dictionaries with `String` keys and arrays, recognised with one protocol check instead of the
/// casts to `[String: Any]` and `[Any]`, which fail slowly for every other value and copy every
/// dictionary or array that passes.
protocol ParameterCollection {
    /// Whether this is an array (its entries' keys are empty).
    var isParameterArray: Bool { get }
    /// The keys and values of a dictionary, or `""` and the elements of an array, in order.
    var parameterEntries: [(key: String, value: Any)] { get }
}

extension Dictionary: ParameterCollection where Key == String {
    var isParameterArray: Bool { false }
    var parameterEntries: [(key: String, value: Any)] { map { ($0.key, $0.value as Any) } }
}

extension Array: ParameterCollection {
    var isParameterArray: Bool { true }
    var parameterEntries: [(key: String, value: Any)] { map { ("", $0 as Any) } }
}
