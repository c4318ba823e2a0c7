import CourierTestSupport
import XCTest

@testable import Courier

/// The bounds of the store: entries and bytes in memory and on disk, least recently used first out,
/// and answers too large to keep.
final class CacheStoreLimitTests: CacheFolderTestCase {
    private func fetchAll(_ driver: CacheDriver, _ paths: [String], body: String = "body") {
        for path in paths {
            driver.serve(path, ["Cache-Control": "max-age=600"], body: body)
            driver.fetch(path)
        }
    }

    func test_lruOrder_keepsUseOrder_andForgetsRemovedKeys() {
        // Given
        var order = LRUOrder<String>()
        for key in ["a", "b", "c", "d"] { order.use(key) }

        // When
        order.use("a")
        order.remove("c")
        order.use("d")

        // Then
        XCTAssertEqual(order.keysOldestFirst, ["b", "a", "d"])
        XCTAssertEqual(order.oldest, "b")
        XCTAssertEqual(order.count, 3)
    }

    func test_memory_evictsTheLeastRecentlyUsed_whenFullByCount() {
        // Given
        let driver = CacheDriver(configuration: .init(memoryEntryLimit: 2))
        fetchAll(driver, ["/a", "/b"])
        driver.fetch("/a")

        // When
        fetchAll(driver, ["/c"])

        // Then
        XCTAssertEqual(driver.fetch("/a").source, .cache(.fresh))
        XCTAssertEqual(driver.fetch("/c").source, .cache(.fresh))
        XCTAssertEqual(driver.fetch("/b").source, .network)
    }

    func test_memory_evictsTheLeastRecentlyUsed_whenFullByBytes() {
        // Given: room for two bodies of 1,000 bytes
        let driver = CacheDriver(configuration: .init(memoryCapacity: 2_900))
        let body = String(repeating: "x", count: 1000)
        fetchAll(driver, ["/a", "/b"], body: body)

        // When
        fetchAll(driver, ["/c"], body: body)

        // Then
        XCTAssertEqual(driver.cache.entryCounts.memory, 2)
        XCTAssertEqual(driver.fetch("/a").source, .network)
    }

    func test_contentLengthOfTenGiB_withMaxAge_isAnsweredButNotStored() {
        // Given
        let driver = CacheDriver()
        driver.serve(["Cache-Control": "max-age=600", "Content-Length": "10737418240"], body: "the start of it")

        // When
        let answer = driver.fetch()

        // Then
        XCTAssertEqual(answer.text, "the start of it")
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
        XCTAssertEqual(driver.fetch().source, .network)
    }

    func test_bodyLargerThanTheEntryLimit_isAnsweredButNotStored() {
        // Given
        let driver = CacheDriver(configuration: .init(maximumEntrySize: 10))
        driver.serve(["Cache-Control": "max-age=600"], body: "eleven byte")

        // When
        driver.fetch()

        // Then
        XCTAssertEqual(driver.cache.entryCounts.memory, 0)
    }

    func test_truncatedBody_isNotStored_butADecodedOneIs() {
        // Given
        let driver = CacheDriver()
        driver.serve("/cut", ["Cache-Control": "max-age=600", "Content-Length": "100"], body: "short")
        driver.serve("/gzip", ["Cache-Control": "max-age=600", "Content-Length": "3", "Content-Encoding": "gzip"])

        // When
        driver.fetch("/cut")
        driver.fetch("/gzip")

        // Then
        XCTAssertEqual(driver.fetch("/cut").source, .network)
        XCTAssertEqual(driver.fetch("/gzip").source, .cache(.fresh))
    }

    func test_disk_entriesSurviveANewCache_andAreServedWithTheirBodies() {
        // Given
        let first = CacheDriver(configuration: .init(directory: folder))
        fetchAll(first, ["/a"], body: "from disk")

        // When
        let second = CacheDriver(configuration: .init(directory: folder))
        let answer = second.fetch("/a")

        // Then
        XCTAssertEqual(answer.source, .cache(.fresh))
        XCTAssertEqual(answer.text, "from disk")
        XCTAssertEqual(second.cache.entryCounts.memory, 1)
    }

    func test_disk_evictsTheLeastRecentlyUsed_andRemovesItsFile() throws {
        // Given
        let driver = CacheDriver(configuration: .init(memoryEntryLimit: 1, directory: folder, diskEntryLimit: 2))
        fetchAll(driver, ["/a", "/b"])

        // When
        fetchAll(driver, ["/c"])

        // Then
        XCTAssertEqual(driver.cache.entryCounts.disk, 2)
        XCTAssertEqual(try entryFiles().count, 2)
        XCTAssertEqual(CacheDriver(configuration: .init(directory: folder)).fetch("/a").source, .network)
    }

    func test_disk_byteLimit_keepsWhatFits() throws {
        // Given: room on disk for about two bodies of 1,000 bytes
        let driver = CacheDriver(configuration: .init(directory: folder, diskCapacity: 2_900))
        let body = String(repeating: "y", count: 1000)

        // When
        fetchAll(driver, ["/a", "/b", "/c"], body: body)

        // Then
        XCTAssertEqual(driver.cache.entryCounts.disk, 2)
        XCTAssertEqual(try entryFiles().count, 2)
    }

    func test_credentialedAnswers_stayInMemory_unlessTheAppOptsIn() throws {
        for optIn in [false, true] {
            // Given
            try? FileManager.default.removeItem(at: folder)
            let configuration = HTTPCache.Configuration(directory: folder, storesCredentialedResponsesOnDisk: optIn)
            let driver = CacheDriver(configuration: configuration)
            driver.serve(["Cache-Control": "private, max-age=600"])

            // When
            driver.fetch(headers: ["Authorization": "Bearer token"])

            // Then
            XCTAssertEqual(try entryFiles().count, optIn ? 1 : 0)
            XCTAssertEqual(driver.fetch(headers: ["Authorization": "Bearer token"]).source, .cache(.fresh))
            let contents = try entryFiles().map { try Data(contentsOf: folder.appendingPathComponent($0)) }
            XCTAssertFalse(contents.contains { String(decoding: $0, as: UTF8.self).contains("Bearer token") })
        }
    }

    func test_answerWithHugeFields_staysInMemory_andNeverWritesAnUnreadableFile() throws {
        // Given: 300 KiB of fields, more than an entry file's head may hold
        let driver = CacheDriver(configuration: .init(directory: folder))
        driver.serve(["Cache-Control": "max-age=600", "X-Padding": String(repeating: "p", count: 300 * 1024)])

        // When
        driver.fetch()

        // Then
        XCTAssertEqual(try entryFiles(), [])
        XCTAssertEqual(driver.fetch().source, .cache(.fresh))
    }

    func test_removeAll_removesTheFilesToo() throws {
        // Given
        let driver = CacheDriver(configuration: .init(directory: folder))
        fetchAll(driver, ["/a", "/b"])

        // When
        driver.cache.removeAll()

        // Then
        XCTAssertEqual(try entryFiles(), [])
        XCTAssertEqual(CacheDriver(configuration: .init(directory: folder)).cache.entryCounts.disk, 0)
    }

    /// The entry files in the folder (not the marker).
    private func entryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != DiskCacheTier.markerName }
    }
}
