import Foundation

@testable import Courier
@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response body as ``NetworkLoggerPlugin`` shows it: sniffed, pretty-printed when it is JSON,
/// cut to size, then scanned for secrets by the redactor (``Redaction/redacting(_:)``), which reads
/// any text; and a decoding error about the body, redacted as ``CourierError`` describes it.
///
/// Checked: the shown body stays within the size limit and its note; a value under a secret
/// JSON name never shows.
enum LoggedBodyHarness: FuzzHarness {
    static let name = "logged-body"

    private struct Row: Decodable {
        let id: Int
        let name: String
        let tags: [String]
    }

    static func run(_ input: FuzzInput) {
        let body = input.data
        for prettyPrintsJSON in [false, true] {
            var configuration = NetworkLoggerPlugin.Configuration()
            configuration.maximumBodySize = 256
            configuration.prettyPrintsJSON = prettyPrintsJSON
            let shown = BodyRenderer(configuration).render(body, contentType: nil)
            precondition(shown.utf8.count <= 256 * 3 + 100, "\(shown.utf8.count) bytes shown")
            _ = Redaction.default.redacting(shown)
        }
        let text = input.text
        let redacted = Redaction.default.redacting(text)
        let secret = "fuzz-secret-7f3a"
        let planted = Redaction.default.redacting(#"{"password": "\#(secret)", "rest": \#(text)"#)
        precondition(!planted.contains(secret), "a planted password shows: \(planted)")
        _ = Redaction.default.redacting(redacted)
        if let error = (Result { try JSONDecoder().decode(Row.self, from: body) }).failure {
            let response = Response(statusCode: 200, data: body)
            _ = CourierError.objectMapping(error, response).errorDescription
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
