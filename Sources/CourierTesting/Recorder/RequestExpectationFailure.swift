/// A recorded request is not what a test expected; the message says what was expected, what
/// was sent, and where the expectation is in the test.
///
/// XCTest and Swift Testing both report a thrown error with its description, so a test that
/// calls the throwing `expect` methods fails with this message.
public struct RequestExpectationFailure: Error, CustomStringConvertible, Sendable, Hashable {
    /// What was expected and what was found.
    public let message: String
    /// The file of the expectation, as `#fileID` gives it.
    public let fileID: String
    /// The line of the expectation.
    public let line: Int

    /// Creates the failure.
    /// - Parameters:
    ///   - message: What was expected and what was found.
    ///   - fileID: The file of the expectation.
    ///   - line: The line of the expectation.
    public init(_ message: String, fileID: String, line: Int) {
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// `AppTests/UserTests.swift:42: Expected method POST, but the request was GET https://…`.
    public var description: String { "\(fileID):\(line): \(message)" }
}
