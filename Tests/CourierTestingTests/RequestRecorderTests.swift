import Courier
import CourierTestSupport
import CourierTesting
import XCTest

final class RequestRecorderTests: XCTestCase {
    private let recorder = RequestRecorder()

    private func provider(_ stubs: Stubs<ShopAPI> = Stubs()) -> Provider<ShopAPI> {
        Provider(stubs: stubs, plugins: [recorder, HeaderPlugin()])
    }

    // MARK: - What is recorded

    func test_stubbedRequest_isRecordedAfterEveryPlugin() async throws {
        // Given
        let provider = provider()

        // When
        _ = try await provider.request(.product(id: 3))

        // Then
        let sent = try recorder.single()
        XCTAssertEqual(sent.header("x-prepared"), "prepared")
        XCTAssertEqual(sent.header("Authorization"), "Bearer t0k3n")
        XCTAssertTrue(sent.isStubbed)
        XCTAssertEqual(sent.attempt, 1)
        XCTAssertEqual(sent.target as? ShopAPI, .product(id: 3))
        XCTAssertEqual(sent.header("User-Agent"), URLSessionTransport.shared.sessionHeaders["User-Agent"])
    }

    func test_realRequest_isRecordedAsItWentOverTheWire() async throws {
        // Given
        let base = try HTTPBin.baseURL()
        let target = HTTPBinTarget(
            base, "/anything", method: .post,
            task: .requestParameters(parameters: ["q": "courier"], encoding: URLEncoding.queryString))
        let provider = Provider<HTTPBinTarget>(plugins: [HeaderPlugin(), recorder])

        // When
        let echo = try await provider.request(target, as: HTTPBinEcho.self)

        // Then
        let sent = try recorder.single()
        XCTAssertFalse(sent.isStubbed)
        try sent.expect(method: .post).expect(path: "/anything").expect(query: ["q": "courier"])
            .expect(header: "Authorization", equals: "Bearer t0k3n")
        XCTAssertEqual(echo.headers["Authorization"], sent.header("Authorization"))
        XCTAssertEqual(echo.headers["X-Prepared"], sent.header("X-Prepared"))
        XCTAssertEqual(echo.url, sent.url?.absoluteString)
    }

    func test_everyAttemptOfARetriedRequest_isRecorded() async throws {
        // Given
        let provider = Provider<ShopAPI>(
            stubs: Stubs().on(.product(id: 1), .timeout, .sampleData), plugins: [RetryOncePlugin(), recorder])

        // When
        _ = try await provider.request(.product(id: 1))

        // Then
        XCTAssertEqual(recorder.requests.map(\.attempt), [1, 2])
        XCTAssertEqual(Set(recorder.requests.compactMap(\.context?.id)).count, 1)
    }

