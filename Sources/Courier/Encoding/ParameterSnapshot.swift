import Foundation

/// Copies parameters of any type (`[String: Any]` from app helpers, `NSDictionary`s from
/// `JSONSerialization`) into a tree of `Sendable` values, walking it with a stack of its own rather
/// than recursion, and stopping at ``HTTPTask/maximumNestingDepth``.
///
/// The tree holds `String`, `Bool`, the integer and floating-point types, `Decimal`, `Date`, `URL`,
/// `UUID`, `Data`, `[String: any Sendable]` and `[any Sendable]`; `nil` and `NSNull` become
/// `Optional<any Sendable>.none`; Foundation objects become their Swift values (an `NSNumber`
/// by its stored type). A value of another type is kept when it arrived as `any Sendable`, and
/// otherwise replaced by a ``DescribedValue`` holding its text, which is what URL encoding sends.
/// A ``CarriedParameter`` (what a ``RequestParameters`` given to a task puts in it) is opened: its
/// kept value is copied as `Sendable`, its error fails the copy.
enum ParameterSnapshot {
    /// The null every encoding knows: left out of a query, `null` in JSON.
    static let null: any Sendable = Optional<any Sendable>.none

    /// A value to copy, and whether its type is known to be `Sendable`.
    enum Input {
        case sendable(any Sendable)
        case opaque(Any)

        var value: Any {
            switch self {
            case .sendable(let value): value
            case .opaque(let value): value
            }
        }
    }

    /// A copy: the tree, and the top-level keys under which a value of a type Courier does not know
    /// was kept as it is (only values that arrived as `any Sendable` are).
    struct Copy {
        var dictionary: [String: any Sendable]
        var keptKeys: Set<String> = []
    }

    /// `parameters` as a `Sendable` tree, or the key of the first container deeper than the limit.
    static func take(_ parameters: [(key: String, value: Input)]) -> Result<Copy, ParameterEncodingError> {
        // Most parameters are strings and numbers: they go straight in, and only containers are walked.
        var root = [String: any Sendable](minimumCapacity: parameters.count)
        var nested: [(String, Input)] = []
        for (key, input) in parameters {
            if let common = ParameterLeaf.common(input.value) {
                root[key] = common.value
            } else {
                nested.append((key, input))
            }
        }
        guard !nested.isEmpty else { return .success(Copy(dictionary: root)) }
        var stack = [Frame(entries: nested, isArray: false, path: "", keyInParent: "")]
        stack[0].dictionary = root
        var keptKeys: Set<String> = []
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].entries.count else {
                let finished = stack.removeLast()
                guard !stack.isEmpty else { return .success(Copy(dictionary: finished.dictionary, keptKeys: keptKeys)) }
                stack[stack.count - 1].attach(finished.value, key: finished.keyInParent)
                continue
            }
            let (key, input) = stack[top].entries[stack[top].next]
            stack[top].next += 1
            let child = node(input)
            switch child {
            case .leaf(let value):
                stack[top].attach(value, key: key)
                continue
            case .kept(let value):
                stack[top].attach(value, key: key)
                keptKeys.insert(top == 0 ? key : stack[1].keyInParent)
                continue
            case .failed(let error):
                return .failure(error)
            case .flat, .container:
                break
            }
            let path = top == 0 ? key : stack[top].path + "[\(stack[top].isArray ? "" : key)]"
            guard stack.count < HTTPTask.maximumNestingDepth else {
                return .failure(.nestingTooDeep(key: path, limit: HTTPTask.maximumNestingDepth))
            }
            switch child {
            case .flat(let collection): stack[top].attach(collection, key: key)
            case .container(let entries, let isArray):
                stack.append(Frame(entries: entries, isArray: isArray, path: path, keyInParent: key))
            case .leaf, .kept, .failed: break
            }
        }
        return .success(Copy(dictionary: [:]))
    }

    // MARK: - Walking

    private struct Frame {
        let entries: [(String, Input)]
        let isArray: Bool
        /// The readable key path of this container, e.g. `user[address]`.
        let path: String
        let keyInParent: String
        var next = 0
        var dictionary: [String: any Sendable] = [:]
        var array: [any Sendable] = []

        var value: any Sendable { isArray ? array : dictionary }

        mutating func attach(_ value: any Sendable, key: String) {
            if isArray { array.append(value) } else { dictionary[key] = value }
        }
    }

    private enum Node {
        case leaf(any Sendable)
        /// A value of a type Courier does not know, kept because it arrived as `any Sendable`.
        case kept(any Sendable)
        /// A ``CarriedParameter`` holding the error an earlier copy met.
        case failed(ParameterEncodingError)
        /// An array or dictionary of strings or integers, kept whole: one level, nothing to walk.
        case flat(any Sendable)
        case container([(String, Input)], isArray: Bool)
    }

    private static func node(_ input: Input) -> Node {
        var value = input.value
        if let common = ParameterLeaf.common(value) {
            return common.isCollection ? .flat(common.value) : .leaf(common.value)
        }
        if type(of: value) == CarriedParameter.self, let carried = value as? CarriedParameter {
            switch carried {
            case .kept(let sendable): return node(.sendable(sendable))
            case .failure(let error): return .failed(error)
            }
        }
        while true {
            if let leaf = ParameterLeaf.sendable(value) { return .leaf(leaf) }
            guard let optional = value as? any OptionalValue else { break }
            guard let wrapped = optional.wrappedValue else { return .leaf(null) }
            value = wrapped
        }
        if case .sendable(let sendable) = input {
            // Values of a Sendable collection are Sendable: keep them typed so.
            if let dictionary = sendable as? [String: any Sendable] {
                return .container(dictionary.map { ($0.key, .sendable($0.value)) }, isArray: false)
            }
            if let array = sendable as? [any Sendable] {
                return .container(array.map { ("", .sendable($0)) }, isArray: true)
            }
        }
        if let collection = value as? any ParameterCollection {
            return .container(
                collection.parameterEntries.map { ($0.key, .opaque($0.value)) }, isArray: collection.isParameterArray)
        }
        if let parameters = value as? RequestParameters {
            if let failure = parameters.failure { return .failed(failure) }
            return .container(parameters.dictionary.map { ($0.key, .sendable($0.value)) }, isArray: false)
        }
        if let dictionary = value as? [String: Any] {  // NSDictionary
            return .container(dictionary.map { ($0.key, .opaque($0.value)) }, isArray: false)
        }
        if let array = value as? [Any] {  // NSArray
            return .container(array.map { ("", .opaque($0)) }, isArray: true)
        }
        if case .sendable(let sendable) = input { return .kept(sendable) }
        return .leaf(DescribedValue(value))
    }
}

/// Lets the snapshot and the encodings see through `Optional` without knowing the wrapped type.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}
