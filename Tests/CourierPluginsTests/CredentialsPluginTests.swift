import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// CredentialsPlugin: a credential becomes a preemptive HTTP Basic `Authorization` header.
final class CredentialsPluginTests: XCTestCase {
    private let request = URLRequest(url: URL(string: "https://x.test/basic-auth/user/passwd")!)

    func test_prepare_credential_setsBasicHeaderOfUserAndPassword() {
        // Given
        let plugin = CredentialsPlugin { _ in URLCredential(user: "user", password: "passwd", persistence: .none) }

        // When
        let prepared = plugin.prepare(request, target: GitHub.zen)

        // Then: base64("user:passwd")
        XCTAssertEqual(prepared.allHTTPHeaderFields, ["Authorization": "Basic dXNlcjpwYXNzd2Q="])
    }

    func test_prepare_nonASCIICredential_isEncodedAsUTF8() {
        // Given
        let plugin = CredentialsPlugin { _ in URLCredential(user: "zoë", password: "pässwörd", persistence: .none) }

        // When
        let value = plugin.prepare(request, target: GitHub.zen).value(forHTTPHeaderField: "Authorization")

        // Then
        XCTAssertEqual(value, "Basic " + Data("zoë:pässwörd".utf8).base64EncodedString())
    }

    func test_prepare_nilCredential_leavesRequestAlone() {
        // Given
        let called = Locked(false)
        let plugin = CredentialsPlugin { _ in
            called.withLock { $0 = true }
            return nil
        }

        // When
        let prepared = plugin.prepare(request, target: GitHub.zen)

        // Then
        XCTAssertTrue(called.value)
        XCTAssertNil(prepared.allHTTPHeaderFields)
    }

    func test_prepare_existingAuthorization_isReplaced() {
        // Given
        var request = request
        request.setValue("Bearer other", forHTTPHeaderField: "authorization")
        let plugin = CredentialsPlugin { _ in URLCredential(user: "a", password: "b", persistence: .none) }

        // When
        let prepared = plugin.prepare(plugin.prepare(request, target: GitHub.zen), target: GitHub.zen)

        // Then
        XCTAssertEqual(prepared.allHTTPHeaderFields?.count, 1)
        XCTAssertEqual(prepared.value(forHTTPHeaderField: "Authorization"), "Basic YTpi")
    }

    func test_immediateStub_closureIsCalledWithTheTargetBeforeRequestReturns() {
        // Given
        let targets = Locked<[GitHub]>([])
        let plugin = CredentialsPlugin { target in
            if let gitHub = target as? GitHub { targets.append(gitHub) }
            return URLCredential(user: "user", password: "passwd", persistence: .none)
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [plugin])

        // When
        provider.request(.zen) { _ in }

        // Then
        XCTAssertEqual(targets.value, [.zen])
    }
}
