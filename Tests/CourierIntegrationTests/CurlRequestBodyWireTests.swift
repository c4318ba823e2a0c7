#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// How the libcurl transport writes request bodies: one in memory under 64 KiB goes out with
    /// the head, in one write (one segment on loopback), so the server wakes once for the whole
    /// request; larger ones and files follow the head through the read callback. Every size
    /// arrives whole, with its length, whichever way it took.
    final class CurlRequestBodyWireTests: XCTestCase {
        private func post(
            _ body: TransportRequest.Body, data: Data? = nil, method: String = "POST", to server: RecordingServer,
            progress: (@Sendable (TransferProgress) -> Void)? = nil
        ) async throws {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
            request.httpMethod = method
            request.httpBody = data
            _ = try await CurlTransport().send(TransportRequest(urlRequest: request, body: body, progress: progress))
        }

        func test_smallBodyInMemory_travelsWithTheHeadInOneSegment_whereAFileBodyFollowsIt() async throws {
            // Given: 10 KB of JSON in memory, and the same bytes in a file
            let payload = Data(repeating: UInt8(ascii: "a"), count: 10_000)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
            try payload.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let inMemory = try RecordingServer()
            let fromFile = try RecordingServer()

            // When
            try await post(.inRequest, data: payload, to: inMemory)
            try await post(.file(file), to: fromFile)

            // Then: one segment brought the whole request from memory; the file's body came after
            // the head (which shows the count tells the two ways apart)
            let memoryConnection = try XCTUnwrap(inMemory.stop().connections.first)
            let fileConnection = try XCTUnwrap(fromFile.stop().connections.first)
            let segments = try XCTUnwrap(memoryConnection.dataSegments, "the kernel does not count segments")
            XCTAssertEqual(segments, 1)
            XCTAssertEqual(fileConnection.dataSegments, 2)
            XCTAssertEqual(memoryConnection.requests.first?.body, payload)
            XCTAssertEqual(fileConnection.requests.first?.body, payload)
        }

        func test_bodiesOnEitherSideOfTheInlineLimit_arriveWholeWithTheirLength() async throws {
            // Given
            let sizes = [0, 1, 65_535, 65_536, 300_000]
            let server = try RecordingServer()

            // When
            for size in sizes {
                let body = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
                try await post(.inRequest, data: body, to: server)
            }
            try await post(.inRequest, data: Data("put".utf8), method: "PUT", to: server)
            try await post(.inRequest, data: Data("patch".utf8), method: "PATCH", to: server)

            // Then
            let requests = server.stop().requests
            XCTAssertEqual(requests.count, sizes.count + 2)
            for (request, size) in zip(requests, sizes) {
                XCTAssertEqual(request.method, "POST")
                XCTAssertEqual(request.body, Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }), "\(size)")
                XCTAssertEqual(request.value(forHeader: "Content-Length"), "\(size)")
                XCTAssertNil(request.value(forHeader: "Expect"))
            }
            XCTAssertEqual(requests.suffix(2).map(\.method), ["PUT", "PATCH"])
            XCTAssertEqual(requests.suffix(2).map(\.body), [Data("put".utf8), Data("patch".utf8)])
        }

        func test_smallBodySentWithTheHead_isReportedSentOnce() async throws {
            // Given
            let server = try RecordingServer()
            let events = Locked<[TransferProgress]>([])

            // When
            try await post(.inRequest, data: Data(count: 2_000), to: server) { event in
                events.withLock { $0.append(event) }
            }
            server.stop()

            // Then
            let uploads = events.withLock { $0 }.filter { $0.direction == .upload }
            XCTAssertEqual(uploads, [TransferProgress(direction: .upload, completedBytes: 2_000, totalBytes: 2_000)])
        }
    }
#endif
