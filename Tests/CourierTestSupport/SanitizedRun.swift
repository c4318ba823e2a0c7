import Foundation
import XCTest

/// What a test run under a sanitizer leaves out. scripts/test.sh sets `COURIER_SANITIZER` (to
/// `thread`) for its ThreadSanitizer run, after a run without a sanitizer has run every test.
public enum SanitizedRun {
    /// The sanitizer the tests run under, or nil.
    public static var sanitizer: String? { ProcessInfo.processInfo.environment["COURIER_SANITIZER"] }

    /// Skips a suite that sends one path through thousands of inputs (a property test, a matrix of
    /// spellings) when the tests run under a sanitizer: the run without one checked every input,
    /// and the path is raced by the suites that test it, at a fraction of the time.
    public static func skipInputMatrix() throws {
        if let sanitizer {
            throw XCTSkip("an input matrix, run without a sanitizer: not again under \(sanitizer)")
        }
    }
}
