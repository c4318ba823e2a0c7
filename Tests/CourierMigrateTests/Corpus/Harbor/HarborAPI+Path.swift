// swift-format-ignore-file
//
//  HarborAPI+Path.swift
//  Harbor
//

import Moya

extension HarborAPI {
    var path: String {
        switch self {
        case .profile(let userID): return "/users/\(userID)"
        case .posts, .createPost: return "/posts"
        case .updateAvatar(let userID, _): return "/users/\(userID)/avatar"
        case .attachFiles(let postID, _): return "/posts/\(postID)/files"
        case .exportArchive(let userID): return "/users/\(userID)/archive"
        case .search: return "/search"
        case .deletePost(let id): return "/posts/\(id)"
        }
    }

    var method: Moya.Method {
        switch self {
        case .profile, .posts, .exportArchive, .search: return .get
        case .createPost, .attachFiles: return .post
        case .updateAvatar: return .put
        case .deletePost: return .delete
        }
    }
}
