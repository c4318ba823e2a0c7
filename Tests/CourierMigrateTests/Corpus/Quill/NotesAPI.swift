// swift-format-ignore-file
//
//  NotesAPI.swift
//  Quill
//

import Foundation
import Moya

enum NotesAPI {
    case notes(folder: String, page: Int)
    case note(id: String)
    case create(title: String, body: String, pinned: Bool)
    case update(id: String, title: String)
    case delete(id: String)
    case share(id: String, emails: [String])
}

extension NotesAPI: ParameterizedTarget {
    var path: String {
        switch self {
        case .notes: return "/notes"
        case .note(let id), .update(let id, _), .delete(let id): return "/notes/\(id)"
        case .create: return "/notes"
        case .share(let id, _): return "/notes/\(id)/shares"
        }
    }

    var method: Moya.Method {
        switch self {
        case .notes, .note: return .get
        case .create, .share: return .post
        case .update: return .patch
        case .delete: return .delete
        }
    }

    var parameters: [String: Any]? {
        switch self {
        case let .notes(folder, page): return ["folder": folder, "page": page]
        case .note: return nil
        case let .create(title, body, pinned): return ["title": title, "body": body, "pinned": pinned]
        case .update(_, let title): return ["title": title]
        case .delete: return ["soft": true]
        case .share(_, let emails): return ["emails": emails, "message": "Shared from \"Quill\""]
        }
    }
}

enum AccountAPI: TargetType {
    case me
    case avatar(Data)

    var path: String {
        switch self {
        case .me: return "/me"
        case .avatar: return "/me/avatar"
        }
    }

    var method: Moya.Method { self.isUpload ? .put : .get }

    var task: Task {
        switch self {
        case .me: return .requestPlain
        case .avatar(let data):
            let part = MultipartFormData(provider: .data(data), name: "file", fileName: "avatar.png", mimeType: "image/png")
            return .uploadCompositeMultipart([part], urlParameters: ["crop": "square"])
        }
    }

    private var isUpload: Bool {
        if case .avatar = self { return true }
        return false
    }
}
