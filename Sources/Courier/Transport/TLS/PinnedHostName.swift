import Foundation

/// A host name as public-key pins are looked up by: the form in which two spellings of one DNS
/// name are equal, on every platform and over every transport.
///
/// Certificate checks match names as DNS does: in any case, and ignoring one trailing dot
/// (`pinned.example.` is `pinned.example`). A URL's internationalised name reaches the connection
/// in its ASCII (`xn--`) form. A pin looked up by the name as written would miss every other
/// spelling of the same host and let the connection through unpinned; so the keys of a
/// ``ServerTrustPolicy`` and the hosts looked up (a URL's for libcurl, a challenge's for
/// URLSession) all go through ``normalized(_:)``.
///
/// An IP address has spellings too: libcurl connects `127.1`, `2130706433` and `0x7f.0.0.1` to
/// `127.0.0.1`, and `[0:0:0:0:0:0:0:1]` to `[::1]`, and checks the certificate against the
/// address; Foundation's `URL` keeps them as written. Addresses are looked up in their standard
/// form (``addressForm(of:)``).
enum PinnedHostName {
    /// `host` in lowercase ASCII (IDNA `xn--` labels for Unicode ones), without one trailing dot
    /// and without the brackets of an IPv6 address; an IP address in its standard form.
    static func normalized(_ host: String) -> String {
        var name = host
        // A Unicode name loses its dot and brackets as written, before its IDNA form is made: a label
        // too long for Punycode stays as it is, and must not become one that fits on a second pass.
        if !isASCII(name) { name = asciiForm(of: trimmed(name)) }
        name = trimmed(name.lowercased())
        return addressForm(of: name) ?? name
    }

    /// `name` without one trailing dot, then without the brackets of an IPv6 address: `[::1].` is
    /// `[::1]`, which is `::1`.
    private static func trimmed(_ name: String) -> String {
        var name = name
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return name
    }

    /// `name` as the standard text of the IP address it spells (`127.0.0.1`, `::1`, without an
    /// IPv6 zone), or `nil` when it is a DNS name. IPv4 is read as `inet_aton` reads it, which
    /// takes the short, decimal, octal and hexadecimal forms libcurl takes.
    static func addressForm(of name: String) -> String? {
        if name.contains(":") {
            let address = name.split(separator: "%", maxSplits: 1).first.map(String.init) ?? name
            var ipv6 = in6_addr()
            guard inet_pton(AF_INET6, address, &ipv6) == 1 else { return nil }
            return text(of: &ipv6, family: AF_INET6, length: Int(INET6_ADDRSTRLEN))
        }
        guard let first = name.utf8.first, (0x30...0x39).contains(first) else { return nil }
        var ipv4 = in_addr()
        guard inet_aton(name, &ipv4) != 0 else { return nil }
        return text(of: &ipv4, family: AF_INET, length: Int(INET_ADDRSTRLEN))
    }

    /// `inet_ntop`'s text of the address at `address`.
    private static func text<Address>(of address: inout Address, family: Int32, length: Int)
        -> String?
    {
        var buffer = [CChar](repeating: 0, count: length)
        let written = withUnsafeBytes(of: &address) { bytes in
            inet_ntop(family, bytes.baseAddress, &buffer, socklen_t(length)) != nil
        }
        guard written else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The IDNA form of a name with Unicode in it: the one Foundation's `URL` gives where it gives
    /// one (swift-foundation on Linux; Apple platforms from iOS 17 and macOS 14), which is the form
    /// requests to that URL connect to; else Courier's own (``ownASCIIForm(of:)``), for the Apple
    /// releases whose `URL(string:)` refuses Unicode hosts. A name holding a URL delimiter (`:`, `/`, `@`…) is never handed to `URL`, which would read
    /// only the part before it as the host and key the pin to another name.
    private static func asciiForm(of name: String) -> String {
        let delimiters = Set(":/?#@[]\\% ".utf8)
        if !name.utf8.contains(where: { delimiters.contains($0) }),
            let host = URL(string: "https://\(name)/")?.host, isASCII(host), !host.contains("%")
        {
            return host
        }
        return ownASCIIForm(of: name)
    }

    /// `name` mapped as IDNA (UTS #46) maps the names people write: compatibility forms folded
    /// (NFKC: full-width letters, the ideographic full stop), lowercased, and each label with
    /// Unicode in it written as `xn--` and its ``Punycode``. The exotic mappings of UTS #46 (`ß`
    /// is kept, as IDNA 2008 and Foundation keep it) are not all reproduced.
    static func ownASCIIForm(of name: String) -> String {
        let folded = name.precomposedStringWithCompatibilityMapping.lowercased()
        let labels = folded.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "\u{3002}" }
        return labels.map { label in
            guard !isASCII(label), let encoded = Punycode.encode(label) else { return String(label) }
            return "xn--" + encoded
        }
        .joined(separator: ".")
    }

    private static func isASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
