import Foundation

/// The requests a ``RecordingServer`` received, as `../shared/tools/openapi-judge` reads them: one JSON
/// object a line, `{"method", "url", "headers": [[name, value]], "body": base64 or null}`, each URL the
/// server's base URL followed by the request target exactly as it arrived.
enum RequestLog {
    static func jsonLines(_ requests: [RawRequest], baseURL: URL) throws -> String {
        var lines = ""
        for request in requests {
            let entry: [String: Any] = [
                "method": request.method,
                "url": baseURL.absoluteString + request.target,
                "headers": request.headers.map { [$0.name, $0.value] },
                "body": request.body.isEmpty ? NSNull() : request.body.base64EncodedString() as Any,
            ]
            let data = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
            lines += String(decoding: data, as: UTF8.self) + "\n"
        }
        return lines
    }
}
