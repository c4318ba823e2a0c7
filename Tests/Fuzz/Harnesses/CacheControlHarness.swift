import Foundation

@testable import Courier

/// `Cache-Control` (RFC 9111 §5.2), `Pragma` and `Age` as a response and as a request carry them,
/// and the decision the cache makes from them for every policy.
///
/// Checked: every number read stays within 0 and 2³¹ (`max-stale` without a value is unbounded);
/// directive names come out lowercased and never empty.
enum CacheControlHarness: FuzzHarness {
    static let name = "cache-control"

    static func run(_ input: FuzzInput) {
        let field = input.text
        let response = CacheControl(field, isRequest: false)
        let request = CacheControl(field, isRequest: true)
        for control in [response, request] {
            for value in [control.maxAge, control.minFresh, control.staleWhileRevalidate, control.staleIfError] {
                guard let value else { continue }
                precondition((0...CacheControl.saturatedSeconds).contains(value), "\(value) in \(field)")
            }
            if let maxStale = control.maxStale {
                precondition(maxStale >= 0 && (maxStale <= CacheControl.saturatedSeconds || maxStale == .max))
            }
        }
        let directives = CacheControl.directives(in: field)
        for (name, _) in directives { precondition(!name.isEmpty && name == name.lowercased()) }
        let age = Freshness.ageValue(field)
        precondition((0...CacheControl.saturatedSeconds).contains(age))
        var fields = URLRequest(url: URL(string: "https://origin.example/")!)
        fields.setValue(field, forHTTPHeaderField: "Pragma")
        let pragma = HTTPCache.requestControl(of: RequestFields(fields))
        decide(response: response, request: request)
        decide(response: response, request: pragma)
    }

    /// The decision for a stored response with `response`'s directives, fresh and stale, validated
    /// or not, under every policy.
    private static func decide(response: CacheControl, request: CacheControl) {
        let policies: [CachePolicy] = [
            .httpSemantics, .alwaysRevalidate, .returnCacheElseLoad, .returnCacheThenRefresh, .offlineFallback,
        ]
        let lifetime = TimeInterval(response.maxAge ?? 0)
        for age in [0, lifetime / 2, lifetime * 2 + 1, Double(CacheControl.saturatedSeconds) * 2] {
            for policy in policies {
                for hasValidators in [false, true] {
                    _ = CacheDecision.decide(
                        freshness: Freshness(age: age, lifetime: lifetime), hasValidators: hasValidators,
                        response: response, request: request, policy: policy)
                }
            }
        }
    }
}
