/// The built-in rule that says whether a name — a header, a query parameter, a form field, a JSON
/// key, an XML element — holds a secret, matched the way real APIs spell names.
///
/// A name is read in two steps:
/// 1. Its **last component**: percent-encoding undone (up to three times, for names encoded twice),
///    then the part after the last `[`, `]`, `.`, `&`, `?`, `=`, `/` or `;`, skipping parts that
///    are empty or only digits. So `user[password]`, `user%5Bpassword%5D`, `user.password` and
///    `tokens[0]` are read as `password`, `password`, `password` and `tokens`.
/// 2. Its **joined form**: only its letters and digits, lowercased, trailing digits dropped. So
///    `access_token`, `accessToken`, `access-token`, `AccessToken` and `ACCESSTOKEN` are all
///    `accesstoken`, and `X-Hub-Signature-256` is `xhubsignature`.
///
/// It is a secret when its joined form:
/// - **ends with** one of ``secretEndings`` — `token`, `password`, `secret`, `apikey`, `cookie`,
///   `authorization`, `signature`, `credential`, `sessionid`, … — so `x-auth-token`, `X-API-Key`,
///   `Set-Cookie` and `Proxy-Authorization` are secrets, and `token_type`, `tokenizer`,
///   `max_tokens`, `author` and `authority` are not;
/// - or **is** one of ``secretNames`` (`key`, `sig`, `auth`, `pwd`, `pass`, `tokens`, `otp`):
///   short names that are secrets alone but too common inside other names;
/// - or **contains** one of ``secretParts`` (`password`, `passwd`, `passphrase`, `secret`)
///   anywhere, so that `password_confirmation`, `newpassword` and `secretAnswer` are secrets
///   however they are spelled (HTTP/2 and many servers lowercase names, which erases camelCase).
///   The price is that `passwordless` and `secretary` are hidden too: a harmless value hidden in a
///   log is the cheaper mistake.
///
/// Deliberately not matched, because they name harmless values far more often than secrets:
/// `code` (also error codes), `session` (also objects describing a session), `key` inside other
/// names (`sortKey`, `publicKey`, `idempotencyKey`), `id`, `nonce`, `state`. Add such names to a
/// ``Redaction`` when your API uses them for secrets.
enum SecretName {
    /// Endings of the joined form that make a name a secret.
    static let secretEndings: [String] = [
        "token", "passwords", "signature", "cookie", "cookies", "authorization", "credential", "credentials",
        "apikey", "apikeys", "accesskey", "privatekey", "secretkey", "signingkey", "sessionkey", "subscriptionkey",
        "authkey", "masterkey", "encryptionkey", "clientkey", "sessionid", "sessid", "verifier", "assertion",
    ]

    /// Whole joined forms that are secrets alone.
    static let secretNames: [String] = ["key", "sig", "auth", "pwd", "pass", "tokens", "otp"]

    /// Parts that make any name holding them a secret.
    static let secretParts: [String] = ["password", "passwd", "passphrase", "secret"]

    /// Whether `name` is a secret by the rule above.
    static func isSecret(_ name: String) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable({ isSecret(bytes: $0) }) { return answer }
        return Array(name.utf8).withUnsafeBufferPointer { isSecret(bytes: $0) }
    }

    /// Whether the name in `bytes` (UTF-8) is a secret by the rule above.
    static func isSecret(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
            // Encoded or not ASCII: the general path.
            return Array(key(String(decoding: bytes, as: UTF8.self)).utf8).withUnsafeBufferPointer { matches($0) }
        }
        // Nearly every name: ASCII and not encoded, checked on its bytes without allocating.
        guard let component = lastComponent(bytes) else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: component.count) { buffer in
            var count = 0
            for byte in component where isAlphanumeric(byte) {
                buffer[count] = byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)
                count += 1
            }
            return matches(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The joined form of `name`'s last component, for comparing names a ``Redaction`` lists.
    static func key(_ name: String) -> String {
        var text = name
        for _ in 0..<3 where text.utf8.contains(UInt8(ascii: "%")) {
            guard let decoded = text.removingPercentEncoding, decoded != text else { break }
            text = decoded
        }
        let parts = text.split { $0.asciiValue.map(isSeparator) ?? false }
        let component = parts.last { !$0.allSatisfy(\.isNumber) } ?? Substring(text)
        return component.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            .map { String($0).lowercased() }.joined()
    }

    // MARK: - Matching

    /// Whether a joined form (lowercase letters and digits) is a secret: by its ending without
    /// trailing digits, as a whole name, or by a part anywhere.
    private static func matches(_ joined: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = joined.count
        while count > 0, joined[count - 1] >= 0x30 && joined[count - 1] <= 0x39 { count -= 1 }
        guard count > 0 else { return false }
        let trimmed = UnsafeBufferPointer(rebasing: joined[..<count])
        for ending in endingsByLastByte[Int(trimmed[count - 1] & 0x7F)] where count >= ending.count {
            if trimmed[(count - ending.count)...].elementsEqual(ending) { return true }
        }
        if secretNameBytes.contains(where: { trimmed.elementsEqual($0) }) { return true }
        return secretPartBytes.contains { part in contains(joined, part) }
    }

    /// ``secretEndings`` by their last byte, so that a name is compared with a few endings only.
    private static let endingsByLastByte: [[[UInt8]]] = secretEndings.reduce(
        into: Array(repeating: [], count: 128)
    ) { table, ending in
        if let last = ending.utf8.last { table[Int(last & 0x7F)].append(Array(ending.utf8)) }
    }

    private static let secretNameBytes = secretNames.map { Array($0.utf8) }
    private static let secretPartBytes = secretParts.map { Array($0.utf8) }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ part: [UInt8]) -> Bool {
        guard let first = part.first, bytes.count >= part.count else { return false }
        for start in 0...(bytes.count - part.count) where bytes[start] == first {
            if bytes[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }

    /// The bytes of the last component: after the last separator, skipping parts of only digits.
    private static func lastComponent(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let start = bytes[..<end].lastIndex(where: isSeparator).map { $0 + 1 } ?? bytes.startIndex
            let part = bytes[start..<end]
            if part.contains(where: isAlphanumeric), !part.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return part }
            end = start - 1
        }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."), UInt8(ascii: "&"), UInt8(ascii: "?"),
            UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ";"):
            true
        default:
            false
        }
    }
}
