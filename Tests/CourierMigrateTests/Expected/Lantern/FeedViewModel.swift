// swift-format-ignore-file
//
//  FeedViewModel.swift
//  Lantern
//

import Foundation
import Courier
import CourierPlugins

struct Story: Decodable {
    let id: String
    let title: String
}

struct FeedPage: Decodable {
    let stories: [Story]
    let next: String?
}

@MainActor
final class FeedViewModel {
    private let provider: Provider<LanternAPI>
    private let sessionPlugin: SessionPlugin
    private var pending: [Cancellable] = []

    private(set) var stories: [Story] = []
    private(set) var nextCursor: String?
    private(set) var message: String?
    var onSignOut: (() -> Void)?

    init(stubbed: Bool = false) {
        let sessionPlugin = SessionPlugin(clientSecret: "lantern-ios")
        let activity = NetworkActivityPlugin { change, _ in
            let began = change == .began
            DispatchQueue.main.async {
                if began {
                    ActivityIndicator.shared.push()
                } else {
                    ActivityIndicator.shared.pop()
                }
            }
        }
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 20
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSessionTransport(configuration: configuration, startRequestsImmediately: false)

        #if DEBUG
        let stubClosure: Provider<LanternAPI>.StubClosure = stubbed ? Provider.delayedStub(0.5) : Provider.neverStub
        #else
        let stubClosure: Provider<LanternAPI>.StubClosure = Provider.neverStub
        #endif

        self.sessionPlugin = sessionPlugin
        self.provider = Provider<LanternAPI>(
            stubClosure: stubClosure,
            session: session,
            plugins: [
                sessionPlugin,
                activity,
                AccessTokenPlugin(tokenClosure: { _ in UserDefaults.standard.string(forKey: "lantern.token") ?? "" }),
            ],
            trackInflights: true
        )
    }

    func loadMore() {
        let request = provider.request(.feed(cursor: nextCursor)) { [weak self] result in
            guard let self = self else { return }
            switch result {
            case .success(let response):
                do {
                    let page = try response.filter(statusCodes: 200...299).map(FeedPage.self)
                    self.stories += page.stories
                    self.nextCursor = page.next
                } catch CourierError.objectMapping(let error, _) {
                    self.message = "Unreadable feed: \(error)"
                } catch {
                    self.message = error.localizedDescription
                }
            case .failure(let error):
                self.message = self.describe(error)
            }
        }
        pending.append(request)
    }

    func like(_ story: Story) {
        provider.request(.like(storyID: story.id), callbackQueue: DispatchQueue.main) { result in
            if case .failure(let error) = result {
                print("like failed: \(error)")
            }
        }
    }

    func report(_ story: Story, reasons: [String]) {
        provider.request(.report(storyID: story.id, reasons: reasons, details: ["screen": "feed", "position": 3])) { [weak self] result in
            let created = (try? result.get().statusCode) == 201
            DispatchQueue.main.async {
                self?.message = created ? "Thanks for the report." : "Report failed."
            }
        }
    }

    func cancelAll() {
        pending.forEach { $0.cancel() }
        pending.removeAll()
    }

    func signOut() {
        cancelAll()
        onSignOut?()
    }

    private func describe(_ error: CourierError) -> String {
        switch error {
        case let .underlying(underlying, response):
            if let afError = underlying.asAFError, afError.isExplicitlyCancelledError {
                return ""
            }
            return "Network error \(response?.statusCode ?? -1): \(underlying.localizedDescription)"
        case let .statusCode(response):
            return "Server said \(response.statusCode)"
        case .jsonMapping, .stringMapping, .objectMapping:
            return "Unreadable answer"
        default:
            return error.localizedDescription
        }
    }
}
