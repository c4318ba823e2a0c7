import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Parameters and `Encodable` bodies nested deeper than `HTTPTask.maximumNestingDepth` fail with
/// a `CourierError`, checked before anything recurses: Foundation's encoders overflow the stack
/// at a few thousand levels.
final class NestingLimitTests: XCTestCase {
    private static let limit = HTTPTask.maximumNestingDepth
    private let plain = URLRequest(url: URL(string: "https://x.io")!)

    /// Nested `Encodable` enum: each level is one value inside a keyed container.
    fileprivate indirect enum Nest: Encodable, Sendable {
        case leaf
        case nest(Nest)

        static func depth(_ levels: Int) -> Nest {
            var value = Nest.leaf
            for _ in 0..<levels { value = .nest(value) }
            return value
        }
    }

    /// `levels` dictionaries, one inside the other, the innermost holding `"leaf": 1`.
    fileprivate static func dictionary(_ levels: Int) -> [String: any Sendable] {
        var value: [String: any Sendable] = ["leaf": 1]
        for _ in 1..<levels { value = ["a": value] }
        return value
    }

    /// `levels` arrays, one inside the other, in a parameter `a`.
    fileprivate static func arrays(_ levels: Int) -> [String: any Sendable] {
        var value: [any Sendable] = [1]
        for _ in 1..<levels { value = [value] }
        return ["a": value]
    }

