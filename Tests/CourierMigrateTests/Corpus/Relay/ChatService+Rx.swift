// swift-format-ignore-file
//
//  ChatService+Rx.swift
//  Relay
//
//  The reactive layer: every screen subscribes to these.
//

import Foundation
import Moya
import RxMoya
import RxSwift

struct Room: Decodable {
    let id: String
    let name: String
}

final class ChatService {
    let provider = MoyaProvider<ChatAPI>(plugins: [NetworkLoggerPlugin()])
    let disposeBag = DisposeBag()

    func rooms() -> Single<[Room]> {
        return provider.rx.request(.rooms)
            .filterSuccessfulStatusCodes()
            .map([Room].self)
    }

    func send(_ text: String, to roomID: String) -> Observable<Moya.Response> {
        provider.rx.request(.send(roomID: roomID, text: text)).asObservable()
    }

    func download(_ url: URL) -> Observable<ProgressResponse> {
        provider.rx.requestWithProgress(.attachment(url: url))
    }
}

extension Reactive where Base: MoyaProviderType {
    func requestDecoded<T: Decodable>(_ target: Base.Target, as type: T.Type) -> Single<T> {
        request(target).map(type)
    }
}
