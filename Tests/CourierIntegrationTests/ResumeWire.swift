import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// The set-up the resumable-download wire tests share: a destination `folder`, a transport of its own
/// whose temporary folder (where partial files live) the test inspects, and a target on a
/// ``RangeOrigin``. The transport is the one `COURIER_TRANSPORT` chooses (libcurl by default on
/// Linux, `urlsession` for URLSession), so the test command runs these tests over both.
class ResumeWireTestCase: TransferWireTestCase {
    /// The transport's temporary folder, where partial files live.
    var temporary: URL!
    var transport: (any HTTPTransport)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        temporary = try TransferWire.temporaryFolder()
        transport = try Self.transport(temporaryDirectory: temporary)
    }

    override func tearDownWithError() throws {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        try super.tearDownWithError()
    }

    /// The transport under test, writing downloads to `temporaryDirectory`.
    static func transport(temporaryDirectory: URL) throws -> any HTTPTransport {
        try TransportUnderTest.make(
            curl: {
                #if os(Linux)
                    var configuration = CurlTransport.Configuration()
                    configuration.temporaryDirectory = temporaryDirectory
                    return try CurlTransport(configuration: configuration)
                #else
                    return try TransportUnderTest.curlTransport()
                #endif
            },
            urlSession: {
                URLSessionTransport(
                    configuration: URLSessionTransport.defaultConfiguration(), temporaryDirectory: temporaryDirectory)
            })
    }

    /// The file downloads are saved to.
    var destination: URL { folder.appendingPathComponent("download.bin") }

    /// A download of `origin`'s representation to ``destination``.
    func target(_ origin: RangeOrigin, timeout: TimeInterval = 10) -> HTTPBinTarget {
        let destination = destination
        return HTTPBinTarget(
            origin.baseURL, "/file",
            task: .downloadDestination { _, _ in (destination, [.removePreviousFile]) },
            validationType: .successCodes, timeoutInterval: timeout)
    }

    /// A provider on the transport under test.
    func provider(plugins: [any PluginType] = []) -> Provider<HTTPBinTarget> {
        Provider(transport: transport, plugins: plugins)
    }

    /// The resume point of a first download of `origin` that its script cuts after `cut` bytes.
    func interruptedPoint(_ origin: RangeOrigin, cut: Int64) async throws -> DownloadResumePoint {
        let result = await provider().result(target(origin))
        let point = try XCTUnwrap(result.failure?.resumePoint, "the first download left no point: \(result)")
        XCTAssertEqual(point.bytesReceived, cut)
        return point
    }

    /// The outcome of `target` resumed from `point`.
    func resuming(_ target: HTTPBinTarget, from point: DownloadResumePoint) async -> Result<
        Response, CourierError
    > {
        do throws(CourierError) {
            return .success(try await provider().request(target, resumingFrom: point))
        } catch {
            return .failure(error)
        }
    }

    /// A retry plugin that retries at once, up to `attempts` in all.
    static func retrying(_ attempts: Int) -> RetryPlugin {
        RetryPlugin(policy: RetryPolicy(maximumAttempts: attempts, baseDelay: 0, jitter: 0))
    }

    /// The names of the files in the transport's temporary folder.
    var partialFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    }

    /// The `Range` and `If-Range` of every request `origin` received, in order.
    static func rangeHeaders(_ origin: RangeOrigin) -> [[String?]] {
        origin.exchanges.map { [$0.request.value(forHeader: "Range"), $0.request.value(forHeader: "If-Range")] }
    }

    /// The bytes of the first attempts' bodies, each ending where the next attempt's range starts.
    static func resumedOffsets(_ origin: RangeOrigin) -> [Int64] {
        var offsets: [Int64] = []
        var total: Int64 = 0
        for exchange in origin.exchanges.dropLast() {
            total += exchange.bodyBytesSent
            offsets.append(total)
        }
        return offsets
    }
}
