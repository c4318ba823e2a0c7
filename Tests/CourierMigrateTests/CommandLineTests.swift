import XCTest

final class CommandLineTests: XCTestCase {
    private let moyaFile = "import Moya\nlet provider = MoyaProvider<API>()\nlet t: Task = .requestPlain\n"

    func test_folder_isMigratedRecursively_skippingBuildAndDependencyFolders() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(moyaFile, to: "App/Network/API.swift")
        try folder.write(moyaFile, to: "App/README.md")
        for skipped in [".build", "Pods", "Carthage", "DerivedData", ".git"] {
            try folder.write(moyaFile, to: "\(skipped)/Vendored.swift")
        }

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.lines, ["courier-migrate: 1 files, 3 rewrites, 0 places need a hand"])
        XCTAssertEqual(
            try folder.read("App/Network/API.swift"),
            "import Courier\nlet provider = Provider<API>()\nlet t: HTTPTask = .requestPlain\n")
        XCTAssertEqual(try folder.read("App/README.md"), moyaFile)
        XCTAssertEqual(try folder.read("Pods/Vendored.swift"), moyaFile)
    }

    func test_dryRun_writesNothing_andSaysWhatWouldChange() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(moyaFile, to: "API.swift")

        // When
        let run = try Command.migrate(["--dry-run", "API.swift"], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(
            run.lines,
            [
                "API.swift: 3 rewrites (dry run: not written)",
                "courier-migrate: 1 files, 3 rewrites, 0 places need a hand",
            ])
        XCTAssertEqual(try folder.read("API.swift"), moyaFile)
    }

    func test_placesThatNeedAHand_areListedAsFileAndLine_andDoNotFailTheRun() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write("import RxMoya\n\nfunc load() {\n    provider.rx.request(.zen)\n}\n", to: "Rx.swift")

        // When
        let run = try Command.migrate(["Rx.swift"], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.lines.count, 2)
        XCTAssertTrue(
            run.lines[0].hasPrefix("Rx.swift:4: RxMoya's `rx` and `rx.request` have no counterpart"), run.lines[0])
        XCTAssertEqual(run.lines[1], "courier-migrate: 1 files, 1 rewrites, 1 places need a hand")
    }

    func test_noteLines_pointIntoTheFileAsItIsAfterTheRun() throws {
        // Given: a plugin adds `import CourierPlugins`, which moves the Rx call down a line
        let folder = try TemporaryFolder()
        let source =
            "import Moya\nfunc plugins() -> [PluginType] { [NetworkLoggerPlugin()] }\n"
            + "func load() { provider.rx.request(.zen) }\n"
        try folder.write(source, to: "A.swift")
        try folder.write(source, to: "B.swift")

        // When
        let dryRun = try Command.migrate(["--dry-run", "A.swift"], in: folder.url)
        let run = try Command.migrate(["B.swift"], in: folder.url)

        // Then
        XCTAssertTrue(dryRun.lines[0].hasPrefix("A.swift:3: RxMoya's"), dryRun.lines[0])
        XCTAssertTrue(run.lines[0].hasPrefix("B.swift:4: RxMoya's"), run.lines[0])
        XCTAssertEqual(
            try folder.read("B.swift").split(separator: "\n")[3], "func load() { provider.rx.request(.zen) }")
    }

    func test_fileItCannotRead_isLeftByteForByte_andNamed() throws {
        // Given
        let folder = try TemporaryFolder()
        let broken = "import Moya\r\nlet provider = MoyaProvider<API>()\r\nlet s = \"\"\"\r\n never closed\r\n"
        try folder.write(broken, to: "Broken.swift")
        try Data([0x69, 0x6D, 0xFF, 0xFE]).write(to: folder.url.appendingPathComponent("Binary.swift"))

        // When
        let run = try Command.migrate(["."], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(
            run.lines,
            [
                "./Binary.swift:1: left as it is: the file is not valid UTF-8",
                "./Broken.swift:3: left as it is: unterminated string literal; fix it and run courier-migrate again",
                "courier-migrate: 2 files, 0 rewrites, 2 places need a hand",
            ])
        XCTAssertEqual(try Data(contentsOf: folder.url.appendingPathComponent("Broken.swift")), Data(broken.utf8))
    }

    func test_ioErrors_exitWithOne_afterMigratingTheRest() throws {
        // Given
        let folder = try TemporaryFolder()
        try folder.write(moyaFile, to: "API.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("Dangling.swift").path, withDestinationPath: "missing.swift")

        // When
        let run = try Command.migrate(["Nowhere", ".", "Dangling.swift"], in: folder.url)

        // Then
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.lines.last, "courier-migrate: 1 files, 3 rewrites, 0 places need a hand")
        XCTAssertTrue(run.standardError.contains("courier-migrate: Nowhere:"), run.standardError)
        XCTAssertTrue(run.standardError.contains("Dangling.swift"), run.standardError)
        XCTAssertEqual(
            try folder.read("API.swift"),
            "import Courier\nlet provider = Provider<API>()\nlet t: HTTPTask = .requestPlain\n")
    }

    func test_badCommandLine_printsUsage_andExits64() throws {
        // Given
        let folder = try TemporaryFolder()

        // When
        let unknown = try Command.migrate(["--fast", "."], in: folder.url)
        let nothing = try Command.migrate([], in: folder.url)
        let help = try Command.migrate(["--help"], in: folder.url)

        // Then
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.standardError.contains("unknown option --fast"), unknown.standardError)
        XCTAssertEqual(nothing.status, 64)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.hasPrefix("usage: courier-migrate [--dry-run] PATH..."), help.standardOutput)
    }
}
