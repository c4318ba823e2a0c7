import Foundation

/// Anything that decodes a `Decodable` value from bytes: `JSONDecoder`, `PropertyListDecoder`,
/// or a decoder of your own format.
///
/// ``Response/map(_:atKeyPath:using:failsOnEmptyData:)`` and the provider's `request(_:as:)` take
/// any `DataDecoder`, with a plain `JSONDecoder` as the default.
public protocol DataDecoder: Sendable {
    /// Decodes a value of `type` from `data`.
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
