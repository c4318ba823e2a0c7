#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// What the libcurl transport does on the wire beyond the suites every transport runs:
    /// decoding, cookies, redirect rules, refusals before sending, and cancellation at each moment.
    final class CurlTransportWireTests: XCTestCase {
        private var base: URL!

        override func setUpWithError() throws {
            base = try HTTPBin.baseURL()
        }

        private func provider(_ change: (inout CurlTransport.Configuration) -> Void = { _ in }) throws
            -> Provider<HTTPBinTarget>
        {
            var configuration = CurlTransport.Configuration.default
            change(&configuration)
            return Provider(transport: try CurlTransport(configuration: configuration))
        }

        private func json(_ response: Response) throws -> [String: Any] {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
        }

        // MARK: - Bodies and headers

        func test_compressedBodies_areDecoded() async throws {
            // Given
            let provider = try provider()
            var routes = ["/gzip": "gzipped", "/deflate": "deflated"]
            if CurlTransport.Configuration.default.additionalHeaders["Accept-Encoding"]?.contains("br") == true {
                routes["/brotli"] = "brotli"
            }

            for (path, key) in routes {
                // When
                let response = try await provider.request(HTTPBinTarget(base, path))

                // Then
                XCTAssertEqual(try json(response)[key] as? Bool, true, path)
            }
        }

        func test_sessionHeaders_areSentUnlessTheRequestSetsThem() async throws {
            // Given
            let provider = try provider()

            // When
            let echo = try await provider.request(
                HTTPBinTarget(base, "/anything", headers: ["Accept-Language": "fr"]), as: HTTPBinEcho.self)

            // Then
            XCTAssertTrue(echo.headers["User-Agent"]?.contains("Courier/") == true, "\(echo.headers)")
            XCTAssertTrue(echo.headers["Accept-Encoding"]?.hasPrefix("gzip;q=1.0, deflate;q=0.9") == true)
            XCTAssertEqual(echo.headers["Accept-Language"], "fr")
        }

        func test_putOfData_sendsTheBodyWithoutAFormContentType() async throws {
            // When
            let echo = try await provider().request(
                HTTPBinTarget(base, "/anything", method: .put, task: .requestData(Data("plain bytes".utf8))),
                as: HTTPBinEcho.self)

            // Then
            XCTAssertEqual(echo.method, "PUT")
            XCTAssertEqual(echo.data, "plain bytes")
            XCTAssertNil(echo.headers["Content-Type"])
            XCTAssertNil(echo.headers["Expect"])
        }

        func test_head_returnsTheStatusWithoutABody() async throws {
            // When
            let response = try await provider().request(HTTPBinTarget(base, "/get", method: .head))

            // Then
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertTrue(response.data.isEmpty)
        }

        func test_limit_countsDecodedBytes() async throws {
            // Given: /gzip decodes to several hundred bytes
            let transport = try CurlTransport()
            let provider = Provider<HTTPBinTarget>(transport: transport, maximumResponseSize: 64)

            // When
            let result = await provider.result(HTTPBinTarget(base, "/gzip"))

            // Then
            guard case .failure(.underlying(let error as ResponseTooLargeError, _)) = result else {
                return XCTFail("got \(result)")
            }
            XCTAssertEqual(error.limit, 64)
        }

        func test_challengeWithoutCredentials_returnsThe401() async throws {
            // When
            let response = try await provider().request(HTTPBinTarget(base, "/basic-auth/user/passwd"))

            // Then
            XCTAssertEqual(response.statusCode, 401)
            XCTAssertNotNil(response.response?.value(forHTTPHeaderField: "WWW-Authenticate"))
        }

        func test_headerNameWithALineBreak_isRefusedBeforeAnythingIsSent() async throws {
            // Given: straight to the transport, past any validation in the pipeline (Foundation drops
            // a value with a line break itself, but keeps such a name)
            var request = URLRequest(url: base.appendingPathComponent("anything"))
            request.setValue("yes", forHTTPHeaderField: "X-Bad\r\nX-Injected")

            // When
            do {
                _ = try await CurlTransport().send(TransportRequest(urlRequest: request))
                XCTFail("the request was sent")
            } catch let error as UnsafeHeaderError {
                // Then
                XCTAssertEqual(error, UnsafeHeaderError(name: "X-Bad\r\nX-Injected", part: .name))
                XCTAssertTrue(error.localizedDescription.contains("X-Bad"))
            }
        }

        func test_methodThatIsNotAToken_isRefused() async throws {
            // Given
            var request = URLRequest(url: base.appendingPathComponent("anything"))
            request.httpMethod = "GET /smuggled HTTP/1.1"

            // When / Then
            do {
                _ = try await CurlTransport().send(TransportRequest(urlRequest: request))
                XCTFail("the request was sent")
            } catch let error as UnsafeHeaderError {
                XCTAssertEqual(error.part, .method)
            }
        }

        func test_bodyStream_isRefusedRatherThanDropped() async throws {
            // Given
            var request = URLRequest(url: base.appendingPathComponent("anything"))
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: Data("streamed".utf8))

            // When / Then
            do {
                _ = try await CurlTransport().send(TransportRequest(urlRequest: request))
                XCTFail("the request was sent without its body")
            } catch let error as URLError {
                XCTAssertEqual(error.code, .requestBodyStreamExhausted)
            }
        }

        // MARK: - Cookies

        func test_cookiesSetByTheServer_areSentBackToIt() async throws {
            // When: /cookies/set sets the cookie and redirects to /cookies, which echoes it
            let response = try await provider().request(Self.setCookie(base))

            // Then
            XCTAssertEqual(try json(response)["cookies"] as? [String: String], ["flavour": "oat"])
        }

        func test_cookiesTurnedOff_areNotKept() async throws {
            // When
            let response = try await provider { $0.acceptsCookies = false }
                .request(Self.setCookie(base))

            // Then
            XCTAssertEqual(try json(response)["cookies"] as? [String: String], [:])
        }

        private static func setCookie(_ base: URL) -> HTTPBinTarget {
            HTTPBinTarget(
                base, "/cookies/set",
                task: .requestParameters(parameters: ["flavour": "oat"], encoding: URLEncoding.queryString))
        }

        // MARK: - Redirects

        func test_redirectChainPastTheLimit_failsWithTooManyRedirects() async throws {
            // Given
            let provider = try provider { $0.maximumRedirects = 3 }

            // When
            let within = try await provider.request(HTTPBinTarget(base, "/redirect/3"))
            let beyond = await provider.result(HTTPBinTarget(base, "/redirect/4"))

            // Then
            XCTAssertEqual(within.statusCode, 200)
            guard case .failure(.underlying(let error as URLError, _)) = beyond else { return XCTFail("\(beyond)") }
            XCTAssertEqual(error.code, .httpTooManyRedirects)
        }

        func test_noRedirectsAllowed_returnsTheRedirectItself() async throws {
            // When
            let response = try await provider { $0.maximumRedirects = 0 }.request(HTTPBinTarget(base, "/redirect/1"))

            // Then
            XCTAssertEqual(response.statusCode, 302)
        }

        func test_redirect303_turnsAPostIntoAGetWithoutBody() async throws {
            // When
            let echo = try await provider().request(
                redirect(to: "/anything", status: 303, body: Data("payload".utf8)), as: HTTPBinEcho.self)

            // Then
            XCTAssertEqual(echo.method, "GET")
            XCTAssertEqual(echo.data, "")
        }

        func test_redirect307_keepsMethodAndBody() async throws {
            // When
            let echo = try await provider().request(
                redirect(to: "/anything", status: 307, body: Data("payload".utf8)), as: HTTPBinEcho.self)

            // Then
            XCTAssertEqual(echo.method, "POST")
            XCTAssertEqual(echo.data, "payload")
        }

        private func redirect(to path: String, status: Int, body: Data) -> HTTPBinTarget {
            HTTPBinTarget(
                base, "/redirect-to", method: .post,
                task: .requestCompositeData(bodyData: body, urlParameters: ["url": path, "status_code": status]),
                headers: ["Content-Type": "text/plain"])
        }

        // MARK: - Cancellation

        func test_cancelledBeforeTheTransferExists_failsCancelled() async throws {
            // Given
            let provider = try provider()
            let base = self.base!

            // When
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await provider.result(HTTPBinTarget(base, "/delay/5"))
            }
            let result = await task.value

            // Then
            guard case .failure(let error) = result else { return XCTFail("got \(result)") }
            XCTAssertTrue(error.isCancelled)
        }

        func test_cancelMidDownload_leavesNoFileAnywhere() async throws {
            // Given: a body trickling over four seconds, downloaded through a folder of the test's own
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curl-cancel-\(UUID())")
            let partials = folder.appendingPathComponent("partials")
            try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appendingPathComponent("drip.bin")
            var configuration = CurlTransport.Configuration.default
            configuration.temporaryDirectory = partials
            let transport = try CurlTransport(configuration: configuration)
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let target = HTTPBinTarget(
                base, "/drip",
                task: .downloadParameters(
                    parameters: ["numbytes": 400, "duration": 4, "delay": 0], encoding: URLEncoding.queryString,
                    destination: { _, _ in (destination, []) }))

            // When: cancelled once the partial file exists
            let task = Task { await provider.result(target) }
            for _ in 0..<100 where try FileManager.default.contentsOfDirectory(atPath: partials.path).isEmpty {
                try await Task.sleep(for: .milliseconds(20))
            }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: partials.path).isEmpty)
            task.cancel()
            let result = await task.value

            // Then
            guard case .failure(let error) = result else { return XCTFail("got \(result)") }
            XCTAssertTrue(error.isCancelled)
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: partials.path), [])
            let idle = await transport.becomesIdle()
            XCTAssertTrue(idle)
        }

        func test_cancelMidUpload_stopsTheTransfer() async throws {
            // Given: 64 MiB to a server that answers at once and then reads nothing
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-upload-\(UUID()).bin")
            defer { try? FileManager.default.removeItem(at: file) }
            XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
            try FileHandle(forWritingTo: file).truncate(atOffset: 64 << 20)
            let transport = try CurlTransport()
            var request = URLRequest(url: try MisbehavingServer.baseURL().appendingPathComponent("stall"))
            request.httpMethod = "POST"
            let sent = Locked<Int64>(0)
            let upload = TransportRequest(
                urlRequest: request, body: .file(file),
                progress: { progress in
                    if progress.direction == .upload { sent.withLock { $0 = progress.completedBytes } }
                })

            // When: cancelled with part of the body sent
            let task = Task { try await transport.send(upload) }
            try await Task.sleep(for: .milliseconds(500))
            task.cancel()
            let started = ContinuousClock.now
            let result = await task.result

            // Then
            XCTAssertGreaterThan(sent.value, 0)
            XCTAssertLessThan(sent.value, 64 << 20)
            guard case .failure(let error as URLError) = result else { return XCTFail("got \(result)") }
            XCTAssertEqual(error.code, .cancelled)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
            let idle = await transport.becomesIdle()
            XCTAssertTrue(idle)
        }

        // MARK: - Timeouts

        func test_resourceTimeout_endsATrickleThatIsNeverIdle() async throws {
            // Given: one byte every 0.5 s, so the 5 s idle timeout never runs out
            let transport = try CurlTransport()
            var request = URLRequest(url: try MisbehavingServer.baseURL().appendingPathComponent("trickle"))
            request.timeoutInterval = 5
            var trickle = TransportRequest(urlRequest: request)
            trickle.timeoutIntervalForResource = 1

            // When: sent to the transport alone, without the provider's own deadline
            do {
                let response = try await transport.send(trickle)
                XCTFail("expected a timeout, got \(response.response.statusCode)")
            } catch {
                // Then
                XCTAssertEqual((error as? URLError)?.code, .timedOut, "got \(error)")
                XCTAssertTrue(error.localizedDescription.contains("timeoutIntervalForResource"), "\(error)")
            }
        }
    }
#endif
