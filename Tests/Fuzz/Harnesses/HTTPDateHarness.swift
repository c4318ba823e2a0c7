import Foundation

@testable import Courier

/// HTTP dates (RFC 9110 §5.6.7) in every field the cache and downloads read them from: `Date`,
/// `Expires`, `Last-Modified`, and the freshness they give.
///
/// Checked: a date that parses is written as an IMF-fixdate that parses back to the same instant;
/// freshness is a finite number of seconds whatever the dates say.
enum HTTPDateHarness: FuzzHarness {
    static let name = "http-date"

    static func run(_ input: FuzzInput) {
        let text = input.text
        if let date = HTTPDate.parse(text) {
            let written = HTTPDate.format(date)
            precondition(HTTPDate.parse(written) == date, "\(text) is \(date), written \(written)")
        }
        let fields = input.fields(3)
        let headers = ["Date": fields[0], "Expires": fields[1], "Last-Modified": fields[2]]
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let head = CacheEntry.Head(
            key: "GET https://origin.example/", url: URL(string: "https://origin.example/")!, statusCode: 200,
            headers: headers, vary: [], credential: nil, requestTime: now, responseTime: now, bodyCount: 0)
        let freshness = Freshness(of: head, control: head.cacheControl, now: now, heuristicCap: 86_400)
        precondition(freshness.age.isFinite && freshness.lifetime.isFinite, "\(freshness) for \(headers)")
        _ = DownloadValidator.of { HTTPHeaders.value($0, in: headers) }
    }
}