    func test_completionAPI_recordsBeforeRequestReturns() {
        // Given
        let provider = provider()

        // When
        provider.request(.products(page: 2, sort: "price")) { _ in }

        // Then
        XCTAssertEqual(
            recorder.last?.queryItems,
            [
                URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "sort", value: "price"),
            ])
    }

    func test_removeAll_forgetsRecords() async throws {
        // Given
        let provider = provider()
        _ = try await provider.request(.product(id: 1))

        // When
        recorder.removeAll()

        // Then
        XCTAssertTrue(recorder.requests.isEmpty)
        XCTAssertNil(recorder.last)
    }

    // MARK: - Reading parts

    func test_bodies_areReadableAsJSONAndForm() async throws {
        // Given
        let provider = provider()

        // When
        _ = try await provider.request(.createProduct(NewProduct(name: "Kettle", price: 30)))
        _ = try await provider.request(.login(user: "ada lovelace", password: "p&ss"))

        // Then
        let (create, login) = (recorder.requests[0], recorder.requests[1])
        XCTAssertEqual(try create.jsonBody(as: NewProduct.self), NewProduct(name: "Kettle", price: 30))
        XCTAssertEqual(
            login.formFields,
            [
                URLQueryItem(name: "password", value: "p&ss"), URLQueryItem(name: "user", value: "ada lovelace"),
            ])
        XCTAssertEqual(login.method, .post)
        XCTAssertEqual(login.path, "/api/session")
    }

    // MARK: - Expectations that pass

    func test_expectations_passForWhatWasSent() async throws {
        // Given
        let provider = provider()

        // When
        _ = try await provider.request(.products(page: 2, sort: "price"))
        _ = try await provider.request(.createProduct(NewProduct(name: "Kettle", price: 30)))
        _ = try await provider.request(.login(user: "ada", password: "secret"))

        // Then
        let requests = recorder.requests
        try requests[0].expect(method: .get).expect(url: "https://shop.example.com/api/products?page=2&sort=price")
            .expect(query: ["sort": "price", "page": "2"]).expect(noHeader: "Content-Type")
        try requests[1].expect(method: .post).expect(jsonBody: NewProduct(name: "Kettle", price: 30))
            .expect(json: #"{ "price": 30, "name": "Kettle" }"#)
            .expect(header: "content-type", equals: "application/json")
        try requests[2].expect(form: ["user": "ada", "password": "secret"])
    }

    // MARK: - Expectations that fail, and what they say

    func test_expectMethod_failure_namesExpectedAndSentMethod_andTheLine() async throws {
        // Given
        _ = try await provider().request(.product(id: 3))
        let sent = try recorder.single()

        // When
        let line = #line + 1
        let failure = failureOf { try sent.expect(method: .delete) }

        // Then
        XCTAssertEqual(failure?.line, line)
        XCTAssertEqual(failure?.fileID, #fileID)
        XCTAssertEqual(
            failure?.description,
            "\(#fileID):\(line): Expected method DELETE, but the request was GET https://shop.example.com/api/products/3."
        )
    }

    func test_expectHeader_failure_showsTheValueSentAndTheHeaderNames() async throws {
        // Given
        _ = try await provider().request(.product(id: 3))
        let sent = try recorder.single()

        // When
        let wrong = failureOf { try sent.expect(header: "Authorization", equals: "Bearer other") }
        let missing = failureOf { try sent.expect(header: "X-Missing", equals: "1") }
        let present = failureOf { try sent.expect(noHeader: "X-Prepared") }

        // Then
        XCTAssertTrue(
            wrong?.message.hasPrefix(#"Expected header Authorization: "Bearer other", but it was "Bearer t0k3n"."#)
                ?? false, "\(String(describing: wrong))")
        XCTAssertTrue(
            missing?.message.contains("but it was missing. Headers sent: Authorization, X-Prepared, ") ?? false,
            "\(String(describing: missing))")
        XCTAssertTrue(
            present?.message.hasPrefix(#"Expected no header X-Prepared, but it was "prepared"."#) ?? false,
            "\(String(describing: present))")
    }

    func test_expectQueryAndForm_failures_showBothSides() async throws {
        // Given
        _ = try await provider().request(.products(page: 2, sort: "price"))
        _ = try await provider().request(.login(user: "ada", password: "secret"))
        let (list, login) = (recorder.requests[0], recorder.requests[1])

        // When
        let query = failureOf { try list.expect(query: ["page": "3", "sort": "price"]) }
        let extra = failureOf { try list.expect(query: ["page": "2"]) }
        let form = failureOf { try login.expect(form: ["user": "bob", "password": "secret"]) }

        // Then
        XCTAssertTrue(
            query?.message.hasPrefix("Expected query [page=3, sort=price], but it was [page=2, sort=price]") ?? false,
            "\(String(describing: query))")
        XCTAssertNotNil(extra)
        XCTAssertTrue(
            form?.message.hasPrefix(
                "Expected form body [password=secret, user=bob], but it was [password=secret, user=ada]") ?? false,
            "\(String(describing: form))")
    }

    func test_expectJSON_failures_showTheBody() async throws {
        // Given
        _ = try await provider().request(.createProduct(NewProduct(name: "Kettle", price: 30)))
        _ = try await provider().request(.product(id: 1))
        let (create, get) = (recorder.requests[0], recorder.requests[1])

        // When
        let decoded = failureOf { try create.expect(jsonBody: NewProduct(name: "Kettle", price: 31)) }
        let text = failureOf { try create.expect(json: #"{"name": "Kettle"}"#) }
        let none = failureOf { try get.expect(jsonBody: NewProduct(name: "Kettle", price: 30)) }
        let wrongType = failureOf { _ = try create.jsonBody(as: [String].self) }

        // Then
        XCTAssertTrue(
            decoded?.message.contains("but it decoded to NewProduct(name: \"Kettle\", price: 30)") ?? false,
            "\(String(describing: decoded))")
        XCTAssertTrue(
            text?.message.hasPrefix(#"Expected JSON body {"name": "Kettle"}, but it was {"#) ?? false,
            "\(String(describing: text))")
        XCTAssertTrue(text?.message.contains(#""price":30"#) ?? false, "\(String(describing: text))")
        XCTAssertEqual(none?.message, "Expected a JSON body, but GET https://shop.example.com/api/products/1 has none.")
        XCTAssertTrue(
            wrongType?.message.contains("does not decode as Array<String>") ?? false, "\(String(describing: wrongType))"
        )
    }

    func test_single_failsWhenNoneOrSeveralWereRecorded_listingThem() async throws {
        // Given
        let none = failureOf { try recorder.single() }
        _ = try await provider().request(.product(id: 1))
        _ = try await provider().request(.product(id: 2))

        // When
        let several = failureOf { try recorder.single() }

        // Then
        XCTAssertEqual(none?.message, "Expected exactly one request, but 0 were recorded.")
        XCTAssertEqual(
            several?.message,
            "Expected exactly one request, but 2 were recorded:\n"
                + "  GET https://shop.example.com/api/products/1\n  GET https://shop.example.com/api/products/2")
    }

    /// The failure `body` throws, or `nil`.
    private func failureOf(_ body: () throws -> Void) -> RequestExpectationFailure? {
        do {
            try body()
            return nil
        } catch {
            return error as? RequestExpectationFailure
        }
    }
}
