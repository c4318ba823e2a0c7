extension Duration {
    /// The longest wait Courier makes from a number of seconds: about 31,700 years, which is
    /// never in practice and leaves room in every clock's arithmetic.
    package static let longestWait = Duration.seconds(1e12)

    /// `seconds` as a duration, without the traps of `Duration.seconds(_:)` (which stops the
    /// process for a value such as `1e30`, infinity or NaN): NaN and negative values are zero,
    /// values past ``longestWait`` are that. For delays and limits an app or a server hands over.
    package static func saturating(seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }  // NaN compares false too
        return seconds < 1e12 ? .seconds(seconds) : longestWait
    }
}
