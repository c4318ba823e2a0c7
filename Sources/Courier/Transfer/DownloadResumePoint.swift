import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an interrupted download stands: the partial file that holds what arrived, how many bytes
/// that is, and the validator that tells whether the server still has the same representation.
///
/// A download that fails part-way (the connection lost, a timeout, a cancellation) carries one in
/// its error, as ``CourierError/resumePoint``. Pass it to
/// ``Provider/request(_:resumingFrom:isolation:)`` to continue where it stopped: Courier asks for
/// the rest with `Range: bytes=N-` and `If-Range`, appends a `206` to the partial file, and starts
/// again from the first byte when the server's representation changed (a `200`, a `416`). It is
/// `Codable`, so an app can keep it across launches, and ``discard()`` removes its partial file
/// when the app gives the download up.
///
/// The partial file lives in the transport's temporary folder (the system's temporary directory
/// unless the transport was given another), named `courier-download-<UUID>.tmp`; the system may
/// purge it, and a point whose file is gone or has changed size starts the download again.
public struct DownloadResumePoint: Codable, Sendable, Hashable {
    /// The URL of the request that was downloading, as its target and `requestClosure` made it
    /// (before plugins). A point continues only a request for this URL.
    public let url: URL
    /// The partial file, which holds the first ``bytesReceived`` bytes of the representation.
    public let partialFileURL: URL
    /// How many bytes of the representation arrived: the partial file's size.
    public let bytesReceived: Int64
    /// The representation's whole length in bytes, when the server announced it.
    public let totalBytes: Int64?
    /// The server's strong entity tag (`ETag`), sent back as `If-Range`; `nil` when it sent none.
    public let entityTag: String?
    /// The server's `Last-Modified` date, as it wrote it; sent as `If-Range` only when there is no
    /// ``entityTag``.
    public let lastModified: String?

    /// A point; the pipeline makes them, apps decode them.
    init(
        url: URL, partialFileURL: URL, bytesReceived: Int64, totalBytes: Int64?, entityTag: String?,
        lastModified: String?
    ) {
        self.url = url
        self.partialFileURL = partialFileURL
        self.bytesReceived = bytesReceived
        self.totalBytes = totalBytes
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    private enum CodingKeys: String, CodingKey {
        case url, partialFileURL, bytesReceived, totalBytes, entityTag, lastModified
    }

    /// Decodes a point, refusing one that Courier could not have made: a URL that is not HTTP(S),
    /// a partial file that is not one of Courier's, a byte count that is not positive or exceeds
    /// the total, or no validator usable as `If-Range` (a weak or malformed entity tag, a date
    /// that is not an HTTP date).
    /// - Throws: `DecodingError.dataCorrupted`, naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(URL.self, forKey: .url)
        partialFileURL = try container.decode(URL.self, forKey: .partialFileURL)
        bytesReceived = try container.decode(Int64.self, forKey: .bytesReceived)
        totalBytes = try container.decodeIfPresent(Int64.self, forKey: .totalBytes)
        entityTag = try container.decodeIfPresent(String.self, forKey: .entityTag)
        lastModified = try container.decodeIfPresent(String.self, forKey: .lastModified)
        if let problem = problem {
            throw DecodingError.dataCorruptedError(forKey: problem.key, in: container, debugDescription: problem.text)
        }
    }

    /// What is wrong with a decoded point, or `nil`.
    private var problem: (key: CodingKeys, text: String)? {
        if !["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            return (.url, "url must be an http or https URL, not \(url.absoluteString.debugDescription)")
        }
        if !Self.isPartialFile(partialFileURL) {
            return (
                .partialFileURL, "partialFileURL must name one of Courier's partial files, courier-download-<UUID>.tmp"
            )
        }
        if bytesReceived <= 0 { return (.bytesReceived, "bytesReceived must be positive, not \(bytesReceived)") }
        if let totalBytes, totalBytes < bytesReceived {
            return (.totalBytes, "totalBytes (\(totalBytes)) must not be less than bytesReceived (\(bytesReceived))")
        }
        if let entityTag, DownloadValidator.entityTag(entityTag) != entityTag {
            return (.entityTag, "entityTag must be a strong entity tag such as \"\\\"v1\\\"\"")
        }
        if let lastModified, HTTPDate.parse(lastModified) == nil || lastModified.contains(where: \.isNewline) {
            return (.lastModified, "lastModified must be an HTTP date such as \"Sun, 06 Nov 1994 08:49:37 GMT\"")
        }
        if entityTag == nil, lastModified == nil {
            return (.entityTag, "a resume point needs an entityTag or a lastModified date to send as If-Range")
        }
        return nil
    }

    /// Removes the partial file, for a download the app gives up. Only a file named as Courier
    /// names partial files is removed; one already gone is as good as removed.
    public func discard() {
        guard Self.isPartialFile(partialFileURL) else { return }
        try? FileManager.default.removeItem(at: partialFileURL)  // already gone is as good as removed
    }

    /// The value sent as `If-Range`: the entity tag, else the date (RFC 9110 §13.1.5).
    var ifRange: String { entityTag ?? lastModified ?? "" }

    /// `request` asking for the rest of the representation: `Range: bytes=N-` and `If-Range`.
    func continuing(_ request: URLRequest) -> URLRequest {
        var request = request
        request.setValue("bytes=\(bytesReceived)-", forHTTPHeaderField: "Range")
        request.setValue(ifRange, forHTTPHeaderField: "If-Range")
        return request
    }

    /// Whether the partial file is still what this point says: a regular file of Courier's (not a
    /// link to one), holding exactly ``bytesReceived`` bytes.
    var fileIsIntact: Bool {
        guard Self.isPartialFile(partialFileURL) else { return false }
        var status = stat()
        guard lstat(partialFileURL.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return Int64(status.st_size) == bytesReceived
    }

    /// A new partial file's name: `courier-download-<UUID>.tmp`, the one shape ``discard()`` and
    /// resuming accept.
    static func partialFileName() -> String {
        "courier-download-\(UUID().uuidString).tmp"
    }

    /// Whether `fileURL` is a file URL named as ``partialFileName()`` names files.
    static func isPartialFile(_ fileURL: URL) -> Bool {
        let name = fileURL.lastPathComponent
        let prefix = "courier-download-"
        let suffix = ".tmp"
        guard fileURL.isFileURL, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(suffix.count))) != nil
    }
}
