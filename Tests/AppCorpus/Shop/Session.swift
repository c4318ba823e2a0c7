// App state on the main actor, as apps keep it: the signed-in session and its token.
import Foundation

@MainActor
final class Session {
    static let shared = Session()
    var token = "secret-token"
    var isSignedIn: Bool { !token.isEmpty }
}

/// A log the app writes to from anywhere: Sendable, guarded by a lock.
nonisolated final class AppLog: Sendable {
    static let shared = AppLog()
    private let lock = NSLock()
    nonisolated(unsafe) private var lines: [String] = []

    func record(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var count: Int { lock.withLock { lines.count } }
}
