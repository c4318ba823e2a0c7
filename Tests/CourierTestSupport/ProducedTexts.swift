import Courier
import Foundation

/// Every text Courier produces for an error, as a user or a crash reporter would read it: its
/// description in each form, and its `NSError` bridge with all of its user info, nested errors
/// included.
public enum ProducedTexts {
    /// The texts of `error`.
    public static func of(_ error: CourierError) -> [String] {
        let bridged = error as NSError
        var texts = [
            error.description, error.localizedDescription, error.debugDescription, String(reflecting: error),
            "\(error)", "\(bridged)", bridged.localizedDescription, bridged.debugDescription,
        ]
        texts += userInfoTexts(bridged, depth: 0)
        return texts
    }

    private static func userInfoTexts(_ error: NSError, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        var texts = ["\(error)", error.localizedDescription]
        for (key, value) in error.userInfo {
            texts.append("\(key)=\(value)")
            if let nested = value as? NSError { texts += userInfoTexts(nested, depth: depth + 1) }
            if let errors = value as? [NSError] { texts += errors.flatMap { userInfoTexts($0, depth: depth + 1) } }
        }
        return texts
    }
}
