import Foundation

/// The parameters of an ``HTTPTask``: a copy, taken when the task is built, of a dictionary of any
/// values, held as `Sendable` values so that the task can cross tasks and threads.
///
/// You rarely name this type: every task case that takes parameters accepts a dictionary literal
/// of any values, a `[String: Any]` and a `[String: any Sendable]`, in Swift 5 and Swift 6 modes:
///
/// ```swift
/// .requestParameters(parameters: ["q": query, "page": page], encoding: URLEncoding.queryString)
/// .requestParameters(parameters: helperBuiltParameters, encoding: JSONEncoding.default)  // [String: Any]
/// ```
///
/// What the copy holds: strings, Bools, numbers, `Decimal`, `Date`, `URL`, `UUID` and `Data` as
/// they are; `NSNumber`, `NSString` and the other Foundation objects as their Swift values; `nil`
/// and `NSNull` as `Optional<any Sendable>.none`; nested dictionaries and arrays as
/// `[String: any Sendable]` and `[any Sendable]`. A value of any other type is kept when it came in
/// through ``init(keeping:)``; from `Any` it cannot be (nothing says it is `Sendable`), so it is
/// replaced by its text, `"\(value)"`, which is what URL encoding sends for it.
///
/// In Swift 6 mode a target `enum` must be `Sendable`, so a case cannot carry a `[String: Any]`;
/// give it a `RequestParameters` instead (`case update(fields: RequestParameters)`): call sites
/// with a literal compile as they are, a `[String: Any]` is passed as `RequestParameters(fields)`,
/// and the task takes it whole or nested (`["fields": fields]`).
///
/// Nesting deeper than ``HTTPTask/maximumNestingDepth`` is not copied: the request then fails with
/// ``CourierError/parameterEncoding(_:)`` and ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
public struct RequestParameters: Sendable, ExpressibleByDictionaryLiteral, Sequence, CustomStringConvertible {
    /// The parameters as `Sendable` values.
    public private(set) var dictionary: [String: any Sendable]
    /// Why part of the parameters could not be copied; encoding them fails with it.
    private(set) var failure: ParameterEncodingError?

    /// Copies `parameters`, whose values may be of any type.
    public init(_ parameters: [String: Any]) {
        self.init(taking: parameters.map { ($0.key, .opaque($0.value)) })
    }

    /// Copies `parameters`, keeping values of types Courier does not know as they are (the other
    /// initialisers keep their text), for a custom ``ParameterEncoding`` that reads values of its
    /// own types.
    public init(keeping parameters: [String: any Sendable]) {
        self.init(taking: parameters.map { ($0.key, .sendable($0.value)) })
    }

    /// Copies a dictionary literal, whose values may be of any type.
    public init(dictionaryLiteral elements: (String, Any)...) {
        // A repeated key keeps its last value (a `Dictionary` literal would stop the process).
        self.init(taking: elements.map { ($0.0, .opaque($0.1)) })
    }

    private init(taking parameters: [(key: String, value: ParameterSnapshot.Input)]) {
        switch ParameterSnapshot.take(parameters) {
        case .success(let copy):
            dictionary = copy
            failure = nil
        case .failure(let error):
            dictionary = [:]
            failure = error
        }
    }

    /// The value for `key`; setting one copies it as the initialiser does (a value nested too
    /// deep is not stored, and encoding the parameters fails), setting `nil` removes the key.
    public subscript(key: String) -> Any? {
        get { dictionary[key] }
        set {
            guard let newValue else {
                dictionary[key] = nil
                return
            }
            switch ParameterSnapshot.take([(key, .opaque(newValue))]) {
            case .success(let copy): dictionary[key] = copy[key]
            case .failure(let error): failure = failure ?? error
            }
        }
    }

    /// The parameter names.
    public var keys: Dictionary<String, any Sendable>.Keys { dictionary.keys }
    /// The number of parameters.
    public var count: Int { dictionary.count }
    /// Whether there are no parameters.
    public var isEmpty: Bool { dictionary.isEmpty }

    /// The parameters as `(key, value)` pairs, in no particular order.
    public func makeIterator() -> Dictionary<String, any Sendable>.Iterator {
        dictionary.makeIterator()
    }

    /// The parameters as a dictionary prints them.
    public var description: String { dictionary.description }

    /// The parameters, or the error that copying them met.
    func checked() throws(ParameterEncodingError) -> [String: any Sendable] {
        if let failure { throw failure }
        return dictionary
    }
}

extension HTTPTask {
    /// The deepest nesting of dictionaries and arrays that Courier encodes, counting the
    /// parameters themselves (or an `Encodable` body's top level) as level 1: 64.
    ///
    /// Foundation's `JSONSerialization` and `JSONEncoder` recurse once per level, and a few
    /// thousand levels overflow the stack of a thread or a Swift task, a crash no `catch` can
    /// stop. Courier checks the depth before anything recurses, without recursion itself, and
    /// fails deeper parameters with ``ParameterEncodingError/nestingTooDeep(key:limit:)`` in
    /// ``CourierError/parameterEncoding(_:)``, and deeper `Encodable` bodies with the same error
    /// in ``CourierError/encodableMapping(_:)``. 64 levels is far more than any API uses and far
    /// below what overflows a 512 KiB stack.
    public static let maximumNestingDepth = 64
}
