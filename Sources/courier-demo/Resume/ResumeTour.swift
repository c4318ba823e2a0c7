import Courier
import Foundation

/// What `download N --resume` does: downloads httpbin's `/range/N`, sent slowly, cancels it once
/// half has arrived, shows the resume point the cancellation carries (as the JSON an app would keep
/// across launches), resumes from it, and checks that the file is httpbin's, byte for byte.
/// The logger shows the second request's `Range` and `If-Range`.
struct ResumeTour {
    let command: ResumeCommand
    let console: Console

    /// Runs the tour; returns the exit status: 0, or 1 when a request failed or the file is wrong.
    func run() async -> Int32 {
        let provider = Provider<HTTPBin>(plugins: [Logging.plugin(console)])
        let destination =
            command.output
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-resume-\(command.bytes).bin")
        let target = HTTPBin(baseURL: command.baseURL, route: .range(bytes: command.bytes, destination: destination))
        console.print("GET /range/\(command.bytes), sent slowly by httpbin; the download stops halfway.")
        let first = await interrupted(provider.requestWithProgress(target), at: Int64(command.bytes / 2))
        do throws(CourierError) {
            switch first {
            case .success(let response):
                console.print("The download ended before it could be interrupted.")
                return check(response, at: destination)
            case .failure(let error):
                guard let point = error.resumePoint else { throw error }
                show(point, of: error)
                let transfer = provider.requestWithProgress(target, resumingFrom: point)
                let response = try await ProgressDisplay(console: console, bar: Self.bar).follow(transfer)
                let range = response.response?.value(forHTTPHeaderField: "Content-Range") ?? "none"
                console.print("The server answered \(response.statusCode) with Content-Range: \(range).")
                return check(response, at: destination)
            }
        } catch {
            console.error("courier-demo: the request failed: \(error.description)")
            return 1
        }
    }

    private static let bar = ProgressBar(label: "download")

    /// Follows `transfer`, cancelling it once `bytes` have arrived.
    private func interrupted(_ transfer: ProgressSequence, at bytes: Int64) async -> Result<Response, CourierError> {
        let display = ProgressDisplay(console: console, bar: Self.bar)
        return await Task {
            do throws(CourierError) {
                return .success(try await display.follow(transfer, cancellingAt: bytes))
            } catch {
                return .failure(error)
            }
        }.value
    }

    /// Prints where the download stopped and what resuming it sends.
    private func show(_ point: DownloadResumePoint, of error: CourierError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(point)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        console.print(
            "Interrupted at \(point.bytesReceived) of \(point.totalBytes.map(String.init) ?? "?") bytes: the request "
                + "failed with \(error.isCancelled ? "a cancellation" : "an error") that carries a resume point,",
            "which an app can keep across launches as JSON:",
            "  \(json)",
            "Resuming from byte \(point.bytesReceived): Range: bytes=\(point.bytesReceived)-, "
                + "If-Range: \(point.entityTag ?? point.lastModified ?? "?")")
    }

    /// Checks that the file is httpbin's `/range/N`: `N` bytes of `a` to `z` over and over.
    private func check(_ response: Response, at destination: URL) -> Int32 {
        let file = response.fileURL ?? destination
        let bytes = (try? Data(contentsOf: file)) ?? Data()
        let expected = Data((0..<command.bytes).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        guard bytes == expected else {
            console.error(
                "courier-demo: \(file.path) holds \(bytes.count) bytes that differ from /range/\(command.bytes)")
            return 1
        }
        console.print("Saved \(bytes.count) bytes to \(file.path): httpbin's /range/\(command.bytes), byte for byte.")
        return 0
    }
}
