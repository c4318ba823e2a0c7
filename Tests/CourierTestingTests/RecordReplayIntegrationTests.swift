import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// Records a short session against httpbin, then replays it with the server unreachable.
///
/// How "unreachable" is made true without stopping the shared server: every target names
/// `http://127.0.0.1:1`, a port where nothing listens (the test first proves that a real request
/// there fails). While recording, a forwarding transport carries the requests to httpbin and
/// reports the answers under the URL that was asked for, so the recordings name port 1. Replay
/// then answers the same targets with no path to httpbin at all: were anything sent, it would
/// go to port 1 and fail.
final class RecordReplayIntegrationTests: XCTestCase {
    private let unreachable = URL(string: "http://127.0.0.1:1")!

    func test_recordedSession_replaysIdenticalResponses_withTheServerUnreachable() async throws {
        // Given
        let httpbin = try HTTPBin.baseURL()
        try await assertNothingListens(at: unreachable)
        let directory = temporaryDirectory()
        let session = [
            HTTPBinTarget(
                unreachable, "/anything",
                task: .requestParameters(parameters: ["b": 2, "a": 1], encoding: URLEncoding.queryString),
                headers: ["X-Trace": "42"]),
            HTTPBinTarget(
                unreachable, "/anything", method: .post,
                task: .requestJSONEncodable(NewProduct(name: "Kettle", price: 30))),
            HTTPBinTarget(
                unreachable, "/anything", method: .put,
                task: .requestParameters(parameters: ["user": "ada"], encoding: URLEncoding.httpBody)),
            HTTPBinTarget(unreachable, "/status/418"),
            HTTPBinTarget(unreachable, "/bytes/64"),
            HTTPBinTarget(unreachable, "/json"),
        ]
        let recording = Provider<HTTPBinTarget>(
            transport: RecordReplayTransport(
                mode: .record(through: ForwardingTransport(server: httpbin)), directory: directory))
        var live: [Response] = []
        for target in session {
            live.append(try await recording.request(target))
        }

        // When
        let replaying = Provider<HTTPBinTarget>(transport: RecordReplayTransport(mode: .replay, directory: directory))
        var replayed: [Response] = []
        for target in session {
            replayed.append(try await replaying.request(target))
        }

        // Then
        XCTAssertEqual(live.map(\.statusCode), [200, 200, 200, 418, 200, 200])
        XCTAssertEqual(replayed.map(\.statusCode), live.map(\.statusCode))
        XCTAssertEqual(replayed.map(\.data), live.map(\.data))
        XCTAssertEqual(replayed.map { headers($0) }, live.map { headers($0) })
        XCTAssertEqual(replayed, live)
        XCTAssertEqual(live[0].response?.url?.port, 1, "the recorded session names the unreachable port")
        let echo = try replayed[1].map(HTTPBinEcho.self)
        XCTAssertEqual(echo.json, .object(["name": .string("Kettle"), "price": .number(30)]))
        XCTAssertEqual(fileNames(in: directory).count, 12, "\(fileNames(in: directory))")
    }

    /// Sends a real request to `url` and expects it to fail: nothing listens there.
    private func assertNothingListens(at url: URL, file: StaticString = #filePath, line: UInt = #line) async throws {
        do {
            _ = try await URLSessionTransport.shared.send(TransportRequest(urlRequest: URLRequest(url: url)))
            XCTFail("a server answered at \(url)", file: file, line: line)
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost, file: file, line: line)
        }
    }

    private func headers(_ response: Response) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.response?.allHeaderFields ?? [:] {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return headers
    }
}
