import Foundation

/// ``URLSessionTransport`` was given a background `URLSessionConfiguration`, which it cannot use:
/// background sessions hand transfers to the system and run no data tasks, while Courier reads
/// every response through its session delegate as it arrives. Every request fails with this error.
public struct BackgroundConfigurationError: Error, LocalizedError, Sendable, Hashable {
    /// The background configuration's identifier.
    public let identifier: String

    /// Creates the error.
    /// - Parameter identifier: The background configuration's identifier.
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// Names the configuration and what to use instead.
    public var errorDescription: String? {
        "URLSessionTransport cannot use the background configuration \"\(identifier)\": background sessions "
            + "run no data tasks. Use URLSessionTransport.defaultConfiguration() (or .default, .ephemeral)."
    }
}
