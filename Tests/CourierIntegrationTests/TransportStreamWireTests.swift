import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A transport's `stream(_:)` over the wire: the head comes back before the body, the body arrives
/// piece by piece, and a reader that leaves closes the connection (the server sees it).
///
/// The transport is a parameter: a suite for another transport subclasses this one and overrides
/// ``makeTransport()``.
class TransportStreamWireTests: XCTestCase {
    /// The transport under test.
    func makeTransport() -> any HTTPTransport {
        URLSessionTransport()
    }

    private func stream(_ url: URL, timeout: TimeInterval = 30) async throws -> TransportStream {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        return try await makeTransport().stream(TransportRequest(urlRequest: request))
    }

    func test_httpbinStream_returnsTheHeadThenEveryLine() async throws {
        // Given
        let url = try HTTPBin.baseURL().appendingPathComponent("stream/5")

        // When
        let stream = try await stream(url)
        var body = Data()
        for try await chunk in stream.body { body.append(chunk) }

        // Then
        XCTAssertEqual(stream.response.statusCode, 200)
        let lines = body.split(separator: UInt8(ascii: "\n"))
        XCTAssertEqual(lines.count, 5)
        let ids = try lines.map { try JSONDecoder().decode(StreamLine.self, from: Data($0)).id }
        XCTAssertEqual(ids, [0, 1, 2, 3, 4])
    }

    func test_httpbinDrip_arrivesInSeveralPiecesAsTheServerSendsThem() async throws {
        // Given: four bytes, dripped over a second
        let url = try XCTUnwrap(
            URL(string: try HTTPBin.baseURL().absoluteString + "/drip?numbytes=4&duration=1&delay=0"))

        // When
        var pieces: [Data] = []
        for try await chunk in try await stream(url).body { pieces.append(chunk) }

        // Then: not handed over whole at the end
        XCTAssertEqual(Data(pieces.joined()), Data("****".utf8))
        XCTAssertGreaterThan(pieces.count, 1, "the body came in one piece: \(pieces)")
    }

    func test_stalledBody_theHeadStillComesBack() async throws {
        // Given: a server that sends its head, then nothing
        let url = try MisbehavingServer.baseURL().appendingPathComponent("stall")

        // When: a transport that waited for the body would time out here
        let stream = try await stream(url, timeout: 10)

        // Then
        XCTAssertEqual(stream.response.statusCode, 200)
        XCTAssertEqual(stream.response.value(forHTTPHeaderField: "Content-Length"), "10")
        stream.body.cancel()
    }

    func test_stalledBody_idleTimeout_failsTheStreamWithTimedOut() async throws {
        // Given
        let url = try MisbehavingServer.baseURL().appendingPathComponent("stall")
        let stream = try await stream(url, timeout: 1)

        // When
        do {
            for try await _ in stream.body {}
            XCTFail("a stalled body ended normally")
        } catch {
            // Then
            XCTAssertEqual((error as? URLError)?.code, .timedOut, "\(error)")
        }
    }

    func test_connectionClosedMidBody_failsTheStream() async throws {
        // Given
        let url = try MisbehavingServer.baseURL().appendingPathComponent("close-mid-body")
        let stream = try await stream(url, timeout: 5)

        // When
        var received = Data()
        do {
            for try await chunk in stream.body { received.append(chunk) }
            XCTFail("a truncated body ended normally")
        } catch {
            // Then
            XCTAssertTrue(error is URLError, "\(error)")
        }
        XCTAssertLessThanOrEqual(received.count, 10)
    }

    func test_unauthorized_returnsThe401Head() async throws {
        // Given: a 401 with WWW-Authenticate, an authentication challenge to URLSession
        let url = try MisbehavingServer.baseURL().appendingPathComponent("auth")

        // When
        let stream = try await stream(url)
        for try await _ in stream.body {}

        // Then
        XCTAssertEqual(stream.response.statusCode, 401)
    }

    func test_breakingOutOfTheLoop_closesTheConnection() async throws {
        // Given: a body that never ends
        let base = try MisbehavingServer.baseURL()
        let id = UUID().uuidString
        let stream = try await stream(try XCTUnwrap(URL(string: base.absoluteString + "/endless?id=\(id)")))

        // When
        var pieces = 0
        for try await _ in stream.body {
            pieces += 1
            if pieces == 2 { break }
        }

        // Then
        try await assertServerSeesTheConnectionClose(id: id, base: base)
    }

    func test_cancellingTheReadingTask_closesTheConnection() async throws {
        // Given
        let base = try MisbehavingServer.baseURL()
        let id = UUID().uuidString
        let stream = try await stream(try XCTUnwrap(URL(string: base.absoluteString + "/endless?id=\(id)")))
        let firstPiece = expectation(description: "first piece")
        firstPiece.assertForOverFulfill = false
        let reader = Task {
            for try await _ in stream.body { firstPiece.fulfill() }
        }

        // When
        await fulfillment(of: [firstPiece], timeout: 10)
        reader.cancel()

        // Then
        let outcome = await reader.result
        guard case .failure(let error) = outcome else { return XCTFail("the cancelled reader ended normally") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        try await assertServerSeesTheConnectionClose(id: id, base: base)
    }

    /// Asks the misbehaving server, for up to 10 seconds, whether `/endless?id=<id>` saw its client
    /// close the connection.
    private func assertServerSeesTheConnectionClose(id: String, base: URL, line: UInt = #line) async throws {
        let transport = URLSessionTransport()
        let url = try XCTUnwrap(URL(string: base.absoluteString + "/closed?id=\(id)"))
        for _ in 0..<100 {
            let answer = try await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
            if try JSONDecoder().decode(Closed.self, from: answer.data).closed { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTFail("the server still sends: the connection was not closed", line: line)
    }

    private struct StreamLine: Decodable {
        let id: Int
    }

    private struct Closed: Decodable {
        let closed: Bool
    }
}
