// Records where each callback of a request ran, for the runner's checks.
import Courier
import Dispatch
import Foundation

/// A place a callback ran: the main queue (where the main actor runs; on Linux a program with an
/// async `main` drains it from a thread of the pool, so `Thread.isMainThread` cannot tell) or
/// another queue the runner named, or somewhere else.
nonisolated struct Place: Equatable, CustomStringConvertible {
    let queue: String?

    static var here: Place { Place(queue: DispatchQueue.getSpecific(key: Probe.queueName)) }

    var isMainThread: Bool { queue == "main" }
    var description: String { queue ?? "other" }
}

/// Collects places from any thread.
nonisolated final class Probe: Sendable {
    static let queueName = DispatchSpecificKey<String>()
    private let lock = NSLock()
    nonisolated(unsafe) private var places: [String: [Place]] = [:]

    func record(_ event: String) {
        let place = Place.here
        lock.withLock { places[event, default: []].append(place) }
    }

    func places(_ event: String) -> [Place] {
        lock.withLock { places[event] ?? [] }
    }

    /// Waits, without blocking the main actor, until `event` was recorded `count` times.
    func wait(for event: String, count: Int = 1, seconds: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while places(event).count < count {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Names the main queue, once, before any check.
    static func nameTheMainQueue() {
        DispatchQueue.main.setSpecific(key: queueName, value: "main")
    }

    /// A queue whose name the probe reports.
    static func queue(_ name: String) -> DispatchQueue {
        let queue = DispatchQueue(label: name)
        queue.setSpecific(key: queueName, value: name)
        return queue
    }
}

/// A plugin that records where each of its steps ran.
nonisolated struct WherePlugin: PluginType, Sendable {
    let probe: Probe

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        probe.record("prepare")
        return request
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        probe.record("willSend")
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        probe.record("didReceive")
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        probe.record("process")
        return result
    }
}
