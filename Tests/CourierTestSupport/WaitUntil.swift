import XCTest

/// Polls `condition` every millisecond until it holds; fails the test after 10 s rather than
/// hanging the run until its time limit.
public func waitUntil(
    file: StaticString = #filePath, line: UInt = #line, _ condition: @Sendable () async -> Bool
) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            return XCTFail("the condition never held", file: file, line: line)
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}
