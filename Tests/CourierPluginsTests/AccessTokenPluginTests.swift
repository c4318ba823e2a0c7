import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moya's AccessTokenPluginSpec, ported, plus Courier's rules: the header is set (never
/// appended), a MultiTarget is unwrapped, and an async token source works through `adapt`.
final class AccessTokenPluginTests: XCTestCase {
    private let token = "eyeAm.AJsoN.weBTOKen"

    private func request() -> URLRequest {
        URLRequest(url: URL(string: "http://www.api.com/")!)
    }

    private func prepared(_ target: any TargetType, with plugin: AccessTokenPlugin? = nil) -> URLRequest {
        let token = token
        return (plugin ?? AccessTokenPlugin { _ in token }).prepare(request(), target: target)
    }

    func test_prepare_targetNotAuthorizable_leavesRequestWithoutHeaders() {
        XCTAssertNil(prepared(GitHub.zen).allHTTPHeaderFields)
    }

    func test_prepare_nilAuthorizationType_leavesRequestWithoutHeaders() {
        XCTAssertNil(prepared(SampleTarget(authorizationType: nil)).allHTTPHeaderFields)
    }

    func test_prepare_basic_setsBasicHeader() {
        XCTAssertEqual(
            prepared(SampleTarget(authorizationType: .basic)).allHTTPHeaderFields,
            ["Authorization": "Basic eyeAm.AJsoN.weBTOKen"])
    }

    func test_prepare_bearer_setsBearerHeader() {
        XCTAssertEqual(
            prepared(SampleTarget(authorizationType: .bearer)).allHTTPHeaderFields,
            ["Authorization": "Bearer eyeAm.AJsoN.weBTOKen"])
    }

    func test_prepare_custom_replacesOnlyTheScheme() {
        XCTAssertEqual(
            prepared(SampleTarget(authorizationType: .custom("CustomAuthorizationHeader"))).allHTTPHeaderFields,
            ["Authorization": "CustomAuthorizationHeader eyeAm.AJsoN.weBTOKen"])
    }

    func test_authorizationType_value_isTheScheme() {
        XCTAssertEqual(
            [AuthorizationType.basic, .bearer, .custom("Token")].map(\.value), ["Basic", "Bearer", "Token"])
    }

    func test_prepare_existingHeaderInAnyCase_isReplacedNotAppended() {
        // Given
        var request = request()
        request.setValue("Bearer stale", forHTTPHeaderField: "authorization")
        let plugin = AccessTokenPlugin { _ in "fresh" }

        // When
        let once = plugin.prepare(request, target: SampleTarget(authorizationType: .bearer))
        let twice = plugin.prepare(once, target: SampleTarget(authorizationType: .bearer))

        // Then
        XCTAssertEqual(twice.allHTTPHeaderFields?.count, 1)
        XCTAssertEqual(twice.value(forHTTPHeaderField: "Authorization"), "Bearer fresh")
    }

    func test_prepare_fieldNamedInLowercase_isReplaced_andOtherFieldsKept() {
        // Given: a field set as written (setValue would store the name capitalised on Linux)
        var request = request()
        request.allHTTPHeaderFields = ["authorization": "Bearer stale", "Accept": "application/json"]
        let plugin = AccessTokenPlugin { _ in "fresh" }

        // When
        let prepared = plugin.prepare(request, target: SampleTarget(authorizationType: .bearer))

        // Then
        XCTAssertEqual(
            prepared.allHTTPHeaderFields, ["Authorization": "Bearer fresh", "Accept": "application/json"])
    }

    func test_prepare_customSchemeWithLineBreak_sendsNoAuthorization() {
        // Given
        let plugin = AccessTokenPlugin { _ in "token" }

        // When
        let prepared = plugin.prepare(
            request(), target: SampleTarget(authorizationType: .custom("Token\r\nX-Injected: 1")))

        // Then
        XCTAssertNil(prepared.value(forHTTPHeaderField: "Authorization"))
        XCTAssertNil(prepared.value(forHTTPHeaderField: "X-Injected"))
    }

    func test_prepare_multiTarget_closureGetsTheWrappedTarget() {
        // Given
        let seen = Locked<[String]>([])
        let plugin = AccessTokenPlugin { target in
            seen.append(String(describing: type(of: target)))
            return "t"
        }

        // When
        let request = plugin.prepare(request(), target: MultiTarget(SampleTarget(authorizationType: .bearer)))

        // Then
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer t")
        XCTAssertEqual(seen.value, ["SampleTarget"])
    }

    func test_prepare_notAuthorizable_doesNotCallTheClosure() {
        // Given
        let calls = Locked(0)
        let plugin = AccessTokenPlugin { _ in
            calls.withLock { $0 += 1 }
            return "t"
        }

        // When
        _ = plugin.prepare(request(), target: GitHub.zen)
        _ = plugin.prepare(request(), target: SampleTarget(authorizationType: nil))

        // Then
        XCTAssertEqual(calls.value, 0)
    }

    func test_multiTarget_forwardsTheWrappedAuthorizationType() {
        XCTAssertEqual(MultiTarget(SampleTarget(authorizationType: .custom("X"))).authorizationType, .custom("X"))
        XCTAssertEqual(MultiTarget(MultiTarget(SampleTarget(authorizationType: .basic))).authorizationType, .basic)
        XCTAssertNil(MultiTarget(GitHub.zen).authorizationType)
    }

    func test_prepare_tokenWithLineBreak_sendsNoAuthorization() {
        // Given
        var request = request()
        request.setValue("Bearer stale", forHTTPHeaderField: "Authorization")
        let plugin = AccessTokenPlugin { _ in "abc\r\nX-Injected: 1" }

        // When
        let prepared = plugin.prepare(request, target: SampleTarget(authorizationType: .bearer))

        // Then
        XCTAssertNil(prepared.value(forHTTPHeaderField: "Authorization"))
        XCTAssertNil(prepared.value(forHTTPHeaderField: "X-Injected"))
    }

    func test_immediateStub_responseRequestCarriesTheHeader() throws {
        // Given
        let token = UUID().uuidString
        let provider = Provider<SampleTarget>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin { _ in token }])
        let result = Locked<Result<Response, CourierError>?>(nil)

        // When
        provider.request(SampleTarget(authorizationType: .bearer)) { outcome in result.withLock { $0 = outcome } }

        // Then: synchronously, as Moya's integration spec reads it
        let response = try XCTUnwrap(result.value).get()
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "Authorization"), "Bearer \(token)")
    }
}
