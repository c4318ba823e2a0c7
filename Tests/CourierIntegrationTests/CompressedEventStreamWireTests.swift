import Courier
import CourierTestSupport
import XCTest

/// Gzip-encoded event streams from `scripts/sse-server.py` (`/events/gzip`), over both transports:
/// a valid one is decoded; a corrupt or cut-off one fails the loop after the events before it,
/// with an error that names the content encoding.
final class CompressedEventStreamWireTests: XCTestCase {
    private var transports: [(name: String, transport: any HTTPTransport)] { StreamTransports.both }

    private func target(_ state: String) throws -> HTTPBinTarget {
        HTTPBinTarget(
            try SSEServer.baseURL(), "/events/gzip",
            task: .requestParameters(parameters: ["state": state], encoding: URLEncoding.queryString),
            validationType: .successCodes)
    }

    /// The events read before the loop ended, and its error (`nil` for a clean end).
    private func read(_ state: String, over transport: any HTTPTransport) async throws -> (Int, CourierError?) {
        let stream = try await Provider<HTTPBinTarget>(transport: transport).stream(try target(state))
        var count = 0
        do throws(CourierError) {
            for try await _ in stream.events { count += 1 }
            return (count, nil)
        } catch {
            return (count, error)
        }
    }

    func test_gzipEventStream_isDecoded() async throws {
        for (name, transport) in transports {
            // When
            let (count, error) = try await read("valid", over: transport)
            // Then
            XCTAssertEqual(count, 60, name)
            XCTAssertNil(error, name)
        }
    }

    func test_corruptGzipEventStream_failsTheLoopAfterTheEventsBeforeIt() async throws {
        for (name, transport) in transports {
            // When: the compressed bytes after the first 64 are garbage
            let (count, error) = try await read("corrupt", over: transport)
            // Then
            XCTAssertGreaterThan(count, 0, name)
            XCTAssertNotNil(error, name)
        }
    }

    #if os(Linux)
        func test_corruptOrCutGzipEventStream_overCurl_failsWithAnErrorNamingTheContentEncoding() async throws {
            let curl = try CurlTransport()
            for state in ["corrupt", "truncated"] {
                // When
                let (_, error) = try await read(state, over: curl)
                // Then
                let failure = try XCTUnwrap(error, state)
                XCTAssertEqual((failure.underlyingError as? URLError)?.code, .cannotDecodeContentData, state)
                XCTAssertTrue(
                    failure.localizedDescription.contains("Content-Encoding"),
                    "\(state): \(failure.localizedDescription)")
            }
        }
    #endif
}
