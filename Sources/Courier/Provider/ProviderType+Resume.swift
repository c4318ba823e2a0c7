import Dispatch
import Foundation

extension ProviderType {
    /// Removes `point`'s partial file and calls ``ProviderType/request(_:isolation:)->Response``:
    /// the default for a provider that cannot resume downloads, which starts them again.
    public func request(_ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)?)
        async throws(CourierError) -> Response
    {
        point?.discard()
        return try await request(target, isolation: isolation)
    }

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, on the caller's isolation.
    /// - Parameters:
    ///   - target: The target.
    ///   - point: Where the download stopped; `nil` to start from the first byte.
    ///   - isolation: The caller's isolation; leave it out.
    public func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, _ isolation: isolated (any Actor)? = #isolation
    ) async throws(CourierError) -> Response {
        try await request(target, resumingFrom: point, isolation: isolation)
    }

    /// Runs ``ProviderType/request(_:resumingFrom:isolation:)`` in a task on the caller's isolation
    /// and calls `completion` with its outcome, by the rules of
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)``: `progress` gets one
    /// event, the final one with the response, just before `completion`. Cancelling the returned
    /// token cancels the task.
    @discardableResult
    public func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, callbackQueue: DispatchQueue?,
        progress: ProgressBlock?, completion: @escaping Completion, isolation: isolated (any Actor)?
    ) -> any Cancellable {
        let call = CallerIsolated((self, target))
        return CompletionDelivery.start(
            isolation: isolation, queue: callbackQueue, task: target.task, progress: progress, completion: completion
        ) { reporter in
            .suspended { isolation in
                let (provider, target) = call.value
                let result: Result<Response, CourierError>
                do throws(CourierError) {
                    result = .success(try await provider.request(target, resumingFrom: point, isolation: isolation))
                } catch {
                    result = .failure(error)
                }
                if let reporter, case .success(let response) = result { reporter.finish(with: response) }
                return result
            }
        }
    }

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, and calls `completion` once with the outcome, by the rules of
    /// ``Provider/request(_:callbackQueue:progress:completion:isolation:)``.
    @discardableResult
    public func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, callbackQueue: DispatchQueue? = nil,
        progress: ProgressBlock? = nil, completion: @escaping Completion,
        _ isolation: isolated (any Actor)? = #isolation
    ) -> any Cancellable {
        request(
            target, resumingFrom: point, callbackQueue: callbackQueue, progress: progress, completion: completion,
            isolation: isolation)
    }
}
