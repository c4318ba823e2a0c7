import XCTest

@testable import courier_migrate

/// In Swift 6 mode a plugin class must be `final` to be `Sendable`; most apps never subclass theirs.
final class FinalPluginRewriteTests: XCTestCase {
    func test_pluginClassNothingInherits_becomesFinal() throws {
        // Given
        let source = """
            import Moya
            private class RequestLogPlugin: PluginType {
                func willSend(_ request: RequestType, target: TargetType) { _ = request.request?.url }
            }
            open class BasePlugin: PluginType {}
            class ChainPlugin: PluginType {}
            final class StrictPlugin: PluginType {}
            final class HeaderPlugin: ChainPlugin {}
            enum Plugins {
                class var shared: PluginType { RequestLogPlugin() }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertTrue(
            migration.text.contains("private final class RequestLogPlugin: SynchronousPlugin"), migration.text)
        XCTAssertTrue(migration.text.contains("open class BasePlugin"), migration.text)
        XCTAssertTrue(migration.text.contains("\nclass ChainPlugin"), migration.text)
        XCTAssertTrue(migration.text.contains("\nfinal class StrictPlugin"), migration.text)
        XCTAssertTrue(migration.text.contains("    class var shared"), migration.text)
    }

    func test_pluginClassInheritedInAnotherFile_staysOpenToIt() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(
            "import Moya\nclass BasePlugin: PluginType {}\nclass LonePlugin: PluginType {}\n", to: "Base.swift")
        try folder.write("import Moya\nfinal class AuthPlugin: BasePlugin {}\n", to: "Auth.swift")

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(
            try folder.read("Base.swift"),
            "import Courier\nclass BasePlugin: SynchronousPlugin {}\nfinal class LonePlugin: SynchronousPlugin {}\n")
    }
}
