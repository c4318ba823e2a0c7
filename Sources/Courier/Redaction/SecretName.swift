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
/// - **ends with** one of ``secretEndings`` — `token`, `apikey`, `cookie`, `authorization`,
///   `signature`, `sessionid`, … — so `x-auth-token`, `X-API-Key`,
///   `Set-Cookie` and `Proxy-Authorization` are secrets, and `token_type`, `tokenizer`,
///   `max_tokens`, `author` and `authority` are not;
/// - or **is** one of ``secretNames`` (`key`, `sig`, `auth`, `pwd`, `pass`, `tokens`, `otp`,
///   `credential`, `credentials`): names that are secrets alone but name harmless things inside
///   other names (`Access-Control-Allow-Credentials: true` is in every CORS answer);
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
    static let secretEndings: [StaticString] = [
        "token", "passwords", "signature", "cookie", "cookies", "authorization", "apikey", "apikeys", "accesskey",
        "privatekey", "secretkey", "signingkey", "sessionkey", "subscriptionkey",
        "authkey", "masterkey", "encryptionkey", "clientkey", "sessionid", "sessid", "verifier", "assertion",
    ]

    /// Whole joined forms that are secrets alone.
    static let secretNames: [StaticString] = [
        "key", "sig", "auth", "pwd", "pass", "tokens", "otp", "credential", "credentials",
    ]

    /// Parts that make any name holding them a secret.
    static let secretParts: [StaticString] = ["password", "passwd", "passphrase", "secret"]

    /// Whether `name` is a secret by the rule above.
    static func isSecret(_ name: String) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable({ isSecret(bytes: $0) }) { return answer }
        return Array(name.utf8).withUnsafeBufferPointer { isSecret(bytes: $0) }
    }

    /// Whether the name in `bytes` (UTF-8) is a secret by the rule above.
    static func isSecret(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass finds where the last component starts, and whether the name needs the general
        // path: an encoded or non-ASCII name, or a last part of only digits (`tokens[0]`).
        var start = 0
        var isPlain = true
        var lastHasLetter = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 || byte == UInt8(ascii: "%") {
                isPlain = false
                break
            }
            if isSeparator(byte) {
                start = index + 1
                lastHasLetter = false
            } else if byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A {
                lastHasLetter = true
            }
        }
        guard isPlain, lastHasLetter else {
            return Array(key(String(decoding: bytes, as: UTF8.self)).utf8).withUnsafeBufferPointer { matches($0) }
        }
        // Nearly every name: ASCII and not encoded, checked on its bytes without allocating.
        let component = bytes[start...]
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
        // No ending, name or part is shorter than three letters (`q`, `id` are never secrets).
        guard count >= 3, let base = joined.baseAddress else { return false }
        for ending in endingsByLastByte[Int(joined[count - 1] & 0x7F)] where count >= ending.utf8CodeUnitCount {
            if equal(base + count - ending.utf8CodeUnitCount, ending) { return true }
        }
        for name in secretNames where name.utf8CodeUnitCount == count {
            if equal(base, name) { return true }
        }
        guard joined.count >= 6 else { return false }
        for part in secretParts where joined.count >= part.utf8CodeUnitCount {
            for start in 0...(joined.count - part.utf8CodeUnitCount) where joined[start] == part.utf8Start.pointee {
                if equal(base + start, part) { return true }
            }
        }
        return false
    }

    /// ``secretEndings`` by their last byte, so that a name is compared with a few endings only.
    private static let endingsByLastByte: [[StaticString]] = secretEndings.reduce(
        into: Array(repeating: [], count: 128)
    ) { table, ending in
        let last = ending.utf8Start[ending.utf8CodeUnitCount - 1]
        table[Int(last & 0x7F)].append(ending)
    }

    /// Whether the bytes at `bytes` start with `text`.
    @inline(__always)
    private static func equal(_ bytes: UnsafePointer<UInt8>, _ text: StaticString) -> Bool {
        let expected = text.utf8Start
        for offset in 0..<text.utf8CodeUnitCount where bytes[offset] != expected[offset] { return false }
        return true
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
