import Foundation

/// A `multipart/form-data` body: an ordered list of parts, written as an array literal.
///
/// ```swift
/// let form: MultipartFormData = [
///     MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name"),
///     MultipartFormBodyPart(provider: .file(photoURL), name: "photo"),
/// ]
/// ```
public struct MultipartFormData: Sendable, Hashable, ExpressibleByArrayLiteral, RandomAccessCollection {
    /// The parts in the order they are sent.
    public var parts: [MultipartFormBodyPart]

    /// The boundary between parts; see ``randomBoundary()``. Before sending, Courier checks that
    /// it is valid (RFC 2046) and that no in-memory part contains it. File parts are not scanned,
    /// which would cost a second pass over every file: keep the random default when uploading
    /// files whose contents you do not control.
    public var boundary: String

    /// Creates a body from parts.
    /// - Parameters:
    ///   - parts: The parts, in order.
    ///   - boundary: The boundary; a new random one by default.
    public init(parts: [MultipartFormBodyPart], boundary: String = MultipartFormData.randomBoundary()) {
        self.parts = parts
        self.boundary = boundary
    }

    /// Creates a body from an array literal of parts.
    public init(arrayLiteral elements: MultipartFormBodyPart...) {
        self.init(parts: elements)
    }

    /// A new random boundary: `courier.boundary.` and 32 hex digits (128 bits) from the system's
    /// cryptographically secure generator, so no part contains it by chance.
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        return "courier.boundary." + digits.joined()
    }

    /// The index of the first part.
    public var startIndex: Int { parts.startIndex }
    /// The index after the last part.
    public var endIndex: Int { parts.endIndex }
    /// The part at `position`.
    public subscript(position: Int) -> MultipartFormBodyPart { parts[position] }

    /// Adds a part at the end.
    public mutating func append(_ part: MultipartFormBodyPart) {
        parts.append(part)
    }
}

extension MultipartFormData {
    /// The characters RFC 2046 §5.1.1 allows in a boundary (`bchars`).
    private static let boundaryCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ")

    /// Throws when the boundary is invalid, or when an in-memory part contains it.
    func checkBoundary() throws(TransferError) {
        guard (1...70).contains(boundary.count), boundary.last != " ",
            boundary.allSatisfy(Self.boundaryCharacters.contains)
        else { throw .invalidBoundary(boundary) }
        let delimiter = Data("--\(boundary)".utf8)
        for part in parts {
            if case .data(let data) = part.provider, data.range(of: delimiter) != nil {
                throw .boundaryInPart(name: part.name)
            }
        }
    }
}

extension MultipartFormData {
    /// Throws when a part's headers could not be written safely: a NUL in a name or file name
    /// (which no escaping of the format carries), or a CR, LF or NUL in a `mimeType`, which is
    /// written bare and would end the header line. CR, LF and `"` in names are escaped instead
    /// (see `MultipartHeaders`). Checked by Unicode scalar: `"\r\n"` is a single `Character`.
    func checkPartHeaders() throws(TransferError) {
        for part in parts {
            if part.name.unicodeScalars.contains("\0") {
                throw .invalidPartHeader(name: part.name, field: "name")
            }
            if let fileName = part.fileName, fileName.unicodeScalars.contains("\0") {
                throw .invalidPartHeader(name: part.name, field: "fileName")
            }
            if let mimeType = part.mimeType,
                mimeType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
            {
                throw .invalidPartHeader(name: part.name, field: "mimeType")
            }
        }
    }
}
