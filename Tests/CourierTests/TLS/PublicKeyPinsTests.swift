import XCTest

@testable import Courier

/// The pins of a policy, as both transports look them up.
final class PublicKeyPinsTests: XCTestCase {
    func test_lookUp_everySpelling_ownPinsBeforeTheWildcard() {
        // Given
        let pins = PublicKeyPins(["Bücher.Example.": ["A"], "*": ["B"], "empty.example": [], "api.example": ["C"]])

        // Then
        XCTAssertEqual(pins.hashes(for: "xn--bcher-kva.example"), ["A"])
        XCTAssertEqual(pins.hashes(for: "BÜCHER.example"), ["A"])
        XCTAssertEqual(pins.hashes(for: "API.example."), ["C"])
        XCTAssertEqual(pins.hashes(for: "other.example"), ["B"])
        XCTAssertEqual(pins.hashes(for: "empty.example"), ["B"], "a host with no hashes has no pins of its own")
        XCTAssertEqual(pins.hosts, ["*", "api.example", "xn--bcher-kva.example"])
    }

    func test_twoSpellingsOfOneHost_pinBothSetsOfHashes_withoutLibcurlsPrefix() {
        // Given
        let pins = PublicKeyPins(["api.example": ["sha256//A"], "API.EXAMPLE.": ["B"]])

        // Then
        XCTAssertEqual(Set(pins.hashes(for: "api.example") ?? []), ["A", "B"])
    }

    func test_noHashes_pinNothing() {
        // Given
        let pins = PublicKeyPins(["api.example": [], "*": []])

        // Then
        XCTAssertTrue(pins.isEmpty)
        XCTAssertNil(pins.hashes(for: "api.example"))
        XCTAssertTrue(ServerTrustPolicy(pinnedPublicKeys: ["api.example": []]).isSystem)
        XCTAssertFalse(ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: "/ca.pem")).isSystem)
    }
}
