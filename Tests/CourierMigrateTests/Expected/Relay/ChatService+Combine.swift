// swift-format-ignore-file
//
//  ChatService+Combine.swift
//  Relay
//

import Combine
import Foundation
import Courier

final class ChatStore {
    private let provider = Provider<ChatAPI>()
    private var cancellables = Set<AnyCancellable>()
    private(set) var rooms: [Room] = []

    func load() {
        provider.requestPublisher(.rooms)
            .filterSuccessfulStatusCodes()
            .map([Room].self)
            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] rooms in self?.rooms = rooms })
            .store(in: &cancellables)
    }
}
