/// A transport of Courier's own whose ``HTTPTransport/sessionHeaders`` are fixed when it is made
/// and never change. A provider checks such headers once, when it is made, rather than with every
/// request (see ``RequestValidation/alwaysPass(sessionHeaders:)``); another transport's session
/// headers may change from one request to the next, and are checked with each.
protocol FixedSessionHeaders: HTTPTransport {}

#if os(Linux)
    extension CurlTransport: FixedSessionHeaders {}
#endif

extension URLSessionTransport: FixedSessionHeaders {}
