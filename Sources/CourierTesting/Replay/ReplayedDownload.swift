import Courier

/// Puts a replayed download body where the request's ``DownloadDestination`` wants it, as
/// `URLSessionTransport` does with a downloaded file.
enum ReplayedDownload {
    static func save(_ body: Data, _ response: HTTPURLResponse, _ destination: DownloadDestination) throws -> URL {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-replay-\(UUID().uuidString)")
        try body.write(to: temporary)
        return try DownloadMover.move(temporary, for: response, to: destination)
    }
}
