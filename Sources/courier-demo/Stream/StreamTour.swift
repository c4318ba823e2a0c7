import Courier
import CourierPlugins
import CourierTesting

/// `courier-demo stream` without `--base-url`: a chat completion streamed from a scripted stub,
/// through the same plugins as a real request, each token printed as it arrives.
struct StreamTour {
    let console: Console

    func run() async -> Int32 {
        let stubs = Stubs<ChatAPI>().on(where: { _ in true }, .stream(ChatAPI.answer()))
        let provider = Provider(stubs: stubs, plugins: [Logging.plugin(console)])
        console.print(
            "Courier demo, streaming offline: a chat completion answered as server-sent events by a scripted",
            "stub, one token every 120 ms. Each event is printed as it arrives, with the time since the head.",
            "")
        let started = ContinuousClock.now
        do throws(CourierError) {
            let stream = try await provider.stream(.complete(prompt: "A haiku about streams"))
            let type = stream.response.response?.value(forHTTPHeaderField: "Content-Type") ?? "none"
            console.print("Head: HTTP \(stream.response.statusCode), Content-Type: \(type)")
            var text = ""
            var count = 0
            for try await delta in stream.events.decode(ChatAPI.Delta.self, until: "[DONE]") {
                count += 1
                text += delta.text
                console.print("  \(Elapsed.since(started))  \(delta.text.debugDescription)")
            }
            console.print("", "\(count) tokens, then [DONE]. The answer:", "", text, "")
            return 0
        } catch {
            console.error("courier-demo: the stream failed: \(error.description)")
            return 1
        }
    }
}

/// `+0.36 s`: the time since `start`, for lines printed as data arrives.
enum Elapsed {
    static func since(_ start: ContinuousClock.Instant) -> String {
        let duration = ContinuousClock.now - start
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        let seconds = Double(milliseconds) / 1000
        return "+" + String(format: "%.2f", seconds) + " s"
    }
}
