import Foundation

@testable import Courier
@testable import CourierTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The files of a ``RecordReplayTransport`` recordings folder, replayed: the input is a recording
/// file (its JSON), a NUL, and the body file it names (`body.txt` in the corpus); both go into a
/// folder of their own, and a request that matches the recording is answered from it, whole and
/// as a stream laid out in the recorded chunks. The body part also goes through the recorder, as a
/// request's and a response's body.
///
/// Checked: a replayed response has the recording's status and never more bytes than the folder's
/// files hold; a stream replays every byte of its body once, in order, and fails only when the
/// recording says it dropped; compact JSON written indented compacts back to its bytes.
enum ReplayStoreHarness: FuzzHarness {
    static let name = "replay-store"
    private static let request = URLRequest(url: URL(string: "https://api.example/users/octocat?tab=repos")!)
    /// The folder, one per process, emptied before each input and removed when the process ends.
    private static let folder: URL = {
        atexit { try? FileManager.default.removeItem(at: ReplayStoreHarness.folder) }
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-fuzz-replay-\(ProcessInfo.processInfo.processIdentifier)")
    }()

    static func run(_ input: FuzzInput) {
        let separator = input.bytes.firstIndex(of: 0) ?? input.bytes.count
        let recording = Data(UnsafeRawBufferPointer(rebasing: input.bytes[..<separator]))
        let body = Data(UnsafeRawBufferPointer(rebasing: input.bytes[min(separator + 1, input.bytes.count)...]))
        record(body)
        let key = RecordingKey(request, body: nil, redaction: .default)
        let name = RecordingStore.name(key, occurrence: 1)
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        for leftover in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? files.removeItem(at: folder.appendingPathComponent(leftover))
        }
        guard (try? recording.write(to: folder.appendingPathComponent(name + ".json"))) != nil,
            (try? body.write(to: folder.appendingPathComponent("body.txt"))) != nil
        else { return }
        let statusCode = (try? JSONDecoder().decode(RecordedExchange.self, from: recording))?.response.statusCode
        replay(statusCode: statusCode, largestFile: max(recording.count, body.count))
    }

    /// What the recorder does with a body: a request's text and key, a response's file.
    private static func record(_ body: Data) {
        var post = request
        post.httpMethod = "POST"
        post.httpBody = body
        for type in ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            post.setValue(type, forHTTPHeaderField: "Content-Type")
            _ = RecordingKey(post, body: body, redaction: .default).fileBase
            _ = RecordedBody.requestText(body, contentType: type, .default)
        }
        // Compact JSON is written indented and compacted again on replay: the bytes come back.
        let file = RecordedBody.responseFile(body, .default)
        if file.layout == .prettyPrinted {
            let redacted = JSONText.redactingValues(hiddenBy: .default, in: body)
            precondition(
                RecordedBody.replayed(file.data, layout: file.layout) == redacted, "pretty JSON does not compact back")
        }
    }

    /// Answers the request from the folder as a replaying transport does, whole and as the steps
    /// of a stream (played by a task in the transport; laid out here, so no task outlives the
    /// input).
    private static func replay(statusCode: Int?, largestFile: Int) {
        let transport = RecordReplayTransport(mode: .replay, directory: folder)
        let request = TransportRequest(urlRequest: request)
        let key = RecordingKey(request.urlRequest, body: nil, redaction: .default)
        guard let (exchange, response, body) = try? transport.recording(of: request, key: key, occurrence: 1) else {
            return
        }
        precondition(response.statusCode == statusCode && exchange.response.statusCode == statusCode)
        precondition(body.count <= largestFile, "\(body.count) bytes replayed")
        let recorded = exchange.response.stream ?? RecordedStream(chunks: [body.count], end: .completed)
        var replayed = Data()
        var failures = 0
        for step in recorded.steps(for: body) {
            switch step {
            case .chunk(let chunk): replayed.append(chunk)
            case .fail: failures += 1
            case .wait: preconditionFailure("a replay never waits")
            }
        }
        precondition(replayed == body, "the stream replays \(replayed.count) of \(body.count) bytes")
        precondition(failures == (recorded.end == .dropped ? 1 : 0))
    }
}
