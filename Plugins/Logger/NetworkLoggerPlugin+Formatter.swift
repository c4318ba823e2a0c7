import Courier

extension NetworkLoggerPlugin.Configuration {
    /// Turns log entries and bodies into text.
    public struct Formatter {
        /// Renders a body.
        public typealias DataFormatterType = (Data) -> String
        /// Renders a whole line from its identifier (`Request`, `Response Body`, …), its message
        /// and the target.
        public typealias EntryFormatterType =
            (_ identifier: String, _ message: String, _ target: any TargetType) -> String

        /// Renders each line. ``defaultEntryFormatter(identifier:message:target:)`` by default.
        public var entry: EntryFormatterType {
            didSet { isDefaultEntry = false }
        }
        /// Whether ``entry`` is the default, which the logger then renders with one line prefix
        /// (time, request, attempt) for all the lines of one call rather than one per line.
        private(set) var isDefaultEntry: Bool
        /// Renders request bodies; `nil` for Courier's rendering (JSON pretty-printed, long bodies
        /// cut, binary summarised, secrets redacted). A custom formatter sees the raw bytes, so
        /// it is responsible for hiding secrets itself.
        public var requestData: DataFormatterType?
        /// Renders response bodies; `nil` for Courier's rendering, as for ``requestData``.
        public var responseData: DataFormatterType?

        /// Creates a formatter.
        /// - Parameters:
        ///   - entry: Renders each line. `nil` for
        ///     ``defaultEntryFormatter(identifier:message:target:)``, the default.
        ///   - requestData: Renders request bodies. `nil` (Courier's rendering) by default.
        ///   - responseData: Renders response bodies. `nil` (Courier's rendering) by default.
        public init(
            entry: EntryFormatterType? = nil,
            requestData: DataFormatterType? = nil,
            responseData: DataFormatterType? = nil
        ) {
            self.entry = entry ?? Self.defaultEntryFormatter
            self.isDefaultEntry = entry == nil
            self.requestData = requestData
            self.responseData = responseData
        }

        /// `Courier: [2025-01-14T12:34:56.789Z] [#7 attempt 1, stubbed] Request: https://…`.
        ///
        /// The time is UTC with milliseconds. The bracket after it names the request and attempt
        /// from ``RequestContext/current`` (so a request and its response share it), and says
        /// `stubbed` for a stubbed request; it is left out outside a request.
        public static func defaultEntryFormatter(identifier: String, message: String, target: any TargetType)
            -> String
        {
            var line = linePrefix(reservingCapacity: identifier.utf8.count + message.utf8.count)
            line += identifier
            line += ": "
            line += message
            return line
        }

        /// `Courier: [2025-01-14T12:34:56.789Z] [#7 attempt 1, stubbed] `: the start of a default
        /// line, now, with room for `capacity` more bytes.
        static func linePrefix(reservingCapacity capacity: Int = 0) -> String {
            var line = "Courier: ["
            line.reserveCapacity(64 + capacity)
            LogTime.appendTimestamp(of: Date(), to: &line)
            line += "] "
            if let context = RequestContext.current {
                line += "[#"
                line += String(context.id)
                line += " attempt "
                line += String(context.attempt)
                line += context.isStubbed ? ", stubbed] " : "] "
            }
            return line
        }
    }
}
