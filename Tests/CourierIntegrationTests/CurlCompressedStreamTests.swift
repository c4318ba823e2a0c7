#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A compressed stream is decoded as the reader takes it, so pausing for a slow reader bounds
    /// memory whatever the compression ratio (issue 21, item 8): libcurl decodes everything it
    /// reads, even for a paused transfer, into a buffer of its own (up to 64 MiB in 7.88, then
    /// *Out of memory*). Courier has libcurl hand streams over undecoded and decodes them in
    /// bounded pieces.
    final class CurlCompressedStreamTests: XCTestCase {
        func test_gzipOfAGibibyteToASlowReader_keepsMemoryWithinAFewMiB() async throws {
            // Given: 1 GiB of zeros as about 1 MiB of gzip
            let base = try MisbehavingServer.baseURL()
            let transport = try CurlTransport()
            var request = URLRequest(url: base.appendingPathComponent("gzip-flood"))
            request.timeoutInterval = 10
            let stream = try await transport.stream(TransportRequest(urlRequest: request))
            var reader = stream.body.makeAsyncIterator()
            let first = try await reader.next()
            let before = try MemoryStatus.read("VmRSS")
            let peak = Locked(before)
            let sampling = Task {
                while !Task.isCancelled {
                    if let now = try? MemoryStatus.read("VmRSS") { peak.withLock { $0 = max($0, now) } }
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }

            // When: the reader takes one chunk every 100 ms for 2 s
            var read = first?.count ?? 0
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(100))
                guard let chunk = try await reader.next() else { break }
                read += chunk.count
            }
            sampling.cancel()
            stream.body.cancel()

            // Then: what was read is zeros, and memory grew by about the stream's buffer
            XCTAssertGreaterThan(read, 0)
            XCTAssertEqual(first?.allSatisfy { $0 == 0 }, true)
            let growth = peak.value - before
            XCTAssertLessThan(growth, 16 << 20, "the paused transfer kept decoding")
            print("gzip of 1 GiB to a slow reader: read \(read) bytes, peak RSS growth \(growth >> 10) KiB")
        }

        func test_compressedStreams_areDecoded() async throws {
            // Given
            let base = try HTTPBin.baseURL()
            let transport = try CurlTransport()
            var routes = ["/gzip": "gzipped", "/deflate": "deflated"]
            if CurlTransport.Configuration.default.additionalHeaders["Accept-Encoding"]?.contains("br") == true {
                routes["/brotli"] = "brotli"
            }

            for (path, key) in routes {
                // When
                let stream = try await transport.stream(
                    TransportRequest(urlRequest: URLRequest(url: base.appendingPathComponent(path))))
                var body = Data()
                for try await chunk in stream.body { body.append(chunk) }

                // Then
                let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any], path)
                XCTAssertEqual(json[key] as? Bool, true, path)
            }
        }
    }
#endif
