import Courier
import CourierPlugins

/// `courier-demo --base-url URL stream [N]`: httpbin's JSON lines and drip, printed as they arrive.
struct LiveStream {
    let baseURL: URL
    let console: Console

    func run(rows: Int) async -> Int32 {
        let provider = Provider<HTTPBinStream>(plugins: [Logging.plugin(console)])
        do throws(CourierError) {
            console.print("GET /stream/\(rows): JSON lines, each decoded as it arrives")
            var started = ContinuousClock.now
            let lines = try await provider.stream(HTTPBinStream(baseURL: baseURL, route: .lines(rows)))
            for try await row in lines.jsonLines(HTTPBinStream.Row.self) {
                console.print("  \(Elapsed.since(started))  row \(row.id) from \(row.url)")
            }
            console.print("", "GET /drip: 5 bytes over 2 seconds, each chunk printed as it arrives")
            started = ContinuousClock.now
            let drip = try await provider.stream(HTTPBinStream(baseURL: baseURL, route: .drip(bytes: 5, seconds: 2)))
            var total = 0
            for try await chunk in drip {
                total += chunk.count
                console.print(
                    "  \(Elapsed.since(started))  \(chunk.count) byte\(chunk.count == 1 ? "" : "s") (\(total) so far)")
            }
            return 0
        } catch {
            console.error("courier-demo: the stream failed: \(error.description)")
            return 1
        }
    }
}
