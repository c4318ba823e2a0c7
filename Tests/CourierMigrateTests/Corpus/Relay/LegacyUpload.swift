// swift-format-ignore-file
//
//  LegacyUpload.swift
//  Relay
//
//  Written against Alamofire directly before the app adopted Moya; the pinning set-up is shared.
//

import Alamofire
import Foundation
import Moya

enum RelaySecurity {
    static let trust = ServerTrustManager(evaluators: ["relay.example.chat": PinnedCertificatesTrustEvaluator()])

    static let session = Session(configuration: .default, serverTrustManager: trust)

    static let provider = MoyaProvider<ChatAPI>(session: session)

    static func uploadLog(_ data: Data) {
        AF.upload(data, to: "https://relay.example.chat/api/logs").response { response in
            if case .failure(let error) = response.result, error.isSessionTaskError {
                print("upload failed: \(error)")
            }
        }
    }

    static func downloadAttachment(_ url: URL) {
        let destination = DownloadRequest.suggestedDownloadDestination(for: .cachesDirectory)
        _ = MoyaProvider<ChatAPI>().request(.attachment(url: url)) { _ in }
        _ = destination
    }

    static func parts(for stream: InputStream, length: UInt64) -> [MultipartFormData] {
        [MultipartFormData(provider: .stream(stream, length), name: "log")]
    }

    static func image(from response: Response) -> Any? {
        try? response.mapImage()
    }
}
