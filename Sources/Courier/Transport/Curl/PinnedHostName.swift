#if os(Linux)
    import Foundation

    /// A host name as public-key pins are looked up by: the form in which two spellings of one DNS
    /// name are equal.
    ///
    /// libcurl's certificate check matches names as DNS does: in any case, and ignoring one trailing
    /// dot (`pinned.example.` is `pinned.example`). Foundation's `URL` gives an internationalised
    /// name in its ASCII (`xn--`) form. A pin looked up by the name as written would miss every other
    /// spelling of the same host and let the connection through unpinned; so keys and looked-up
    /// hosts both go through ``normalized(_:)``.
    enum PinnedHostName {
        /// `host` in lowercase ASCII (IDNA `xn--` labels for Unicode ones, as `URL` writes them),
        /// without one trailing dot and without the brackets of an IPv6 address.
        static func normalized(_ host: String) -> String {
            var name = host
            if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
            if !name.utf8.allSatisfy({ $0 < 0x80 }), let ascii = URL(string: "https://\(name)/")?.host {
                name = ascii
            }
            name = name.lowercased()
            if name.hasSuffix("."), name.count > 1 { name.removeLast() }
            return name
        }
    }
#endif
