/// The pins of a ``ServerTrustPolicy`` as both transports look them up: by host name as
/// ``PinnedHostName`` writes it, each hash without libcurl's `sha256//` prefix, hosts with no
/// hashes left out.
struct PublicKeyPins: Sendable, Hashable {
    /// The base64 SHA-256 hashes, by normalized host name (`"*"` as it is).
    private let hashesByHost: [String: [String]]

    /// - Parameter pinnedPublicKeys: The policy's ``ServerTrustPolicy/pinnedPublicKeys``.
    init(_ pinnedPublicKeys: [String: [String]]) {
        var hashesByHost: [String: [String]] = [:]
        for (host, hashes) in pinnedPublicKeys where !hashes.isEmpty {
            let bare = hashes.map { $0.hasPrefix(Self.curlPrefix) ? String($0.dropFirst(Self.curlPrefix.count)) : $0 }
            // Two spellings of one host: both sets of hashes apply.
            hashesByHost[PinnedHostName.normalized(host), default: []].append(contentsOf: bare)
        }
        self.hashesByHost = hashesByHost
    }

    /// Whether no host is pinned.
    var isEmpty: Bool { hashesByHost.isEmpty }

    /// The hosts with pins of their own, normalized and sorted (`"*"` among them when it has some).
    var hosts: [String] { hashesByHost.keys.sorted() }

    /// The hashes pinned for `host` (as a URL or a challenge writes it): its own, else those of
    /// `"*"`; `nil` when it is not pinned.
    func hashes(for host: String) -> [String]? {
        guard !hashesByHost.isEmpty else { return nil }
        return hashesByHost[PinnedHostName.normalized(host)] ?? hashesByHost["*"]
    }

    /// The prefix libcurl's `CURLOPT_PINNEDPUBLICKEY` puts before a base64 SHA-256 hash.
    static let curlPrefix = "sha256//"
}
