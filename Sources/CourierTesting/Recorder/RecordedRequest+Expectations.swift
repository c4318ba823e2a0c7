import Courier

// Each check throws a ``RequestExpectationFailure`` that says what was expected, what was sent
// and where the check is, and returns the request so checks chain:
// `try recorder.single().expect(method: .post).expect(form: ["name": "Ada"])`.
extension RecordedRequest {
    /// Checks the method.
    @discardableResult
    public func expect(method expected: HTTPMethod, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        try check(method == expected, "Expected method \(expected), but the request was \(summary).", fileID, line)
    }

    /// Checks the whole URL, query included, as text.
    @discardableResult
    public func expect(url expected: String, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        let actual = url?.absoluteString ?? "(no URL)"
        return try check(actual == expected, "Expected URL \(expected), but it was \(actual).", fileID, line)
    }

    /// Checks the URL's path, e.g. `/users/octocat`.
    @discardableResult
    public func expect(path expected: String, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        try check(path == expected, "Expected path \(expected), but the request was \(summary).", fileID, line)
    }

    /// Checks that header `name` (in any case) has `value`, in the request or the transport's
    /// session headers.
    @discardableResult
    public func expect(header name: String, equals value: String, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        let actual = header(name)
        let found = actual.map { "it was \"\($0)\"" } ?? "it was missing"
        return try check(
            actual == value, "Expected header \(name): \"\(value)\", but \(found). \(headerList)", fileID, line)
    }

    /// Checks that header `name` (in any case) was not sent.
    @discardableResult
    public func expect(noHeader name: String, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        let actual = header(name) ?? ""
        return try check(
            header(name) == nil, "Expected no header \(name), but it was \"\(actual)\". \(headerList)", fileID, line)
    }

    /// Checks that the query has exactly these items, in any order.
    @discardableResult
    public func expect(query expected: [String: String], fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        try check(
            Self.sameItems(queryItems, expected),
            "Expected query \(Self.describe(expected)), but it was \(Self.describe(queryItems)) (\(summary)).",
            fileID, line)
    }

    /// Checks that the body is a form (`application/x-www-form-urlencoded`) with exactly these
    /// fields, in any order.
    @discardableResult
    public func expect(form expected: [String: String], fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        try check(
            Self.sameItems(formFields, expected),
            "Expected form body \(Self.describe(expected)), but it was \(Self.describe(formFields)). Body: \(bodyText)",
            fileID, line)
    }

    /// Checks that the body decodes from JSON to a value equal to `expected`.
    @discardableResult
    public func expect<Value: Decodable & Equatable>(
        jsonBody expected: Value, decoder: JSONDecoder = JSONDecoder(), fileID: String = #fileID, line: Int = #line
    ) throws(RequestExpectationFailure) -> RecordedRequest {
        let actual = try jsonBody(as: Value.self, decoder: decoder, fileID: fileID, line: line)
        return try check(
            actual == expected, "Expected JSON body \(expected), but it decoded to \(actual). Body: \(bodyText)",
            fileID, line)
    }

    /// Checks that the body is the same JSON as `expected`, ignoring key order and whitespace.
    @discardableResult
    public func expect(json expected: String, fileID: String = #fileID, line: Int = #line)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        guard let wanted = Self.canonicalJSON(Data(expected.utf8)) else {
            throw RequestExpectationFailure("The expected text is not JSON: \(expected)", fileID: fileID, line: line)
        }
        let actual = body.flatMap(Self.canonicalJSON)
        return try check(actual == wanted, "Expected JSON body \(expected), but it was \(bodyText).", fileID, line)
    }

    // MARK: - Helpers

    private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ fileID: String, _ line: Int)
        throws(RequestExpectationFailure) -> RecordedRequest
    {
        guard condition else { throw RequestExpectationFailure(message(), fileID: fileID, line: line) }
        return self
    }

    private var headerList: String {
        let names = (headers.keys.sorted() + sessionHeaders.keys.sorted().map { $0 + " (session)" })
        return "Headers sent: " + (names.isEmpty ? "none" : names.joined(separator: ", ")) + "."
    }

    private static func sameItems(_ items: [URLQueryItem], _ expected: [String: String]) -> Bool {
        items.count == expected.count && Set(items.map(\.name)).count == items.count
            && items.allSatisfy { expected[$0.name] == ($0.value ?? "") }
    }

    private static func describe(_ items: [String: String]) -> String {
        "[" + items.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "]"
    }

    private static func describe(_ items: [URLQueryItem]) -> String {
        "[" + items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: ", ") + "]"
    }

    /// JSON with sorted keys and no whitespace, for comparing documents.
    private static func canonicalJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
            return nil
        }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }
}
