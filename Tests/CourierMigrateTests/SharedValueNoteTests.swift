import XCTest

@testable import courier_migrate

/// Plugins and provider wrappers need not be `Sendable`, so plugin classes keep their modifiers;
/// what Swift 6 mode refuses with Moya as with Courier (such a value, or a provider's closure, in a
/// `static let` or a global; a conformance to an app protocol refining `TargetType` under Xcode 26's
/// settings) gets a note.
final class SharedValueNoteTests: XCTestCase {
    func test_pluginClasses_keepTheirModifiers() {
        // Given
        let source = """
            import Moya
            private class RequestLogPlugin: PluginType {
                var count = 0
                func willSend(_ request: RequestType, target: TargetType) { count += 1 }
            }
            open class BasePlugin: PluginType {}
            final class StrictPlugin: PluginType {}

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            source.replacingOccurrences(of: "import Moya", with: "import Courier")
                .replacingOccurrences(of: ": PluginType", with: ": SynchronousPlugin"))
        XCTAssertEqual(migration.notes, [])
    }

    func test_sharedPluginsWrappersAndClosures_getNotes_unlessSettled() {
        // Given
        let source = """
            import Moya
            final class CountingPlugin: PluginType {}
            class Network<Target: TargetType>: MoyaProvider<Target> {}
            enum Shared {
                static let logger = NetworkLoggerPlugin()
                static let plugins: [PluginType] = [CountingPlugin()]
                static let network = Network<API>()
                static let endpointClosure = { (target: API) -> Endpoint in MoyaProvider.defaultEndpointMapping(for: target) }
                static let provider = MoyaProvider<API>(plugins: [NetworkLoggerPlugin()])
                static var computed: [PluginType] { [CountingPlugin()] }
                static let formatter: DateFormatter = { DateFormatter() }()
                @MainActor static let onMain = CountingPlugin()
                nonisolated(unsafe) static let unchecked = CountingPlugin()
            }
            @MainActor enum Screens {
                static let logger = NetworkLoggerPlugin()
            }
            let activity = NetworkActivityPlugin { _, _ in }
            func make() { let local = NetworkLoggerPlugin() }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.notes.map(\.line), [5, 6, 7, 8, 18])
        XCTAssertTrue(migration.noteLines[3].contains("a closure is not `Sendable`"), migration.noteLines[3])
        XCTAssertTrue(migration.noteLines[0].contains("a `Provider` is `Sendable`"), migration.noteLines[0])
    }

    func test_sharedInstanceOfAClassFromAnotherFile_getsANote() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(
            "import Moya\nfinal class OnlineProvider<Target: TargetType>: MoyaProvider<Target> {}\n",
            to: "OnlineProvider.swift")
        try folder.write(
            "import Moya\nenum Session {\n    static let provider = OnlineProvider<API>()\n}\n", to: "Session.swift")

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.lines[0].hasPrefix("./Session.swift:3: Swift 6 mode refuses"), run.lines[0])
        XCTAssertEqual(run.lines.last, "courier-migrate: 2 files, 3 rewrites, 1 places need a hand")
    }

    func test_conformanceToAnAppProtocolRefiningTargetType_getsANote() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write("import Moya\nprotocol BaseTarget: TargetType {}\n", to: "BaseTarget.swift")
        try folder.write(
            "import Moya\nenum Shop {}\nextension Shop: BaseTarget {}\nenum Cart: @MainActor BaseTarget {}\n",
            to: "Shop.swift")

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.lines.count, 2, run.standardOutput)
        XCTAssertTrue(run.lines[0].hasPrefix("./Shop.swift:3: under Xcode 26's settings"), run.lines[0])
    }

    func test_conformanceToAProtocolRefiningAnAppProtocolThatRefinesTargetType_getsANote() throws {
        // Given: two levels of the app's protocols, in two files, the deeper one declared first
        let folder = try TemporaryFolder()
        try folder.write(
            "import Moya\nprotocol PagedTarget: BaseTarget { var page: Int { get } }\n", to: "PagedTarget.swift")
        try folder.write("import Moya\nprotocol BaseTarget: TargetType {}\n", to: "BaseTarget.swift")
        try folder.write("import Moya\nenum Feed {}\nextension Feed: PagedTarget {}\n", to: "Feed.swift")

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.lines.count, 2, run.standardOutput)
        XCTAssertTrue(run.lines[0].hasPrefix("./Feed.swift:3: under Xcode 26's settings"), run.lines[0])
    }

    func test_conformanceToAnAppProtocolWithATargetAssociatedType_getsANote() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(
            """
            import Moya
            protocol Networkable {
                associatedtype Target: TargetType
                var provider: MoyaProvider<Target> { get }
            }
            protocol Named { associatedtype Name: StringProtocol }

            """, to: "Networkable.swift")
        try folder.write(
            """
            import Moya
            struct Notes: Networkable { let provider = MoyaProvider<NotesAPI>() }
            struct Cart: @MainActor Networkable { let provider = MoyaProvider<CartAPI>() }
            struct Label: Named { let name = "" }

            """, to: "Notes.swift")

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.lines.count, 2, run.standardOutput)
        XCTAssertTrue(run.lines[0].hasPrefix("./Notes.swift:2: under Xcode 26's settings"), run.lines[0])
        XCTAssertTrue(run.lines[0].contains("whose associated type is a `TargetType`"), run.lines[0])
    }
}
