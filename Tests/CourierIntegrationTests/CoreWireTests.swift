import Courier
import CourierTestSupport
import XCTest

/// What the core really sends and receives, checked through httpbin's echo endpoints.
final class CoreWireTests: XCTestCase {
    private var base: URL!
    private let provider = Provider<HTTPBinTarget>()

    override func setUpWithError() throws {
        base = try HTTPBin.baseURL()
    }

    private func echo(_ target: HTTPBinTarget) async throws -> HTTPBinEcho {
        try await provider.request(target, as: HTTPBinEcho.self)
    }

    func test_queryParameters_arriveDecodedByTheServer() async throws {
        let parameters: [String: any Sendable] = [
            "q": "swift & linux = ♥", "page": 2, "on": true, "tags": ["b", "a"],
            "filter": ["lang": "en", "sort": "stars"] as [String: any Sendable],
        ]
        let result = try await echo(
            HTTPBinTarget(
                base, "/anything", task: .requestParameters(parameters: parameters, encoding: URLEncoding.default)))
        XCTAssertEqual(result.args["q"], .string("swift & linux = ♥"))
        XCTAssertEqual(result.args["page"], .string("2"))
        XCTAssertEqual(result.args["on"], .string("1"))
        XCTAssertEqual(result.args["tags[]"], .array([.string("b"), .string("a")]))
        XCTAssertEqual(result.args["filter[lang]"], .string("en"))
        XCTAssertEqual(result.args["filter[sort]"], .string("stars"))
        XCTAssertEqual(result.method, "GET")
    }

    func test_formBody_arrivesAsAForm() async throws {
        let result = try await echo(
            HTTPBinTarget(
                base, "/anything", method: .post,
                task: .requestParameters(
                    parameters: ["name": "Ada Lovelace", "born": 1815], encoding: URLEncoding.default)))
        XCTAssertEqual(result.form["name"], .string("Ada Lovelace"))
        XCTAssertEqual(result.form["born"], .string("1815"))
        XCTAssertEqual(result.headers["Content-Type"], "application/x-www-form-urlencoded; charset=utf-8")
    }

    func test_jsonParameters_arriveAsJSON() async throws {
        let result = try await echo(
            HTTPBinTarget(
                base, "/anything", method: .put,
                task: .requestParameters(parameters: ["list": [1, 2], "ok": true], encoding: JSONEncoding.default)))
        XCTAssertEqual(result.json, .object(["list": .array([.number(1), .number(2)]), "ok": .bool(true)]))
        XCTAssertEqual(result.headers["Content-Type"], "application/json")
        XCTAssertEqual(result.method, "PUT")
    }

    func test_encodableBody_arrivesAsJSON() async throws {
        struct Note: Encodable, Sendable { let title: String }
        let result = try await echo(
            HTTPBinTarget(base, "/post", method: .post, task: .requestJSONEncodable(Note(title: "hi"))))
        XCTAssertEqual(result.json, .object(["title": .string("hi")]))
    }

    func test_compositeTask_sendsQueryAndBody() async throws {
        let result = try await echo(
            HTTPBinTarget(
                base, "/anything", method: .post,
                task: .requestCompositeData(bodyData: Data("raw body".utf8), urlParameters: ["id": 7]),
                headers: ["Content-Type": "text/plain"]))
        XCTAssertEqual(result.args["id"], .string("7"))
        XCTAssertEqual(result.data, "raw body")
    }

    func test_targetHeaders_areSent() async throws {
        let result = try await echo(HTTPBinTarget(base, "/anything", headers: ["X-Custom": "value 1"]))
        XCTAssertEqual(result.headers["X-Custom"], "value 1")
        XCTAssertTrue(result.headers["User-Agent"]?.contains("Courier/") == true)
    }

    func test_pathCharacters_areEncodedOnceOnTheWire() async throws {
        // The server decodes the path once: `%41` arriving as `A` proves it was not encoded again,
        // and the space and `é` arrive as themselves.
        let result = try await echo(HTTPBinTarget(base, "/anything/a b/%41/é"))
        XCTAssertTrue(result.url.hasSuffix("/anything/a%20b/A/é"), result.url)
    }

