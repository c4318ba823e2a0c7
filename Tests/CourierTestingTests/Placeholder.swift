import Foundation
import Testing
import XCTest

final class ProbeTests: XCTestCase {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom description" } }
    func test_probe() throws {
        print("A", Bundle.module.url(forResource: "zen", withExtension: "json", subdirectory: "Fixtures") as Any)
        print(
            "B", Bundle.module.url(forResource: "octocat", withExtension: "json", subdirectory: "Fixtures/users") as Any
        )
        print(
            "C", Bundle.module.url(forResource: "users/octocat", withExtension: "json", subdirectory: "Fixtures") as Any
        )
        print("D", Bundle.module.url(forResource: "nope", withExtension: "json", subdirectory: "Fixtures") as Any)
        print("E", Bundle.module.resourceURL as Any, Bundle.module.bundlePath)
        throw Boom()
    }
}

@Test func probeST() throws {
    throw ProbeTests.Boom()
}
