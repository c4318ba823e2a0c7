import CourierTestSupport
import CourierTesting
import Dispatch
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache's lookup in memory alone (``HTTPCache/lookupInMemory(for:policy:)``), which a request
/// makes on the caller's thread: it leaves to the full lookup what only a file can answer, and
/// never waits for the storage's lock.
final class CacheMemoryLookupTests: XCTestCase {
    private static let itemURL = URL(string: "https://api.example.com/item")!

    func test_memoryLookup_doesNotWaitWhileAnotherThreadReadsTheFolder() throws {
        // Given: a folder whose listing, once armed, holds until released (or 5 s pass)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memory-answer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (armed, gaveUp) = (Locked(false), Locked(false))
        let (listing, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        var files = CacheFileSystem.posix
        files.list = { folder in
            // Only the first listing after arming holds.
            let holds = armed.withLock { armed -> Bool in
                defer { armed = false }
                return armed
            }
            if holds {
                listing.signal()
                if release.wait(timeout: .now() + 5) == .timedOut { gaveUp.withLock { $0 = true } }
            }
            return try CacheFileSystem.posix.list(folder)
        }
        let cache = HTTPCache(configuration: .init(directory: folder), fileSystem: files)
        armed.withLock { $0 = true }
        let request = URLRequest(url: Self.itemURL)
        let fullLookupEnded = expectation(description: "the lookup that reads the folder ended")
        DispatchQueue.global().async {
            _ = cache.lookup(for: request, policy: .httpSemantics)
            fullLookupEnded.fulfill()
        }
        XCTAssertEqual(listing.wait(timeout: .now() + 5), .success)

        // When: asked while the other thread holds the lock to read the folder
        let fromMemory = cache.lookupInMemory(for: request, policy: .httpSemantics)
        release.signal()
        wait(for: [fullLookupEnded], timeout: 10)

        // Then: it answered before the listing was released, leaving the lookup to the full one
        XCTAssertNil(fromMemory)
        XCTAssertFalse(gaveUp.value)
    }

    func test_memoryLookup_leavesAnEntryOnlyOnDiskToTheFullLookup() throws {
        // Given: an answer stored on disk by one cache, and a new cache on the same folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memory-answer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertTrue(
            HTTPCache(configuration: .init(directory: folder)).script(
                Self.itemURL, body: Data("stored".utf8), headers: ["Cache-Control": "max-age=600"]))
        let cache = HTTPCache(configuration: .init(directory: folder))
        let request = URLRequest(url: Self.itemURL)

        // When
        let fromMemory = cache.lookupInMemory(for: request, policy: .httpSemantics)
        let full = cache.lookup(for: request, policy: .httpSemantics)
        let fromMemoryAfterwards = cache.lookupInMemory(for: request, policy: .httpSemantics)

        // Then
        XCTAssertNil(fromMemory)
        guard case .answer(let cached) = full else { return XCTFail("expected the stored answer, got \(full)") }
        XCTAssertEqual(String(decoding: cached.body, as: UTF8.self), "stored")
        guard case .answer? = fromMemoryAfterwards?.lookup else {
            return XCTFail("the full lookup keeps the entry in memory, got \(String(describing: fromMemoryAfterwards))")
        }
    }
}
