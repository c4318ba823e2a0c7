import Courier
import CourierTestSupport
import CourierTesting
import XCTest

// The Stubbing and Testing article's targets.
private enum Weather: TargetType, Equatable {
    case forecast(city: String)
    case radar

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String {
        switch self {
        case .forecast: "/forecast"
        case .radar: "/radar"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask {
        switch self {
        case .forecast(let city): .requestParameters(parameters: ["city": city], encoding: URLEncoding.queryString)
        case .radar: .requestPlain
        }
    }
    var validationType: ValidationType { .successCodes }
    var sampleData: Data { Data(#"{"city": "Oslo", "celsius": 1}"#.utf8) }
}

private struct Forecast: Decodable {
    let city: String
    let celsius: Int
}

private struct FakeWeather: ProviderType {
    func request(_ target: Weather) async throws(CourierError) -> Response {
        Response(statusCode: 200, data: Data(#"{"city": "Bergen", "celsius": 7}"#.utf8))
    }
}

private func celsius(in city: String, provider: some ProviderType<Weather>) async throws(CourierError) -> Int {
    try await provider.request(.forecast(city: city), as: Forecast.self).celsius
}

final class StubbingAndTestingArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        // "Testing with CourierTesting" is run by CourierTestingTests, which has the fixtures it reads.
        try DocumentExamples.assertRun(
            in: "Sources/Courier/Courier.docc/StubbingAndTesting.md", section: "## Overview", by: #filePath)
    }

    func test_stubClosures_answerSampleDataOrSendForReal() async throws {
        let instant = Provider<Weather>(stubClosure: Provider.immediatelyStub)
        let slow = Provider<Weather>(stubClosure: Provider.delayedStub(1.5))
        let mixed = Provider<Weather>(stubClosure: { target in
            target == .radar ? .never : .immediate
        })

        let forecast = try await instant.request(.forecast(city: "Oslo"), as: Forecast.self)
        XCTAssertEqual(forecast.celsius, 1)
        XCTAssertEqual(slow.stubClosure(.radar), .delayed(seconds: 1.5))
        XCTAssertEqual(mixed.stubClosure(.radar), .never)
        XCTAssertEqual(mixed.stubClosure(.forecast(city: "Oslo")), .immediate)
    }

    func test_stubbedStatusOutsideValidation_failsWithStatusCodeNotWrapped() async {
        let caught = Locked<Int?>(nil)
        let failing = Provider<Weather>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://weather.example.com/forecast",
                    sampleResponseClosure: { .networkResponse(503, Data(#"{"error": "maintenance"}"#.utf8)) },
                    method: target.method,
                    task: target.task,
                    httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)

        do {
            _ = try await failing.request(.forecast(city: "Oslo"))
        } catch {
            if case .statusCode(let response) = error {
                print(response.statusCode)  // 503: Weather accepts 2xx only
                caught.withLock { $0 = response.statusCode }
            }
        }
        XCTAssertEqual(caught.value, 503)
    }

    func test_networkErrorSample_failsWithUnderlyingAndNoResponse() async {
        let offline = Provider<Weather>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://weather.example.com/radar",
                    sampleResponseClosure: { .networkError(URLError(.notConnectedToInternet)) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)
        do {
            _ = try await offline.request(.radar)
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let underlying as URLError, nil) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(underlying.code, .notConnectedToInternet)
        }
    }

    func test_courierTesting_stubsAndRecorder() async throws {
        let recorder = RequestRecorder()
        let stubs = Stubs<Weather>()
        let provider = Provider(stubs: stubs, plugins: [recorder])

        stubs.on(.forecast(city: "Oslo"), .json(#"{"city": "Oslo", "celsius": -3}"#))
        stubs.on(.radar, .offline)

        let oslo = try await provider.request(.forecast(city: "Oslo"), as: Forecast.self)
        try recorder.single()
            .expect(method: .get)
            .expect(path: "/forecast")
            .expect(query: ["city": "Oslo"])
        XCTAssertEqual(oslo.celsius, -3)
        do {
            _ = try await provider.request(.radar)
            XCTFail("radar is offline")
        } catch {
            XCTAssertEqual((error.underlyingError as? URLError)?.code, .notConnectedToInternet)
        }
    }

    func test_providerTypeFake_answersTheCode() async throws {
        let bergen = try await celsius(in: "Bergen", provider: FakeWeather())
        XCTAssertEqual(bergen, 7)
    }
}
