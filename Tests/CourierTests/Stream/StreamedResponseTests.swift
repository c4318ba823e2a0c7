import CourierTestSupport
import XCTest

@testable import Courier

final class StreamedResponseTests: XCTestCase {
    func test_iteratingTheStream_givesTheChunksAsTheyWereWritten() async throws {
        // Given
        let fed = FedStream()
        fed.send(["a", "bc", "def"])
        // When
        let chunks = try await fed.stream.collect()
        // Then
        XCTAssertEqual(chunks.map { String(decoding: $0, as: UTF8.self) }, ["a", "bc", "def"])
    }

    func test_response_isTheHeadWithAnEmptyBody() {
        // Given
        let fed = FedStream(status: 202)
        // Then
        XCTAssertEqual(fed.stream.response.statusCode, 202)
        XCTAssertEqual(fed.stream.response.data, Data())
        XCTAssertEqual(fed.stream.response.response?.statusCode, 202)
    }

    func test_transferError_throwsCourierErrorThatKeepsTheHead() async {
        // Given
        let fed = FedStream(status: 200)
        fed.send(["partial"], error: URLError(.networkConnectionLost))
        var received: [Data] = []
        // When
        do {
            for try await chunk in fed.stream { received.append(chunk) }
            XCTFail("expected the transfer's error")
        } catch {
            // Then
            XCTAssertEqual(received, [Data("partial".utf8)])
            guard case .underlying(let underlying, let response) = error else {
                return XCTFail("expected .underlying, got \(error)")
            }
            XCTAssertEqual((underlying as? URLError)?.code, .networkConnectionLost)
            XCTAssertEqual(response?.statusCode, 200)
        }
    }

    func test_secondReader_throwsAlreadyRead() async throws {
        // Given
        let fed = FedStream()
        fed.send(["data: a\n\n"])
        _ = try await fed.stream.events.collect()
        // When / Then
        do {
            for try await _ in fed.stream.lines { XCTFail("the body is read once") }
            XCTFail("expected alreadyRead")
        } catch {
            guard case .underlying(let underlying, _) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(underlying as? StreamError, .alreadyRead)
        }
    }

    func test_breakingOutOfTheLoop_stopsTheTransfer_andReportsCancelledWithWhatWasRead() async throws {
        // Given
        let fed = FedStream()
        let terminated = expectation(description: "the transfer was stopped")
        fed.writer.onTermination { terminated.fulfill() }
        fed.send(["data: 1\n\n", "data: 2\n\n"], finishing: false)
        // When
        for try await _ in fed.stream.events { break }
        // Then
        await fulfillment(of: [terminated], timeout: 5)
        let summaries = fed.summaries.value
        XCTAssertEqual(summaries.count, 1)
        XCTAssertEqual(summaries.first?.events, 1)
        XCTAssertEqual(summaries.first?.bytes, 9)
        guard case .cancelled = summaries.first?.outcome else { return XCTFail("expected .cancelled") }
    }

    func test_cancellingTheReadingTask_throwsCancelled_andStopsTheTransfer() async throws {
        // Given
        let fed = FedStream()
        let terminated = expectation(description: "the transfer was stopped")
        fed.writer.onTermination { terminated.fulfill() }
        let stream = fed.stream
        let reading = Task { () throws -> Int in
            var count = 0
            for try await _ in stream.events { count += 1 }
            return count
        }
        fed.send(["data: 1\n\n"], finishing: false)
        // When
        try await Task.sleep(for: .milliseconds(50))
        reading.cancel()
        // Then
        await fulfillment(of: [terminated], timeout: 5)
        let result = await reading.result
        guard case .failure(let error) = result else { return XCTFail("expected a cancellation") }
        XCTAssertEqual((error as? CourierError)?.isCancelled, true)
    }

    func test_cancel_stopsTheTransfer_andReadingThrowsCancelled() async {
        // Given
        let fed = FedStream()
        fed.send(["a"], finishing: false)
        // When
        fed.stream.cancel()
        // Then
        XCTAssertTrue(fed.writer.isTerminated)
        do {
            for try await _ in fed.stream {}
            XCTFail("expected a cancellation")
        } catch {
            XCTAssertTrue(error.isCancelled)
        }
    }

    func test_droppingTheStreamUnread_stopsTheTransfer_andReportsCancelled() {
        // Given
        var fed: FedStream? = FedStream()
        let writer = fed?.writer
        let summaries = fed?.summaries
        // When
        fed = nil
        // Then
        XCTAssertEqual(writer?.isTerminated, true)
        XCTAssertEqual(summaries?.value.count, 1)
    }

    func test_bodyReadToTheEnd_reportsOneCompletedSummary_withBytesAndEvents() async throws {
        // Given
        let fed = FedStream()
        fed.send(["data: a\n\nda", "ta: b\n\n"])
        // When
        let events = try await fed.stream.events.collect()
        // Then
        XCTAssertEqual(events.map(\.data), ["a", "b"])
        let summaries = fed.summaries.value
        XCTAssertEqual(summaries.count, 1)
        XCTAssertEqual(summaries.first?.bytes, 18)
        XCTAssertEqual(summaries.first?.events, 2)
        guard case .completed = summaries.first?.outcome else { return XCTFail("expected .completed") }
    }

    func test_eventTooLong_isThrownAfterTheEventsBeforeItInTheSameChunk() async {
        // Given
        let fed = FedStream()
        fed.send(["data: a\n\ndata: b\n\ndata: " + String(repeating: "x", count: 40) + "\n\n"])
        var events: [String] = []
        // When
        do {
            for try await event in fed.stream.events(maximumLength: 32) { events.append(event.data) }
            XCTFail("expected a limit error")
        } catch {
            // Then
            XCTAssertEqual(events, ["a", "b"])
            guard case .underlying(let underlying, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying as? StreamError, .lineTooLong(limit: 32))
        }
    }

    func test_slowReader_pausesTheWriter_insteadOfBufferingTheBody() async throws {
        // Given: a writer that writes while the buffer has room, as a transport does
        let fed = FedStream(bufferLimit: 64 * 1024)
        let event = Data(("data: " + String(repeating: "x", count: 1000) + "\n\n").utf8)
        var written = 0
        while fed.writer.yield(event), written < 200 << 20 { written += event.count }
        // When: the reader takes one event
        var iterator = fed.stream.events.makeAsyncIterator()
        _ = try await iterator.next()
        // Then: the writer stopped at the buffer's limit, not after 200 MB
        XCTAssertLessThanOrEqual(written, 64 * 1024)
    }
}
