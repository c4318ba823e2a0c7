import XCTest

@testable import Courier

/// One tier's index: a new version of a stored entry takes its place, and the limits still hold.
final class CacheIndexTests: XCTestCase {
    private let first = CacheEntryID(primary: 1, variant: 1)
    private let sibling = CacheEntryID(primary: 1, variant: 2)
    private let other = CacheEntryID(primary: 2, variant: 1)

    /// An index of 100 bytes and 3 entries, filled in this order.
    private func index(_ entries: [(String, CacheEntryID, Int)]) -> CacheIndex<String> {
        var index = CacheIndex<String>(limits: .init(bytes: 100, count: 3))
        for (value, id, cost) in entries { _ = index.insert(value, id: id, cost: cost) }
        return index
    }

    func test_replacingAnEntry_keepsOneEntry_countsTheNewCost_andMarksItJustUsed() {
        // Given
        var index = index([("v1", first, 30), ("sibling", sibling, 10), ("other", other, 20)])

        // When
        let evicted = index.insert("v2", id: first, cost: 50)

        // Then
        XCTAssertEqual(evicted, [])
        XCTAssertEqual(index.count, 3)
        XCTAssertEqual(index.totalCost, 80)
        XCTAssertEqual(index.peek(first), "v2")
        XCTAssertEqual(index.ids(primary: 1), [first, sibling])
        XCTAssertEqual(index.idsOldestFirst, [sibling, other, first])
    }

    func test_replacingWithALargerCost_evictsTheOldestOthers_andAnEntryThatCanNeverFitLeaves() {
        // Given
        var index = index([("other", other, 40), ("sibling", sibling, 20), ("v1", first, 30)])

        // When
        let evicted = index.insert("v2", id: first, cost: 70)
        let refused = index.insert("huge", id: first, cost: 101)

        // Then
        XCTAssertEqual(evicted, [other])
        XCTAssertEqual(refused, [first])
        XCTAssertNil(index.peek(first))
        XCTAssertEqual(index.totalCost, 20)
        XCTAssertEqual(index.ids(primary: 1), [sibling])
        XCTAssertEqual(index.ids(primary: 2), [])
    }
}
