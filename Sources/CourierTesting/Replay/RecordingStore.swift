import Courier

/// The recordings folder: writes and reads exchanges, and counts how often each key was seen, so
/// the n-th identical request gets the n-th recording (and the last one after that).
final class RecordingStore: Sendable {
    let directory: URL
    private let seen = LockedValue<[RecordingKey: Int]>([:])

    init(directory: URL) {
        self.directory = directory
    }

    /// The file name, without extension, of occurrence `occurrence` of `key`.
    static func name(_ key: RecordingKey, occurrence: Int) -> String {
        occurrence == 1 ? key.fileBase : "\(key.fileBase)-\(occurrence)"
    }

    /// Counts one more request for `key` and returns its occurrence, starting at 1.
    func nextOccurrence(of key: RecordingKey) -> Int {
        seen.withLock { seen in
            seen[key, default: 0] += 1
            return seen[key, default: 1]
        }
    }

    /// Writes the exchange and its body next to each other.
    func write(_ exchange: RecordedExchange, body: Data?, bodyExtension: String, name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var exchange = exchange
        if let body, !body.isEmpty {
            let bodyFile = "\(name).body.\(bodyExtension)"
            try body.write(to: directory.appendingPathComponent(bodyFile), options: .atomic)
            exchange.response.bodyFile = bodyFile
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(exchange)
        data.append(UInt8(ascii: "\n"))
        try data.write(to: directory.appendingPathComponent("\(name).json"), options: .atomic)
    }

    /// Writes the exchange of a streamed response, moving its body from `bodyFile`.
    func write(_ exchange: RecordedExchange, bodyFile: URL, bodyExtension: String, name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var exchange = exchange
        let size = (try FileManager.default.attributesOfItem(atPath: bodyFile.path)[.size] as? Int) ?? 0
        if size > 0 {
            let file = "\(name).body.\(bodyExtension)"
            let destination = directory.appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: bodyFile, to: destination)
            exchange.response.bodyFile = file
        }
        try write(exchange, body: nil, bodyExtension: bodyExtension, name: name)
    }

    /// The latest recorded occurrence of `key` up to `occurrence`, with its body, or `nil`.
    func read(_ key: RecordingKey, occurrence: Int) throws -> (RecordedExchange, Data)? {
        for candidate in stride(from: occurrence, through: 1, by: -1) {
            let file = directory.appendingPathComponent(Self.name(key, occurrence: candidate) + ".json")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let exchange = try JSONDecoder().decode(RecordedExchange.self, from: Data(contentsOf: file))
            guard let bodyFile = exchange.response.bodyFile else { return (exchange, Data()) }
            let stored = try Data(contentsOf: directory.appendingPathComponent(bodyFile))
            return (exchange, RecordedBody.replayed(stored, layout: exchange.response.bodyLayout))
        }
        return nil
    }

    /// Recording files for the same method and path as `key`.
    func similar(to key: RecordingKey) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasPrefix(key.filePrefix) && !$0.contains(".body.") }.sorted()
    }
}
