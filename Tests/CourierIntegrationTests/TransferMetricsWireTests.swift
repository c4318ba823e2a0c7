import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Response/metrics`` against httpbin (issue 24, section 2), over the default transport: libcurl
/// on Linux, which reports every transaction, and URLSession in the run with
/// `COURIER_TRANSPORT=urlsession`, where FoundationNetworking reports no transaction and only
/// Courier's own redirect count and clock are there (on Apple platforms URLSession reports them).
final class TransferMetricsWireTests: XCTestCase {
    private var baseURL: URL!

    override func setUpWithError() throws {
        baseURL = try HTTPBin.baseURL()
    }

    /// Whether the default transport reports transactions: not URLSession on Linux
    /// (``TransportDifference/transactionMetrics``).
    private var reportsTransactions: Bool {
        TransportDifference.transactionMetrics.behavesAsCurl()
    }

    /// A provider on a new transport of the default kind, with connections of its own.
    private func freshProvider(plugins: [any PluginType] = []) throws -> Provider<HTTPBinTarget> {
        let transport = try TransportUnderTest.make(
            curl: { try TransportUnderTest.curlTransport() },
            urlSession: { URLSessionTransport(configuration: .ephemeral) })
        return Provider(transport: transport, plugins: plugins)
    }

    private func metrics(of response: Response, file: StaticString = #filePath, line: UInt = #line) throws
        -> TransferMetrics
    {
        let metrics = try XCTUnwrap(response.metrics, "a network response without metrics", file: file, line: line)
        XCTAssertEqual(metrics.origin, .network, file: file, line: line)
        if !reportsTransactions {
            XCTAssertEqual(metrics.transactions, [], "URLSession on Linux reports none", file: file, line: line)
            XCTAssertNotNil(metrics.duration, "Courier's own clock", file: file, line: line)
        }
        return metrics
    }

    func test_transactionMetrics_areReportedOverCurl_andNoneOverURLSessionOnLinux() async throws {
        // When
        let metrics = try metrics(of: try await freshProvider().request(HTTPBinTarget(baseURL, "/get")))

        // Then: FoundationNetworking never reports a task's metrics; Courier's own clock is there
        XCTAssertEqual(
            metrics.transactions.count, TransportDifference.transactionMetrics.expected(curl: 1, urlSession: 0))
        XCTAssertNotNil(metrics.duration)
        XCTAssertEqual(metrics.redirectCount, 0)
    }

    func test_secondRequestToTheSameServer_reportsAReusedConnection() async throws {
        // Given
        let provider = try freshProvider()

        // When
        let first = try metrics(of: try await provider.request(HTTPBinTarget(baseURL, "/get")))
        let second = try metrics(of: try await provider.request(HTTPBinTarget(baseURL, "/get")))

        // Then
        guard reportsTransactions else { return }
        XCTAssertEqual(first.finalTransaction?.isReusedConnection, false)
        XCTAssertNotNil(first.finalTransaction?.timeline.connectEnd, "a new connection was made")
        XCTAssertEqual(second.finalTransaction?.isReusedConnection, true)
        XCTAssertNil(second.finalTransaction?.timeline.connectEnd, "no connection was made")
        XCTAssertNil(second.finalTransaction?.timeline.domainLookupEnd, "no name was looked up")
    }

    func test_identityBody_arrivesAsLongAsItDecodes() async throws {
        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(baseURL, "/bytes/1500"))
        let metrics = try metrics(of: response)

        // Then
        XCTAssertEqual(response.data.count, 1500)
        guard reportsTransactions else { return }
        XCTAssertEqual(metrics.finalTransaction?.responseBodyBytes, 1500)
        XCTAssertEqual(metrics.finalTransaction?.decodedResponseBodyBytes, 1500)
        XCTAssertGreaterThan(metrics.finalTransaction?.responseHeaderBytes ?? 0, 30, "at least a status line")
        XCTAssertGreaterThan(metrics.finalTransaction?.requestHeaderBytes ?? 0, 20, "at least a request line")
    }

    func test_gzipBody_arrivesSmallerThanItDecodes() async throws {
        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(baseURL, "/gzip"))
        let metrics = try metrics(of: response)

