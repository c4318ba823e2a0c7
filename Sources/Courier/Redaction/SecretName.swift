/// The built-in rule that says whether a name — a header, a query parameter, a form field, a JSON
/// key — holds a secret, matched the way real APIs spell names.
///
/// A name is read in three steps:
/// 1. Its **last component**: percent-decoding undone (up to three times), the part after the last
///    `[`, `]`, `.`, `&`, `?`, `=`, `/` or `;`, skipping parts that are empty or only digits. So
///    `user[password]`, `user%5Bpassword%5D`, `user.password` and `tokens[0]` are read as
///    `password`, `password` and `tokens`.
/// 2. Its **words**: split at anything that is not a letter or digit, at a lowercase letter or
///    digit followed by an uppercase one (`accessToken`), and before the last capital of a run
///    followed by a lowercase letter (`APIKey`); compared in lowercase.
/// 3. Its **joined form**: the words run together, trailing digits dropped (`X-Hub-Signature-256`
///    is `xhubsignature`).
///
/// It is a secret when:
/// - its joined form **ends with** one of ``secretEndings`` (`token`, `password`, `secret`,
///   `apikey`, `cookie`, `authorization`, `signature`, …) — so `access_token`, `accessToken`,
///   `access-token`, `AccessToken`, `ACCESSTOKEN`, `x-auth-token`, `X-API-Key`, `apikey` and
///   `Set-Cookie` are secrets, and `token_type`, `tokenizer`, `max_tokens` and `author` are not;
/// - or it **is** one of ``secretNames`` (`key`, `sig`, `auth`, `pwd`, `pass`, `tokens`, `otp`),
///   short names that are secrets alone but too common inside other names;
/// - or one of its **words** is `password`, `passwd`, `passphrase` or `secret` — so
///   `password_confirmation` and `secretAnswer` are secrets, while `passwordless` (one word) and
///   `secretary` are not.
///
/// Deliberately not matched, because they name harmless values far more often than secrets:
/// `code` (also error codes), `session` (also objects describing a session), `key` inside other
/// names (`sortKey`, `publicKey`, `idempotencyKey`), `id`, `nonce`, `state`. Add such names to a
/// ``Redaction`` when your API uses them for secrets.
enum SecretName {
    /// Endings of the joined form that make a name a secret.
    static let secretEndings: [[UInt8]] = [
        "token", "password", "passwords", "passwd", "passphrase", "secret", "secrets", "signature", "cookie",
        "cookies", "authorization", "credential", "credentials", "apikey", "apikeys", "accesskey", "privatekey",
        "secretkey", "signingkey", "sessionkey", "subscriptionkey", "authkey", "masterkey", "encryptionkey",
        "clientkey", "sessionid", "sessid", "verifier", "assertion",
    ].map { Array($0.utf8) }

    /// Whole names (joined form) that are secrets alone.
    static let secretNames: Set<String> = ["key", "sig", "auth", "pwd", "pass", "tokens", "otp"]

    /// Words that make any name holding them a secret.
    private static let secretWords: Set<String> = ["password", "passwd", "passphrase", "secret"]

