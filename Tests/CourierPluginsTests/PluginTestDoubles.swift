import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plugin that writes each call into a shared journal as `<name>.<step>`, and remembers the
/// request context its `willSend` and `didReceive` saw.
struct JournalPlugin: PluginType {
    let name: String
    let journal: Locked<[String]>
    let contexts = Locked<[RequestContext?]>([])

    init(_ name: String, journal: Locked<[String]> = Locked([])) {
        self.name = name
        self.journal = journal
    }

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        journal.append("\(name).prepare")
        var request = request
        let trail = request.value(forHTTPHeaderField: "X-Trail").map { $0 + "," } ?? ""
        request.setValue(trail + "\(name).prepare", forHTTPHeaderField: "X-Trail")
        return request
    }

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        journal.append("\(name).adapt")
        var request = request
        let trail = request.value(forHTTPHeaderField: "X-Trail").map { $0 + "," } ?? ""
        request.setValue(trail + "\(name).adapt", forHTTPHeaderField: "X-Trail")
        return request
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        journal.append("\(name).willSend")
        contexts.append(RequestContext.current)
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        journal.append("\(name).didReceive(\(Self.describe(result)))")
        contexts.append(RequestContext.current)
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        journal.append("\(name).process")
        return result
    }

    /// How many times `step` was journaled by this plugin.
    func count(_ step: String) -> Int {
        journal.value.filter { $0.hasPrefix("\(name).\(step)") }.count
    }

    /// `success`, `cancelled` or `failure`.
    static func describe(_ result: Result<Response, CourierError>) -> String {
        switch result {
        case .success: "success"
        case .failure(let error) where error.isCancelled: "cancelled"
        case .failure: "failure"
        }
    }
}

/// A target whose stubbed answer and authorization are chosen per instance.
struct SampleTarget: TargetType, AccessTokenAuthorizable {
    var baseURL = URL(string: "https://api.example.com")!
    var path = "/items"
    var method: HTTPMethod = .get
    var task: HTTPTask = .requestPlain
    var headers: [String: String]?
    var sampleData = Data("ok".utf8)
    var validationType: ValidationType = .none
    var authorizationType: AuthorizationType?
}

/// A one-way signal: a test waits until a plugin or closure reports that it got somewhere.
final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// Reports the event.
    func fire() {
        continuation.yield()
    }

    /// Returns once the event has been reported.
    func wait() async {
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
    }
}

/// Calls `willSend` on a signal: tells a test that an attempt is about to be sent or stubbed.
struct WillSendSignalPlugin: PluginType {
    let signal: Signal

    func willSend(_ request: any RequestType, target: any TargetType) {
        signal.fire()
    }
}

/// A transport that answers every request with `200` and an empty body, and remembers what it
/// was sent.
final class RecordingTransport: HTTPTransport {
    let sent = Locked<[URLRequest]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.append(request.urlRequest)
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil) else {
            throw URLError(.badServerResponse)
        }
        return TransportResponse(response: response)
    }
}

extension Result where Failure == CourierError {
    /// Whether this is a cancellation failure.
    var isCancelled: Bool {
        if case .failure(let error) = self { return error.isCancelled }
        return false
    }
}

extension XCTestCase {
    /// Asserts that `plugin` saw exactly one `willSend` and one `didReceive` with `outcome` per
    /// attempt, each with the request's context.
    func assertOnePairPerAttempt(
        _ plugin: JournalPlugin, _ outcome: String, attempts: Int = 1, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(plugin.count("willSend"), attempts, "willSend", file: file, line: line)
        XCTAssertEqual(plugin.count("didReceive"), attempts, "didReceive", file: file, line: line)
        XCTAssertEqual(
            plugin.count("didReceive(\(outcome))"), attempts, plugin.journal.value.description, file: file, line: line)
        let contexts = plugin.contexts.value
        XCTAssertEqual(contexts.count, 2 * attempts, file: file, line: line)
        XCTAssertTrue(contexts.allSatisfy { $0 != nil }, "context missing", file: file, line: line)
        XCTAssertEqual(Set(contexts.compactMap { $0?.id }).count, 1, "one request id", file: file, line: line)
    }
}
