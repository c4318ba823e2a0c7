// Compiled by CorpusRequestTests together with one migrated corpus app and that app's list of
// requests (`<App>Requests.swift`): sends every request through a Provider whose transport records
// it instead of sending it, and prints what would have gone over the wire.
import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of the app, named as in the fixture.
struct CorpusRequest {
    let name: String
    let send: (RecordingTransport) async -> (any Error)?

    /// Requests for `targets`, each sent by the provider that `makeProvider` builds around the transport.
    static func list<Target: TargetType>(
        _ targets: [(String, Target)], provider makeProvider: @escaping (RecordingTransport) -> Provider<Target>
    ) -> [CorpusRequest] {
        targets.map { name, target in
            CorpusRequest(name: name) { transport in
                do {
                    _ = try await makeProvider(transport).request(target)
                    return nil
                } catch {
                    return error
                }
            }
        }
    }
}

/// Records the request it is asked to send, body included (from the request or the file the
/// pipeline streams it from), and fails it, so that nothing leaves the machine.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // `recorded` is read and written only under `lock`.
    private let lock = NSLock()
    private var recorded: (URLRequest, Data?)?

    struct NotSent: Error {}

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var body = request.urlRequest.httpBody
        if case .file(let fileURL) = request.body { body = try Data(contentsOf: fileURL) }
        lock.withLock { recorded = (request.urlRequest, body) }
        throw NotSent()
    }

    /// The request recorded since the last call, and forgets it.
    func take() -> (URLRequest, Data?)? {
        lock.withLock {
            defer { recorded = nil }
            return recorded
        }
    }
}

/// Prints one request as the fixtures write it: `== name`, the method and URL, the headers sorted
/// by name, then `body:` and the body indented by two spaces, a line per line of the body, with
/// `\r` and `\n` written out (`\r\n` ends a multipart line), the multipart boundary as `BOUNDARY`,
/// and a body that is not UTF-8 as `\xNN` bytes; or `(no body)`.
enum RequestText {
    static func render(name: String, request: URLRequest?, body: Data?, error: (any Error)?) -> String {
        var lines = ["== \(name)"]
        guard let request else {
            lines.append("not sent: \(error.map { "\($0)" } ?? "no request")")
            return lines.joined(separator: "\n") + "\n"
        }
        let headers = request.allHTTPHeaderFields ?? [:]
        let boundary = headers.first { $0.key.lowercased() == "content-type" }?.value
            .components(separatedBy: "boundary=").dropFirst().first
        let unbounded = { (text: String) in boundary.map { text.replacingOccurrences(of: $0, with: "BOUNDARY") } ?? text
        }
        lines.append("\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "(no URL)")")
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            lines.append("\(name): \(unbounded(value))")
        }
        if let body, !body.isEmpty {
            lines.append("body:")
            lines.append(unbounded(escaped(body)))
        } else {
            lines.append("(no body)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ body: Data) -> String {
        // JSON object keys come in Dictionary order in Moya, which varies: compare them sorted.
        if let json = try? JSONSerialization.jsonObject(with: body), json is [Any] || json is [String: Any],
            let sorted = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        {
            return "  " + String(decoding: sorted, as: UTF8.self)
        }
        guard let text = String(data: body, encoding: .utf8) else {
            return "  " + body.map { String(format: "\\x%02X", $0) }.joined()
        }
        let written = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n\n")
        return written.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty }
            .map { "  " + $0 }
            .joined(separator: "\n")
    }
}

@main
enum RequestDump {
    static func main() async {
        let transport = RecordingTransport()
        for request in CorpusRequests.all() {
            let error = await request.send(transport)
            let recorded = transport.take()
            let text = RequestText.render(
                name: request.name, request: recorded?.0, body: recorded?.1,
                error: recorded == nil ? error : nil)
            print(text)
        }
    }
}

/// Files the uploads read, with known contents, in a fresh temporary folder.
enum RunnerFiles {
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-runner-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A file called `name` holding `contents`.
    static func file(_ name: String, _ contents: String) -> URL {
        let url = folder.appendingPathComponent(name)
        try? Data(contents.utf8).write(to: url)
        return url
    }
}