    /// Whether `name` is a secret by the rule above.
    static func isSecret(_ name: String) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable({ isSecret(bytes: $0) }) { return answer }
        return Array(name.utf8).withUnsafeBufferPointer { isSecret(bytes: $0) }
    }

    /// Whether the name in `bytes` (UTF-8) is a secret by the rule above.
    static func isSecret(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "%") {
            // Encoded or not ASCII: the general path.
            let component = lastComponent(of: String(decoding: bytes, as: UTF8.self))
            let joined = Array(joinedForm(of: component).utf8)
            return joined.withUnsafeBufferPointer { matches(joined: $0) }
                || words(of: component).contains { secretWords.contains($0) }
        }
        // Nearly every name: ASCII, not encoded. Checked on its bytes, without allocating.
        return isSecret(asciiBytes: bytes)
    }

    /// The joined form of `name`'s last component, for comparing a name with the names a
    /// ``Redaction`` lists.
    static func key(_ name: String) -> String {
        joinedForm(of: lastComponent(of: name))
    }

    // MARK: - ASCII

    private static func isSecret(asciiBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let component = lastComponent(asciiBytes: bytes) else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: component.count) { buffer in
            var count = 0
            for byte in component where isAlphanumeric(byte) {
                buffer[count] = byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)
                count += 1
            }
            let joined = UnsafeBufferPointer(rebasing: buffer[..<count])
            if matches(joined: joined) { return true }
            guard contains(joined, "pass") || contains(joined, "secret") else { return false }
            return asciiWords(component).contains { secretWords.contains($0) }
        }
    }

    /// The bytes of the last component: after the last separator, skipping parts of only digits.
    private static func lastComponent(asciiBytes bytes: UnsafeBufferPointer<UInt8>) -> Slice<
        UnsafeBufferPointer<UInt8>
    >? {
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let start = bytes[..<end].lastIndex(where: isSeparator).map { $0 + 1 } ?? bytes.startIndex
            let part = bytes[start..<end]
            if !part.isEmpty, !part.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return part }
            end = start - 1
        }
        return nil
    }

    private static func asciiWords(_ component: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
        words(of: String(decoding: component, as: UTF8.self))
    }

    // MARK: - Matching

    /// Whether a joined form (lowercase) ends with a secret ending or is a secret name, trailing
    /// digits ignored.
    private static func matches(joined: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = joined.count
        while count > 0, joined[count - 1] >= 0x30 && joined[count - 1] <= 0x39 { count -= 1 }
        guard count > 0 else { return false }
        let trimmed = UnsafeBufferPointer(rebasing: joined[..<count])
        for ending in endingsByLastByte[Int(trimmed[count - 1] & 0x7F)] where count >= ending.count {
            if trimmed[(count - ending.count)...].elementsEqual(ending) { return true }
        }
        return secretNameBytes.contains { trimmed.elementsEqual($0) }
    }

    /// ``secretEndings`` by their last byte, so that a name is compared with a few endings only.
    private static let endingsByLastByte: [[[UInt8]]] = secretEndings.reduce(
        into: Array(repeating: [], count: 128)
    ) { table, ending in
        if let last = ending.last { table[Int(last & 0x7F)].append(ending) }
    }

    private static let secretNameBytes = secretNames.map { Array($0.utf8) }

    private static func contains(_ bytes: some Collection<UInt8>, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        while bytes.distance(from: index, to: bytes.endIndex) >= needle.count {
            if bytes[index...].starts(with: needle) { return true }
            index = bytes.index(after: index)
        }
        return false
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

    // MARK: - Any text

    /// The letters and digits of `name`, lowercased.
    private static func joinedForm(of name: some StringProtocol) -> String {
        var joined = ""
        joined.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            if scalar.isASCII {
                joined.unicodeScalars.append(
                    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar)
            } else {
                joined += String(scalar).lowercased()
            }
        }
        return joined
    }

    /// The last meaningful component of `name`, percent-decoding undone.
    private static func lastComponent(of name: some StringProtocol) -> Substring {
        var text = String(name)
        for _ in 0..<3 where text.utf8.contains(UInt8(ascii: "%")) {
            guard let decoded = text.removingPercentEncoding, decoded != text else { break }
            text = decoded
        }
        let parts = text.split(whereSeparator: { $0.asciiValue.map(isSeparator) ?? false })
        return parts.last { part in !part.allSatisfy(\.isNumber) } ?? Substring(text)
    }

    /// The words of a name, lowercased: split at punctuation and at camelCase boundaries.
    private static func words(of name: some StringProtocol) -> [String] {
        var words: [String] = []
        var current = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if !current.isEmpty, index > 0 {
                let previous = scalars[index - 1]
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let startsCamel = scalar.properties.isUppercase && !previous.properties.isUppercase
                let endsAcronym =
                    scalar.properties.isUppercase && previous.properties.isUppercase
                    && (next?.properties.isLowercase ?? false)
                if startsCamel || endsAcronym {
                    words.append(current)
                    current = ""
                }
            }
            current += String(scalar).lowercased()
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
