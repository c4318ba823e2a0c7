import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Vary`, entity tags, `Last-Modified` and `Content-Range`: a response stored by an in-memory
/// cache, a request looking it up, and a `304` revalidating it, each a block of `Name: value` lines
/// (blocks end at an empty line); and the entity tags and ranges a resumed download compares.
///
/// Checked: `Vary` names come out lowercased, sorted and unique (or `*` alone); strong comparison
/// is symmetric and a tag a download keeps is its own tag; a range that parses is ordered; a
/// `304` merged into a stored response answers with that response's status and body.
enum ValidatorsHarness: FuzzHarness {
    static let name = "validators"
    private static let url = URL(string: "https://origin.example/items?page=1")!

    static func run(_ input: FuzzInput) {
        let blocks = input.text.components(separatedBy: "\n\n")
        let stored = fields(blocks.first ?? "")
        let asked = fields(blocks.count > 1 ? blocks[1] : "")
        let notModified = fields(blocks.count > 2 ? blocks[2] : "")
        checkVary(stored["Vary"])
        for (_, value) in stored.merging(notModified, uniquingKeysWith: { $1 }) { checkTags(value) }
        revalidate(stored: stored, asked: asked, notModified: notModified)
    }

    /// `Name: value` lines as a field dictionary (the last of a repeated name wins).
    private static func fields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in block.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return fields
    }

    private static func checkVary(_ vary: String?) {
        let names = CacheKey.varyNames(vary)
        precondition(names == ["*"] || (names == Array(Set(names)).sorted() && !names.contains("*")), "\(names)")
        for name in names { precondition(!name.isEmpty && name == name.lowercased(), "\(names)") }
    }

    private static func checkTags(_ value: String) {
        if let tag = DownloadValidator.entityTag(value) {
            precondition(DownloadValidator.entityTag(tag) == tag, "\(value) keeps \(tag)")
        }
        for other in [value, " \(value)\t", "\"v1\"", "W/\(value)"] {
            precondition(DownloadValidator.strongMatch(value, other) == DownloadValidator.strongMatch(other, value))
        }
        if let range = ContentRange(value) {
            precondition(range.first >= 0 && range.first <= range.last, "\(value)")
            if let complete = range.complete { precondition(range.last < complete, "\(value)") }
        }
    }

    /// Stores a `200` with `stored`'s fields, looks it up with `asked`'s, and merges a `304` with
    /// `notModified`'s into it when the lookup revalidates.
    private static func revalidate(stored: [String: String], asked: [String: String], notModified: [String: String]) {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = LockedValue(now)
        let cache = HTTPCache(configuration: .init(clock: CacheClock { clock.withLock { $0 } }))
        var request = URLRequest(url: url)
        for (name, value) in asked { request.setValue(value, forHTTPHeaderField: name) }
        let body = Data("stored body".utf8)
        for policy in [CachePolicy.httpSemantics, .alwaysRevalidate, .returnCacheThenRefresh] {
            cache.store(statusCode: 200, headerFields: stored, body: body, for: request, policy: policy)
            now += 3600
            clock.withLock { $0 = now }
            let revalidation: CacheRevalidation
            switch cache.lookup(for: request, policy: policy) {
            case .validate(let found), .answerAndRevalidate(_, let found): revalidation = found
            case .answer(let answer):
                precondition(answer.statusCode == 200 && answer.body == body)
                continue
            case .send, .unsatisfiable: continue
            }
            if let answer = cache.update(with: notModified, for: revalidation) {
                precondition(answer.statusCode == 200 && answer.body == body, "\(answer.statusCode)")
            }
            _ = HTTPCache.validatorsAgree(stored: stored, notModified: notModified)
        }
    }
}
