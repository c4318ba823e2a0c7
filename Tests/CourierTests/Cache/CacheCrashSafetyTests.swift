import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process killed while it writes entries leaves no entry that the next process serves torn.
///
/// The parent runs this test binary again as a child that stores large entries in a loop (or stops
/// in the middle of one write), kills it with `SIGKILL`, and opens the folder: every entry served
/// must be whole, and nothing half-written may remain.
final class CacheCrashSafetyTests: CacheFolderTestCase {
    private static let child = "CourierTests.CacheCrashSafetyTests/test_child_storesEntriesUntilKilled"
    private static let folderVariable = "COURIER_CACHE_CRASH_FOLDER"
    private static let modeVariable = "COURIER_CACHE_CRASH_MODE"
    private static let keys = 20

    func test_processKilledAtRandomMomentsWhileWriting_neverLeavesATornEntry() throws {
        // Given
        var generator = SeededGenerator(seed: 2023)

        // When: three children, each killed a random few milliseconds into its writes
        for _ in 0..<3 {
            try runChild(folder: folder, mode: "loop", killAfter: .random(in: 0...0.05, using: &generator))
        }

        // Then
        let served = try checkEveryEntryIsWhole(in: folder)
        XCTAssertGreaterThan(served, 0)
    }

    func test_processKilledInTheMiddleOfAWrite_leavesTheEarlierEntries_andNoPartialFile() throws {
        // Given

        // When: the child writes three entries, then half of the fourth, and is killed there
        try runChild(folder: folder, mode: "halfway", killAfter: 0)

        // Then
        XCTAssertEqual(try checkEveryEntryIsWhole(in: folder), 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(names.contains { $0.hasPrefix(POSIXCacheFiles.temporaryPrefix) })
    }

    func test_child_storesEntriesUntilKilled() throws {
        try XCTSkipUnless(ChildTestProcess.isChild(Self.child), "runs only as the child of the tests above")
        let environment = ProcessInfo.processInfo.environment
        let folder = URL(fileURLWithPath: environment[Self.folderVariable] ?? "/nonexistent")
        let halfway = environment[Self.modeVariable] == "halfway"
        var files = CacheFileSystem.posix
        let written = Locked(0)
        files.writeAtomically = { parts, url in
            let count = written.withLock { count -> Int in
                count += 1
                return count
            }
            // In "halfway" mode the fifth write (the marker, then three entries, then this one) stops
            // after half of its bytes, as a process killed mid-write would.
            if halfway && count == 5 {
                let temporary = url.deletingLastPathComponent().appendingPathComponent(
                    POSIXCacheFiles.temporaryPrefix + "x")
                try Data(parts.reduce(Data(), +).prefix(100_000)).write(to: temporary)
                Self.signalReady(folder)
                while true { sleep(60) }
            }
            try CacheFileSystem.posix.writeAtomically(parts, url)
        }
        let cache = HTTPCache(
            configuration: .init(directory: folder, diskCapacity: 1 << 30, maximumEntrySize: 1 << 22), fileSystem: files
        )
        for index in 0... {
            let fill = UInt8(index % 251)
            let size = 300_000 + index % 1000
            var request = URLRequest(url: URL(string: "https://api.example.com/item/\(index % Self.keys)")!)
            request.httpMethod = "GET"
            cache.store(
                statusCode: 200,
                headerFields: ["Cache-Control": "max-age=86400", "X-Fill": "\(fill)", "X-Size": "\(size)"],
                body: Data(repeating: fill, count: size), for: request, policy: .httpSemantics)
            if index == 2 && !halfway { Self.signalReady(folder) }
        }
    }

    // MARK: - Helpers

    private static func signalReady(_ folder: URL) {
        _ = FileManager.default.createFile(atPath: folder.path + ".ready", contents: Data())
    }

    /// Starts the child on `folder`, waits until it has written, waits `killAfter` seconds more,
    /// and kills it.
    private func runChild(folder: URL, mode: String, killAfter: TimeInterval) throws {
        #if !os(Linux)
            throw XCTSkip("runs the test binary directly, which only Linux's test bundles allow")
        #endif
        let ready = folder.path + ".ready"
        try? FileManager.default.removeItem(atPath: ready)
        defer { try? FileManager.default.removeItem(atPath: ready) }
        var environment = ProcessInfo.processInfo.environment
        environment["COURIER_CHILD_TEST"] = Self.child
        environment[Self.folderVariable] = folder.path
        environment[Self.modeVariable] = mode
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        process.arguments = [Self.child]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: ready) && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        XCTAssertTrue(process.isRunning, "the child ended before it was killed")
        usleep(useconds_t(killAfter * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    }

    /// Opens `folder` as a new cache, checks that every entry it serves is whole, and returns how
    /// many it served.
    private func checkEveryEntryIsWhole(in folder: URL) throws -> Int {
        let cache = HTTPCache(configuration: .init(directory: folder, diskCapacity: 1 << 30, maximumEntrySize: 1 << 22))
        var served = 0
        for index in 0..<Self.keys {
            let request = URLRequest(url: URL(string: "https://api.example.com/item/\(index)")!)
            guard case .answer(let answer) = cache.lookup(for: request, policy: .returnCacheElseLoad) else { continue }
            let fill = try XCTUnwrap(answer.headerFields["X-Fill"].flatMap { UInt8($0) })
            let size = try XCTUnwrap(answer.headerFields["X-Size"].flatMap { Int($0) })
            XCTAssertEqual(answer.body.count, size, "entry \(index)")
            XCTAssertTrue(answer.body.allSatisfy { $0 == fill }, "entry \(index)")
            served += 1
        }
        return served
    }
}
