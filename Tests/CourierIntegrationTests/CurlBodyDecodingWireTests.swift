#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A compressed body kept in memory or downloaded to a file is decoded by Courier over libcurl,
    /// so that one cut short inside correct framing (the server or a proxy stopped in the middle of
    /// the gzip stream, and the `Content-Length` says so) fails instead of arriving as part of
    /// itself: libcurl hands over what inflated and reports success.
    final class CurlBodyDecodingWireTests: XCTestCase {
        // Computed, not stored: LeakSanitizer (the test command runs these suites under it) takes
        // the storage of a lazily made static `Data` for a leak.

        /// `{"items":["item 0",…,"item 59"]}`, 601 bytes.
        private static var payload: Data {
            Data((#"{"items":["# + (0..<60).map { #""item \#($0)""# }.joined(separator: ",") + "]}").utf8)
        }

        /// ``payload`` written by Python's `gzip.compress`.
        private static var gzipped: Data {
            Data(
                base64Encoded:
                    "H4sIAAAAAAACA0XRMQ4CMQxE0aug1BRrjwdYroK2pKDYCjrE3ZFA/ul+NS+K3+Pxuu/Pcb394rCM4z+iIzvUUR3uOHWcOy4dK4Nzmu1g"
                    + "PFgP5oP9AAiEgAiMxMj5fozESIzESIzESIzEEIYwND8JQxjCEIYwhCGMwiiMwqh5CYzCKIzCKIzCMIYxjGEMz3NjGMMYxvA6ts8X1jwU"
                    + "RVkCAAA=")!
        }

        /// ``payload`` written by Python's `zlib.compress`.
        private static var deflated: Data {
            Data(
                base64Encoded:
                    "eJxF0TEOAjEMRNGroNQUa48HWK6CtqSg2Ao6xN2RQP7pfjUvit/j8brvz3G9/eKwjOM/oiM71FEd7jh1nDsuHSuDc5rtYDxYD+aD/QAI"
                    + "hIAIjMTI+X6MxEiMxEiMxEiMxBCGMDQ/CUMYwhCGMIQhjMIojMKoeQmMwiiMwiiMwjCGMYxhDM9zYxjDGMbwOrbPF9VLoS0="
            )!
        }

        /// A server that answers every request with `body` under `encoding`, framed by its length.
        private func server(_ body: Data, encoding: String = "gzip", status: String = "200 OK") throws
            -> RecordingServer
        {
            try RecordingServer { _ in
                Data(
                    "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Encoding: \(encoding)\r\nContent-Length: \(body.count)\r\n\r\n"
                        .utf8) + body
            }
        }

        private func send(to server: RecordingServer, method: String = "GET") async throws -> TransportResponse {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("items"))
            request.httpMethod = method
            return try await CurlTransport().send(TransportRequest(urlRequest: request))
        }

        func test_wholeCompressedBodies_areDecoded() async throws {
            for (body, encoding) in [
                (Self.gzipped, "gzip"), (Self.deflated, "deflate"), (Self.gzipped + Data("\n".utf8), "gzip"),
            ] {
                // Given
                let server = try server(body, encoding: encoding)
                defer { server.stop() }

                // When
                let response = try await send(to: server)

                // Then: a newline after a gzip member is ignored, as libcurl and browsers do
                XCTAssertEqual(response.data, Self.payload, encoding)
            }
        }

        func test_compressedBodyCutShortInsideItsFraming_failsCannotDecodeContentData() async throws {
            for (body, encoding) in [
                (Self.gzipped.prefix(Self.gzipped.count - 8), "gzip"),  // no trailer
                (Self.gzipped.prefix(60), "gzip"),  // in the middle of the deflate data
                (Self.deflated.prefix(Self.deflated.count - 10), "deflate"),
            ] {
                // Given
                let server = try server(Data(body), encoding: encoding)
                defer { server.stop() }

                // When
                do {
                    let response = try await send(to: server)
                    XCTFail("\(encoding), \(body.count) bytes: \(response.data.count) bytes arrived as a whole body")
                } catch {
                    // Then
                    XCTAssertEqual((error as? URLError)?.code, .cannotDecodeContentData, "\(error)")
                }
            }
        }

        func test_providerError_forABodyCutShort_namesTheContentEncoding() async throws {
            // Given
            let server = try server(Self.gzipped.prefix(100))
            defer { server.stop() }
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport())

            // When
            let result = await provider.result(HTTPBinTarget(server.baseURL, "/items"))

            // Then
            guard case .failure(let error) = result else { return XCTFail("a cut body arrived as a whole one") }
            XCTAssertEqual((error.underlyingError as? URLError)?.code, .cannotDecodeContentData)
            XCTAssertTrue(error.localizedDescription.contains("Content-Encoding"), error.localizedDescription)
        }

        func test_anEncodingCourierCannotDecode_failsOnlyWhenABodyComes() async throws {
            // Given: an encoding nobody decodes, on an answer with a body and on one without
            let withBody = try server(Data("x".utf8), encoding: "compress")
            let headOnly = try server(Data(), encoding: "compress")
            defer {
                withBody.stop()
                headOnly.stop()
            }

            // When
            let empty = try await send(to: headOnly)
            do {
                _ = try await send(to: withBody)
                XCTFail("a body in an unknown encoding arrived undecoded")
            } catch {
                // Then
                XCTAssertEqual((error as? URLError)?.code, .cannotDecodeContentData, "\(error)")
            }
            XCTAssertEqual(empty.data, Data())
        }

        func test_downloads_ofAWholeBody_holdItDecoded_andOfACutOne_failAndLeaveNoFile() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decoding-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport())
            for (body, isWhole) in [(Self.gzipped, true), (Self.gzipped.prefix(100), false)] {
                // Given
                let server = try server(Data(body))
                defer { server.stop() }
                let destination = folder.appendingPathComponent(isWhole ? "whole.json" : "cut.json")
                let target = HTTPBinTarget(
                    server.baseURL, "/items",
                    task: .downloadDestination { _, _ in (destination, [.removePreviousFile]) })

                // When
                let result = await provider.result(target)

                // Then
                if isWhole {
                    XCTAssertEqual(try result.get().fileURL, destination)
                    XCTAssertEqual(try Data(contentsOf: destination), Self.payload)
                } else {
                    guard case .failure(let error) = result else { return XCTFail("a cut download succeeded") }
                    XCTAssertEqual((error.underlyingError as? URLError)?.code, .cannotDecodeContentData, "\(error)")
                    XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
                }
            }
        }
    }
#endif