    func test_statusOutsideValidation_failsWithStatusCodeKeepingTheResponse() async throws {
        do {
            _ = try await provider.request(HTTPBinTarget(base, "/status/404", validationType: .successCodes))
            XCTFail("expected a failure")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.statusCode, 404)
            XCTAssertEqual(response.response?.statusCode, 404)
            XCTAssertTrue(error.localizedDescription.contains("GET \(base!.absoluteString)/status/404 → HTTP 404"))
        }
    }

    func test_withoutValidation_anyStatusIsASuccess() async throws {
        let response = try await provider.request(HTTPBinTarget(base, "/status/503"))
        XCTAssertEqual(response.statusCode, 503)
    }

    func test_bytes_arriveIntact() async throws {
        let seeded = HTTPBinTarget(
            base, "/bytes/65536", task: .requestParameters(parameters: ["seed": 7], encoding: URLEncoding.queryString))
        let response = try await provider.request(seeded)
        let again = try await provider.request(seeded)
        XCTAssertEqual(response.data.count, 65536)
        XCTAssertEqual(response.data, again.data)
    }

    func test_connectionRefused_failsWithUnderlyingURLError() async {
        let closed = URL(string: "http://127.0.0.1:9")!
        do {
            _ = try await provider.request(HTTPBinTarget(closed, "/get"))
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let underlying as URLError, nil) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying.code, .cannotConnectToHost)
            XCTAssertTrue(error.localizedDescription.contains("Could not connect to the server"))
        }
    }

    func test_targetTimeout_failsASlowRequestWithTimedOut() async {
        do {
            _ = try await provider.request(HTTPBinTarget(base, "/delay/5", timeoutInterval: 0.5))
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let underlying as URLError, nil) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying.code, .timedOut)
        }
    }

    func test_cancellingTheTask_stopsASlowRequestPromptly() async {
        let (provider, base) = (self.provider, self.base!)
        let started = ContinuousClock.now
        let task = Task { try await provider.request(HTTPBinTarget(base, "/delay/10")) }
        try? await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        guard case .failure(let error as CourierError) = result else { return XCTFail("got \(result)") }
        XCTAssertTrue(error.isCancelled)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(9), "the request ran to its end instead of stopping")
    }

    func test_cancellableToken_stopsASlowRequest() {
        let done = expectation(description: "completion")
        let outcome = Locked<CourierError?>(nil)
        let token = provider.request(HTTPBinTarget(base, "/delay/10"), callbackQueue: .global()) { result in
            if case .failure(let error) = result { outcome.withLock { $0 = error } }
            done.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.2)
        token.cancel()
        wait(for: [done], timeout: 8)
        XCTAssertEqual(outcome.value?.isCancelled, true)
    }

    func test_trackInflights_identicalRequestsShareOneServerAnswer() async throws {
        // /uuid answers a new value per request: a shared exchange gives both callers the same one.
        let base = self.base!
        let sharing = Provider<HTTPBinTarget>(trackInflights: true)
        // The answer takes a second, so the second request always finds the first in flight. (A
        // query in the path is escaped into it: "/delay/1?u=1" was a fast 500, and the two could miss
        // each other on a busy machine.)
        async let first = sharing.request(HTTPBinTarget(base, "/delay/1"))
        async let second = sharing.request(HTTPBinTarget(base, "/delay/1"))
        let (one, two) = try await (first, second)
        XCTAssertEqual(one.statusCode, 200)
        XCTAssertTrue(one === two, "the second request made its own exchange")
        let uuid = HTTPBinTarget(base, "/uuid")
        async let third = sharing.request(uuid)
        async let fourth = Provider<HTTPBinTarget>().request(uuid)
        let (three, four) = try await (third, fourth)
        XCTAssertNotEqual(three.data, four.data, "a provider without tracking must not share")
    }

    func test_redirectToAnotherOrigin_dropsCredentials() async throws {
        // 127.0.0.1 and localhost are different origins for the same server.
        let other = base.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let headers = ["Authorization": "Bearer s3cr3t", "Cookie": "session=1", "X-Kept": "yes"]
        let crossing = try await echo(
            HTTPBinTarget(
                base, "/redirect-to",
                task: .requestParameters(parameters: ["url": "\(other)/anything"], encoding: URLEncoding.queryString),
                headers: headers))
        XCTAssertNil(crossing.headers["Authorization"])
        XCTAssertNil(crossing.headers["Cookie"])
        XCTAssertEqual(crossing.headers["X-Kept"], "yes")
        let staying = try await echo(
            HTTPBinTarget(
                base, "/redirect-to",
                task: .requestParameters(parameters: ["url": "/anything"], encoding: URLEncoding.queryString),
                headers: headers))
        XCTAssertEqual(staying.headers["Authorization"], "Bearer s3cr3t")
    }
}
