import XCTest

/// A test case with a fresh cache folder path for each test (not created: the cache creates it),
/// removed afterwards.
class CacheFolderTestCase: XCTestCase {
    /// Where the test's cache lives.
    private(set) var folder = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }
}
