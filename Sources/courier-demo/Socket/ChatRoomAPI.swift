import Courier
import CourierPlugins
import CourierTesting
import Foundation

/// The socket demo's API: a chat room behind a WebSocket, as chat, presence and realtime APIs are.
enum ChatRoomAPI: TargetType, Equatable, AccessTokenAuthorizable {
    /// `wss://chat.example.com/rooms/ID`, offering the `chat.v2` subprotocol.
    case room(String)

    var baseURL: URL { URL(string: "wss://chat.example.com")! }
    var path: String {
        switch self {
        case .room(let id): "/rooms/\(id)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
    /// The handshake carries `AccessTokenPlugin`'s bearer token, as any request would.
    var authorizationType: AuthorizationType? { .bearer }

    /// What the room sends: JSON events.
    struct Event: Codable, Sendable, Equatable {
        let kind: String
        var from: String?
        var text: String?
    }

    /// What the demo sends.
    struct Say: Encodable, Sendable {
        let kind = "say"
        let text: String
    }

    /// The scripted room: a welcome, two members talking, an answer to the demo's message, then a
    /// close with 1000 once the demo says goodbye.
    static func conversation() -> WebSocketScript {
        func event(_ kind: String, from: String? = nil, text: String? = nil) -> WebSocketMessage {
            let json = (try? JSONEncoder.sorted.encode(Event(kind: kind, from: from, text: text))) ?? Data()
            return .text(String(decoding: json, as: UTF8.self))
        }
        return WebSocketScript(
            subprotocol: "chat.v2",
            [
                .send(event("welcome", text: "3 people here")), .wait(.milliseconds(150)),
                .send(event("message", from: "ada", text: "did anyone try the new socket API?")),
                .wait(.milliseconds(150)), .send(event("message", from: "linus", text: "it goes through the plugins")),
                .expect(.text(#"{"kind":"say","text":"hello from courier-demo"}"#)),
                .send(event("message", from: "ada", text: "welcome, courier-demo!")),
                .expect(.text(#"{"kind":"say","text":"bye"}"#)), .close(.normalClosure, reason: "see you"),
            ])
    }
}

extension JSONEncoder {
    /// A JSON encoder with sorted keys, for scripted messages that read the same on every run.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
