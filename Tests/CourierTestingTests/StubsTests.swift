import Courier
import CourierTestSupport
import CourierTesting
import XCTest

final class StubsTests: XCTestCase {
    // MARK: - Sample data (the default)

    func test_unmatchedTarget_answersItsSampleData_likeAnImmediateStub() async throws {
        // Given
        let stubbed = Provider<GitHub>(stubs: Stubs())
        let moya = Provider<GitHub>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await stubbed.request(.zen)
        let expected = try await moya.request(.zen)

        // Then
        XCTAssertEqual(response, expected)
        XCTAssertEqual(try response.mapString(), "Half measures are as bad as nothing at all.")
        XCTAssertNil(response.response)
        XCTAssertNotNil(response.request)
    }

    func test_completionAPI_undelayedStub_completesBeforeRequestReturns() {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .string("Now.")))
        let result = Locked<Result<Response, CourierError>?>(nil)

        // When
        provider.request(.zen) { outcome in result.withLock { $0 = outcome } }

        // Then
        XCTAssertEqual(try result.value?.get().mapString(), "Now.")
    }

    func test_sampleDataWithStatus_keepsSampleBody() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs().on(.product(id: 7), .sampleData.withStatus(203)))

        // When
        let response = try await provider.request(.product(id: 7))

        // Then
        XCTAssertEqual(response.statusCode, 203)
        XCTAssertEqual(try response.map(Product.self), Product(id: 7, name: "Sample"))
    }

    func test_sampleData_customEndpointClosure_answersTheEndpointsOwnSample() async throws {
        // Given
        let provider = Provider<GitHub>(
            stubs: Stubs(),
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen",
                    sampleResponseClosure: { .networkResponse(202, Data("own".utf8)) },
                    method: target.method, task: target.task, httpHeaderFields: ["X-Endpoint": "yes"])
            })

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(response.statusCode, 202)
        XCTAssertEqual(response.data, Data("own".utf8))
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "X-Endpoint"), "yes")
    }

    // MARK: - Rules

    func test_onTarget_answersOnlyThatTarget() async throws {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.userProfile("ada"), .json(#"{"login": "ada"}"#)))

        // When
        let ada = try await provider.request(.userProfile("ada"))
        let bob = try await provider.request(.userProfile("bob"))

        // Then
        XCTAssertEqual(String(decoding: ada.data, as: UTF8.self), #"{"login": "ada"}"#)
        XCTAssertEqual(bob.data, GitHub.userProfile("bob").sampleData)
    }

    func test_onWhere_answersEveryMatchingTarget() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(where: { $0.path.hasPrefix("/users/") }, .status(404))
        let provider = Provider(stubs: stubs)

        // When
        let ada = await provider.result(.userProfile("ada"))
        let zen = try await provider.request(.zen)

        // Then
        XCTAssertEqual(ada.failure?.response?.statusCode, 404)
        XCTAssertEqual(zen.statusCode, 200)
    }

    func test_ruleAddedLater_overridesEarlierRule() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .string("setUp"))
        let provider = Provider(stubs: stubs)

        // When
        stubs.on(.zen, .string("test"))
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(try response.mapString(), "test")
    }

    func test_severalResponses_areGivenInTurn_andTheLastRepeats() async throws {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .status(201), .string("one"), .string("two")))

        // When
        var statuses: [Int] = []
        var bodies: [String] = []
        for _ in 0..<4 {
            let response = try await provider.request(.zen)
            statuses.append(response.statusCode)
            bodies.append(String(decoding: response.data, as: UTF8.self))
        }

        // Then
        XCTAssertEqual(statuses, [201, 200, 200, 200])
        XCTAssertEqual(bodies, ["", "one", "two", "two"])
    }

    func test_severalResponses_eachRetryAttemptGetsTheNext() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .timeout, .string("second attempt"))
        let provider = Provider(stubs: stubs, plugins: [RetryOncePlugin()])

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(try response.mapString(), "second attempt")
    }

    func test_responsesList_isGivenInTurn_andAnEmptyListAddsNoRule() async throws {
        // Given
        let answers: [StubResponse] = ["one", "two"].map { .string($0) }
        let stubs = Stubs<GitHub>().on(where: { $0 == .zen }, responses: answers).on(
            where: { _ in true }, responses: [])
        let provider = Provider(stubs: stubs)

        // When
        let first = try await provider.request(.zen).mapString()
        let second = try await provider.request(.zen).mapString()
        let third = try await provider.request(.zen).mapString()
        let unmatched = try await provider.request(.userProfile("ada")).data

        // Then
        XCTAssertEqual([first, second, third], ["one", "two", "two"])
        XCTAssertEqual(unmatched, GitHub.userProfile("ada").sampleData)
    }

    func test_removeAll_forgetsRules() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .string("stubbed"))
        let provider = Provider(stubs: stubs)

        // When
        stubs.removeAll()
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(response.data, GitHub.zen.sampleData)
    }

    // MARK: - Responses

    func test_statusAndHeaders_reachTheResponse() async throws {
        // Given
        let stubs = Stubs<ShopAPI>().on(.product(id: 1), .status(429).withHeaders(["Retry-After": "3"]))
        let provider = Provider(stubs: stubs)

        // When
        let response = try await provider.request(.product(id: 1))

        // Then
        XCTAssertEqual(response.statusCode, 429)
        XCTAssertEqual(response.response?.statusCode, 429)
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "retry-after"), "3")
        XCTAssertEqual(response.response?.url?.absoluteString, "https://shop.example.com/api/products/1")
        XCTAssertTrue(response.data.isEmpty)
    }

    func test_jsonEncodable_encodesSortedJSON_withContentType() async throws {
        // Given
        let stubs = Stubs<ShopAPI>().on(.product(id: 2), .json(Product(id: 2, name: "Kettle"), status: 201))
        let provider = Provider(stubs: stubs)

        // When
        let response = try await provider.request(.product(id: 2))

        // Then
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), #"{"id":2,"name":"Kettle"}"#)
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_stringAndData_areSentAsGiven() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .string("Zen.")).on(
            .userProfile("x"), .data(Data([0, 1, 2]), status: 206))
        let provider = Provider(stubs: stubs)

        // When
        let zen = try await provider.request(.zen)
        let bytes = try await provider.request(.userProfile("x"))

        // Then
        XCTAssertEqual(zen.response?.value(forHTTPHeaderField: "Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(try zen.mapString(), "Zen.")
        XCTAssertEqual(bytes.statusCode, 206)
        XCTAssertEqual(bytes.data, Data([0, 1, 2]))
        XCTAssertNil(bytes.response, "a response without headers carries no HTTPURLResponse")
    }

    func test_statusOutsideValidation_failsLikeARealResponse() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .status(500)))

        // When
        let result = await provider.result(.zen)

        // Then
        guard case .failure(.statusCode(let response)) = result else {
            return XCTFail("expected a status code failure, got \(result)")
        }
        XCTAssertEqual(response.statusCode, 500)
    }

    func test_encodingFailure_failsTheRequestWithTheEncodersError() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .json(["price": Double.infinity])))

        // When
        let result = await provider.result(.zen)

        // Then
        XCTAssertTrue(result.underlyingError is EncodingError, "\(result)")
    }

    // MARK: - Failures

    func test_timeout_failsWithTimedOut_naming_theURL() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .timeout))

        // When
        let result = await provider.result(.zen)

        // Then
        let error = result.underlyingError as? URLError
        XCTAssertEqual(error?.code, .timedOut)
        XCTAssertEqual(error?.failingURL?.absoluteString, "https://api.github.com/zen")
        XCTAssertNil(result.failure?.response)
    }

    func test_connectionLostAndOffline_failWithTheirURLErrorCodes() async {
        // Given
        let provider = Provider<GitHub>(
            stubs: Stubs().on(.zen, .connectionLost).on(.userProfile("x"), .offline).on(
                .userProfile("y"), .error(.cannotFindHost)))

        // When
        let lost = await provider.result(.zen)
        let offline = await provider.result(.userProfile("x"))
        let noHost = await provider.result(.userProfile("y"))

        // Then
        XCTAssertEqual((lost.underlyingError as? URLError)?.code, .networkConnectionLost)
        XCTAssertEqual((offline.underlyingError as? URLError)?.code, .notConnectedToInternet)
        XCTAssertEqual((noHost.underlyingError as? URLError)?.code, .cannotFindHost)
    }

    func test_failure_deliversAnyError() async {
        // Given
        struct Teapot: Error {}
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .failure(Teapot())))

        // When
        let result = await provider.result(.zen)

        // Then
        XCTAssertTrue(result.underlyingError is Teapot)
    }

    func test_unmatchedUnstubbed_failsWithAnErrorNamingTheTarget() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs(unmatched: .unstubbed).on(.zen, .string("ok")))

        // When
        let zen = await provider.result(.zen)
        let user = await provider.result(.userProfile("ada"))

        // Then
        XCTAssertNil(zen.failure)
        let error = user.underlyingError as? UnstubbedTargetError
        XCTAssertEqual(error?.target, #"userProfile("ada")"#)
        XCTAssertEqual(error?.request, "GET https://api.github.com/users/ada")
        XCTAssertTrue(user.failure?.localizedDescription.contains(#"No stub for userProfile("ada")"#) ?? false)
    }
}
