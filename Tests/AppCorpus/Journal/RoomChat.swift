// A chat screen on a WebSocket: a main-actor model that reads the socket's messages in a task it
// starts when the screen appears, sends from a button action, and closes when the screen goes.
import Courier
import Foundation
import Observation

nonisolated enum RoomAPI: TargetType {
    case room(String)

    var baseURL: URL { URL(string: "wss://chat.journal.example.com")! }
    var path: String {
        switch self {
        case .room(let id): "/rooms/\(id)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
    var sampleData: Data { Data(#"{"from":"system","text":"welcome"}"#.utf8) }
}

nonisolated struct RoomLine: Codable, Sendable, Equatable {
    let from: String
    let text: String
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class RoomChatModel {
    private(set) var lines: [RoomLine] = []
    private(set) var status = "connecting"
    var draft = ""

    @ObservationIgnored private let provider: Provider<RoomAPI>
    @ObservationIgnored private var socket: WebSocket?
    @ObservationIgnored private var reading: Task<Void, Never>?
    @ObservationIgnored private var sending: Task<Void, Never>?

    init(provider: Provider<RoomAPI>) {
        self.provider = provider
    }

    /// What `.onAppear` calls: opens the room and reads it until it closes.
    func appear(room: String) {
        reading = Task {
            do {
                let socket = try await provider.webSocket(.room(room))
                self.socket = socket
                status = "open"
                for try await line in socket.messages.decode(RoomLine.self) {
                    lines.append(line)
                }
                status = "closed \(socket.closeCode?.rawValue ?? 0)"
            } catch {
                status = (error as? CourierError)?.isCancelled == true ? "left" : "failed"
            }
        }
    }

    /// The send button's action.
    func sendTapped() {
        let line = RoomLine(from: "me", text: draft)
        draft = ""
        sending = Task {
            do {
                try await socket?.send(encoding: line)
            } catch {
                status = "not sent"
            }
        }
    }

    /// What `.onDisappear` calls: cancelling the reading task closes the socket with 1001.
    func disappear() {
        reading?.cancel()
    }

    /// Waits for what the screen started, for tests.
    func settled() async {
        await sending?.value
        await reading?.value
    }
}
