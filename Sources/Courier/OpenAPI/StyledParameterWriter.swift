/// Writes a ``StyledParameter`` as query pairs: the part of ``QueryStringWriter`` that knows OpenAPI's styles.
struct StyledParameterWriter {
    private(set) var pairs: [(escapedKey: String, escapedValue: String)] = []

    /// Writes `parameter` under `escapedKey` (`readableKey` names it in errors).
    /// - Throws: ``ParameterEncodingError/customEncodingFailed(error:)`` when the value does not encode;
    ///   ``ParameterEncodingError/nestingTooDeep(key:limit:)`` past the nesting limit.
    mutating func write(_ parameter: StyledParameter, escapedKey: String, readableKey: String)
        throws(ParameterEncodingError)
    {
        let value: JSONValue
        do {
            value = try parameter.jsonValue()
        } catch {
            throw .customEncodingFailed(error: error)
        }
        switch value {
        case .object(let members) where parameter.style == .form:
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                let style = parameter.memberStyles[name] ?? .form
                try write(member, style: style, escapedKey: PercentEncoding.queryEscaped(name), readableKey: name)
            }
        default:
            try write(value, style: parameter.style, escapedKey: escapedKey, readableKey: readableKey)
        }
    }

    private mutating func write(_ value: JSONValue, style: Style, escapedKey: String, readableKey: String)
        throws(ParameterEncodingError)
    {
        switch value {
        case .null: return
        case .array(let elements):
            guard !elements.isEmpty else { return }
            if let delimiter = style.delimiter, let texts = Self.texts(of: elements) {
                pairs.append((escapedKey, texts.map(PercentEncoding.queryEscaped).joined(separator: delimiter)))
            } else if style == .deepObject || !elements.allSatisfy(\.isScalar) {
                try deep(value, escapedKey: escapedKey, readableKey: readableKey, depth: 1)
            } else {
                for element in elements { if let text = element.text { append(escapedKey, text) } }
            }
        case .object(let members):
            guard !members.isEmpty else { return }
            if let delimiter = style.delimiter {
                let texts = members.keys.sorted().flatMap { [$0, members[$0]?.text ?? ""] }
                pairs.append((escapedKey, texts.map(PercentEncoding.queryEscaped).joined(separator: delimiter)))
            } else {
                try deep(value, escapedKey: escapedKey, readableKey: readableKey, depth: 1)
            }
        default:
            if let text = value.text { append(escapedKey, text) }
        }
    }

    /// `key[member]=value` and `key[0]=value`, as deep as the value goes.
    private mutating func deep(_ value: JSONValue, escapedKey: String, readableKey: String, depth: Int)
        throws(ParameterEncodingError)
    {
        guard depth < HTTPTask.maximumNestingDepth else {
            throw .nestingTooDeep(key: readableKey, limit: HTTPTask.maximumNestingDepth)
        }
        switch value {
        case .null: return
        case .object(let members):
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                try deep(
                    member, escapedKey: escapedKey + "%5B" + PercentEncoding.queryEscaped(name) + "%5D",
                    readableKey: readableKey + "[\(name)]", depth: depth + 1)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try deep(
                    element, escapedKey: escapedKey + "%5B\(index)%5D", readableKey: readableKey + "[\(index)]",
                    depth: depth + 1)
            }
        default:
            if let text = value.text { append(escapedKey, text) }
        }
    }

    private mutating func append(_ escapedKey: String, _ text: String) {
        pairs.append((escapedKey, PercentEncoding.queryEscaped(text)))
    }

    /// The texts of `elements` when every one is a scalar.
    private static func texts(of elements: [JSONValue]) -> [String]? {
        var texts: [String] = []
        for element in elements {
            guard let text = element.text else { return nil }
            texts.append(text)
        }
        return texts
    }

    typealias Style = StyledParameter.Style
}

extension StyledParameter.Style {
    /// The escaped delimiter of a delimited style; `nil` for `.form` and `.deepObject`.
    fileprivate var delimiter: String? {
        switch self {
        case .commaDelimited: ","
        case .spaceDelimited: "%20"
        case .pipeDelimited: "%7C"
        case .form, .deepObject: nil
        }
    }
}

extension JSONValue {
    /// A scalar as a parameter writes it; `nil` for `null`, arrays and objects.
    fileprivate var text: String? {
        switch self {
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let integer): String(integer)
        case .number(let number): NumberText.text(number)
        case .string(let string): string
        case .null, .array, .object: nil
        }
    }

    fileprivate var isScalar: Bool { text != nil }
}
