import Foundation

/// Recognises common binary formats by their first bytes ("magic numbers"), so the logger can
/// summarise a body as `<4096 bytes, image/png>` even when no `Content-Type` says what it is
/// (a stub's sample data, for instance). Other binary bodies are still summarised, as
/// `application/octet-stream`, because they are not valid text.
enum MediaTypeSniffer {
    /// Signatures and their media types. GIF and PDF signatures are ASCII, so a text body that
    /// starts with `GIF89a` or `%PDF-` is summarised too; no real text starts that way.
    private static let signatures: [(bytes: [UInt8], type: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
        ([0xFF, 0xD8, 0xFF], "image/jpeg"),
        (Array("GIF87a".utf8), "image/gif"),
        (Array("GIF89a".utf8), "image/gif"),
        (Array("%PDF-".utf8), "application/pdf"),
        ([0x50, 0x4B, 0x03, 0x04], "application/zip"),
        ([0x1F, 0x8B], "application/gzip"),
    ]

    /// The media type of a recognised binary format, or `nil`.
    static func binaryType(of data: Data) -> String? {
        signatures.first { data.starts(with: $0.bytes) }?.type
    }
}
