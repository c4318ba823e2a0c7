import Courier
import CourierPlugins

/// The demo's logger: Courier's `NetworkLoggerPlugin` with its default options (URL, headers and
/// method of each request, the status line of each response) and its default redaction, writing
/// through the console so that log lines and results stay in order.
enum Logging {
    static func plugin(_ console: Console) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: .init(output: { _, lines in console.write(lines) }))
    }
}