    private func assertTooDeep(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            var inner: any Error = error
            if let courierError = error as? CourierError, let wrapped = courierError.underlyingError { inner = wrapped }
            guard case .nestingTooDeep(_, let limit) = inner as? ParameterEncodingError else {
                return XCTFail("\(error)", file: file, line: line)
            }
            XCTAssertEqual(limit, Self.limit, file: file, line: line)
        }
    }

    // MARK: - At the limit

    func test_parametersAtTheLimit_encode_oneLevelMoreFails() throws {
        // Given
        let atLimit = Self.dictionary(Self.limit)
        let overLimit = Self.dictionary(Self.limit + 1)

        // Then
        XCTAssertNoThrow(try URLEncoding.default.queryString(from: atLimit))
        XCTAssertNoThrow(try JSONEncoding.default.encode(plain, with: atLimit))
        XCTAssertEqual(RequestParameters(atLimit).count, 1)
        assertTooDeep { _ = try URLEncoding.default.queryString(from: overLimit) }
        assertTooDeep { _ = try JSONEncoding.default.encode(plain, with: overLimit) }
        assertTooDeep { _ = try URLEncoding.default.queryString(from: Self.arrays(Self.limit)) }
        assertTooDeep {
            _ = try self.endpoint(.requestParameters(parameters: overLimit, encoding: URLEncoding.default)).urlRequest()
        }
    }

    func test_encodableBody_pastTheLimit_failsWithEncodableMapping() throws {
        // Given: two encoder levels per enum level (a keyed container, then the nested value)
        let shallow = Nest.depth(Self.limit / 2 - 1)
        let deep = Nest.depth(Self.limit)

        // Then
        XCTAssertNoThrow(try endpoint(.requestJSONEncodable(shallow)).urlRequest())
        XCTAssertThrowsError(try endpoint(.requestJSONEncodable(deep)).urlRequest()) {
            guard case .encodableMapping(let error) = $0 as? CourierError,
                case .nestingTooDeep(let key, _) = error as? ParameterEncodingError
            else { return XCTFail("\($0)") }
            XCTAssertTrue(key.hasPrefix("nest[_0][nest][_0]"), key)
        }
    }

    // MARK: - Task parameters

    func test_parametersDeeperThanTheLimit_failTheRequestNamingTheKey() {
        // Given: an app-built [String: Any] 1,000 levels deep (10,000 in NestingLimitTests)
        var deep: [String: Any] = ["leaf": 1]
        for _ in 0..<1_000 { deep = ["a": deep] }
        let task = HTTPTask.requestParameters(parameters: deep, encoding: JSONEncoding.default)
        let endpoint = Endpoint(
            url: "https://x.io", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post, task: task,
            httpHeaderFields: nil)

        // When / Then
        XCTAssertThrowsError(try endpoint.urlRequest()) {
            guard case .parameterEncoding(let error) = $0 as? CourierError,
                case .nestingTooDeep(let key, let limit) = error as? ParameterEncodingError
            else { return XCTFail("\($0)") }
            XCTAssertEqual(limit, 64)
            XCTAssertEqual(key, "a" + String(repeating: "[a]", count: 63))
            XCTAssertTrue($0.localizedDescription.contains("more than 64 levels"), $0.localizedDescription)
        }
        withExtendedLifetime(deep) {}
    }

    func test_settingAValueNestedTooDeep_failsTheRequestInsteadOfStoringIt() {
        // Given
        var deep: [String: Any] = ["leaf": 1]
        for _ in 0..<100 { deep = ["a": deep] }
        var parameters: RequestParameters = ["q": "x"]

        // When
        parameters["filter"] = deep
        let endpoint = Endpoint(
            url: "https://x.io", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString), httpHeaderFields: nil)

        // Then
        XCTAssertNil(parameters["filter"])
        XCTAssertThrowsError(try endpoint.urlRequest()) {
            guard case .parameterEncoding(let error) = $0 as? CourierError,
                case .nestingTooDeep(let key, _) = error as? ParameterEncodingError
            else { return XCTFail("\($0)") }
            XCTAssertTrue(key.hasPrefix("filter[a][a]"), key)
        }
    }

    // MARK: - 10,000 levels, in a child process

    func test_tenThousandLevels_failCleanlyOnASmallStack() throws {
        // When
        let outcome = try ChildTestProcess.run("CourierTests.NestingLimitTests/test_child_tenThousandLevels")

        // Then
        XCTAssertTrue(outcome.succeeded, outcome.output)
    }

    /// Runs only in the child: every encoder, on a 256 KiB thread and in a Swift task.
    func test_child_tenThousandLevels() async throws {
        try XCTSkipUnless(ChildTestProcess.isChild("CourierTests.NestingLimitTests/test_child_tenThousandLevels"))
        // Given: deep values that are never freed (freeing them recurses too, on this thread)
        let dictionary = Self.dictionary(10_000)
        let arrays = Self.arrays(10_000)
        let nest = Nest.depth(10_000)
        _ = Unmanaged.passRetained(Leaked([dictionary, arrays, nest]))

        // When: on a thread with a small stack
        let failures = Locked<[String]>([])
        let done = expectation(description: "small stack")
        let thread = Thread {
            var anyDictionary: [String: Any] = ["leaf": 1]
            for _ in 0..<10_000 { anyDictionary = ["a": anyDictionary] }
            _ = Unmanaged.passRetained(Leaked([anyDictionary]))
            failures.withLock { $0 = Self.deepFailures(dictionary, arrays, anyDictionary, nest) }
            done.fulfill()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        await fulfillment(of: [done], timeout: 120)

        // And in a task, through a provider
        let provider = Provider<DeepTarget>(stubClosure: Provider.immediatelyStub)
        let fromTask = await Task { await provider.result(DeepTarget(task: .requestJSONEncodable(nest))) }.value

        // Then: every encoder refused the value
        XCTAssertEqual(failures.value, Array(repeating: "nestingTooDeep", count: 6))
        guard case .failure(.encodableMapping) = fromTask else { return XCTFail("\(fromTask)") }
    }

    private static func deepFailures(
        _ dictionary: [String: any Sendable], _ arrays: [String: any Sendable], _ anyDictionary: [String: Any],
        _ nest: Nest
    ) -> [String] {
        let request = URLRequest(url: URL(string: "https://x.io")!)
        let attempts: [() throws -> Void] = [
            { _ = try URLEncoding.default.queryString(from: dictionary) },
            { _ = try URLEncoding.default.queryString(from: arrays) },
            { _ = try JSONEncoding.default.encode(request, with: dictionary) },
            { _ = try JSONEncoding.default.encode(request, with: arrays) },
            {
                _ = try DeepTarget.endpoint(
                    .requestParameters(parameters: anyDictionary, encoding: JSONEncoding.default)
                ).urlRequest()
            },
            { _ = try DeepTarget.endpoint(.requestJSONEncodable(nest)).urlRequest() },
        ]
        return attempts.map { attempt in
            do {
                try attempt()
                return "encoded"
            } catch let error as CourierError {
                if case .nestingTooDeep = error.underlyingError as? ParameterEncodingError { return "nestingTooDeep" }
                return "\(error)"
            } catch {
                if case .nestingTooDeep = error as? ParameterEncodingError { return "nestingTooDeep" }
                return "\(error)"
            }
        }
    }

    private func endpoint(_ task: HTTPTask) -> Endpoint {
        DeepTarget.endpoint(task)
    }
}

private final class Leaked {
    let values: [Any]
    init(_ values: [Any]) { self.values = values }
}

private struct DeepTarget: TargetType {
    var baseURL: URL { URL(string: "https://x.io")! }
    var path: String { "/deep" }
    var method: HTTPMethod { .post }
    var task: HTTPTask

    static func endpoint(_ task: HTTPTask) -> Endpoint {
        Provider<DeepTarget>.defaultEndpointMapping(for: DeepTarget(task: task))
    }
}
