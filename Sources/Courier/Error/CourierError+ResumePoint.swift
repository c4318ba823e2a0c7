import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CourierError {
    /// Where to resume this download from: set when a download failed part-way (the connection
    /// lost, a timeout, a cancellation) after bytes had arrived from a server that offers a strong
    /// validator (`ETag`, or a `Last-Modified` date). Pass it to
    /// ``Provider/request(_:resumingFrom:isolation:)`` to continue, or call
    /// ``DownloadResumePoint/discard()`` to give the download up; `nil` for every other failure,
    /// whose partial file, if any, is already removed.
    ///
    /// The point rides on the transfer's `URLError`, in its `userInfo`, as URLSession carries its
    /// resume data there; it is found through ``underlyingError`` and through an error that wraps
    /// the attempt's own, such as `RetryPlugin`'s `RetryLimitReachedError`.
    public var resumePoint: DownloadResumePoint? {
        DownloadResumePoint.carried(by: self)
    }
}

/// An error that wraps the ``CourierError`` one attempt failed with (`RetryLimitReachedError` of
/// CourierPlugins), so that what that error carries, such as a resume point, can still be found.
package protocol CourierErrorWrapping: Error {
    /// The attempt's own error.
    var wrappedCourierError: CourierError { get }
}

extension DownloadResumePoint {
    /// The `userInfo` key of the point a transfer's `URLError` carries.
    static let userInfoKey = "CourierDownloadResumePoint"

    /// The point `error` carries, looked for through the errors it wraps (at most eight deep).
    static func carried(by error: any Error) -> DownloadResumePoint? {
        var next: (any Error)? = error
        for _ in 0..<8 {
            switch next {
            case let urlError as URLError:
                return urlError.userInfo[userInfoKey] as? DownloadResumePoint
            case let courierError as CourierError:
                next = courierError.underlyingError
            case let wrapping as any CourierErrorWrapping:
                next = wrapping.wrappedCourierError
            case let exceeded as ResourceDeadline.Exceeded:
                next = exceeded.error
            default:
                return nil
            }
        }
        return nil
    }
}

extension URLError {
    /// This error carrying `point` (or no point, when it is `nil`), everything else kept.
    func carrying(_ point: DownloadResumePoint?) -> URLError {
        var info = userInfo
        info[DownloadResumePoint.userInfoKey] = point
        return URLError(code, userInfo: info)
    }
}

extension CourierError {
    /// This error with its transfer's `URLError` carrying `point`: the same case and response;
    /// `nil` when the error has no `URLError` of its own to carry it (a status code, a plugin's
    /// error), or it already carries a point.
    func carrying(_ point: DownloadResumePoint) -> CourierError? {
        guard case .underlying(let urlError as URLError, let response) = self,
            urlError.userInfo[DownloadResumePoint.userInfoKey] == nil
        else { return nil }
        return .underlying(urlError.carrying(point), response)
    }
}
