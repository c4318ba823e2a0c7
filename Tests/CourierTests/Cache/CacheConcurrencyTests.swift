import CourierTestSupport
import XCTest

@testable import Courier

/// Many tasks storing, reading, evicting and removing at once, in memory and on disk: no answer is
/// ever another URL's, and ThreadSanitizer sees no race
/// (`swift test --sanitize=thread --scratch-path .build-tsan-cache --filter CacheConcurrencyTests`).
final class CacheConcurrencyTests: CacheFolderTestCase {
    func test_concurrentStoresLookupsAndRemovals_neverMixUpAnswers() async {
        // Given: limits small enough that entries are evicted all the time
        let cache = HTTPCache(
            configuration: .init(memoryEntryLimit: 8, directory: folder, diskCapacity: 40_000, diskEntryLimit: 16))
        let urls = (0..<32).map { URL(string: "https://api.example.com/item/\($0)")! }

        // When
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(worker))
                    var mismatches = 0
                    for _ in 0..<300 {
                        let url = urls.randomElement(using: &generator) ?? urls[0]
                        let request = URLRequest(url: url)
                        switch Int.random(in: 0..<10, using: &generator) {
                        case 0..<4:
                            cache.store(
                                statusCode: 200, headerFields: ["Cache-Control": "max-age=600"],
                                body: Data(url.absoluteString.utf8), for: request, policy: .httpSemantics)
                        case 4..<8:
                            if case .answer(let answer) = cache.lookup(for: request, policy: .httpSemantics),
                                answer.body != Data(url.absoluteString.utf8)
                            {
                                mismatches += 1
                            }
                        case 8:
                            cache.removeResponses(for: url)
                        default:
                            var post = request
                            post.httpMethod = "POST"
                            cache.invalidate(after: post, statusCode: 201, headerFields: [:])
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }

        // Then
        XCTAssertEqual(mismatches, 0)
        let counts = cache.entryCounts
        XCTAssertLessThanOrEqual(counts.memory, 8)
        XCTAssertLessThanOrEqual(counts.disk, 16)
    }
}
