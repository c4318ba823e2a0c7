import Foundation

extension DecodingError {
    /// This error with its description hidden when a key on its coding path is a secret
    /// (`user.apiKey`, `token`); `nil` when none is, or `redaction` hides nothing.
    ///
    /// A decoder's own words can quote the value that did not decode (the standard library's
    /// `Cannot initialize Key from invalid String value sk_live_…` for a `RawRepresentable`), and
    /// the value under a secret key is the secret. The coding path stays: it says where, not what.
    func hidingValueText(_ redaction: Redaction) -> DecodingError? {
        switch self {
        case .typeMismatch(let type, let context):
            Self.hidden(context, redaction).map { .typeMismatch(type, $0) }
        case .valueNotFound(let type, let context):
            Self.hidden(context, redaction).map { .valueNotFound(type, $0) }
        case .keyNotFound(let key, let context):
            Self.hidden(context, redaction).map { .keyNotFound(key, $0) }
        case .dataCorrupted(let context):
            Self.hidden(context, redaction).map { .dataCorrupted($0) }
        @unknown default:
            nil
        }
    }

    /// `context` with its description replaced by the placeholder, and without the error under it,
    /// when a key on its path is hidden.
    private static func hidden(_ context: Context, _ redaction: Redaction) -> Context? {
        guard redaction.isActive, context.debugDescription != Redaction.placeholder,
            context.codingPath.contains(where: { redaction.hides($0.stringValue) })
        else { return nil }
        return Context(codingPath: context.codingPath, debugDescription: Redaction.placeholder)
    }
}
