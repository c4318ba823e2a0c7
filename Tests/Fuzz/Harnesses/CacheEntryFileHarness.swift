import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A disk cache's folder is input too: any bytes as an entry file, read by the code that reads the
/// folder (``DiskCacheTier`` through ``CacheFileSystem``, here one in memory) when a cache opens
/// it and answers from it, and by ``CacheEntryFile`` directly.
///
/// Each input is tried as it is and with its lengths and checksums made right, so that mutations
/// reach the head's JSON. Checked: a file that decodes encodes back to a file that decodes to the
/// same entry; a file the cache refuses is removed; an answer from the folder is the entry's status
/// and body.
enum CacheEntryFileHarness: FuzzHarness {
    static let name = "cache-entry-file"
    static let options = ["-max_len=8192"]
    private static let folder = URL(fileURLWithPath: "/fuzz-cache")

    static func run(_ input: FuzzInput) {
        let bytes = input.data
        open(bytes)
        // Checksums keep out torn files, not planted ones: whoever can write to the folder can
        // write correct ones. The same bytes with their lengths and checksums made right reach
        // the head's JSON and everything the cache reads from it.
        if let sealed = sealed(bytes) { open(sealed) }
    }

    /// A cache whose folder holds `bytes` as an entry file, asked for the URL the file names.
    private static func open(_ bytes: Data) {
        let entry = try? CacheEntryFile.decode(bytes)
        if let entry, let encoded = try? CacheEntryFile.encode(entry) {
            let again = try? CacheEntryFile.decode(encoded.reduce(Data(), +))
            precondition(again == entry, "an entry read from a file does not read back after writing")
        }
        // The file as the folder holds it: under the name of the entry it claims to be, or another.
        let named = (try? CacheEntryFile.decodePrefix(bytes, fileSize: bytes.count))?.head.id.description
        let fileName = named ?? "0123456789abcdef-0123456789abcdef"
        let files = MemoryFiles([DiskCacheTier.markerName: Data("Courier HTTP cache\n".utf8), fileName: bytes])
        let clock = CacheClock { Date(timeIntervalSince1970: 1_800_000_000) }
        let cache = HTTPCache(configuration: .init(directory: folder, clock: clock), fileSystem: files.fileSystem)
        let url = entry?.head.url ?? URL(string: "https://origin.example/")!
        var request = URLRequest(url: url)
        for field in entry?.head.vary ?? [] {
            if let value = field.value { request.setValue(value, forHTTPHeaderField: field.name) }
        }
        for policy in [CachePolicy.httpSemantics, .returnCacheElseLoad] {
            switch cache.lookup(for: request, policy: policy) {
            case .answer(let answer), .answerAndRevalidate(let answer, _):
                precondition(answer.statusCode == entry?.head.statusCode && answer.body == entry?.body)
            case .validate, .send, .unsatisfiable:
                break
            }
        }
        if entry == nil, named == nil { precondition(files.names == [DiskCacheTier.markerName], "\(files.names)") }
    }

    /// `bytes` as a version 2 file whose lengths and checksums are right: the head is as long as
    /// the file says (or what is there), the body the rest. `nil` when it has no magic.
    private static func sealed(_ bytes: Data) -> Data? {
        let magic: [UInt8] = [0x43, 0x52, 0x43, 0x48, 0, 0, 0, 2]
        guard bytes.count >= CacheEntryFile.prefixSize, bytes.prefix(8).elementsEqual(magic) else { return nil }
        let rest = bytes.dropFirst(CacheEntryFile.prefixSize)
        let declared = bytes.dropFirst(8).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let head = rest.prefix(declared)
        let body = rest.dropFirst(head.count)
        var sealed = Data(magic)
        for (value, count) in [
            (UInt64(head.count), 4), (UInt64(body.count), 8), (FNV1a.hash(head), 8), (FNV1a.hash(body), 8),
        ] {
            for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
                sealed.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        return sealed + head + body
    }
}

/// A folder in memory behind a ``CacheFileSystem``.
private final class MemoryFiles: Sendable {
    private let files: LockedValue<[String: Data]>

    init(_ files: [String: Data]) {
        self.files = LockedValue(files)
    }

    var names: [String] { files.withLock { $0.keys.sorted() } }

    var fileSystem: CacheFileSystem {
        CacheFileSystem(
            prepareFolder: { _ in },
            restrict: { _ in },
            list: { [files] _ in files.withLock { Array($0.keys) } },
            read: { [files] url, limit in
                guard let bytes = files.withLock({ $0[url.lastPathComponent] }) else { throw CacheFileError(ENOENT) }
                return (bytes.prefix(limit), bytes.count)
            },
            writeAtomically: { [files] parts, url in
                files.withLock { $0[url.lastPathComponent] = parts.reduce(Data(), +) }
            },
            remove: { [files] url in _ = files.withLock { $0.removeValue(forKey: url.lastPathComponent) } })
    }
}
