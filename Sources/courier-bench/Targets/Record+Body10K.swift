import Foundation

extension Record {
    /// 96 records, 10.3 KB of JSON with sorted keys: the `Encodable` body of the encoding rows.
    static let body10K: [Record] = (0..<96).map { index in
        Record(
            id: index, name: "User \(index)", email: "user\(index)@example.com", active: index.isMultiple(of: 2),
            score: Double(index % 1000) + 0.25, tags: ["alpha", "beta"])
    }

    /// `JSONEncoder` with sorted keys, as `.requestJSONEncodable` sent bodies before Courier had its own
    /// encoder: the baseline of the encoding rows.
    static func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
