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
enum PinnedHostName {
    /// `host` in lowercase ASCII (IDNA `xn--` labels for Unicode ones), without one trailing dot
    /// and without the brackets of an IPv6 address.
    static func normalized(_ host: String) -> String {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if !isASCII(name) { name = asciiForm(of: name) }
        name = name.lowercased()
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return name
    }

    /// The IDNA form of a name with Unicode in it: the one Foundation's `URL` gives where it gives
    /// one (swift-foundation on Linux; Apple platforms from iOS 17 and macOS 14), which is the form
    /// requests to that URL connect to; else Courier's own (``ownASCIIForm(of:)``), for the Apple
    /// releases whose `URL(string:)` refuses Unicode hosts.
    private static func asciiForm(of name: String) -> String {
        if let host = URL(string: "https://\(name)/")?.host, isASCII(host), !host.contains("%") {
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
