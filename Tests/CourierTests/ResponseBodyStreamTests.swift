import Courier
import CourierTestSupport
import XCTest

final class ResponseBodyStreamTests: XCTestCase {
    private func chunk(_ text: String) -> Data { Data(text.utf8) }

    func test_chunksWrittenBeforeAndWhileReading_arriveInOrderThenTheBodyEnds() async throws {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        writer.yield(chunk("a"))
        writer.yield(Data())
        // When
        let reading = Task { try await readAll(body) }
        writer.yield(chunk("b"))
        writer.yield(chunk("c"))
        writer.finish()
        // Then
        let chunks = try await reading.value
        XCTAssertEqual(chunks, ["a", "b", "c"])
    }

    func test_finishWithError_deliversBufferedChunksThenThrowsTheErrorOnce() async throws {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        writer.yield(chunk("a"))
        writer.finish(throwing: URLError(.networkConnectionLost))
        writer.finish()
        var iterator = body.makeAsyncIterator()
        // When / Then
        let first = try await iterator.next()
        XCTAssertEqual(first, chunk("a"))
        do {
            _ = try await iterator.next()
            XCTFail("expected the transport's error")
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
        }
        let afterError = try await iterator.next()
        XCTAssertNil(afterError)
    }

    func test_fullBuffer_asksTheWriterToPause_andDemandReturnsAtHalfTheLimit() async throws {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: 4)
        let demands = Locked(0)
        writer.onDemand { demands.withLock { $0 += 1 } }
        // When
        let keepGoing = (1...4).map { _ in writer.yield(chunk("x")) }
        // Then
        XCTAssertEqual(keepGoing, [true, true, true, false])
        var iterator = body.makeAsyncIterator()
        _ = try await iterator.next()
        XCTAssertEqual(demands.value, 0, "3 bytes are still buffered, above half the limit")
        _ = try await iterator.next()
        XCTAssertEqual(demands.value, 1, "2 bytes buffered: the writer may go on")
        XCTAssertTrue(writer.yield(chunk("y")))
    }

    func test_breakingOutOfTheLoop_terminatesTheTransferOnce() async throws {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        let terminations = Locked(0)
        writer.onTermination { terminations.withLock { $0 += 1 } }
        writer.yield(chunk("a"))
        writer.yield(chunk("b"))
        // When
        for try await _ in body { break }
        // Then
        XCTAssertEqual(terminations.value, 1)
        XCTAssertTrue(writer.isTerminated)
        XCTAssertFalse(writer.yield(chunk("c")), "the reader left: the writer should stop")
        do {
            for try await _ in body { XCTFail("the body is read once") }
            XCTFail("a second read after leaving should throw")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }

    func test_cancellingTheReadingTask_throwsCancellationAndTerminates() async throws {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        let terminated = expectation(description: "terminated")
        writer.onTermination { terminated.fulfill() }
        let reading = Task { try await readAll(body) }
        // When
        try await Task.sleep(for: .milliseconds(20))
        reading.cancel()
        // Then
        await fulfillment(of: [terminated], timeout: 5)
        do {
            _ = try await reading.value
            XCTFail("expected a cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }

    func test_twoTasksReadingAtTheSameTime_oneIsRefusedWithAlreadyRead_theOtherGetsTheBody() async throws {
        // Given: two tasks waiting for the next chunk of the same body
        let (body, writer) = ResponseBodyStream.makeStream()
        let iterator = body.makeAsyncIterator()
        let first = Locked<String?>(nil)
        let second = Locked<String?>(nil)
        Task { await readOneChunk(iterator, into: first) }
        Task { await readOneChunk(iterator, into: second) }
        // When: no chunk has come yet, then one does
        try await waitForCondition { first.value != nil || second.value != nil }
        writer.yield(chunk("a"))
        // Then: the later reader was refused at once, and the waiting one is not stranded
        try await waitForCondition { first.value != nil && second.value != nil }
        XCTAssertEqual(
            Set([first.value, second.value].compactMap { $0 }), ["error: \(StreamError.alreadyRead)", "chunk: a"])
    }

    /// Waits up to five seconds for `condition`, then asserts it (a reader left waiting forever
    /// fails the test instead of hanging it).
    private func waitForCondition(
        _ condition: @Sendable () -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertTrue(condition(), file: file, line: line)
    }

    func test_droppingAnUnreadStream_terminatesTheTransfer() {
        // Given
        let terminations = Locked(0)
        var writer: ResponseBodyStream.Writer?
        do {
            let (body, bodyWriter) = ResponseBodyStream.makeStream()
            bodyWriter.onTermination { terminations.withLock { $0 += 1 } }
            writer = bodyWriter
            _ = body
        }
        // Then
        XCTAssertEqual(terminations.value, 1)
        XCTAssertEqual(writer?.isTerminated, true)
    }

    func test_terminationActionSetAfterTheReaderLeft_runsAtOnce() {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        body.cancel()
        let terminations = Locked(0)
        // When
        writer.onTermination { terminations.withLock { $0 += 1 } }
        // Then
        XCTAssertEqual(terminations.value, 1)
    }

    func test_aBodyReadToTheEnd_neverRunsTheTerminationAction() async throws {
        // Given
        let terminations = Locked(0)
        do {
            let (body, writer) = ResponseBodyStream.makeStream()
            writer.onTermination { terminations.withLock { $0 += 1 } }
            writer.yield(chunk("a"))
            writer.finish()
            // When
            _ = try await readAll(body)
        }
        // Then
        XCTAssertEqual(terminations.value, 0)
    }

    func test_defaultTransportStream_deliversTheWholeBodyAsOneChunk() async throws {
        // Given
        struct WholeBodyTransport: HTTPTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                let url = try XCTUnwrap(request.urlRequest.url)
                let response = try XCTUnwrap(
                    HTTPURLResponse(url: url, statusCode: 201, httpVersion: nil, headerFields: ["X-A": "1"]))
                return TransportResponse(response: response, data: Data("whole body".utf8))
            }
        }
        let request = TransportRequest(urlRequest: URLRequest(url: URL(fileURLWithPath: "/x")))
        // When
        let stream = try await WholeBodyTransport().stream(request)
        // Then
        XCTAssertEqual(stream.response.statusCode, 201)
        let chunks = try await readAll(stream.body)
        XCTAssertEqual(chunks, ["whole body"])
    }
}

/// Every chunk of `body`, as text.
private func readAll(_ body: ResponseBodyStream) async throws -> [String] {
    var chunks: [String] = []
    for try await chunk in body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
    return chunks
}

/// Reads one chunk with `iterator` and writes what came into `outcome`.
private func readOneChunk(_ iterator: ResponseBodyStream.Iterator, into outcome: Locked<String?>) async {
    var reader = iterator
    let text: String
    do {
        text = "chunk: " + String(decoding: try await reader.next() ?? Data(), as: UTF8.self)
    } catch {
        text = "error: \(error)"
    }
    outcome.withLock { $0 = text }
}
