import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a response head may be read as server-sent events: the WHATWG HTML standard has
/// `EventSource` fail a connection whose `Content-Type` is not `text/event-stream`, since a JSON
/// error or a login page read as events gives no event and no word why.
///
/// A head without a `Content-Type` (or with an empty one) is read: a stub's sample has none.
enum EventStreamContentType {
    /// The longest `Content-Type` value an error keeps: the header is the server's, of any size.
    private static let keptLength = 200

    /// The error that refuses `response`, or `nil` when its `Content-Type` is `text/event-stream`
    /// (any case, any parameters) or missing.
    static func refusal(of response: Response) -> StreamError? {
        guard let contentType = response.response?.value(forHTTPHeaderField: "Content-Type") else { return nil }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        guard !mediaType.isEmpty, mediaType.lowercased() != "text/event-stream" else { return nil }
        return .notAnEventStream(contentType: String(contentType.prefix(keptLength)))
    }
}
