/// A change reported by ``NetworkActivityPlugin``.
public enum NetworkActivityChangeType: Sendable, Equatable {
    /// An attempt is about to be sent or stubbed.
    case began
    /// An attempt has ended: with a response, a failure or a cancellation.
    case ended
}
