/// Writes parameters as `application/x-www-form-urlencoded` pairs, walking nested dictionaries and
/// arrays with a stack of its own rather than recursion, so that no input can overflow the stack.
struct QueryStringWriter {
    let arrayEncoding: URLEncoding.ArrayEncoding
    let boolEncoding: URLEncoding.BoolEncoding
    private(set) var output = ""

    init(arrayEncoding: URLEncoding.ArrayEncoding, boolEncoding: URLEncoding.BoolEncoding) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// A value still to write, with its key escaped and as people read it (`user[name]`), and
    /// the nesting level of the container that holds it (the parameters are level 1).
    private struct Pending {
        let value: Any
        let escapedKey: String
        let key: String
        let level: Int
    }

    /// Appends `parameters`, keys sorted at every level, array elements in their order.
    mutating func write(_ parameters: [String: any Sendable]) throws(ParameterEncodingError) {
        output.reserveCapacity(parameters.count * 16)
        // A stack pops last first: push in reverse order to write in order.
        var stack = parameters.sorted { $0.key > $1.key }.map {
            Pending(value: $0.value, escapedKey: PercentEncoding.queryEscaped($0.key), key: $0.key, level: 1)
        }
        while let item = stack.popLast() {
            switch ParameterValue(item.value) {
            case .text(let text):
                appendPair(item.escapedKey, text)
            case .bool(let bool):
                switch boolEncoding {
                case .numeric: appendPair(item.escapedKey, bool ? "1" : "0")
                case .literal: appendPair(item.escapedKey, bool ? "true" : "false")
                }
            case .collection(let entries, false):
                try checkDepth(of: item)
                for (nestedKey, nestedValue) in entries.sorted(by: { $0.key > $1.key }) {
                    stack.append(
                        Pending(
                            value: nestedValue,
                            escapedKey: item.escapedKey + "%5B" + PercentEncoding.queryEscaped(nestedKey) + "%5D",
                            key: "\(item.key)[\(nestedKey)]", level: item.level + 1))
                }
            case .collection(let entries, true):
                try checkDepth(of: item)
                for (index, element) in entries.enumerated().reversed() {
                    let (escaped, readable) =
                        switch arrayEncoding {
                        case .brackets: (item.escapedKey + "%5B%5D", item.key + "[]")
                        case .noBrackets: (item.escapedKey, item.key)
                        case .indexInBrackets: (item.escapedKey + "%5B\(index)%5D", "\(item.key)[\(index)]")
                        }
                    stack.append(
                        Pending(value: element.value, escapedKey: escaped, key: readable, level: item.level + 1))
                }
            case .styled(let styled):
                var writer = StyledParameterWriter()
                try writer.write(styled, escapedKey: item.escapedKey, readableKey: item.key)
                for (key, value) in writer.pairs {
                    if !output.isEmpty { output += "&" }
                    output += key + "=" + value
                }
            case .absent:
                break
            }
        }
    }

    private func checkDepth(of container: Pending) throws(ParameterEncodingError) {
        guard container.level < HTTPTask.maximumNestingDepth else {
            throw .nestingTooDeep(key: container.key, limit: HTTPTask.maximumNestingDepth)
        }
    }

    private mutating func appendPair(_ escapedKey: String, _ value: String) {
        if !output.isEmpty { output += "&" }
        output += escapedKey
        output += "="
        PercentEncoding.appendQueryEscaped(value, to: &output)
    }
}
