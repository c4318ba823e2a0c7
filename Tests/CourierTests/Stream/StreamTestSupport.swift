import CourierTestSupport
import Foundation

@testable import Courier

/// A streamed response whose body the test writes, and the summaries its monitor reports.
struct FedStream {
    let stream: StreamedResponse
    let writer: ResponseBodyStream.Writer
    let summaries: Locked<[StreamSummary]>

    /// A stream with `status`; `reconnect` opens the next connection.
    init(
        status: Int = 200, bufferLimit: Int = ResponseBodyStream.defaultBufferLimit,
        reconnect: StreamSource.Reconnect? = nil
    ) {
        let summaries = Locked<[StreamSummary]>([])
        let monitor = StreamMonitor(statusCode: status) { summary in summaries.withLock { $0.append(summary) } }
        self.init(
            status: status, bufferLimit: bufferLimit, monitor: monitor, reconnect: reconnect, summaries: summaries)
    }

    /// A stream with `status` reporting to `monitor`, as a reconnection makes one.
    init(
        status: Int, bufferLimit: Int = 1 << 20, monitor: StreamMonitor, reconnect: StreamSource.Reconnect?,
        summaries: Locked<[StreamSummary]> = Locked([])
    ) {
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: bufferLimit)
        let url = URL(string: "http://127.0.0.1/events")!
        let head = Response(
            statusCode: status, data: Data(), request: URLRequest(url: url),
            response: HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:]))
        stream = StreamedResponse(
            source: StreamSource(
                response: head, body: body, monitor: monitor, decoder: JSONDecoder(), reconnect: reconnect))
        self.writer = writer
        self.summaries = summaries
    }

    /// Writes `texts` as chunks, then ends the body (with `error` if given) unless told not to.
    func send(_ texts: [String], finishing: Bool = true, error: (any Error)? = nil) {
        for text in texts { writer.yield(Data(text.utf8)) }
        if finishing { writer.finish(throwing: error) }
    }
}
