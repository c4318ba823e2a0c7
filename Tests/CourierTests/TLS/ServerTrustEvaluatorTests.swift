import XCTest

@testable import Courier

/// What URLSessionTransport decides about a server on Apple platforms, in the order libcurl
/// decides it: the authorities' file, the chain, then the host's pins. The Security framework's
/// part (evaluating a SecTrust, reading its key) is stood in for by closures.
final class ServerTrustEvaluatorTests: XCTestCase {
    private var key: TLSVectors.Key!
    private var serverKey: [UInt8] = []

    override func setUpWithError() throws {
        key = try XCTUnwrap(TLSVectors.load().keys.first { $0.name == "p256" })
        serverKey = try TLSVectors.bytes(base64: key.spki)
    }

    private func failure(
        _ policy: ServerTrustPolicy, host: String = "api.example",
        evaluation: ServerTrustEvaluator.Evaluation = .trusted, keyKnown: Bool = true
    ) -> TLSError? {
        ServerTrustEvaluator(policy).failure(
            host: host, evaluate: { _ in evaluation }, serverKey: { keyKnown ? self.serverKey : nil })
    }

    func test_pinnedHostPresentingAPinnedKey_isTrusted() {
        // Given
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["API.example.": ["sha256//" + key.pin, "other"]])

        // Then
        XCTAssertNil(failure(policy))
        XCTAssertNil(failure(policy, host: "api.example."))
    }

    func test_pinnedHostPresentingAnotherKey_isRefusedNamingTheKey() {
        // Given
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["api.example": [Data(count: 32).base64EncodedString()]])

        // When
        let error = failure(policy)

        // Then
        XCTAssertEqual(error?.reason, .pinnedKeyMismatch)
        XCTAssertEqual(error?.host, "api.example")
        XCTAssertEqual(error?.detail, "the server's key is sha256//" + key.pin)
        XCTAssertEqual(error?.urlErrorCode, .serverCertificateUntrusted)
    }

    func test_keyOfAKindThatCannotBeRebuilt_matchesNoPin() {
        // Given
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["*": [key.pin]])

        // Then
        XCTAssertEqual(failure(policy, keyKnown: false)?.reason, .pinnedKeyMismatch)
    }

    func test_unpinnedHost_needsOnlyATrustedChain() {
        // Given
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["api.example": ["other"]])

        // Then
        XCTAssertNil(failure(policy, host: "cdn.example", keyKnown: false))
    }

    func test_untrustedChain_isRefusedEvenWhenThePinMatches() {
        // Given
        let policy = ServerTrustPolicy(pinnedPublicKeys: ["api.example": [key.pin]])
        let refusals: [(Int, TLSError.Reason)] = [
            (-67843, .untrustedCertificate),  // errSecNotTrusted
            (-25318, .untrustedCertificate),  // errSecCreateChainFailed
            (-67818, .certificateExpired),  // errSecCertificateExpired
            (-67819, .certificateExpired),  // errSecCertificateNotValidYet
            (-67602, .hostNameMismatch),  // errSecHostNameMismatch
        ]

        for (status, reason) in refusals {
            // When
            let error = failure(policy, evaluation: .refused(status: status, detail: "“api.example” certificate…"))

            // Then
            XCTAssertEqual(error?.reason, reason, "\(status)")
            XCTAssertEqual(error?.detail, "“api.example” certificate…")
        }
    }

    /// The authorities `policy` hands to the evaluation of a chain, and whether it evaluated one.
    private func anchorsHanded(by policy: ServerTrustPolicy) -> (anchors: [Data]?, evaluated: Bool, TLSError?) {
        var handed: (anchors: [Data]?, evaluated: Bool) = (nil, false)
        let error = ServerTrustEvaluator(policy).failure(
            host: "api.example",
            evaluate: { anchors in
                handed = (anchors, true)
                return .trusted
            }, serverKey: { nil })
        return (handed.anchors, handed.evaluated, error)
    }

    func test_authoritiesOfThePolicy_areHandedToTheEvaluation() throws {
        // Given
        let pem = try TLSVectors.load().pem
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-anchors-\(UUID()).pem")
        try Data(TLSVectors.bytes(base64: pem.bundle)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // When
        let (anchors, evaluated, error) = anchorsHanded(by: ServerTrustPolicy(trustedCertificates: file))

        // Then
        XCTAssertNil(error)
        XCTAssertTrue(evaluated)
        XCTAssertEqual(anchors, try pem.der.map { Data(try TLSVectors.bytes(base64: $0)) })
    }

    func test_systemAuthorities_areNotReplaced() {
        // When
        let (anchors, evaluated, error) = anchorsHanded(by: ServerTrustPolicy(pinnedPublicKeys: ["*": ["A"]]))

        // Then
        XCTAssertTrue(evaluated)
        XCTAssertNil(anchors)
        XCTAssertEqual(error?.reason, .pinnedKeyMismatch)
    }

    func test_unreadableAuthorities_refuseEveryConnectionBeforeEvaluating() {
        // Given
        let policy = ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: "/nonexistent/ca.pem"))

        // When
        let (_, evaluated, error) = anchorsHanded(by: policy)

        // Then
        XCTAssertEqual(error?.reason, .trustedCertificatesUnreadable)
        XCTAssertTrue(error?.detail.hasPrefix("/nonexistent/ca.pem") ?? false, "\(String(describing: error))")
        XCTAssertFalse(evaluated)
        let pinned = ServerTrustPolicy(pinnedPublicKeys: ["*": [key.pin]])
        XCTAssertEqual(failure(pinned, evaluation: .anchorsUnusable("not DER"))?.reason, .trustedCertificatesUnreadable)
    }

    func test_forSession_decidesByPlatform() {
        // Given
        let pinned = ServerTrustPolicy(pinnedPublicKeys: ["api.example": ["A"]])

        // Then
        XCTAssertNil(try ServerTrustEvaluator.forSession(.system).get())
        #if canImport(Security)
            XCTAssertNotNil(try ServerTrustEvaluator.forSession(pinned).get())
        #else
            XCTAssertThrowsError(try ServerTrustEvaluator.forSession(pinned).get()) { error in
                XCTAssertEqual(
                    error as? ServerTrustPolicyUnsupportedError, ServerTrustPolicyUnsupportedError(policy: pinned))
            }
        #endif
    }
}
