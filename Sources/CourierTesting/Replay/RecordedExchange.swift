import Courier

/// One recording file: a request and its response, as readable JSON. The response body is in a
/// file of its own next to it (`<name>.body.json`, `.txt` or `.bin`).
struct RecordedExchange: Codable, Sendable {
    struct Request: Codable, Sendable {
        /// `GET`
        var method: String
        /// The URL as sent, secrets hidden.
        var url: String
        /// The request's own headers, secrets hidden.
        var headers: [String: String]
        /// The body as text, secrets hidden; its size when it is not text; `nil` without a body.
        var body: String?
        /// The key replay matches requests by (see ``RecordingKey``).
        var match: String
    }

    struct Response: Codable, Sendable {
        /// The status code.
        var statusCode: Int
        /// The headers, secrets hidden.
        var headers: [String: String]
        /// The name of the body's file; `nil` for an empty body.
        var bodyFile: String?
        /// How the body file relates to the bytes received.
        var bodyLayout: BodyLayout?
        /// For a streamed response, how its body arrived in chunks and how it ended; `nil` for a
        /// response received whole.
        var stream: RecordedStream?
        /// For a WebSocket, the messages both ways and how it ended; `nil` for any other response.
        var conversation: RecordedConversation?
    }

    enum BodyLayout: String, Codable, Sendable {
        /// The file holds the body as received (secret JSON values hidden).
        case asReceived
        /// The body was compact JSON; the file holds it indented, and replay removes the
        /// indentation again.
        case prettyPrinted
    }

    var request: Request
    var response: Response
}
