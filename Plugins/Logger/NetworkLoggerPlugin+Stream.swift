import Courier

extension NetworkLoggerPlugin: StreamPluginType {
    /// Logs the end of a streamed response in one line, after the head was logged as the
    /// response: `Stream: 200 completed in 4213.0 ms, 48213 bytes, 312 events`. A failure adds its
    /// description, secrets redacted; events and reconnections are counted when there were any. The body
    /// itself is never logged or kept.
    public func didFinishStream(_ summary: StreamSummary, target: any TargetType) {
        var message = "\(summary.statusCode) "
        switch summary.outcome {
        case .completed: message += "completed"
        case .cancelled: message += "cancelled by the caller"
        case .failed: message += "failed"
        }
        message += " in \(LogTime.elapsed(summary.duration)), \(summary.bytes) bytes"
        if summary.events > 0 { message += ", \(summary.events) events" }
        if summary.reconnections > 0 { message += ", \(summary.reconnections) reconnections" }
        if case .failed(let error) = summary.outcome {
            message += ": " + error.description(redacting: configuration.redaction(for: target))
        }
        configuration.output(target, [configuration.formatter.entry("Stream", message, target)])
    }
}
