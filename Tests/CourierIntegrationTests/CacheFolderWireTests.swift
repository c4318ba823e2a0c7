import Courier
import CourierTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A disk cache's folder is input too: whatever is planted in it never blocks a request, and a
/// folder that is not the cache's own is left as it was. Over the default transport, so over
/// libcurl and URLSession in turn.
final class CacheFolderWireTests: XCTestCase {
    private var origin: CacheOrigin!
    private var folder = URL(fileURLWithPath: "/nonexistent")
    private var planted: [URL] = []

    override func setUpWithError() throws {
        origin = try CacheOrigin()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
    }

    override func tearDown() {
        // A FIFO a regression left a reader waiting on: a writer lets it go.
        for fifo in planted { Self.release(fifo) }
        origin.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func provider(_ configuration: HTTPCache.Configuration? = nil) -> Provider<CachedResource> {
        Provider<CachedResource>(cache: HTTPCache(configuration: configuration ?? .init(directory: folder)))
    }

    private func resource(_ path: String) -> CachedResource {
        CachedResource(origin.baseURL, path)
    }

    /// The entry files in the folder (not the marker).
    private func entryFiles() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".courier-cache" })
    }

    /// Runs `requests` and waits for them for at most `seconds`, on this thread (never on the
    /// cooperative pool, which a blocked cache call could take whole).
    private func completed(
        within seconds: Double = 15, _ requests: @escaping @Sendable () async -> [Result<Response, CourierError>]
    ) -> [Result<Response, CourierError>]? {
        let results = Locked<[Result<Response, CourierError>]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let answers = await requests()
            results.withLock { $0 = answers }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return results.value
    }

    /// Stores `path`'s answer on disk and returns the name of the file it went to.
    private func store(_ path: String, in provider: Provider<CachedResource>) throws -> String {
        let before = try entryFiles()
        let resource = resource(path)
        XCTAssertNotNil(completed { [await provider.result(resource)] })
        let added = try entryFiles().subtracting(before)
        XCTAssertEqual(added.count, 1, path)
        return try XCTUnwrap(added.first)
    }

    /// Opens the FIFO at `url` for writing and closes it, which ends a reader's wait to open it.
    private static func release(_ url: URL) {
        let descriptor = open(url.path, O_RDWR | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
    }

    func test_entryReplacedByAFifoAFolderOrALink_neverBlocks_andIsAskedForAgain() throws {
        // Given: three stored answers, whose files become a FIFO nobody writes to, a folder, and a
        // link to a copy of a valid entry (following it would serve that copy)
        let paths = ["/fifo", "/folder", "/link"]
        for path in paths { origin.route(path, headers: ["Cache-Control": "max-age=600"]) }
        let writer = provider()
        let names = try paths.map { try store($0, in: writer) }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("courier-entry-\(UUID())")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.moveItem(at: folder.appendingPathComponent(names[2]), to: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent(names[2]), withDestinationURL: outside)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(names[0]))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent(names[0]).path, 0o600), 0)
        planted.append(folder.appendingPathComponent(names[0]))
        try FileManager.default.removeItem(at: folder.appendingPathComponent(names[1]))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(names[1]), withIntermediateDirectories: false)

        // When: a cache that opens the folder afresh reads every entry's head
        let reader = provider()
        let resources = paths.map(resource)
        let results = completed { await resources.asyncMap { await reader.result($0) } }

        // Then: each answer comes from the server, promptly
        let answers = try XCTUnwrap(results, "a request waited on what was planted in the cache folder")
        for (path, result) in zip(paths, answers) {
            XCTAssertEqual(result.response?.origin, .network, path)
            XCTAssertEqual(try result.get().mapString(), "\(path) #2", path)
        }
    }

    func test_entryReplacedByAFifo_whileTheCacheRuns_blocksNoRequest() throws {
        // Given: a cache that keeps one entry in memory, so the first one's body is on disk only,
        // and a FIFO in place of that entry's file
        origin.route("/first", headers: ["Cache-Control": "max-age=600"])
        origin.route("/second", headers: ["Cache-Control": "max-age=600"])
        let provider = provider(.init(memoryEntryLimit: 1, directory: folder))
        let name = try store("/first", in: provider)
        _ = try store("/second", in: provider)
        let fifo = folder.appendingPathComponent(name)
        try FileManager.default.removeItem(at: fifo)
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        planted.append(fifo)

        // When
        let resources = [resource("/first"), resource("/second")]
        let results = completed { await resources.asyncMap { await provider.result($0) } }

        // Then
        let answers = try XCTUnwrap(results, "a request waited on a FIFO in the cache folder")
        XCTAssertEqual(answers.first?.response?.origin, .network)
        XCTAssertEqual(answers.last?.response?.origin, .cache)
    }
    private func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func test_folderHoldingFilesOfSomeoneElse_keepsItsModeAndFiles_andTheCacheRunsFromMemory() throws {
        // Given: someone's folder, readable by others, with a file the cache did not write
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        try Data("years of work".utf8).write(to: folder.appendingPathComponent("thesis.tex"))
        origin.route("/news", headers: ["Cache-Control": "max-age=600"])
        let provider = provider()
        let news = resource("/news")

        // When
        let answers = try XCTUnwrap(completed { [await provider.result(news), await provider.result(news)] })

        // Then
        XCTAssertEqual(try permissions(folder), 0o755)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["thesis.tex"])
        XCTAssertEqual(answers.map { $0.response?.origin }, [.network, .cache])
    }

    func test_emptyFolder_becomesTheCachesOwn_readableByTheUserOnly() throws {
        // Given
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        origin.route("/news", headers: ["Cache-Control": "max-age=600"])

        // When
        _ = try store("/news", in: provider())

        // Then
        XCTAssertEqual(try permissions(folder), 0o700)
    }

    // MARK: - Credentials in the URL

    /// `path` on the origin, as `user` with `password` in the URL's user info.
    private func resource(_ path: String, user: String, password: String) throws -> CachedResource {
        var components = try XCTUnwrap(URLComponents(url: origin.baseURL, resolvingAgainstBaseURL: false))
        components.user = user
        components.password = password
        return CachedResource(try XCTUnwrap(components.url), path)
    }

    /// Whether any file under the cache folder holds `text`.
    private func folderHolds(_ text: String) throws -> Bool {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        return try files.compactMap { $0 as? URL }.contains { url in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                return false
            }
            return try Data(contentsOf: url).range(of: Data(text.utf8)) != nil
        }
    }

    func test_passwordInTheURL_neverReachesTheFolder_andItsAnswerStaysInMemory() throws {
        // Given
        origin.route("/private", headers: ["Cache-Control": "max-age=600"])
        let provider = provider()
        let ann = try resource("/private", user: "ann", password: "s3cr3t-pass")

        // When
        let answers = try XCTUnwrap(completed { [await provider.result(ann), await provider.result(ann)] })

        // Then: the server got the credentials; the disk got nothing of them, and no entry
        XCTAssertEqual(answers.map { $0.response?.origin }, [.network, .cache])
        let authorization = origin.received.first?.value(forHeader: "Authorization")
        XCTAssertEqual(authorization, "Basic " + Data("ann:s3cr3t-pass".utf8).base64EncodedString())
        XCTAssertFalse(try folderHolds("s3cr3t-pass"))
        XCTAssertEqual(try entryFiles(), [])
    }

    func test_passwordInTheURL_onDiskWhenAllowed_keepsAFingerprintOnly_andEachUserTheirOwnAnswer() throws {
        // Given: credentialed answers allowed on disk
        origin.route("/private", headers: ["Cache-Control": "max-age=600"])
        let configuration = HTTPCache.Configuration(directory: folder, storesCredentialedResponsesOnDisk: true)
        let first = provider(configuration)
        let ann = try resource("/private", user: "ann", password: "s3cr3t-pass")
        let bob = try resource("/private", user: "bob", password: "other-pass")

        // When: Ann, then Bob, then Ann again from a cache that reads the folder afresh
        let answers = try XCTUnwrap(completed { [await first.result(ann), await first.result(bob)] })
        let reopened = provider(configuration)
        let again = try XCTUnwrap(completed { [await reopened.result(ann)] })

        // Then
        XCTAssertEqual(try answers.map { try $0.get().mapString() }, ["/private #1", "/private #2"])
        XCTAssertEqual(again.first?.response?.origin, .cache)
        XCTAssertEqual(try again.first?.get().mapString(), "/private #1")
        XCTAssertEqual(try entryFiles().count, 2)
        for secret in ["s3cr3t-pass", "other-pass", "ann@", "bob@", "ann:", "bob:"] {
            XCTAssertFalse(try folderHolds(secret), secret)
        }
    }
}

extension Array where Element: Sendable {
    /// The results of `transform` on each element, one after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var results: [T] = []
        for element in self { results.append(await transform(element)) }
        return results
    }
}
