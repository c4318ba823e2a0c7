import Foundation

@testable import Courier
@testable import CourierTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The files of a ``RecordReplayTransport`` recordings folder, replayed: the input is a recording
/// file (its JSON), a NUL, and the body file it names (`body.txt` in the corpus); both go into a
/// folder of their own, and a request that matches the recording is sent and streamed from it.
/// The body part also goes through the recorder, as a request's and a response's body.
///
/// Checked: a replayed response has the recording's status; a streamed one never hands over more
/// bytes than the folder's files hold; compact JSON written indented compacts back to its bytes.
enum ReplayStoreHarness: FuzzHarness {
    static let name = "replay-store"
    private static let request = URLRequest(url: URL(string: "https://api.example/users/octocat?tab=repos")!)
    /// The folder, one per process, emptied before each input.
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-fuzz-replay-\(ProcessInfo.processInfo.processIdentifier)")

    static func run(_ input: FuzzInput) {
        let separator = input.bytes.firstIndex(of: 0) ?? input.bytes.count
        let recording = Data(UnsafeRawBufferPointer(rebasing: input.bytes[..<separator]))
        let body = Data(UnsafeRawBufferPointer(rebasing: input.bytes[min(separator + 1, input.bytes.count)...]))
        record(body)
        let key = RecordingKey(request, body: nil, redaction: .default)
        let name = RecordingStore.name(key, occurrence: 1)
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? files.removeItem(at: folder.appendingPathComponent(name))
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

    /// Sends and streams the request to a transport replaying the folder, and waits for the end.
    private static func replay(statusCode: Int?, largestFile: Int) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await replay(RecordReplayTransport(mode: .replay, directory: folder), statusCode, largestFile)
            // Only now: what the replay held is released, so the run ends with no allocation pending.
            done.signal()
        }
        done.wait()
    }

    private static func replay(_ transport: RecordReplayTransport, _ statusCode: Int?, _ largestFile: Int) async {
        if let answer = try? await transport.send(TransportRequest(urlRequest: request)) {
            precondition(answer.response.statusCode == statusCode)
        }
        guard let stream = try? await transport.stream(TransportRequest(urlRequest: request)) else { return }
        var received = 0
        do {
            for try await chunk in stream.body {
                received += chunk.count
                precondition(received <= largestFile, "\(received) bytes streamed")
            }
        } catch {}
    }
}
