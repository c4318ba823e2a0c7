/// Writes what the generated target needs besides its cases: the date coding, multipart forms and the
/// API-key plugin.
struct SupportWriter {
    let apiName: String
    let access: String
    let isolation: String
    let plans: [CasePlan]
    let declarations: [String: TypeDecl]
    let values: ValueText
    /// The JSON keys of calendar-date (`format: date`) properties.
    let dayKeys: [String]

    /// `API.Key`: the coding key of every model.
    func codingKey() -> String {
        """
        \(isolation)extension \(apiName) {
            /// A JSON member's name: the coding key of every model.
            struct Key: CodingKey {
                let stringValue: String
                var intValue: Int? { nil }
                init(_ name: String) { stringValue = name }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
        }

        """
    }

    func dateCoding() -> String {
        let keys = dayKeys.map(SwiftLiteral.string).joined(separator: ", ")
        return """
            \(isolation)extension \(apiName) {
                /// Dates as the API's description writes them: `date-time` in ISO 8601 (with or without fractional
                /// seconds), `date` as `2024-05-01`.
                enum DateCoding {
                    /// The JSON keys whose dates are calendar dates (`format: date`).
                    static let dayKeys: Set<String> = [\(keys)]

                    /// A decoder that reads the description's dates.
                    static var decoder: JSONDecoder {
                        let decoder = JSONDecoder()
                        decoder.dateDecodingStrategy = .custom { decoder in
                            let container = try decoder.singleValueContainer()
                            let text = try container.decode(String.self)
                            guard let date = date(from: text) else {
                                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \\(text)")
                            }
                            return date
                        }
                        return decoder
                    }

                    /// An encoder that writes the description's dates, keys sorted.
                    static var encoder: JSONEncoder {
                        let encoder = JSONEncoder()
                        encoder.outputFormatting = .sortedKeys
                        encoder.dateEncodingStrategy = .custom { date, encoder in
                            var container = encoder.singleValueContainer()
                            let key = encoder.codingPath.last { $0.intValue == nil }?.stringValue ?? ""
                            try container.encode(dayKeys.contains(key) ? text(day: date) : text(dateTime: date))
                        }
                        return encoder
                    }

                    /// `text` as a date: ISO 8601 with or without fractional seconds, or a calendar date.
                    static func date(from text: String) -> Date? {
                        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
                        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
                        return try? Date.ISO8601FormatStyle().year().month().day().parse(text)
                    }

                    /// `2024-05-01T10:00:00Z`.
                    static func text(dateTime date: Date) -> String { date.ISO8601Format() }

                    /// `2024-05-01`.
                    static func text(day date: Date) -> String { date.formatted(Date.ISO8601FormatStyle().year().month().day()) }

                    /// `value` as JSON text, for parameters whose description says `content: application/json`.
                    /// A value that does not encode (a NaN) is sent as empty text.
                    static func jsonText(_ value: some Encodable) -> String {
                        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                    }
                }
            }

            """
    }

    /// `API.PathSegment.escaped(_:)`: a path parameter's value as OpenAPI's path styles send it.
    func pathSegment() -> String {
        """
        \(isolation)extension \(apiName) {
            /// A path parameter's value as OpenAPI's `simple`, `label` and `matrix` styles send it: every character
            /// but letters, digits and `-._~` percent-encoded (`a/b c%` is `a%2Fb%20c%25`), so a value stays one
            /// segment and cannot be read as a delimiter of its style. The path says so (`pathIsPercentEncoded`).
            enum PathSegment {
                static var unreserved: CharacterSet {
                    CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
                }

                static func escaped(_ text: String) -> String {
                    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
                }
            }
        }

        """
    }

    /// `API.Multipart.form(_:)` for each multipart body type.
    func multipart() -> String? {
        var types: [(TypeRef, MediaType)] = []
        for plan in plans {
            guard case .multipart(let media) = plan.body, let body = plan.bodyArgument,
                !types.contains(where: { $0.0 == body.type })
            else { continue }
            types.append((body.type, media))
        }
        guard !types.isEmpty else { return nil }
        var out =
            "\(isolation)extension \(apiName) {\n    /// The `multipart/form-data` bodies: one part per property.\n"
        out += "    enum Multipart {\n"
        for (type, media) in types {
            out += "        static func form(_ body: \(type.swift)) -> MultipartFormData {\n"
            out += "            var form = MultipartFormData(parts: [])\n"
            if case .named(let name) = values.resolved(type), case .structure(let decl) = declarations[name] {
                for property in decl.properties {
                    let access = "body.\(property.name)"
                    let line = partLine(
                        property.key, value: property.isOptional ? "value" : access, type: property.type, media: media)
                    out +=
                        property.isOptional
                        ? "            if let value = \(access) { \(line) }\n" : "            \(line)\n"
                }
            } else {
                out += "            " + partLine("body", value: "body", type: type, media: media) + "\n"
            }
            out += "            return form\n        }\n"
        }
        return out + "    }\n}\n"
    }

    private func partLine(_ key: String, value: String, type: TypeRef, media: MediaType) -> String {
        let name = SwiftLiteral.string(key)
        let contentType = media.encoding[key]?.contentType.map(SwiftLiteral.string)
        let data: String
        var extra = ""
        if values.resolved(type) == .data {
            data = value
            extra = ", fileName: \(name), mimeType: \(contentType ?? "\"application/octet-stream\"")"
        } else if let text = values.text(value, type) {
            data = "Data(\(text).utf8)"
            if let contentType { extra = ", mimeType: \(contentType)" }
        } else {
            data = "Data(\(apiName).DateCoding.jsonText(\(value)).utf8)"
            extra = ", mimeType: \(contentType ?? "\"application/json\"")"
        }
        return "form.append(MultipartFormBodyPart(provider: .data(\(data)), name: \(name)\(extra)))"
    }
}
