// swift-format-ignore-file
//
//  StudioAPI.swift
//  Studio
//
//  Every call is JSON, so the base headers say so; uploads are multipart.
//

import Foundation
import Moya

protocol StudioTargetType: TargetType {}

extension StudioTargetType {
    var baseURL: URL { URL(string: "https://upload.studio.example/v3")! }

    var headers: [String: String]? {
        [
            "Content-Type": "application/json",
            "Accept": "application/json",
            "X-Studio-Key": "pk_live_1234",
        ]
    }

    var sampleData: Data { Data("{\"ok\": true}".utf8) }
}

enum StudioAPI {
    case uploadAvatar(image: Data)
    case uploadArtwork(title: String, image: Data, tags: [String])
    case uploadProject(archive: URL, name: String)
    case uploadLyrics(projectID: Int, sheets: [URL])
    case renameProject(id: Int, name: String)
}

extension StudioAPI: StudioTargetType {
    var path: String {
        switch self {
        case .uploadAvatar: return "/me/avatar"
        case .uploadArtwork: return "/artworks"
        case .uploadProject: return "/projects"
        case .uploadLyrics(let projectID, _): return "/projects/\(projectID)/lyrics"
        case .renameProject(let id, _): return "/projects/\(id)"
        }
    }

    var method: Moya.Method {
        switch self {
        case .renameProject: return .patch
        default: return .post
        }
    }

    var task: Task {
        switch self {
        case .uploadAvatar(let image):
            let parts = [MultipartFormData(provider: .data(image), name: "avatar", fileName: "avatar.png", mimeType: "image/png")]
            return .uploadMultipart(parts)
        case let .uploadArtwork(title, image, tags):
            var parts: [MultipartFormData] = [
                MultipartFormData(provider: .data(Data(title.utf8)), name: "title"),
                MultipartFormData(provider: .data(image), name: "image", fileName: "art.jpg", mimeType: "image/jpeg"),
            ]
            for tag in tags {
                parts.append(MultipartFormData(provider: .data(Data(tag.utf8)), name: "tags[]"))
            }
            return .uploadMultipart(parts)
        case let .uploadProject(archive, name):
            let provider = MultipartFormData.FormDataProvider.file(archive)
            return .uploadMultipart([
                MultipartFormData(provider: provider, name: "archive", fileName: "\(name).zip", mimeType: "application/zip"),
                MultipartFormData(provider: .data(Data(name.utf8)), name: "name", mimeType: "text/plain"),
            ])
        case let .uploadLyrics(_, sheets):
            return .uploadCompositeMultipart(sheetParts(sheets), urlParameters: ["normalize": true])
        case let .renameProject(_, name):
            return .requestJSONEncodable(["name": name])
        }
    }
}

/// One part per lyrics sheet, named after the file.
func sheetParts(_ files: [URL]) -> [MultipartFormData] {
    var parts = [MultipartFormData]()
    for file in files {
        parts.append(MultipartFormData(provider: .file(file), name: "sheets[]"))
    }
    return parts
}

let studioProvider = MoyaProvider<StudioAPI>(plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .formatRequestAscURL))])
