// swift-format-ignore-file
//
//  LiveScoresViewModel.swift
//  Courtside
//

import Foundation
import Courier

struct Game: Decodable, Equatable, Sendable {
    let id: String
    let home: String
    let away: String
    let score: String
}

@MainActor
final class LiveScoresViewModel {
    private let provider: Provider<ScoresAPI>
    private var inFlight: Cancellable?

    private(set) var games: [Game] = []
    private(set) var errorMessage: String?
    private(set) var isLoading = false
    var onChange: (() -> Void)?

    init(provider: Provider<ScoresAPI> = Provider<ScoresAPI>()) {
        self.provider = provider
    }

    func refresh(league: String) {
        inFlight?.cancel()
        isLoading = true
        inFlight = provider.request(.live(league: league)) { [weak self] result in
            guard let self = self else { return }
            self.isLoading = false
            switch result {
            case .success(let response):
                do {
                    self.games = try response.map([Game].self)
                    self.errorMessage = nil
                } catch {
                    self.errorMessage = "Scores could not be read."
                }
            case .failure(let error):
                self.show(error)
            }
            self.onChange?()
        }
    }

    func follow(teamID: Int) {
        provider.request(.follow(teamID: teamID), callbackQueue: .main) { [weak self] result in
            if case .failure(let error) = result {
                self?.show(error)
            }
        }
    }

    private func show(_ error: CourierError) {
        switch error {
        case .statusCode(let response) where response.statusCode == 404:
            errorMessage = "This league has no games today."
        case .underlying(let underlying, _) where (underlying as NSError).code == NSURLErrorCancelled:
            break
        default:
            errorMessage = error.localizedDescription
        }
    }
}
