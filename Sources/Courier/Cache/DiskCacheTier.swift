import Foundation

/// The folder of an ``HTTPCache``: one file per entry, named by its ``CacheEntryID``.
///
/// The folder belongs to the cache. It is marked with a `.courier-cache` file when the cache first
/// opens it empty; anything else in a marked folder (a foreign file, a file left half-written by a
/// crash, an entry that fails its checksum) is removed. A folder that is not empty and not marked
/// is never touched, not even its mode: the cache runs from memory, so pointing it at the wrong
/// folder changes nothing.
struct DiskCacheTier: Sendable {
    /// The file that marks a folder as a cache's own.
    static let markerName = ".courier-cache"

    /// Why the folder cannot be used.
    enum OpenFailure: Error, Equatable {
        /// It is a file, or it could not be created, listed or marked.
        case unusable(Int32)
        /// It holds files and no marker: someone else's folder.
        case notACacheFolder
    }

    /// The folder.
    let folder: URL
    private let files: CacheFileSystem

    /// Opens `folder` through `files`, creating and marking it when needed.
    init(folder: URL, files: CacheFileSystem) throws(OpenFailure) {
        self.folder = folder
        self.files = files
        do {
            try files.prepareFolder(folder)
            let names = try files.list(folder)
            // Someone else's folder is left exactly as it was: checked before anything changes.
            guard names.contains(Self.markerName) || names.isEmpty else { throw OpenFailure.notACacheFolder }
            try files.restrict(folder)
            if names.contains(Self.markerName) { return }
            try files.writeAtomically(
                [Data("Courier HTTP cache\n".utf8)], folder.appendingPathComponent(Self.markerName))
        } catch let failure as OpenFailure {
            throw failure
        } catch {
            throw .unusable((error as? CacheFileError)?.code ?? EIO)
        }
    }

    /// The head of every entry in the folder, oldest response first. Leftover temporary files,
    /// foreign files and entries whose heads fail their checks are removed on the way.
    func loadHeads() throws(OpenFailure) -> [CacheEntry.Head] {
        let names: [String]
        do { names = try files.list(folder) } catch { throw .unusable((error as? CacheFileError)?.code ?? EIO) }
        var heads: [CacheEntry.Head] = []
        for name in names where name != Self.markerName {
            let url = folder.appendingPathComponent(name)
            guard let id = CacheEntryID(fileName: name), let head = readHead(url), head.id == id else {
                files.remove(url)
                continue
            }
            heads.append(head)
        }
        return heads.sorted { $0.responseTime < $1.responseTime }
    }

    /// The entry filed under `head`'s id, checked whole; `nil` when it is missing, unreadable or
    /// corrupt (a corrupt file is removed), or when the file now holds another response.
    func read(_ head: CacheEntry.Head) -> CacheEntry? {
        let url = fileURL(head.id)
        let limit = CacheEntryFile.prefixSize + CacheEntryFile.maximumHeadSize + head.bodyCount
        guard let file = try? files.read(url, limit), file.size == file.bytes.count else { return nil }
        do {
            let entry = try CacheEntryFile.decode(file.bytes)
            return entry.head == head ? entry : nil
        } catch {
            files.remove(url)
            return nil
        }
    }

    /// Writes `entry` to its file; `false` when the file system refused (a full disk).
    func write(_ entry: CacheEntry) -> Bool {
        guard let parts = try? CacheEntryFile.encode(entry) else { return false }
        do {
            try files.writeAtomically(parts, fileURL(entry.id))
            return true
        } catch {
            return false
        }
    }

    /// Removes the file of `id`.
    func remove(_ id: CacheEntryID) {
        files.remove(fileURL(id))
    }

    private func fileURL(_ id: CacheEntryID) -> URL {
        folder.appendingPathComponent(id.description)
    }

    private func readHead(_ url: URL) -> CacheEntry.Head? {
        guard let file = try? files.read(url, CacheEntryFile.prefixSize + CacheEntryFile.maximumHeadSize) else {
            return nil
        }
        return try? CacheEntryFile.decodePrefix(file.bytes, fileSize: file.size).head
    }
}
