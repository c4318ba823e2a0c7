// swift-format-ignore-file
//
//  HarborAPI+Task.swift
//  Harbor
//

import Foundation
import Courier

extension HarborAPI {
    var task: HTTPTask {
        switch self {
        case .profile, .deletePost:
            return .requestPlain
        case let .posts(page, tag):
            var parameters: [String: Any] = ["page": page, "per_page": 20]
            if let tag = tag {
                parameters["tag"] = tag
            }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)
        case let .createPost(title, body, draft):
            return .requestCompositeParameters(
                bodyParameters: ["title": title, "body": body],
                bodyEncoding: JSONEncoding.default,
                urlParameters: ["draft": draft]
            )
        case let .updateAvatar(_, image):
            return .uploadMultipartFormData([
                MultipartFormBodyPart(provider: .data(image), name: "avatar", fileName: "avatar.jpg", mimeType: "image/jpeg")
            ])
        case let .attachFiles(_, files):
            let parts = files.map {
                MultipartFormBodyPart(provider: .file($0), name: "files[]", fileName: $0.lastPathComponent, mimeType: "application/octet-stream")
            }
            return .uploadMultipartFormData(parts)
        case .exportArchive:
            return .downloadDestination { temporaryURL, response in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Exports")
                let name = response.suggestedFilename ?? temporaryURL.lastPathComponent
                return (folder.appendingPathComponent(name), [.removePreviousFile, .createIntermediateDirectories])
            }
        case let .search(query, sort, tags):
            let encoding = URLEncoding(destination: .queryString, arrayEncoding: .noBrackets, boolEncoding: .literal)
            return .requestParameters(parameters: ["q": query, "sort": sort.rawValue, "tag": tags, "exact": true], encoding: encoding)
        }
    }
}
