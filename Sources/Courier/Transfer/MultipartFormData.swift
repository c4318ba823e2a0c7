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

    /// The boundary between parts. Random by default: 32 hex digits from a
    /// cryptographically-seeded generator, so it never collides with a part's bytes in practice.
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

    /// A new random boundary, e.g. `courier.boundary.8c1f…`.
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "courier.boundary." + String(high, radix: 16) + String(low, radix: 16)
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
