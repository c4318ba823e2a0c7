// swift-format-ignore-file
//
//  LedgerPlugins.swift
//  Ledger
//
//  Our own plugins. The idempotency key makes retried POSTs safe on the server.
//

import Foundation
import Courier
import CourierPlugins

/// Adds an `Idempotency-Key` to every POST, and the device id to every request.
struct IdempotencyPlugin: SynchronousPlugin {
    let deviceID: String
    let makeKey: () -> String

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue(deviceID, forHTTPHeaderField: "X-Device-ID")
        if request.method == .post {
            request.setValue(makeKey(), forHTTPHeaderField: "Idempotency-Key")
        }
        return request
    }
}

/// Counts requests in flight for the status bar, and remembers the last server error.
final class ActivityCounterPlugin: SynchronousPlugin {
    private let lock = NSLock()
    private var running = 0

    var inFlight: Int {
        lock.lock(); defer { lock.unlock() }
        return running
    }

    func willSend(_ request: RequestType, target: TargetType) {
        lock.lock(); running += 1; lock.unlock()
        _ = request.request?.url?.path
    }

    func didReceive(_ result: Result<Courier.Response, CourierError>, target: TargetType) {
        lock.lock(); running -= 1; lock.unlock()
    }
}

/// Turns the server's `{"error": {"message": …}}` into a readable failure.
struct ServerMessagePlugin: SynchronousPlugin {
    struct ServerError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    func process(_ result: Result<Courier.Response, CourierError>, target: TargetType) -> Result<Courier.Response, CourierError> {
        guard case .success(let response) = result, response.statusCode >= 400 else { return result }
        if let json = try? response.mapJSON() as? [String: Any],
           let error = json["error"] as? [String: Any],
           let message = error["message"] as? String {
            return .failure(.underlying(ServerError(message: message), response))
        }
        return .failure(CourierError.statusCode(response))
    }
}

enum LedgerLog {
    static let plugin = NetworkLoggerPlugin(configuration: .init(
        formatter: .init(responseData: { data in String(decoding: data, as: UTF8.self) }),
        output: { target, items in
            for item in items {
                print("[ledger] \(target.path) \(item)")
            }
        },
        logOptions: [.requestMethod, .requestHeaders, .successResponseBody, .errorResponseBody]
    ))
}