        // Then
        guard reportsTransactions else { return }
        let transaction = try XCTUnwrap(metrics.finalTransaction)
        let wire = try XCTUnwrap(transaction.responseBodyBytes)
        XCTAssertEqual(transaction.decodedResponseBodyBytes, Int64(response.data.count))
        XCTAssertLessThan(wire, Int64(response.data.count), "gzip arrived smaller than it decodes")
        XCTAssertGreaterThan(wire, 0)
    }

    func test_postBody_isCountedAsSent() async throws {
        // Given
        let body = Data(repeating: UInt8(ascii: "x"), count: 3000)

        // When
        let response = try await Provider<HTTPBinTarget>().request(
            HTTPBinTarget(baseURL, "/post", method: .post, task: .requestData(body)))
        let metrics = try metrics(of: response)

        // Then
        guard reportsTransactions else { return }
        XCTAssertEqual(metrics.finalTransaction?.requestBodyBytes, 3000)
    }

    func test_threeRedirects_areCounted_andEachHopIsATransaction() async throws {
        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(baseURL, "/redirect/3"))
        let metrics = try metrics(of: response)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(metrics.redirectCount, 3)
        guard reportsTransactions else { return }
        XCTAssertEqual(metrics.transactions.count, 4)
        XCTAssertEqual(metrics.finalTransaction?.decodedResponseBodyBytes, Int64(response.data.count))
        let hops = metrics.transactions.compactMap(\.timeline.responseEnd).reduce(Duration.zero, +)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(metrics.duration), hops, "the whole includes every hop")
    }

    func test_httpbin_speaksHTTP11_fromItsAddressAndPort() async throws {
        // When
        let metrics = try metrics(of: try await Provider<HTTPBinTarget>().request(HTTPBinTarget(baseURL, "/get")))

        // Then
        guard reportsTransactions else { return }
        let transaction = try XCTUnwrap(metrics.finalTransaction)
        XCTAssertEqual(transaction.networkProtocol, "http/1.1")
        XCTAssertEqual(transaction.remoteAddress, "127.0.0.1")
        XCTAssertEqual(transaction.remotePort, baseURL.port)
        XCTAssertNil(transaction.timeline.secureConnectionEnd, "no TLS over plain HTTP")
    }

    func test_newConnection_phasesEndInOrder_andTheWholeLastsAtLeastAsLong() async throws {
        // When
        let metrics = try metrics(of: try await freshProvider().request(HTTPBinTarget(baseURL, "/get")))

        // Then
        guard reportsTransactions else { return }
        let timeline = try XCTUnwrap(metrics.finalTransaction?.timeline)
        let phases = [
            timeline.domainLookupEnd, timeline.connectEnd, timeline.secureConnectionEnd, timeline.requestEnd,
            timeline.responseStart, timeline.responseEnd,
        ]
        let present = phases.compactMap { $0 }
        XCTAssertEqual(present, present.sorted(), "\(timeline)")
        XCTAssertNotNil(timeline.domainLookupEnd)
        XCTAssertNotNil(timeline.connectEnd)
        XCTAssertNotNil(timeline.responseStart)
        let end = try XCTUnwrap(timeline.responseEnd)
        XCTAssertGreaterThan(end, .zero)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(metrics.duration), end)
    }

    func test_retriedAttempts_eachReachThePlugin_withTheirOwnMetrics() async throws {
        // Given: a plugin that keeps every attempt's metrics and asks for two retries
        let recorder = AttemptMetrics()
        let provider = try freshProvider(plugins: [recorder])

        // When
        let result = await provider.result(HTTPBinTarget(baseURL, "/status/503", validationType: .successCodes))

        // Then
        XCTAssertEqual(result.failureResponse?.statusCode, 503)
        let attempts = recorder.metrics
        XCTAssertEqual(attempts.count, 3)
        XCTAssertTrue(attempts.allSatisfy { $0?.origin == .network }, "\(attempts)")
        XCTAssertTrue(attempts.allSatisfy { $0?.duration != nil }, "\(attempts)")
        guard reportsTransactions else { return }
        XCTAssertEqual(attempts.map { $0?.finalTransaction?.isReusedConnection }, [false, true, true])
        XCTAssertTrue(attempts.allSatisfy { $0?.finalTransaction?.timeline.responseEnd != nil })
    }
}

/// Keeps the metrics of every attempt's response, and retries until three attempts were made.
private final class AttemptMetrics: PluginType, Sendable {
    private let kept = Locked<[TransferMetrics?]>([])

    var metrics: [TransferMetrics?] { kept.value }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        kept.append(result.failureResponse?.metrics ?? (try? result.get())?.metrics)
    }

    func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
        -> RetryDecision
    {
        context.attempt < 3 ? .retry(after: 0, reason: "attempt \(context.attempt) of 3") : .doNotRetry
    }
}

extension Result where Success == Response, Failure == CourierError {
    /// The response of a failure that carries one.
    fileprivate var failureResponse: Response? {
        if case .failure(let error) = self { return error.response }
        return nil
    }
}
