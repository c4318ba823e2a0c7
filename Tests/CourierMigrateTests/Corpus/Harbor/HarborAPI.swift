// swift-format-ignore-file
//
//  HarborAPI.swift
//  Harbor
//
//  The endpoints. Path, method, task and the TargetType conformance each live in a file of
//  their own since the API passed twenty cases.
//

import Foundation
import Moya

enum HarborAPI {
    case profile(userID: Int)
    case posts(page: Int, tag: String?)
    case createPost(title: String, body: String, draft: Bool)
    case updateAvatar(userID: Int, image: Data)
    case attachFiles(postID: Int, files: [URL])
    case exportArchive(userID: Int)
    case search(query: String, sort: SortOrder, tags: [String])
    case deletePost(id: Int)
}

enum SortOrder: String {
    case newest
    case popular
}
