import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Timeouts as URLSession can take them. FoundationNetworking (Linux) turns a request's timeout
/// into whole milliseconds with trapping arithmetic: a `timeoutInterval` or a configuration's
/// `timeoutIntervalForRequest` of `.infinity`, NaN or `1e30`, which an app may write to mean
/// "no limit", stops the process when the task starts. The same values are sent everywhere, so
/// that a request behaves alike on every platform.
enum FoundationTimeout {
    /// The longest timeout handed to URLSession: about 31 years, which is no limit in practice
    /// (the libcurl transport also takes a timeout past it as none).
    static let longest: TimeInterval = 1e9

    /// `seconds`, or ``longest`` when it is not a number, infinite or longer.
    static func safe(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isFinite && abs(seconds) <= longest ? seconds : longest
    }

    /// `request` with a timeout URLSession can take.
    static func safe(_ request: URLRequest) -> URLRequest {
        let timeout = safe(request.timeoutInterval)
        guard timeout != request.timeoutInterval else { return request }  // NaN is never equal
        var safe = request
        safe.timeoutInterval = timeout
        return safe
    }
}
