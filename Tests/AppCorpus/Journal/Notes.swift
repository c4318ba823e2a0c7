// A second, smaller API declared the plain way: under Xcode 26's default it and its conformance
// belong to the main actor, and a main-actor model streams from it and reads its cached answers.
import Courier
import Foundation

enum NotesAPI: TargetType {
    case feed
    case pinned

    var baseURL: URL { URL(string: "https://notes.example.com")! }
    var path: String {
        switch self {
        case .feed: "/feed"
        case .pinned: "/pinned"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var cachePolicy: CachePolicy? {
        switch self {
        case .feed: CachePolicy.none
        case .pinned: .returnCacheThenRefresh
        }
    }
    var sampleData: Data {
        switch self {
        case .feed: Data("data: first\n\ndata: second\n\n".utf8)
        case .pinned: Data(#"["groceries"]"#.utf8)
        }
    }
}

@MainActor
final class NotesModel {
    private let provider: Provider<NotesAPI>
    private var feed: Task<Void, Never>?
    private(set) var lines: [String] = []
    private(set) var pinned: [String] = []
    private(set) var pinnedOrigin: ResponseOrigin?

    init(provider: Provider<NotesAPI>) {
        self.provider = provider
    }

    func onAppear() {
        feed = Task { [weak self] in
            guard let provider = self?.provider else { return }
            do {
                let stream = try await provider.stream(.feed)
                for try await event in stream.events {
                    self?.lines.append(event.data)
                }
            } catch {
                self?.lines.append("failed: \(error)")
            }
        }
    }

    func onDisappear() {
        feed?.cancel()
    }

    func feedEnded() async {
        await feed?.value
    }

    func loadPinned() async throws {
        let response = try await provider.request(.pinned)
        pinnedOrigin = response.origin
        pinned = try response.map([String].self)
    }
}
