import Courier
import Dispatch
import Foundation

/// Many real requests through one transport, each cancelled at a random moment (0–50 ms after it
/// starts), over every way a caller can cancel: a task awaiting `request`, the completion API's
/// `Cancellable` cancelled from another thread (with and without progress), a task iterating a
/// progress sequence, and a task reading the transport's own `stream(_:)`. Data requests,
/// downloads and uploads are mixed, to quick answers and to bodies that never end.
///
/// Issue 13 §1: a transport that cancels a `URLSessionTask` synchronously inside a
/// task-cancellation handler deadlocks under this load, and most requests never end. The storm
/// takes the transport as a parameter, so every transport runs the same test.
public struct CancellationStorm: Sendable {
    /// The transport under test.
    public let transport: any HTTPTransport
    /// The misbehaving server (`scripts/misbehaving-server.py`): `/ok` answers at once,
    /// `/endless` never ends by itself.
    public let baseURL: URL
    /// How many requests.
    public let count: Int
    /// The seed of the random choices; a failure message names it.
    public let seed: UInt64
    /// A folder for the upload file and the downloads; the caller removes it.
    public let folder: URL
    /// Starts the task of each request that runs in one: a detached task by default (a suite may
    /// start them with an executor preference).
    public var startTask: TaskStarter = { Task.detached(operation: $0) }

    /// Starts a task running `operation`.
    public typealias TaskStarter = @Sendable (_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// Creates a storm.
    /// - Parameters:
    ///   - transport: The transport under test.
    ///   - baseURL: The misbehaving server.
    ///   - count: How many requests. 600 by default.
    ///   - seed: The seed of the random choices.
    ///   - folder: A folder for the upload file and the downloads.
    public init(transport: any HTTPTransport, baseURL: URL, count: Int = 600, seed: UInt64, folder: URL) {
        self.transport = transport
        self.baseURL = baseURL
        self.count = count
        self.seed = seed
        self.folder = folder
    }

    /// The ways a request is sent and cancelled, taken in turn.
    private enum Kind: CaseIterable {
        case asyncRequest, completion, completionWithProgressDownload, progressSequence, asyncUpload, transportStream
    }

    /// Starts every request, cancels each at its random moment, and waits until all have ended or
    /// `deadline` has passed (then a little longer, to catch a second ending). Returns how many
    /// times each request ended: all 1 when the transport behaves.
    public func run(deadline: Duration = .seconds(90)) async throws -> [Int] {
        let upload = folder.appendingPathComponent("storm-upload.bin")
        try Data(repeating: 0x2A, count: 4096).write(to: upload)
        let endings = Locked([Int](repeating: 0, count: count))
        let provider = Provider<HTTPBinTarget>(callbackQueue: DispatchQueue(label: "storm"), transport: transport)
        var generator = SeededGenerator(seed: seed)
        for index in 0..<count {
            let kind = Kind.allCases[index % Kind.allCases.count]
            let path = Bool.random(using: &generator) ? "/ok" : "/endless?id=storm-\(seed)-\(index)"
            let delay = Int.random(in: 0...50, using: &generator)
            let ended: @Sendable () -> Void = { endings.withLock { $0[index] += 1 } }
            start(
                kind, path: path, index: index, upload: upload, provider: provider, cancelAfter: delay,
                ended: ended)
        }
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end, endings.value.contains(0) {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(500))
        return endings.value
    }

    private func start(
        _ kind: Kind, path: String, index: Int, upload: URL, provider: Provider<HTTPBinTarget>, cancelAfter delay: Int,
        ended: @escaping @Sendable () -> Void
    ) {
        let destination = folder.appendingPathComponent("storm-\(index).bin")
        let download = HTTPBinTarget(
            baseURL, path, task: .downloadDestination { _, _ in (destination, [.removePreviousFile]) })
        switch kind {
        case .asyncRequest:
            cancel(
                after: delay, startTask { _ = await provider.result(HTTPBinTarget(baseURL, path)) }, ended: ended)
        case .completion:
            let token = provider.request(HTTPBinTarget(baseURL, path)) { _ in ended() }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) { token.cancel() }
        case .completionWithProgressDownload:
            let token = provider.request(download, progress: { _ in }, completion: { _ in ended() })
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) { token.cancel() }
        case .progressSequence:
            let transfer = provider.requestWithProgress(download)
            let task = startTask {
                do {
                    for try await _ in transfer {}
                    _ = try await transfer.response
                } catch {}
            }
            cancel(after: delay, task, ended: ended)
        case .asyncUpload:
            let target = HTTPBinTarget(baseURL, path, method: .post, task: .uploadFile(upload))
            cancel(after: delay, startTask { _ = await provider.result(target) }, ended: ended)
        case .transportStream:
            let request = TransportRequest(urlRequest: URLRequest(url: URL(string: baseURL.absoluteString + path)!))
            let task = startTask { [transport] in
                do {
                    for try await _ in try await transport.stream(request).body {}
                } catch {}
            }
            cancel(after: delay, task, ended: ended)
        }
    }

    /// Cancels `task` from another task after `delay` milliseconds, and calls `ended` when it ends.
    private func cancel(after delay: Int, _ task: Task<Void, Never>, ended: @escaping @Sendable () -> Void) {
        Task.detached {
            try? await Task.sleep(for: .milliseconds(delay))
            task.cancel()
        }
        Task.detached {
            await task.value
            ended()
        }
    }
}
