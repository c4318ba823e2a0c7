import Courier
import CourierPlugins

/// The demo's logger: Courier's `NetworkLoggerPlugin` with its default options (URL, headers and
/// method of each request, the status line of each response) and its default redaction, writing
/// through the console so that log lines and results stay in order. With `--verbose`, a
/// `Metrics:` line follows each response: protocol, connection, timings, bytes.
enum Logging {
    static func plugin(
        _ console: Console, verbose: Bool = false, extra: NetworkLoggerPlugin.Configuration.LogOptions = []
    ) -> NetworkLoggerPlugin {
        var options: NetworkLoggerPlugin.Configuration.LogOptions = verbose ? [.default, .transferMetrics] : .default
        options.formUnion(extra)
        return NetworkLoggerPlugin(
            configuration: .init(output: { _, lines in console.write(lines) }, logOptions: options))
    }
}
