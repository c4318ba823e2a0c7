import CourierPlugins
import CourierTestSupport

/// Collects what a ``NetworkLoggerPlugin`` writes.
final class LogRecorder: Sendable {
    private let calls = Locked<[[String]]>([])

    /// An output closure that records into this recorder.
    var output: NetworkLoggerPlugin.Configuration.OutputType {
        { _, items in self.calls.append(items) }
    }

    /// Every entry, in order.
    var lines: [String] { calls.value.flatMap { $0 } }

    /// Every entry joined with no separator.
    var text: String { lines.joined() }

    /// A logger with `options` that writes here.
    func logger(_ options: NetworkLoggerPlugin.Configuration.LogOptions) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: .init(output: output, logOptions: options))
    }
}
