import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// Streams over the wire, from the scripted SSE server (`scripts/sse-server.py`) and httpbin, over
/// every transport (``StreamTransports``).
final class StreamWireTests: XCTestCase {
    private func target(_ path: String, _ query: [URLQueryItem] = [], method: HTTPMethod = .get) throws -> HTTPBinTarget
    {
        let parameters = Dictionary(query.map { ($0.name, $0.value ?? "") }) { _, last in last }
        return HTTPBinTarget(
            try SSEServer.baseURL(), path, method: method,
            task: parameters.isEmpty
                ? .requestPlain : .requestParameters(parameters: parameters, encoding: URLEncoding.queryString),
            validationType: .successCodes)
    }

    // MARK: - Parsing over the wire

    func test_edgeCases_overTheWire_giveTheEventsTheStandardDefines() async throws {
        for (name, transport) in StreamTransports.all {
            // Given
            let provider = Provider<HTTPBinTarget>(transport: transport)
            // When
            let events = try await provider.stream(try target("/events/edge-cases")).events.collect()
            // Then
            XCTAssertEqual(
                events,
                [
                    ServerSentEvent(id: "1", event: "greeting", data: "hello\nworld", retry: .milliseconds(2000)),
                    ServerSentEvent(id: "1", data: "the id above holds NUL and is ignored"),
                    ServerSentEvent(id: "1", data: "café ✓\n"),
                    ServerSentEvent(id: "1", data: "retry above is not digits"),
                ], name)
        }
    }

    func test_corpusCutAtEveryLineEnding_overTheWire_givesTheSameEvents() async throws {
        let provider = Provider<HTTPBinTarget>(transport: StreamTransports.all[0].transport)
        for streamCase in EventStreamCorpus.cases {
            // Given: cut after every CR and in the middle
            var cuts = streamCase.bytes.indices.filter { streamCase.bytes[$0] == 13 }.map { $0 + 1 }
            cuts.append(streamCase.bytes.count / 2)
            var pieces: [[UInt8]] = []
            var start = 0
            for cut in Set(cuts).sorted() where cut > start && cut < streamCase.bytes.count {
                pieces.append(Array(streamCase.bytes[start..<cut]))
                start = cut
            }
            pieces.append(Array(streamCase.bytes[start...]))
            // When
            let events = try await provider.stream(try target("/script", SSEServer.scriptQuery(pieces))).events
                .collect()
            // Then
            XCTAssertEqual(events, streamCase.events, streamCase.name)
        }
    }
    // MARK: - Decoding

    func test_llmStream_decodesEachDeltaUntilDone() async throws {
        struct Delta: Decodable { let index: Int }
        for (name, transport) in StreamTransports.all {
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let stream = try await provider.stream(
                try target("/events/llm", [URLQueryItem(name: "count", value: "20")]))
            let deltas = try await stream.events.decode(Delta.self, until: "[DONE]").collect()
            XCTAssertEqual(deltas.map(\.index), Array(0..<20), name)
        }
    }

    func test_httpbinStream_readsEveryJSONLine() async throws {
        struct Row: Decodable { let id: Int }
        for (name, transport) in StreamTransports.all {
            // Given
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let target = HTTPBinTarget(try HTTPBin.baseURL(), "/stream/12", validationType: .successCodes)
            // When
            let rows = try await provider.stream(target).jsonLines(Row.self).collect()
            // Then
            XCTAssertEqual(rows.map(\.id), Array(0..<12), name)
        }
    }

    // MARK: - Reconnection

    func test_droppedConnection_reconnectsWithLastEventID_andGetsTheRest() async throws {
        for (name, transport) in StreamTransports.all {
            // Given
            let tag = SSEServer.newTag()
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let stream = try await provider.stream(
                try target("/events/resume", [URLQueryItem(name: "tag", value: tag)]))
            // When
            let events = try await stream.events(reconnecting: .default).collect()
            // Then
            XCTAssertEqual(events.map(\.data), (1...6).map { "event \($0)" }, name)
            let stats = try await SSEServer.stats(tag, at: try SSEServer.baseURL())
            XCTAssertEqual(stats.lastEventIDs, [nil, "3"], name)
        }
    }

    // MARK: - Stopping

