import Foundation

/// Why a ``TypedTarget``'s body did not decode: which target, which type, where in the body, and
/// the decoder's own error. Carried by ``CourierError/objectMapping(_:_:)`` with the response.
///
/// `Decoding User for GitHub.userProfile failed at "plan.seats": the value is missing.`
public struct TypedTargetDecodingError: Error, LocalizedError, CustomStringConvertible {
    /// The target's type and case, e.g. `GitHub.userProfile`; never its associated values, which
    /// may hold secrets.
    public let target: String
    /// The type the body was decoded as, e.g. `User`.
    public let type: String
    /// Where decoding stopped: the key path given to the typed target, then the coding path inside
    /// it, dotted (`data.user.plan.seats`); empty at the top level.
    public let keyPath: String
    /// The decoder's error.
    public let underlying: any Error

    /// `Decoding User for GitHub.userProfile failed at "plan.seats": …`
    public var description: String {
        let place = keyPath.isEmpty ? "" : " at \"\(keyPath)\""
        return "Decoding \(type) for \(target) failed\(place): \(Self.reason(underlying))"
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// `error` with a ``TypedTargetDecodingError`` in place of a decoder's error in
    /// ``CourierError/objectMapping(_:_:)``; any other error as it is.
    static func naming<Target: TargetType, Answer>(
        _ error: CourierError, target: Target, type: Answer.Type, keyPath: String?
    ) -> CourierError {
        guard case .objectMapping(let underlying, let response) = error else { return error }
        let inside = (underlying as? DecodingError).map(codingPath(of:)) ?? ""
        let path = [keyPath ?? "", inside].filter { !$0.isEmpty }.joined(separator: ".")
        let named = TypedTargetDecodingError(
            target: name(of: target), type: "\(Answer.self)", keyPath: path, underlying: underlying)
        return .objectMapping(named, response)
    }

    /// `GitHub.userProfile` for an enum target's case, the type's name alone for any other target:
    /// the case name is what `String(describing:)` writes before any associated values.
    private static func name<Target: TargetType>(of target: Target) -> String {
        let typeName = "\(Target.self)"
        let caseName = String(describing: target).prefix { $0 != "(" }
        let isIdentifier = !caseName.isEmpty && caseName.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return isIdentifier && caseName != typeName ? "\(typeName).\(caseName)" : typeName
    }

    /// The dotted coding path of a decoding error: `plan.seats`, `items.2.id`.
    private static func codingPath(of error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        return path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// What went wrong, in words, without the decoder's coding path (given already).
    /// Words about a value under a secret key are hidden, as they may quote the secret.
    private static func reason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let error = decoding.hidingValueText(.default) ?? decoding
        switch error {
        case .keyNotFound(let key, _): return "the key \"\(key.stringValue)\" is missing"
        case .valueNotFound(let type, _): return "a \(type) was expected, the value is null"
        case .typeMismatch(let type, _): return "a \(type) was expected, another type is there"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
