import Courier
import CourierTestSupport
import XCTest

/// A server that breaks the rules: each case ends in a CourierError, never a crash or a hang.
final class MisbehavingServerTests: XCTestCase {
    private var base: URL!

    override func setUpWithError() throws {
        base = try MisbehavingServer.baseURL()
    }

    private func outcome(_ path: String, timeout: TimeInterval? = nil, limit: Int64? = nil) async
        -> Result<Response, CourierError>
    {
        let provider = Provider<HTTPBinTarget>(maximumResponseSize: limit)
        do {
            return .success(try await provider.request(HTTPBinTarget(base, path, timeoutInterval: timeout)))
        } catch {
            return .failure(error)
        }
    }

    func test_wellFormedAnswer_isASuccess() async throws {
        let response = try await outcome("/ok").get()
        XCTAssertEqual(try response.mapJSON() as? [String: Bool], ["ok": true])
    }

    func test_malformedJSON_failsToDecodeWithTheResponseKept() async throws {
        let response = try await outcome("/malformed-json").get()
        struct Named: Decodable { let name: String }
        XCTAssertThrowsError(try response.map(Named.self)) {
            guard case .objectMapping(_, let kept) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertEqual(kept.statusCode, 200)
        }
        XCTAssertThrowsError(try response.mapJSON()) {
            guard case .jsonMapping = $0 as? CourierError else { return XCTFail("got \($0)") }
        }
    }

    func test_bodyShorterThanContentLength_failsInTheTransport() async {
        guard case .failure(.underlying(let error, _)) = await outcome("/short-body", timeout: 5) else {
            return XCTFail("expected a transport failure")
        }
        XCTAssertTrue(error is URLError, "\(error)")
    }

    func test_connectionClosedMidBody_failsInTheTransport() async {
        guard case .failure(.underlying(let error, _)) = await outcome("/close-mid-body", timeout: 5) else {
            return XCTFail("expected a transport failure")
        }
        XCTAssertTrue(error is URLError, "\(error)")
    }

    func test_stallingServer_timesOut() async {
        guard case .failure(.underlying(let error as URLError, _)) = await outcome("/stall", timeout: 1) else {
            return XCTFail("expected a timeout")
        }
        XCTAssertEqual(error.code, .timedOut)
    }

    func test_oneGigabyteBody_overTheLimit_isStoppedEarly() async {
        // Announced length: refused from the headers, before the body is read.
        guard
            case .failure(.underlying(let announced as ResponseTooLargeError, _)) =
                await outcome("/huge", limit: 8 << 20)
        else { return XCTFail("expected ResponseTooLargeError") }
        XCTAssertEqual(announced.limit, 8 << 20)
        XCTAssertEqual(announced.size, 1 << 30)
        // Unknown length: refused at the piece that crosses the limit.
        guard
            case .failure(.underlying(let counted as ResponseTooLargeError, _)) =
                await outcome("/huge-chunked", limit: 8 << 20)
        else { return XCTFail("expected ResponseTooLargeError") }
        XCTAssertGreaterThan(counted.size, 8 << 20)
        XCTAssertLessThan(counted.size, (8 << 20) + (1 << 20), "counted past the piece that crossed the limit")
    }

    func test_gzipBomb_overTheLimit_isStoppedAtThePieceThatCrossesIt() async {
        // Given: 64 KiB on the wire that inflate to 64 MiB, under a 1 MiB limit

        // When
        let result = await outcome("/gzip-bomb", limit: 1 << 20)

        // Then: the limit counts decoded bytes
        guard case .failure(.underlying(let error as ResponseTooLargeError, _)) = result else {
            return XCTFail("expected ResponseTooLargeError, got \(result)")
        }
        XCTAssertEqual(error.limit, 1 << 20)
        XCTAssertGreaterThan(error.size, 1 << 20)
        XCTAssertLessThan(error.size, 2 << 20)
    }

    func test_gzipBomb_withoutALimit_isDecodedWhole() async throws {
        // When
        let response = try await outcome("/gzip-bomb").get()

        // Then
        XCTAssertEqual(response.data.count, 64 << 20)
        XCTAssertEqual(response.data, Data(count: 64 << 20))
    }

    func test_answerThatIsNotHTTP_fails() async {
        guard case .failure(.underlying(let error, _)) = await outcome("/not-http", timeout: 5) else {
            return XCTFail("expected a failure")
        }
        XCTAssertTrue(error is URLError, "\(error)")
    }
}
