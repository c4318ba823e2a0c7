import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The 401 responses of authentication challenges that ``RedirectGuard`` declined, kept until
/// ``URLSessionTransport`` collects the one for the request it sent.
///
/// Needed on Linux only: there, swift-corelibs-foundation (up to 6.3.1; fixed upstream in
/// swift-corelibs-foundation#5457) turns a 401 with a `WWW-Authenticate` header into a challenge
/// and, when no stored credential answers it, leaves the task waiting forever. Declining the
/// challenge ends the task with a cancellation; the transport then returns this response instead.
final class DeclinedChallenges: Sendable {
    private let responses = LockedValue<[String: [HTTPURLResponse]]>([:])

    /// Keeps `response`, the answer to `request`.
    func record(_ response: HTTPURLResponse, for request: URLRequest) {
        responses.withLock { $0[Self.key(request), default: []].append(response) }
    }

    /// The response kept for a request with the method and URL of `request`, removed.
    func take(for request: URLRequest) -> HTTPURLResponse? {
        responses.withLock { responses in
            let key = Self.key(request)
            guard var kept = responses[key], !kept.isEmpty else { return nil }
            let response = kept.removeFirst()
            responses[key] = kept.isEmpty ? nil : kept
            return response
        }
    }

    private static func key(_ request: URLRequest) -> String {
        "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
    }
}
