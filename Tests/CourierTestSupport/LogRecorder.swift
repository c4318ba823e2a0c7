import Courier
import CourierPlugins

/// Collects what a ``NetworkLoggerPlugin`` writes, one array of entries per output call.
public final class LogRecorder: Sendable {
    private let calls = Locked<[[String]]>([])

    /// Creates an empty recorder.
    public init() {}

    /// An output closure that records into this recorder.
    public var output: NetworkLoggerPlugin.Configuration.OutputType {
        { _, items in self.calls.append(items) }
    }

    /// The entries of each output call, in order.
    public var outputCalls: [[String]] { calls.value }

    /// Every entry, in order.
    public var lines: [String] { calls.value.flatMap { $0 } }

    /// Every entry joined with no separator, as Moya's specs read the log.
    public var text: String { lines.joined() }

    /// A logger that writes here.
    public func logger(
        _ options: NetworkLoggerPlugin.Configuration.LogOptions = .verbose, redaction: Redaction = .default,
        maximumBodySize: Int = 4096, prettyPrintsJSON: Bool = true
    ) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(
            configuration: .init(
                output: output, logOptions: options, redaction: redaction, maximumBodySize: maximumBodySize,
                prettyPrintsJSON: prettyPrintsJSON))
    }
}
