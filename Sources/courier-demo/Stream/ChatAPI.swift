import Courier
import CourierTesting

/// The offline stream's API: a chat completion that answers as server-sent events, as LLM APIs do.
enum ChatAPI: TargetType, Equatable {
    /// `POST /v1/chat/completions` with `"stream": true`.
    case complete(prompt: String)

    var baseURL: URL { URL(string: "https://llm.example.com")! }
    var path: String { "/v1/chat/completions" }
    var method: HTTPMethod { .post }
    var task: HTTPTask {
        switch self {
        case .complete(let prompt): .requestJSONEncodable(Completion(prompt: prompt, stream: true))
        }
    }
    var validationType: ValidationType { .successCodes }

    /// The request body.
    struct Completion: Encodable, Sendable {
        let prompt: String
        let stream: Bool
    }

    /// The JSON in each event's data: a piece of the answer.
    struct Delta: Decodable, Sendable {
        let text: String
    }

    /// The scripted answer: a haiku, one token every 120 ms, then `data: [DONE]`.
    static func answer() -> StreamScript {
        let tokens = [
            "Water", " finds", " its", " way", "\n", "chunk", " by", " chunk", " the", " river", "\n",
            "never", " waits", " for", " the", " sea",
        ]
        let events = tokens.map { token in
            let json = String(decoding: (try? JSONEncoder().encode(["text": token])) ?? Data(), as: UTF8.self)
            return ServerSentEvent(data: json)
        }
        return .events(events + [ServerSentEvent(data: "[DONE]")], every: .milliseconds(120))
    }
}
