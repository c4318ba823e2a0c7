// The journal app's API: one enum conforming in its declaration, with a custom set of accepted
// status codes, a cached endpoint, an upload with URL parameters, a download, an event stream and
// typed endpoints. The screens call it from `async let`, task groups and `@Sendable` clients, which
// run off the main actor, so it says `nonisolated`, as Xcode 26 asks of such code (an isolated
// conformance cannot be used there, whatever the library).
import Courier
import CourierPlugins
import Foundation

nonisolated enum JournalAPI: TargetType, AccessTokenAuthorizable {
    case entries(page: Int)
    case entry(id: Int)
    case save(Draft)
    case attachPhoto(entryID: Int, photo: Data, caption: String)
    case export(format: String)
    case live
    case tags
    case me

    var baseURL: URL { URL(string: "https://journal.example.com/v2")! }

    var path: String {
        switch self {
        case .entries, .save: "/entries"
        case .entry(let id): "/entries/\(id)"
        case .attachPhoto(let id, _, _): "/entries/\(id)/photos"
        case .export: "/export"
        case .live: "/live"
        case .tags: "/tags"
        case .me: "/me"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .save, .attachPhoto: .post
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .entries(let page):
            .requestParameters(parameters: ["page": page, "include": ["tags", "mood"]], encoding: URLEncoding.default)
        case .save(let draft):
            .requestCustomJSONEncodable(draft, encoder: JournalAPI.encoder)
        case .attachPhoto(_, let photo, let caption):
            .uploadCompositeMultipartFormData(
                [
                    MultipartFormBodyPart(
                        provider: .data(photo), name: "photo", fileName: "photo.jpg", mimeType: "image/jpeg"),
                    MultipartFormBodyPart(provider: .data(Data(caption.utf8)), name: "caption"),
                ],
                urlParameters: ["resize": true])
        case .export(let format):
            .downloadParameters(
                parameters: ["format": format], encoding: URLEncoding.queryString,
                destination: { _, response in
                    let name = response.suggestedFilename ?? "journal.\(format)"
                    return (FileManager.default.temporaryDirectory.appendingPathComponent(name), [.removePreviousFile])
                })
        case .entry, .live, .tags, .me:
            .requestPlain
        }
    }

    /// 304 counts as success here: the app revalidates its tags.
    var validationType: ValidationType { .customCodes(Array(200..<300) + [304]) }

    var cachePolicy: CachePolicy? {
        switch self {
        case .tags: .returnCacheElseLoad
        case .entries: .offlineFallback
        default: nil
        }
    }

    var authorizationType: AuthorizationType? {
        switch self {
        case .tags: nil
        default: .bearer
        }
    }

    var sampleData: Data {
        switch self {
        case .entries:
            Data(#"[{"id": 1, "title": "Monday", "mood": 3}, {"id": 2, "title": "Tuesday", "mood": 4}]"#.utf8)
        case .entry(let id): Data(#"{"id": \#(id), "title": "Entry \#(id)", "mood": 5}"#.utf8)
        case .save(let draft): Data(#"{"id": 9, "title": "\#(draft.title)", "mood": \#(draft.mood)}"#.utf8)
        case .tags: Data(#"["travel", "work"]"#.utf8)
        case .me: Data(#"{"name": "Ada", "entries": 2}"#.utf8)
        case .live: Data("data: {\"id\": 3, \"title\": \"Live\", \"mood\": 1}\n\n".utf8)
        default: Data()
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()
}

// Typed endpoints, as an app groups them.
nonisolated extension JournalAPI {
    static func entryDetail(_ id: Int) -> TypedTarget<JournalAPI, Entry> { TypedTarget(.entry(id: id)) }
    static func entryPage(_ page: Int) -> TypedTarget<JournalAPI, [Entry]> { TypedTarget(.entries(page: page)) }
    static var profile: TypedTarget<JournalAPI, Profile> { TypedTarget(.me) }
}
