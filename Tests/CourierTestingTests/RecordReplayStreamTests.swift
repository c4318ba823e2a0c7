import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// Recording and replaying streamed bodies, with a scripted stream as the server.
final class RecordReplayStreamTests: XCTestCase {
    private let request = TransportRequest(
        urlRequest: URLRequest(url: URL(string: "https://api.example.com/events?room=1")!))

    func test_recordedStream_replaysTheSameChunks_andWritesTheBodyAsText() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = ScriptedStreamTransport(
            StreamScript.events([ServerSentEvent(id: "1", data: "a"), ServerSentEvent(id: "2", data: "b")]))
        let recorder = RecordReplayTransport(mode: .record(through: server), directory: directory)
        // When
        let live = try await chunks(of: recorder.stream(request))
        let replayed = try await chunks(
            of: RecordReplayTransport(mode: .replay, directory: directory).stream(request))
        // Then
        XCTAssertEqual(live, ["id: 1\ndata: a\n\n", "id: 2\ndata: b\n\n"])
        XCTAssertEqual(replayed, live)
        let names = fileNames(in: directory)
        XCTAssertEqual(names.count, 2, "\(names)")
        XCTAssertTrue(names[0].hasSuffix(".body.txt"), "\(names)")
        let recording = try String(contentsOf: directory.appendingPathComponent(names[1]), encoding: .utf8)
        XCTAssertTrue(recording.contains(#""end" : "completed""#), recording)
    }

    func test_droppedStream_isRecorded_andReplayFailsTheSameWay() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = ScriptedStreamTransport(StreamScript.chunks(["data: a\n\n", "data: b"]).droppingConnection())
        let recorder = RecordReplayTransport(mode: .record(through: server), directory: directory)
        let live = try await chunksAndError(of: recorder.stream(request))
        // When
        let replayed = try await chunksAndError(
            of: RecordReplayTransport(mode: .replay, directory: directory).stream(request))
        // Then
        XCTAssertEqual(live.chunks, ["data: a\n\n", "data: b"])
        XCTAssertEqual(live.error, .networkConnectionLost)
        XCTAssertEqual(replayed.chunks, live.chunks)
        XCTAssertEqual(replayed.error, .networkConnectionLost)
    }

    func test_readerLeavingEarly_recordsWhatWasRead() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = ScriptedStreamTransport(StreamScript.chunks(["one", "two", "three"], every: .milliseconds(20)))
        let recorder = RecordReplayTransport(mode: .record(through: server), directory: directory)
        // When
        for try await _ in try await recorder.stream(request).body { break }
        // Then
        let isSaved: @Sendable () -> Bool = {
            // The recording, not the temporary file of its atomic write.
            fileNames(in: directory).contains {
                $0.hasPrefix("GET-events-") && $0.hasSuffix(".json") && !$0.contains(".body.")
            }
        }
        for _ in 0..<200 where !isSaved() { try await Task.sleep(for: .milliseconds(10)) }
        let replayed = try await chunks(
            of: RecordReplayTransport(mode: .replay, directory: directory).stream(request))
        XCTAssertEqual(replayed, ["one"])
    }

    func test_streamRecording_answersAPlainRequestWhole_andAPlainRecordingStreamsAsOneChunk() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = ScriptedStreamTransport(StreamScript.chunks(["a", "b"]))
        _ = try await chunks(
            of: RecordReplayTransport(mode: .record(through: server), directory: directory).stream(request))
        let replay = RecordReplayTransport(mode: .replay, directory: directory)
        // When
        let whole = try await replay.send(request)
        // Then
        XCTAssertEqual(String(decoding: whole.data, as: UTF8.self), "ab")
    }

    /// Found by the replay-store fuzz harness (Tests/Fuzz): a recording file is input, and a chunk
    /// size larger than what is left of the body (here `Int.max`) overflowed the replay's offset
    /// and stopped the test process.
    func test_recordingWithAChunkLargerThanItsBody_replaysTheRestOfTheBodyAsThatChunk() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = ScriptedStreamTransport(StreamScript.chunks(["data: a\n\n", "data: b\n\n"]))
        _ = try await chunks(
            of: RecordReplayTransport(mode: .record(through: server), directory: directory).stream(request))
        let name = try XCTUnwrap(fileNames(in: directory).first { !$0.contains(".body.") })
        let file = directory.appendingPathComponent(name)
        let recording = try String(contentsOf: file, encoding: .utf8)
        let edited = recording.replacingOccurrences(
            of: #""chunks" : \[[\s\d,]*\]"#, with: #""chunks" : [ 3, 9223372036854775807, 5 ]"#,
            options: .regularExpression)
        XCTAssertNotEqual(edited, recording)
        try Data(edited.utf8).write(to: file)

        // When
        let replayed = try await chunks(
            of: RecordReplayTransport(mode: .replay, directory: directory).stream(request))

        // Then
        XCTAssertEqual(replayed, ["dat", "a: a\n\ndata: b\n\n"])
    }

    // MARK: - Helpers

    private func chunks(of stream: TransportStream) async throws -> [String] {
        var chunks: [String] = []
        for try await chunk in stream.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        return chunks
    }

    private func chunksAndError(of stream: TransportStream) async throws -> (chunks: [String], error: URLError.Code?) {
        var chunks: [String] = []
        do {
            for try await chunk in stream.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
            return (chunks, nil)
        } catch {
            return (chunks, (error as? URLError)?.code)
        }
    }
}

/// A transport that streams `script` for every request.
struct ScriptedStreamTransport: HTTPTransport {
    let script: StreamScript

    init(_ script: StreamScript) {
        self.script = script
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let played = try await stream(request)
        var data = Data()
        for try await chunk in played.body { data.append(chunk) }
        return TransportResponse(response: played.response, data: data)
    }

    func stream(_ request: TransportRequest) async throws -> TransportStream {
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        return try script.play(for: url)
    }
}
