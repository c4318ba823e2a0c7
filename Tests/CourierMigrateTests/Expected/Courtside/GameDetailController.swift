// swift-format-ignore-file
//
//  GameDetailController.swift
//  Courtside
//

import Foundation
import Courier

@MainActor
final class GameDetailController {
    let gameID: String
    let provider = Provider<ScoresAPI>(callbackQueue: DispatchQueue.main)
    private(set) var title = ""
    private(set) var progressText = ""

    init(gameID: String) {
        self.gameID = gameID
    }

    func load() {
        provider.request(.game(id: gameID), progress: { [weak self] progress in
            self?.progressText = "\(Int(progress.progress * 100))%"
        }) { [weak self] result in
            switch result {
            case .success(let response):
                let game = try? response.map(Game.self)
                self?.title = game.map { "\($0.home) vs \($0.away)" } ?? "Game"
            case .failure:
                self?.title = "Unavailable"
            }
        }
    }

    func unfollow(teamID: Int) {
        provider.request(.unfollow(teamID: teamID)) { _ in }
    }
}
