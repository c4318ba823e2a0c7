import Courier

/// A ``RecordReplayTransport`` in replay mode has no recording for a request.
///
/// The provider fails the request with `CourierError.underlying(MissingRecordingError, nil)`.
public struct MissingRecordingError: Error, LocalizedError, CustomStringConvertible, Sendable, Hashable {
    /// The request's method and URL, secrets hidden: `GET http://localhost:8080/users?page=2`.
    public let request: String
    /// The key the request was matched by: method, URL with sorted query, body fingerprint.
    public let matchKey: String
    /// The recording file that would have answered it.
    public let expectedFile: String
    /// The recordings folder.
    public let directory: URL
    /// Recordings for the same method and path, whose query or body differ.
    public let similarRecordings: [String]

    /// Creates the error.
    /// - Parameters:
    ///   - request: The request's method and URL.
    ///   - matchKey: The key it was matched by.
    ///   - expectedFile: The file that would have answered it.
    ///   - directory: The recordings folder.
    ///   - similarRecordings: Recordings for the same method and path. Empty by default.
    public init(
        request: String, matchKey: String, expectedFile: String, directory: URL, similarRecordings: [String] = []
    ) {
        self.request = request
        self.matchKey = matchKey
        self.expectedFile = expectedFile
        self.directory = directory
        self.similarRecordings = similarRecordings
    }

    /// Names the request, the file looked for, and near misses.
    public var description: String {
        var text = "No recording for \(request) in \(directory.path): expected \(expectedFile) (match: \(matchKey))."
        if !similarRecordings.isEmpty {
            text +=
                " Recordings for the same method and path, with another query or body: "
                + similarRecordings.joined(separator: ", ") + "."
        }
        return text + " Record the session again if the request changed."
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
