import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// httpbin's `/cache/N` and `/etag/TAG`, answered in the process, so that `courier-demo cache`
/// runs without a network.
struct ScriptedOrigin: HTTPTransport {
    /// The origin's made-up address.
    static let baseURL = URL(string: "https://origin.courier-demo.invalid")!

    var sessionHeaders: [String: String] { [:] }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        let parts = url.path.split(separator: "/")
        var status = 200
        var headers = ["Content-Type": "application/json", "Date": Self.now()]
        switch (parts.first, parts.dropFirst().first) {
        case ("cache", let seconds?):
            headers["Cache-Control"] = "public, max-age=\(seconds)"
        case ("etag", let tag?):
            headers["ETag"] = "\"\(tag)\""
            if request.urlRequest.value(forHTTPHeaderField: "If-None-Match") == "\"\(tag)\"" { status = 304 }
        default:
            status = 404
        }
        guard let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        let body = status == 200 ? Data(#"{"url": "\#(url.absoluteString)"}"#.utf8) : Data()
        return TransportResponse(response: http, data: body)
    }

    private static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date())
    }
}
