// swift-format-ignore-file
//
//  ProfileViewController.swift
//  Harbor
//
//  The profile screen (its UIKit outlets are plain strings here).
//

import Foundation
import Courier

struct Profile: Decodable {
    let id: Int
    let displayName: String
    let postCount: Int
}

struct Post: Decodable {
    let id: Int
    let title: String
}

@MainActor
final class ProfileViewController {
    private(set) var isLoading = false
    private let api = NetworkManager<HarborAPI>()
    private let rawProvider = Provider<HarborAPI>(callbackQueue: .main)
    private var loadRequest: Cancellable?
    let userID: Int

    private(set) var nameText = ""
    private(set) var postsText = ""
    private(set) var errorText: String?
    private(set) var posts: [Post] = []

    init(userID: Int) {
        self.userID = userID
    }

    func viewWillAppear() {
        isLoading = true
        loadRequest = api.request(.profile(userID: userID), as: Profile.self) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.isLoading = false
                switch result {
                case .success(let profile):
                    self.nameText = profile.displayName
                    self.postsText = "\(profile.postCount) posts"
                case .failure(let error):
                    self.show(error)
                }
            }
        }
    }

    func viewWillDisappear() {
        loadRequest?.cancel()
        loadRequest = nil
    }

    func loadPosts(tag: String?) {
        rawProvider.request(.posts(page: 1, tag: tag)) { [weak self] result in
            switch result {
            case let .success(response):
                do {
                    self?.posts = try response.map([Post].self, atKeyPath: "data")
                } catch {
                    self?.errorText = "Posts could not be read."
                }
            case let .failure(error):
                switch error {
                case .underlying(let underlying, let response):
                    self?.errorText = "\(underlying.localizedDescription) (\(response?.statusCode ?? 0))"
                case .statusCode(let response) where response.statusCode == 401:
                    self?.errorText = "Please sign in again."
                default:
                    self?.errorText = error.errorDescription
                }
            }
        }
    }

    func delete(postID: Int) {
        api.send(.deletePost(id: postID)) { ok in
            DispatchQueue.main.async { [weak self] in
                if ok { self?.posts.removeAll { $0.id == postID } }
            }
        }
    }

    private func show(_ error: NetworkError) {
        switch error {
        case .offline: errorText = "You are offline."
        case .cancelled: break
        case .server(let code, let message): errorText = message ?? "Server error \(code)"
        case .decoding, .other: errorText = "Something went wrong."
        }
    }
}
