import Courier

extension NetworkLoggerPlugin {
    /// What ``NetworkLoggerPlugin`` logs, how it formats it, and where it writes it.
    public struct Configuration {
        /// Receives the entries of one `willSend` or `didReceive` call, for the target they are
        /// about. Forward them to your own logging system, or collect them in tests.
        public typealias OutputType = (_ target: any TargetType, _ items: [String]) -> Void

        /// Turns entries and bodies into text.
        public var formatter: Formatter
        /// Where the entries go.
        public var output: OutputType
        /// Which parts of requests and responses are logged.
        public var logOptions: LogOptions
        /// Which header, query-parameter and JSON-key values are hidden, everywhere the logger
        /// prints them. Set ``Redaction/none`` only to debug on your own machine.
        public var redaction: Redaction
        /// How many bytes of a body are shown; a longer body is cut there and its total size
        /// stated. Binary bodies are never shown, only summarised.
        public var maximumBodySize: Int
        /// Whether JSON bodies are pretty-printed (keys sorted, two-space indentation).
        public var prettyPrintsJSON: Bool

        /// Creates a configuration.
        /// - Parameters:
        ///   - formatter: Turns entries and bodies into text. `Formatter()` by default.
        ///   - output: Where the entries go. ``defaultOutput(target:items:)`` (standard output)
        ///     by default.
        ///   - logOptions: Which parts are logged. ``LogOptions-swift.struct/default`` (URL,
        ///     headers and method of requests; status line of responses) by default.
        ///   - redaction: Which values are hidden. ``Redaction/default`` by default.
        ///   - maximumBodySize: How many bytes of a body are shown. `4096` by default.
        ///   - prettyPrintsJSON: Whether JSON bodies are pretty-printed. `true` by default.
        public init(
            formatter: Formatter = Formatter(),
            output: @escaping OutputType = defaultOutput,
            logOptions: LogOptions = .default,
            redaction: Redaction = .default,
            maximumBodySize: Int = 4096,
            prettyPrintsJSON: Bool = true
        ) {
            self.formatter = formatter
            self.output = output
            self.logOptions = logOptions
            self.redaction = redaction
            self.maximumBodySize = maximumBodySize
            self.prettyPrintsJSON = prettyPrintsJSON
        }

        /// Writes each item on its own line to standard output, all items of one call in a single
        /// write so that concurrent requests do not interleave within it.
        ///
        /// This is the only place where Courier writes to a terminal. A line that cannot be
        /// written (a closed pipe) is dropped: logging never fails a request.
        public static func defaultOutput(target: any TargetType, items: [String]) {
            guard !items.isEmpty else { return }
            var text = items.joined(separator: "\n")
            text.append("\n")
            try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        }
    }
}

extension NetworkLoggerPlugin.Configuration {
    /// ``redaction``, hiding `target`'s ``TargetType/credentialHeaders`` too (unless it is
    /// ``Redaction/none``, which hides nothing).
    func redaction(for target: any TargetType) -> Redaction {
        let credentials = target.credentialHeaders
        guard !credentials.isEmpty, redaction != .none else { return redaction }
        return redaction.adding(headers: credentials)
    }
}
