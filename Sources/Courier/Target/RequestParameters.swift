import Foundation

/// Parameters copied into `Sendable` values: what a task's `[String: Any]` becomes when its
/// endpoint's request is encoded, and what a ``ParameterEncoding`` then receives.
///
/// Tasks take Moya's `[String: Any]`; you rarely name this type. Make one to hand parameters to a
/// thread or task of their own, or to keep values of your own types for a custom encoding
/// (``init(keeping:)``). Every task case that takes parameters also takes a `RequestParameters`,
/// whole or nested (`["fields": fields]`):
///
/// ```swift
/// let snapshot = RequestParameters(helperBuiltParameters)           // [String: Any]
/// .requestParameters(parameters: snapshot, encoding: JSONEncoding.default)
/// ```
///
/// What the copy holds: strings, Bools, numbers, `Decimal`, `Date`, `URL`, `UUID` and `Data` as
/// they are; `NSNumber`, `NSString` and the other Foundation objects as their Swift values; `nil`
/// and `NSNull` as `Optional<any Sendable>.none`; nested dictionaries and arrays as
/// `[String: any Sendable]` and `[any Sendable]`. A value of any other type is kept when it came in
/// through ``init(keeping:)``; from `Any` it cannot be (nothing says it is `Sendable`), so it is
/// replaced by its text, `"\(value)"`, which is what URL encoding sends for it.
///
/// Nesting deeper than ``HTTPTask/maximumNestingDepth`` is not copied: the request then fails with
/// ``CourierError/parameterEncoding(_:)`` and ``ParameterEncodingError/nestingTooDeep(key:limit:)``.
public struct RequestParameters: Sendable, ExpressibleByDictionaryLiteral, Sequence, CustomStringConvertible {
    /// The parameters as `Sendable` values.
    public private(set) var dictionary: [String: any Sendable]
    /// Why part of the parameters could not be copied; encoding them fails with it.
    private(set) var failure: ParameterEncodingError?
    /// The top-level keys whose values hold a value of a type Courier does not know, kept as it is.
    private var keptKeys: Set<String> = []

    /// Copies `parameters`, whose values may be of any type.
    public init(_ parameters: [String: Any]) {
        self.init(taking: parameters.map { ($0.key, .opaque($0.value)) })
    }

    /// Copies `parameters`, keeping values of types Courier does not know as they are (the other
    /// initialisers keep their text), for a custom ``ParameterEncoding`` that reads values of its
    /// own types.
    ///
    /// Given to a task, such a value travels in a box that the encodings open: read back from the
    /// task's `[String: Any]`, it is found again in `RequestParameters(parameters)[key]`.
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
            dictionary = copy.dictionary
            keptKeys = copy.keptKeys
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
            keptKeys.remove(key)
            guard let newValue else {
                dictionary[key] = nil
                return
            }
            switch ParameterSnapshot.take([(key, .opaque(newValue))]) {
            case .success(let copy):
                dictionary[key] = copy.dictionary[key]
                keptKeys.formUnion(copy.keptKeys)
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

    /// The parameters as a task holds them (`[String: Any]`): a value that holds one of a type
    /// Courier does not know, and the error that copying met, go in a ``CarriedParameter`` that the
    /// next copy opens, so that neither is lost on the way.
    var taskParameters: [String: Any] {
        var parameters = [String: Any](minimumCapacity: dictionary.count + 1)
        for (key, value) in dictionary {
            parameters[key] = keptKeys.contains(key) ? CarriedParameter.kept(value) : value
        }
        if let failure { parameters[CarriedParameter.key(of: failure)] = CarriedParameter.failure(failure) }
        return parameters
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
