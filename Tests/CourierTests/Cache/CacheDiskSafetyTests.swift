import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the cache folder can go through: files only the user reads, corrupt and foreign files,
/// someone else's folder, a folder that is a file, unreadable or full. None of it crashes, none of
/// it serves a wrong or torn answer, and the app still gets its answers from the network or memory.
final class CacheDiskSafetyTests: CacheFolderTestCase {
    private func storeOne(_ path: String = "/a", body: String = "stored", files: CacheFileSystem = .posix)
        -> CacheDriver
    {
        let driver = CacheDriver(configuration: .init(directory: folder), fileSystem: files)
        driver.serve(path, ["Cache-Control": "max-age=600"], body: body)
        driver.fetch(path)
        return driver
    }

    private func entryFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != DiskCacheTier.markerName }
            .map { folder.appendingPathComponent($0) }
    }

    private func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func test_folderAndFiles_areReadableByTheUserOnly() throws {
        // When
        _ = storeOne()

        // Then
        XCTAssertEqual(try permissions(folder), 0o700)
        let files = try entryFiles()
        XCTAssertEqual(files.count, 1)
        for file in files { XCTAssertEqual(try permissions(file), 0o600) }
    }

    func test_corruptEntry_isRemoved_neverServed() throws {
        // Given: one byte of the stored body flipped
        _ = storeOne()
        let file = try XCTUnwrap(try entryFiles().first)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: file)

        // When
        let answer = CacheDriver(configuration: .init(directory: folder)).fetch("/a")

        // Then
        XCTAssertEqual(answer.source, .network)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path) && (try? Data(contentsOf: file)) == bytes)
    }

    func test_tornEntry_isRemovedWhenTheFolderOpens() throws {
        // Given: a file cut short, as a crash on a file system without atomic renames leaves it
        _ = storeOne(body: String(repeating: "z", count: 10_000))
        let file = try XCTUnwrap(try entryFiles().first)
        try Data(try Data(contentsOf: file).prefix(5_000)).write(to: file)

        // When
        let reopened = CacheDriver(configuration: .init(directory: folder))

        // Then
        XCTAssertEqual(reopened.cache.entryCounts.disk, 0)
        XCTAssertEqual(try entryFiles(), [])
        XCTAssertEqual(reopened.fetch("/a").source, .network)
    }

    func test_foreignFilesAndLeftoverTemporaries_areRemoved_theMarkerKept() throws {
        // Given
        _ = storeOne()
        let foreign = ["notes.txt", ".tmp-1234", "0123456789abcdef-0123456789abcdef", "sub"]
        for name in foreign.dropLast() { try Data("junk".utf8).write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)

        // When
        let reopened = CacheDriver(configuration: .init(directory: folder))
        let answer = reopened.fetch("/a")

        // Then
        XCTAssertEqual(answer.source, .cache(.fresh))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(Set(names).intersection(foreign), [])
        XCTAssertTrue(names.contains(DiskCacheTier.markerName))
    }

    func test_validEntryUnderAnotherEntrysName_isRemoved() throws {
        // Given: the file of /a copied to the name of /b's entry
        let driver = storeOne("/a", body: "a")
        driver.serve("/b", ["Cache-Control": "max-age=600"], body: "b")
        driver.fetch("/b")
        let files = try entryFiles()
        XCTAssertEqual(files.count, 2)
        try FileManager.default.removeItem(at: files[1])
        try FileManager.default.copyItem(at: files[0], to: files[1])

        // When
        let reopened = CacheDriver(configuration: .init(directory: folder))

        // Then
        XCTAssertEqual(reopened.cache.entryCounts.disk, 1)
        XCTAssertEqual(reopened.fetch("/a").text, "a")
    }

    func test_folderOfSomeoneElse_isNeverTouched_andTheCacheRunsFromMemory() throws {
        // Given
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let precious = folder.appendingPathComponent("thesis.tex")
        try Data("years of work".utf8).write(to: precious)

        // When
        let driver = storeOne()

        // Then
        XCTAssertFalse(driver.cache.usesDisk)
        XCTAssertEqual(driver.fetch("/a").source, .cache(.fresh))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["thesis.tex"])
    }

    func test_folderThatIsAFile_degradesToMemory() throws {
        // Given
        try Data("a file".utf8).write(to: folder)

        // When
        let driver = storeOne()

        // Then
        XCTAssertFalse(driver.cache.usesDisk)
        XCTAssertEqual(driver.fetch("/a").source, .cache(.fresh))
        XCTAssertEqual(try Data(contentsOf: folder), Data("a file".utf8))
    }

    func test_unreadableFolder_degradesToMemory() throws {
        // Given: listing fails (root reads any folder, so the failure is injected)
        var files = CacheFileSystem.posix
        files.list = { _ in throw CacheFileError(EACCES) }

        // When
        let driver = storeOne(files: files)

        // Then
        XCTAssertFalse(driver.cache.usesDisk)
        XCTAssertEqual(driver.fetch("/a").source, .cache(.fresh))
    }

    func test_unreadableFolder_forAUserWhoCannotRead_degradesToMemory() throws {
        try XCTSkipIf(geteuid() == 0, "root reads every folder; the injected failure above covers it")
        // Given
        _ = storeOne()
        XCTAssertEqual(chmod(folder.path, 0), 0)
        defer { chmod(folder.path, 0o700) }

        // When
        let reopened = CacheDriver(configuration: .init(directory: folder))

        // Then
        XCTAssertEqual(reopened.fetch("/a").source, .network)
    }

    func test_fullDisk_answersStillArrive_fromMemory_andNoFileIsLeft() throws {
        // Given: every write fails as on a full disk
        var files = CacheFileSystem.posix
        let attempts = Locked(0)
        files.writeAtomically = { parts, url in
            guard url.lastPathComponent != DiskCacheTier.markerName else {
                return try CacheFileSystem.posix.writeAtomically(parts, url)
            }
            attempts.withLock { $0 += 1 }
            throw CacheFileError(ENOSPC)
        }

        // When
        let driver = storeOne(files: files)

        // Then
        XCTAssertEqual(attempts.value, 1)
        XCTAssertEqual(driver.fetch("/a").source, .cache(.fresh))
        XCTAssertEqual(driver.cache.entryCounts.disk, 0)
        XCTAssertEqual(try entryFiles(), [])
    }

    func test_readingAFifoAFolderOrALink_failsAtOnce() throws {
        // Given
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let regular = folder.appendingPathComponent("regular")
        try Data("entry".utf8).write(to: regular)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: regular)

        // When / Then: no wait for a writer, no link followed, nothing but a regular file read
        XCTAssertThrowsError(try POSIXCacheFiles.readFile(fifo, upTo: 100))
        XCTAssertThrowsError(try POSIXCacheFiles.readFile(folder, upTo: 100))
        XCTAssertThrowsError(try POSIXCacheFiles.readFile(link, upTo: 100))
        XCTAssertEqual(try POSIXCacheFiles.readFile(regular, upTo: 100).bytes, Data("entry".utf8))
    }

    func test_failedAtomicWrite_removesItsTemporaryFile_andLeavesTheOldFile() throws {
        // Given: the target is a folder, so the final rename fails
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("target"), withIntermediateDirectories: true)

        // When
        XCTAssertThrowsError(
            try POSIXCacheFiles.writeAtomically([Data("new".utf8)], to: folder.appendingPathComponent("target")))

        // Then
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["target"])
    }

    func test_symbolicLinkInPlaceOfAnEntry_isNeverFollowed() throws {
        // Given
        _ = storeOne()
        let file = try XCTUnwrap(try entryFiles().first)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: file, to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)

        // When
        let reopened = CacheDriver(configuration: .init(directory: folder))

        // Then
        XCTAssertEqual(reopened.fetch("/a").source, .network)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.path))
    }
}
