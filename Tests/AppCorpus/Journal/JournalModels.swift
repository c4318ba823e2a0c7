// The journal's models: plain Codable values, `nonisolated` so that code off the main actor decodes
// them under Xcode 26's default too.
import Foundation

nonisolated struct Entry: Codable, Identifiable, Equatable, Sendable {
    let id: Int
    let title: String
    let mood: Int
}

nonisolated struct Draft: Codable, Sendable {
    var title: String
    var mood: Int
    var bodyText: String
}

nonisolated struct Profile: Codable, Sendable {
    let name: String
    let entries: Int
}

/// The errors the screens show, mapped from the network's.
nonisolated enum JournalError: Error, Equatable {
    case signedOut
    case notFound
    case server(status: Int)
    case offline
    case unreadable
    case cancelled
}
