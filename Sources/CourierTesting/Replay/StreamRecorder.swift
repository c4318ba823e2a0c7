import Courier

/// Passes a streamed body on to the reader chunk by chunk while writing it to a file, and saves
/// the recording when the body ends, fails or the reader leaves. It reads from the server only as
/// fast as the reader takes the chunks, so recording keeps the transport's back-pressure.
enum StreamRecorder {
    /// What to do with the body file and the chunks once the stream is over; it may throw a file
    /// error, which the reader then gets.
    typealias Save = @Sendable (_ bodyFile: URL, _ stream: RecordedStream) throws -> Void

    static func record(_ upstream: TransportStream, save: @escaping Save) -> TransportStream {
        let (body, writer) = ResponseBodyStream.makeStream()
        let demand = DemandSignal()
        writer.onDemand { demand.signal() }
        let task = Task {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "courier-stream-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            var chunks: [Int] = []
            var end = RecordedStream.End.completed
            var failure: (any Error)?
            do {
                guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                }
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                do {
                    for try await chunk in upstream.body {
                        try handle.write(contentsOf: chunk)
                        chunks.append(chunk.count)
                        if !writer.yield(chunk), !writer.isTerminated { await demand.wait() }
                        if writer.isTerminated { break }
                    }
                    if writer.isTerminated { end = .stopped }
                } catch {
                    end = Task.isCancelled || writer.isTerminated ? .stopped : .dropped
                    failure = error
                }
                try handle.synchronize()
                try save(file, RecordedStream(chunks: chunks, end: end))
            } catch {
                failure = failure ?? error
            }
            writer.finish(throwing: failure)
        }
        writer.onTermination {
            task.cancel()
            demand.signal()
        }
        return TransportStream(response: upstream.response, body: body)
    }
}
