// swift-format-ignore-file
//
//  QuillNetworking.swift
//  Quill
//
//  Protocol-oriented services: each one names its target and gets decoding for free.
//

import Foundation
import Moya

typealias NotesProvider = MoyaProvider<NotesAPI>

extension Moya.Response {
    /// Decodes the `data` envelope every Quill answer has.
    func mapEnvelope<T: Decodable>(_ type: T.Type) throws -> T {
        try filterSuccessfulStatusCodes().map(T.self, atKeyPath: "data")
    }
}

extension MoyaError {
    var isUnauthorized: Bool { response?.statusCode == 401 }
}

extension MoyaProvider {
    @discardableResult
    func requestDecodable<T: Decodable>(_ target: Target, as type: T.Type,
                                        completion: @escaping (Result<T, MoyaError>) -> Void) -> Cancellable {
        request(target) { result in
            switch result {
            case .success(let response):
                do {
                    completion(.success(try response.mapEnvelope(T.self)))
                } catch let error as MoyaError {
                    completion(.failure(error))
                } catch {
                    completion(.failure(.objectMapping(error, response)))
                }
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}

protocol Networkable {
    associatedtype Target: TargetType
    var provider: MoyaProvider<Target> { get }
}

extension Networkable {
    func fetch<T: Decodable>(_ target: Target, completion: @escaping (T?) -> Void) {
        provider.requestDecodable(target, as: T.self) { result in
            completion(try? result.get())
        }
    }
}

/// Adds the request id and, for uploads, the number of parts; unwraps MultiTarget first.
struct DiagnosticsPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        let realTarget = (target as? MultiTarget)?.target ?? target
        request.setValue("quill-\(realTarget.path.count)", forHTTPHeaderField: "X-Request-ID")
        if case let .uploadCompositeMultipart(parts, _) = realTarget.task {
            request.setValue("\(parts.count)", forHTTPHeaderField: "X-Parts")
        }
        return request
    }
}

struct NotesService: Networkable {
    let provider: NotesProvider

    init(stubbed: Bool = false) {
        let endpointClosure = { (target: NotesAPI) -> Endpoint in
            let endpoint = MoyaProvider.defaultEndpointMapping(for: target)
            switch target {
            case .delete:
                return endpoint.replacing(task: .requestParameters(parameters: ["soft": true], encoding: URLEncoding.queryString))
            default:
                return endpoint
            }
        }
        provider = NotesProvider(
            endpointClosure: endpointClosure,
            stubClosure: { target in
                guard stubbed else { return .never }
                switch target {
                case .notes: return .delayed(seconds: 0.2)
                default: return .immediate
                }
            },
            plugins: [DiagnosticsPlugin()]
        )
    }

    func notes(in folder: String, completion: @escaping ([Note]) -> Void) {
        fetch(.notes(folder: folder, page: 1)) { (notes: [Note]?) in
            completion(notes ?? [])
        }
    }
}

struct Note: Decodable {
    let id: String
    let title: String
}

final class AccountService {
    private let provider = MoyaProvider<MultiTarget>(plugins: [DiagnosticsPlugin()])
    private var avatarUpload: Cancellable?

    func uploadAvatar(_ png: Data, completion: @escaping (String) -> Void) {
        avatarUpload?.cancel()
        avatarUpload = provider.request(MultiTarget(AccountAPI.avatar(png)), progress: { progress in
            print("avatar \(Int(progress.progress * 100))%")
        }) { result in
            switch result {
            case .success(let response):
                completion((try? response.mapString(atKeyPath: "url")) ?? "")
            case .failure(let error) where error.isUnauthorized:
                completion("sign in again")
            case .failure(let error):
                completion("failed: \(error.localizedDescription)")
            }
        }
    }
}
