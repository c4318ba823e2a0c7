import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A transport that answers with a status, headers and each of `bodies` in turn (the last one
/// repeats), and keeps the requests it was sent: the "server" of offline record-and-replay tests.
final class CannedTransport: HTTPTransport {
    let statusCode: Int
    let headers: [String: String]
    let bodies: [Data]
    private let sent = Locked<[URLRequest]>([])

    convenience init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.init(statusCode: statusCode, headers: headers, bodies: [body])
    }

    init(statusCode: Int = 200, headers: [String: String] = [:], bodies: [Data]) {
        self.statusCode = statusCode
        self.headers = headers
        self.bodies = bodies
    }

    /// The first body.
    var body: Data { bodies[0] }

    /// The requests sent so far.
    var requests: [URLRequest] { sent.value }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let count = sent.withLock { sent in
            sent.append(request.urlRequest)
            return sent.count
        }
        guard let url = request.urlRequest.url,
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badURL) }
        return TransportResponse(response: response, data: bodies[min(count, bodies.count) - 1])
    }
}

/// A transport that always fails with `error`.
struct FailingTransport: HTTPTransport {
    let error: URLError

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw error
    }
}

/// Sends requests to another server (scheme, host and port replaced), and reports the answers as
/// if they came from the URL that was asked for; so a recording names that URL.
struct ForwardingTransport: HTTPTransport {
    let server: URL
    let transport: any HTTPTransport = URLSessionTransport.shared

    var sessionHeaders: [String: String] { transport.sessionHeaders }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let original = request.urlRequest.url,
            var components = URLComponents(url: original, resolvingAgainstBaseURL: false)
        else { throw URLError(.badURL) }
        components.scheme = server.scheme
        components.host = server.host
        components.port = server.port
        var forwarded = request
        forwarded.urlRequest.url = components.url
        let answer = try await transport.send(forwarded)
        var headers: [String: String] = [:]
        for (name, value) in answer.response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        guard
            let response = HTTPURLResponse(
                url: original, statusCode: answer.response.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return TransportResponse(response: response, data: answer.data, fileURL: answer.fileURL)
    }
}

extension XCTestCase {
    /// A new empty folder for one test's recordings, removed when the test ends.
    func temporaryDirectory(_ name: String = #function) -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-recordings-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }  // nothing to report if it is already gone
        return root.appendingPathComponent(name.replacingOccurrences(of: "()", with: ""))
    }
}

/// The names of the files in `directory`, sorted.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// All text in the files of `directory`.
func allText(in directory: URL) -> String {
    fileNames(in: directory).compactMap { name in
        (try? Data(contentsOf: directory.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }.joined(separator: "\n")
}
