// swift-format-ignore-file
//
//  StudioAPI.swift
//  Studio
//
//  Every call is JSON, so the base headers say so; uploads are multipart.
//

import Foundation
import Courier
import CourierPlugins

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

    var method: Courier.HTTPMethod {
        switch self {
        case .renameProject: return .patch
        default: return .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .uploadAvatar(let image):
            let parts = [MultipartFormBodyPart(provider: .data(image), name: "avatar", fileName: "avatar.png", mimeType: "image/png")]
            return .uploadMultipartFormData(parts)
        case let .uploadArtwork(title, image, tags):
            var parts: [MultipartFormBodyPart] = [
                MultipartFormBodyPart(provider: .data(Data(title.utf8)), name: "title"),
                MultipartFormBodyPart(provider: .data(image), name: "image", fileName: "art.jpg", mimeType: "image/jpeg"),
            ]
            for tag in tags {
                parts.append(MultipartFormBodyPart(provider: .data(Data(tag.utf8)), name: "tags[]"))
            }
            return .uploadMultipartFormData(parts)
        case let .uploadProject(archive, name):
            let provider = FormDataProvider.file(archive)
            return .uploadMultipartFormData([
                MultipartFormBodyPart(provider: provider, name: "archive", fileName: "\(name).zip", mimeType: "application/zip"),
                MultipartFormBodyPart(provider: .data(Data(name.utf8)), name: "name", mimeType: "text/plain"),
            ])
        case let .uploadLyrics(_, sheets):
            return .uploadCompositeMultipartFormData(sheetParts(sheets), urlParameters: ["normalize": true])
        case let .renameProject(_, name):
            return .requestJSONEncodable(["name": name])
        }
    }
}

/// One part per lyrics sheet, named after the file.
func sheetParts(_ files: [URL]) -> [MultipartFormBodyPart] {
    var parts = [MultipartFormBodyPart]()
    for file in files {
        parts.append(MultipartFormBodyPart(provider: .file(file), name: "sheets[]"))
    }
    return parts
}

let studioProvider = Provider<StudioAPI>(plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .formatRequestAscURL))])
