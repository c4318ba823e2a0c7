import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// A server that streams to `Bearer fresh` and answers 401 to anything else.
private struct StreamingAuthServer: HTTPTransport {
    let seen = Locked<[String]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw URLError(.unsupportedURL)
    }

    func stream(_ request: TransportRequest) async throws -> TransportStream {
        let authorization = request.urlRequest.value(forHTTPHeaderField: "Authorization") ?? "none"
        seen.append(authorization)
        let status = authorization == "Bearer fresh" ? 200 : 401
        guard let url = request.urlRequest.url,
            let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        else { throw URLError(.badURL) }
        let (body, writer) = ResponseBodyStream.makeStream()
        writer.yield(Data(status == 200 ? "data: one\n\ndata: two\n\n".utf8 : "token expired".utf8))
        writer.finish()
        return TransportStream(response: head, body: body)
    }
}

private struct Feed: TargetType, AccessTokenAuthorizable {
    var baseURL: URL { URL(string: "https://feed.example")! }
    var path: String { "/events" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var validationType: ValidationType { .successCodes }
    var authorizationType: AuthorizationType? { .bearer }
}

final class ProviderStreamPluginTests: XCTestCase {
    func test_everyPluginStep_runsOnce_withTheHead_beforeTheBodyIsRead() async throws {
        // Given
        let journal = Locked<[String]>([])
        let plugin = JournalPlugin("p", journal: journal)
        let provider = Provider<Feed>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        // When
        let stream = try await provider.stream(Feed())
        // Then
        XCTAssertEqual(journal.value, ["p.prepare", "p.adapt", "p.willSend", "p.didReceive(success)", "p.process"])
        XCTAssertEqual(stream.response.request?.value(forHTTPHeaderField: "X-Trail"), "p.prepare,p.adapt")
    }

    func test_logger_logsTheHeadAtOnce_andOneSummaryLineAtTheEnd_inTheRequestsContext() async throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<Feed>(
            transport: StreamingAuthServer(),
            plugins: [AccessTokenPlugin { _ in "fresh" }, log.logger(.default)])
        // When
        let stream = try await provider.stream(Feed())
        let linesAtHead = log.lines
        let events = try await stream.events.collect()
        // Then
        XCTAssertEqual(events.map(\.data), ["one", "two"])
        XCTAssertTrue(linesAtHead.contains { $0.contains("] Response: 200 in ") }, "\(linesAtHead)")
        XCTAssertFalse(linesAtHead.contains { $0.contains("Stream:") })
        let summary = try XCTUnwrap(log.lines.last)
        XCTAssertTrue(summary.contains("Stream: 200 completed in "), summary)
        XCTAssertTrue(summary.hasSuffix(", 22 bytes, 2 events"), summary)
        let requestPrefix = try XCTUnwrap(
            linesAtHead.first?.components(separatedBy: "] [").last?.prefix(while: { $0 != "]" }))
        XCTAssertTrue(summary.contains("[\(requestPrefix)]"), "the summary names the same request and attempt")
    }

    func test_expiredToken_onTheHead_isRefreshed_andTheStreamOpensAgain_beforeAnyByteReachesTheCaller() async throws {
        // Given
        let server = StreamingAuthServer()
        let store = AccessTokenStore(token: "stale") { _ in "fresh" }
        let provider = Provider<Feed>(transport: server, plugins: [AccessTokenPlugin(tokenSource: store)])
        // When
        let events = try await provider.stream(Feed()).events.collect()
        // Then
        XCTAssertEqual(server.seen.value, ["Bearer stale", "Bearer fresh"])
        XCTAssertEqual(events.map(\.data), ["one", "two"])
    }

    func test_retryPlugin_afterTheHead_neverSendsAgain_whenTheBodyFails() async throws {
        // Given: a 200 head whose body then drops
        struct DroppingServer: HTTPTransport {
            let sent = Locked(0)
            func send(_ request: TransportRequest) async throws -> TransportResponse { throw URLError(.unsupportedURL) }
            func stream(_ request: TransportRequest) async throws -> TransportStream {
                sent.withLock { $0 += 1 }
                guard let url = request.urlRequest.url,
                    let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
                else { throw URLError(.badURL) }
                let (body, writer) = ResponseBodyStream.makeStream()
                writer.yield(Data("data: a\n\n".utf8))
                writer.finish(throwing: URLError(.networkConnectionLost))
                return TransportStream(response: head, body: body)
            }
        }
        let server = DroppingServer()
        let provider = Provider<Feed>(transport: server, plugins: [RetryPlugin(policy: .init(maximumAttempts: 3))])
        // When
        let stream = try await provider.stream(Feed())
        var events: [String] = []
        do {
            for try await event in stream.events { events.append(event.data) }
            XCTFail("expected the dropped connection")
        } catch {
            // Then
            XCTAssertEqual(events, ["a"])
            XCTAssertEqual(server.sent.value, 1, "nothing is sent again once the caller has the stream")
        }
    }
}
