import Courier

/// A fixture file is missing or unreadable; the message names every file that was looked for.
///
/// A stub that answers from a missing fixture fails its request with
/// `CourierError.underlying(FixtureNotFoundError, nil)`, so the test fails with this message
/// instead of crashing.
public struct FixtureNotFoundError: Error, LocalizedError, CustomStringConvertible, Sendable, Hashable {
    /// The target whose fixture was looked for, as `String(describing:)` shows it; `nil` for a
    /// lookup by name.
    public let target: String?
    /// The files looked for, relative to the fixtures folder, in order.
    public let lookedFor: [String]
    /// The bundle or folder searched.
    public let location: String
    /// Why an existing file could not be read; `nil` when no file was found.
    public let reason: String?

    /// Creates the error.
    /// - Parameters:
    ///   - target: The target, if the lookup was for one.
    ///   - lookedFor: The files looked for.
    ///   - location: The bundle or folder searched.
    ///   - reason: Why a file could not be read. `nil` by default.
    public init(target: String?, lookedFor: [String], location: String, reason: String? = nil) {
        self.target = target
        self.lookedFor = lookedFor
        self.location = location
        self.reason = reason
    }

    /// `No fixture for userProfile("octocat"): looked for userProfile.json, users/octocat.json in bundle …`.
    public var description: String {
        let subject = target.map { "No fixture for \($0)" } ?? "No fixture"
        let files = lookedFor.joined(separator: ", ")
        if let reason {
            return "\(subject): \(reason) (\(files) in \(location))"
        }
        return "\(subject): looked for \(files) in \(location). Add the file, or check that the test "
            + "target declares the folder as a resource (resources: [.copy(\"Fixtures\")])."
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
