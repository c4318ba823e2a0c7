import CourierTestSupport
import Foundation
import XCTest

@testable import Courier

/// A streamed response whose body the test writes, and the summaries its monitor reports.
struct FedStream {
    let stream: StreamedResponse
    let writer: ResponseBodyStream.Writer
    let summaries: Locked<[StreamSummary]>

    /// A stream with `status` and `headers`; `reconnect` opens the next connection.
    init(
        status: Int = 200, headers: [String: String] = [:], bufferLimit: Int = ResponseBodyStream.defaultBufferLimit,
        reconnect: StreamSource.Reconnect? = nil
    ) {
        let summaries = Locked<[StreamSummary]>([])
        let monitor = StreamMonitor(statusCode: status) { summary in summaries.withLock { $0.append(summary) } }
        self.init(
            status: status, headers: headers, bufferLimit: bufferLimit, monitor: monitor, reconnect: reconnect,
            summaries: summaries)
    }

    /// A stream with `status` reporting to `monitor`, as a reconnection makes one.
    init(
        status: Int, headers: [String: String] = [:], bufferLimit: Int = 1 << 20, monitor: StreamMonitor,
        reconnect: StreamSource.Reconnect?, summaries: Locked<[StreamSummary]> = Locked([])
    ) {
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: bufferLimit)
        let url = URL(string: "http://127.0.0.1/events")!
        let head = Response(
            statusCode: status, data: Data(), request: URLRequest(url: url),
            response: HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
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

/// What each reconnection gets, in turn, and the last event IDs they sent.
final class ScriptedReconnections: Sendable {
    enum Answer: Sendable {
        case body([String])
        /// A body sent with a `Content-Type` header.
        case typedBody(String, [String])
        case failure(URLError)
        case status(Int)
        case noContent
    }

    private let answers: Locked<[Answer]>
    private let sent = Locked<[String?]>([])

    init(_ answers: [Answer]) {
        self.answers = Locked(answers)
    }

    var attempts: Int { sent.value.count }
    var lastEventIDs: [String?] { sent.value }

    var reconnect: StreamSource.Reconnect {
        { [self] lastEventID, monitor in
            sent.withLock { $0.append(lastEventID) }
            let answer = answers.withLock { answers in answers.isEmpty ? Answer.noContent : answers.removeFirst() }
            switch answer {
            case .failure(let error):
                throw CourierError.underlying(error, nil)
            case .status(let code):
                throw CourierError.statusCode(Response(statusCode: code, data: Data()))
            case .noContent:
                return FedStream(status: 204, monitor: monitor, reconnect: reconnect).stream
            case .body(let texts):
                let fed = FedStream(status: 200, monitor: monitor, reconnect: reconnect)
                fed.send(texts)
                return fed.stream
            case .typedBody(let contentType, let texts):
                let fed = FedStream(
                    status: 200, headers: ["Content-Type": contentType], monitor: monitor, reconnect: reconnect)
                fed.send(texts)
                return fed.stream
            }
        }
    }
}

/// Waits up to five seconds for `condition`, then asserts it.
func waitForStreamCondition(
    _ condition: @Sendable () -> Bool, file: StaticString = #filePath, line: UInt = #line
) async throws {
    for _ in 0..<500 where !condition() {
        try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertTrue(condition(), file: file, line: line)
}