    func test_leavingTheLoop_closesTheConnection_andTheServerSeesIt() async throws {
        for (name, transport) in StreamTransports.all {
            // Given
            let tag = SSEServer.newTag()
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let stream = try await provider.stream(
                try target(
                    "/events/drip",
                    [URLQueryItem(name: "interval", value: "20"), URLQueryItem(name: "tag", value: tag)]))
            // When
            var count = 0
            for try await _ in stream.events {
                count += 1
                if count == 3 { break }
            }
            // Then
            let stats = try await SSEServer.waitForStats(tag, at: try SSEServer.baseURL()) { $0.closed }
            XCTAssertTrue(stats.closed, "\(name): the server still writes to the connection")
        }
    }

    func test_cancellingTheReadingTask_closesTheConnection() async throws {
        for (name, transport) in StreamTransports.all {
            // Given
            let tag = SSEServer.newTag()
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let target = try target(
                "/events/drip", [URLQueryItem(name: "interval", value: "20"), URLQueryItem(name: "tag", value: tag)])
            let reading = Task { try await provider.stream(target).events.collect() }
            _ = try await SSEServer.waitForStats(tag, at: try SSEServer.baseURL()) { $0.bytesSent > 0 }
            // When
            reading.cancel()
            // Then
            let stats = try await SSEServer.waitForStats(tag, at: try SSEServer.baseURL()) { $0.closed }
            XCTAssertTrue(stats.closed, "\(name): the server still writes to the connection")
            do {
                _ = try await reading.value
                XCTFail("\(name): expected a cancellation")
            } catch {
                XCTAssertEqual((error as? CourierError)?.isCancelled, true, name)
            }
        }
    }

    // MARK: - Errors

    func test_refusedStatus_failsWithStatusCode_andTheStartOfTheBody() async throws {
        for (name, transport) in StreamTransports.all {
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let refused = try target("/events/fail")  // outside `do`: a missing server skips, not fails
            do {
                _ = try await provider.stream(refused)
                XCTFail("expected statusCode")
            } catch {
                guard case .statusCode(let response) = error else {
                    return XCTFail("\(name): got \(error)")
                }
                XCTAssertEqual(response.statusCode, 503, name)
                XCTAssertEqual(
                    String(decoding: response.data, as: UTF8.self), "the event service is down for maintenance")
            }
        }
    }

    func test_refusedStatusWithAnEndlessBody_readsOnlyItsStart() async throws {
        for (name, transport) in StreamTransports.all {
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let refused = try target("/events/fail-endless")  // outside `do`: a missing server skips, not fails
            do {
                _ = try await provider.stream(refused)
                XCTFail("expected statusCode")
            } catch {
                guard case .statusCode(let response) = error else {
                    return XCTFail("\(name): got \(error)")
                }
                XCTAssertEqual(response.statusCode, 500, name)
                XCTAssertEqual(response.data.count, 64 * 1024, name)
            }
        }
    }

    func test_logger_overTheWire_logsTheHeadThenOneSummaryWithTheBytesAndEvents() async throws {
        for (name, transport) in StreamTransports.all {
            // Given
            let log = LogRecorder()
            let provider = Provider<HTTPBinTarget>(transport: transport, plugins: [log.logger(.default)])
            // When
            let stream = try await provider.stream(try target("/events/llm", [URLQueryItem(name: "count", value: "3")]))
            let headLines = log.lines.count
            let events = try await stream.events.collect()
            // Then
            XCTAssertEqual(events.count, 4, name)
            XCTAssertEqual(log.lines.count, headLines + 1, "\(name): one line at the end, no body")
            XCTAssertTrue(log.lines.last?.contains("Stream: 200 completed in ") ?? false, name)
            XCTAssertTrue(log.lines.last?.hasSuffix(" bytes, 4 events") ?? false, "\(name): \(log.lines)")
        }
    }
}

/// The transport the stream tests run over: the process's default, libcurl on Linux, which the
/// test command switches to URLSession (`COURIER_TRANSPORT=urlsession`) for a second run.
enum StreamTransports {
    static var all: [(name: String, transport: any HTTPTransport)] {
        [(TransportUnderTest.current.name, DefaultTransport.shared)]
    }

    /// URLSession, and libcurl where it is (Linux): for wire tests that compare the two in one run.
    static var both: [(name: String, transport: any HTTPTransport)] {
        var transports: [(name: String, transport: any HTTPTransport)] = [("URLSession", URLSessionTransport())]
        #if os(Linux)
            if let curl = try? CurlTransport() { transports.append(("curl", curl)) }
        #endif
        return transports
    }
}
