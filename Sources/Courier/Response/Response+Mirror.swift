import Foundation

extension Response: CustomReflectable {
    /// The status code, the body's size and the request's method and URL, secrets hidden by
    /// ``Redaction/default``: `dump` and other `Mirror`-based printing would otherwise walk into
    /// the request's headers, URL and body. Read ``request``, ``response`` and ``data`` themselves
    /// for the exchange as it was.
    public var customMirror: Mirror {
        let request = self.request.map { request in
            "\(request.httpMethod ?? "GET") " + (request.url.map(Redaction.default.url) ?? "(no URL)")
        }
        return Mirror(
            self,
            children: [
                "statusCode": statusCode, "data": "\(data.count) bytes", "request": request as Any,
                "origin": origin,
            ],
            displayStyle: .class)
    }
}
