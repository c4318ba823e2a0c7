import Courier
import CourierTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Provider.webSocket` through the pipeline, with stubs: no network.
final class ProviderWebSocketTests: XCTestCase {
    private enum Chat: TargetType {
        case room(String)
        case upload

        var baseURL: URL { URL(string: "wss://chat.example.com")! }
        var path: String {
            switch self {
            case .room(let id): "/rooms/\(id)"
            case .upload: "/upload"
            }
        }
        var method: HTTPMethod { .get }
        var task: HTTPTask {
            switch self {
            case .room: .webSocket(protocols: ["chat.v2"])
            case .upload: .requestData(Data("body".utf8))
            }
        }
        var sampleData: Data { Data("welcome".utf8) }
    }

    /// A plugin that keeps every `didReceive` and socket event.
    private final class Recorder: WebSocketPluginType, @unchecked Sendable {
        // @unchecked Sendable: `entries` is only touched with `lock` held.
        private let lock = NSLock()
        private var entries: [String] = []

        var recorded: [String] { lock.withLock { entries } }

        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            let entry = (try? result.get()).map { "didReceive \($0.statusCode)" } ?? "didReceive failure"
            lock.withLock { entries.append(entry) }
        }

        func webSocket(_ event: WebSocketEvent, target: any TargetType) {
            let entry = "\(event)" + (Thread.isMainThread ? "" : " off the main thread")
            lock.withLock { entries.append(entry) }
        }
    }

    /// A transport that cannot open sockets.
    private struct PlainTransport: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.unsupportedURL)
        }
    }

    /// Stubs every socket with `stub`.
    private struct Stubbing: WebSocketStubbing {
        let stub: StubbedWebSocket

        func stubbedWebSocket(for target: any TargetType, request: URLRequest) -> StubbedWebSocket? { stub }
    }

    func test_plainRequest_forAWebSocketTarget_failsWithWrongTaskAndPluginsHearItOnce() async {
        let recorder = Recorder()
        let provider = Provider<Chat>(stubClosure: Provider.immediatelyStub, plugins: [recorder])
        do {
            _ = try await provider.request(.room("swift"))
            XCTFail("the request succeeded")
        } catch {
            guard case .underlying(WebSocketError.wrongTask, nil) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(recorder.recorded, ["didReceive failure"])
    }

    func test_webSocket_forATargetWithABody_failsWithWrongTask() async {
        do {
            _ = try await Provider<Chat>(stubClosure: Provider.immediatelyStub).webSocket(.upload)
            XCTFail("a socket opened")
        } catch {
            guard case .underlying(WebSocketError.wrongTask, nil) = error else { return XCTFail("\(error)") }
        }
    }

    func test_webSocket_overATransportThatCannotOpenSockets_failsNamingIt() async {
        do {
            _ = try await Provider<Chat>(transport: PlainTransport()).webSocket(.room("swift"))
            XCTFail("a socket opened")
        } catch {
            guard case .underlying(WebSocketError.unsupportedTransport(let name), nil) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(name.contains("PlainTransport"), name)
        }
    }

    func test_immediateStub_withoutAScript_sendsTheSampleDataAsOneMessage() async throws {
        let socket = try await Provider<Chat>(stubClosure: Provider.immediatelyStub).webSocket(.room("swift"))
        var messages = socket.messages.makeAsyncIterator()
        let first = try await messages.next()
        XCTAssertEqual(first, .text("welcome"))
        XCTAssertEqual(socket.response.statusCode, 101)
        await socket.close()
        XCTAssertEqual(socket.closeCode, .normalClosure)
    }

    func test_stubbedSample_withAnErrorStatus_failsTheHandshakeWithStatusCode() async {
        let provider = Provider<Chat>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacing(sample: .networkResponse(403, Data("no".utf8)))
            }, stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.webSocket(.room("swift"))
            XCTFail("a socket opened")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(response.statusCode, 403)
            XCTAssertEqual(response.data, Data("no".utf8))
        }
    }

    @MainActor
    func test_scriptedStub_runsThroughThePluginsAndTheyHearEveryEventOnTheMainActor() async throws {
        // Given
        let recorder = Recorder()
        let echo = StubbedWebSocket(subprotocol: "chat.v2") { peer in
            while case .message(let message)? = await peer.receive() {
                await peer.send(message)
                if message == .text("bye") { await peer.close(code: .normalClosure, reason: "done") }
            }
        }
        let provider = Provider<Chat>(stubClosure: Provider.immediatelyStub, plugins: [recorder, Stubbing(stub: echo)])

        // When
        let socket = try await provider.webSocket(.room("swift"))
        try await socket.send(.text("hello"))
        try await socket.send(.text("bye"))
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        for _ in 0..<100 where recorder.recorded.count < 6 { try await Task.sleep(for: .milliseconds(10)) }

        // Then
        XCTAssertEqual(received, [.text("hello"), .text("bye")])
        XCTAssertEqual(socket.negotiatedProtocol, "chat.v2")
        XCTAssertEqual(socket.closeCode, .normalClosure)
        XCTAssertEqual(socket.closeReason, "done")
        XCTAssertEqual(
            recorder.recorded,
            [
                "didReceive 101", "sent(text(5 bytes))", "sent(text(3 bytes))", "received(text(5 bytes))",
                "received(text(3 bytes))", "closed(1000 (normal closure), reason: \"done\", error: nil)",
            ])
    }

    func test_scriptedStub_thatDropsTheConnection_failsTheReaderAfterItsMessages() async throws {
        let dropping = StubbedWebSocket { peer in
            await peer.send(.text("one"))
            peer.dropConnection()
        }
        let provider = Provider<Chat>(stubClosure: Provider.immediatelyStub, plugins: [Stubbing(stub: dropping)])
        let socket = try await provider.webSocket(.room("swift"))
        var received: [WebSocketMessage] = []
        do {
            for try await message in socket.messages { received.append(message) }
            XCTFail("the loop ended cleanly")
        } catch {
            guard case .underlying(WebSocketError.connectionLost, _) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(received, [.text("one")])
        XCTAssertEqual(socket.closeCode, .abnormalClosure)
    }
}

extension Endpoint {
    /// This endpoint with another sample response.
    fileprivate func replacing(sample: EndpointSampleResponse) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: { sample }, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }
}
