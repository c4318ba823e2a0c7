import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Response` whose `HTTPURLResponse` a transport hands over as a head, made on first read.
final class DeferredHTTPResponseTests: XCTestCase {
    private let url = URL(string: "https://api.example.com/users/1")!

    private func head(_ calls: LockedValue<Int>) -> DeferredHTTPResponse {
        DeferredHTTPResponse { [url] in
            calls.withLock { $0 += 1 }
            return HTTPURLResponse(
                url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: ["X-Request-Id": "abc"])
        }
    }

    func test_response_isNotMadeUntilRead() {
        // Given
        let calls = LockedValue(0)

        // When
        let response = Response(statusCode: 201, data: Data(), request: nil, http: .deferred(head(calls)), fileURL: nil)

        // Then
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(calls.withLock { $0 }, 0)
    }

    func test_everyRead_getsTheSameObject_madeOnce() throws {
        // Given
        let calls = LockedValue(0)
        let response = Response(statusCode: 201, data: Data(), request: nil, http: .deferred(head(calls)), fileURL: nil)

        // When
        let first = try XCTUnwrap(response.response)
        let second = try XCTUnwrap(response.response)

        // Then
        XCTAssertTrue(first === second)
        XCTAssertEqual(calls.withLock { $0 }, 1)
        XCTAssertEqual(first.url, url)
        XCTAssertEqual(first.statusCode, 201)
        XCTAssertEqual(first.value(forHTTPHeaderField: "x-request-id"), "abc")
    }

    func test_concurrentFirstReads_makeItOnce() async {
        // Given
        let calls = LockedValue(0)
        let response = Response(statusCode: 201, data: Data(), request: nil, http: .deferred(head(calls)), fileURL: nil)

        // When
        let objects = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<32 { group.addTask { response.response.map(ObjectIdentifier.init) } }
            return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }

        // Then
        XCTAssertEqual(objects.count, 1)
        XCTAssertEqual(calls.withLock { $0 }, 1)
    }

    func test_deferredAndMadeResponses_compareByWhatTheyHold() throws {
        // Given
        let calls = LockedValue(0)
        let deferred = Response(
            statusCode: 201, data: Data("x".utf8), request: nil, http: .deferred(head(calls)), fileURL: nil)
        let made = Response(statusCode: 201, data: Data("x".utf8), response: try XCTUnwrap(head(calls).response))

        // Then
        XCTAssertEqual(deferred, made)
    }

    func test_headerFields_comeFromTheHead_withoutMakingTheResponse() {
        // Given
        let calls = LockedValue(0)
        let deferred = DeferredHTTPResponse(
            fields: { ["ETag": "\"v1\""] },
            make: { [url] in
                calls.withLock { $0 += 1 }
                return HTTPURLResponse(
                    url: url, statusCode: 304, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"v1\""])
            })

        // When
        let fields = HTTPResponseSource.deferred(deferred).headerFields

        // Then
        XCTAssertEqual(fields, ["ETag": "\"v1\""])
        XCTAssertEqual(calls.withLock { $0 }, 0)
    }

    func test_url_comesFromTheHead_withoutMakingTheResponse() {
        // Given
        let calls = LockedValue(0)
        let redirected = URL(string: "https://api.example.com/moved")!
        let deferred = DeferredHTTPResponse(
            fields: { [:] }, url: { redirected },
            make: {
                calls.withLock { $0 += 1 }
                return HTTPURLResponse(url: redirected, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
            })

        // When
        let url = HTTPResponseSource.deferred(deferred).url

        // Then
        XCTAssertEqual(url, redirected)
        XCTAssertEqual(calls.withLock { $0 }, 0)
    }

    func test_cachedExchange_readsTheURLFromTheHead_withoutMakingTheResponse() async {
        // Given: an answer redirected elsewhere, whose head gives its fields and URL
        let calls = LockedValue(0)
        let redirected = URL(string: "https://api.example.com/moved")!
        let deferred = DeferredHTTPResponse(
            fields: { ["Cache-Control": "max-age=600"] }, url: { redirected },
            make: {
                calls.withLock { $0 += 1 }
                return HTTPURLResponse(url: redirected, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
            })
        let cache = HTTPCache()
        let use = CacheUse(cache: cache, policy: .httpSemantics)

        // When
        let result = await CachedExchange.cachedTransfer(
            URLRequest(url: url), use, coalescer: RequestCoalescer(),
            transfer: { request, _ in
                .success(
                    Response(
                        statusCode: 200, data: Data("x".utf8), request: request, http: .deferred(deferred),
                        fileURL: nil))
            })

        // Then: not stored under the URL asked for, and the response never made
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertTrue(cache.isEmpty)
        XCTAssertEqual(calls.withLock { $0 }, 0)
    }

    func test_url_withoutAHeadsURL_comesFromTheResponse() {
        // Given
        let calls = LockedValue(0)

        // When
        let url = HTTPResponseSource.deferred(head(calls)).url

        // Then
        XCTAssertEqual(url, self.url)
        XCTAssertEqual(calls.withLock { $0 }, 1)
    }

    func test_headerFields_withoutAHeadsFields_orOnceMade_comeFromTheResponse() throws {
        // Given
        let calls = LockedValue(0)
        let withFields = DeferredHTTPResponse(
            fields: { ["X-From": "head"] },
            make: { [url] in
                HTTPURLResponse(
                    url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["X-From": "response"])
            })
        _ = withFields.response

        // When
        let fromResponse = HTTPResponseSource.deferred(head(calls)).headerFields
        let afterMade = HTTPResponseSource.deferred(withFields).headerFields

        // Then
        XCTAssertEqual(HTTPHeaders.value("x-request-id", in: fromResponse), "abc")
        XCTAssertEqual(HTTPHeaders.value("x-from", in: afterMade), "response")
    }
}
