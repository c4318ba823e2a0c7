#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// `CurlTransport.stream(_:)`: chunks as they arrive, a paused transfer while the reader is
    /// behind, and a stopped one when it leaves.
    final class CurlStreamTests: XCTestCase {
        private var transport: CurlTransport!

        override func setUpWithError() throws {
            transport = try CurlTransport()
        }

        private func request(_ base: URL, _ path: String, limit: Int64? = nil) -> TransportRequest {
            var urlRequest = URLRequest(url: URL(string: base.absoluteString + path)!)
            urlRequest.timeoutInterval = 10
            return TransportRequest(urlRequest: urlRequest, maximumResponseSize: limit)
        }

        func test_stream_deliversTheWholeBodyLineByLine() async throws {
            // Given
            let base = try HTTPBin.baseURL()

            // When
            let stream = try await transport.stream(request(base, "/stream/12"))
            var body = Data()
            for try await chunk in stream.body { body.append(chunk) }

            // Then
            XCTAssertEqual(stream.response.statusCode, 200)
            XCTAssertEqual(body.split(separator: UInt8(ascii: "\n")).count, 12)
        }

        func test_stream_slowReader_pausesTheTransferAndMemoryStaysBounded() async throws {
            // Given: 1 GiB offered as fast as the client reads
            let base = try MisbehavingServer.baseURL()
            let before = try MemoryStatus.read("VmRSS")

            // When: the reader takes a chunk every 50 ms for a second
            let stream = try await transport.stream(request(base, "/huge"))
            var read = 0
            var iterator = stream.body.makeAsyncIterator()
            for _ in 0..<20 {
                guard let chunk = try await iterator.next() else { break }
                read += chunk.count
                try await Task.sleep(for: .milliseconds(50))
            }
            let after = try MemoryStatus.read("VmRSS")

            // Then: far less than a second of loopback arrived, and memory grew by about the buffer
            XCTAssertLessThan(read, 64 << 20, "the transfer was not held back")
            XCTAssertLessThan(after - before, 32 << 20, "the body was buffered without bound")
            _ = iterator
        }

        func test_stream_readerLeaves_stopsTheTransfer() async throws {
            // Given
            let base = try MisbehavingServer.baseURL()
            let stream = try await transport.stream(request(base, "/huge"))

            // When
            for try await _ in stream.body { break }

            // Then
            let idle = await transport.becomesIdle()
            XCTAssertTrue(idle, "the transfer went on after its reader left")
        }

        func test_stream_cancelledBeforeTheHead_endsPromptly() async throws {
            // Given
            let base = try HTTPBin.baseURL()
            let transport = self.transport!
            let started = ContinuousClock.now
            let request = request(base, "/delay/8")
            let task = Task { try await transport.stream(request) }

            // When
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            let result = await task.result

            // Then
            guard case .failure(let error as URLError) = result else { return XCTFail("got \(result)") }
            XCTAssertEqual(error.code, .cancelled)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
            let idle = await transport.becomesIdle()
            XCTAssertTrue(idle)
        }

        func test_stream_connectionClosedMidBody_throwsFromTheLoop() async throws {
            // Given
            let base = try MisbehavingServer.baseURL()
            let stream = try await transport.stream(request(base, "/close-mid-body"))

            // When
            var thrown: (any Error)?
            do {
                for try await _ in stream.body {}
            } catch {
                thrown = error
            }

            // Then
            XCTAssertTrue(thrown is URLError, "\(String(describing: thrown))")
        }

        func test_stream_overTheLimit_stopsWithinOneBuffer() async throws {
            // Given: an endless chunked body and a 1 MiB limit
            let base = try MisbehavingServer.baseURL()
            let stream = try await transport.stream(request(base, "/huge-chunked", limit: 1 << 20))

            // When
            var read = 0
            var thrown: (any Error)?
            do {
                for try await chunk in stream.body { read += chunk.count }
            } catch {
                thrown = error
            }

            // Then
            let tooLarge = try XCTUnwrap(thrown as? ResponseTooLargeError, "\(String(describing: thrown))")
            XCTAssertEqual(tooLarge.limit, 1 << 20)
            XCTAssertLessThanOrEqual(read, 1 << 20)
            XCTAssertLessThanOrEqual(tooLarge.size, (1 << 20) + (512 << 10))
        }
    }
#endif
