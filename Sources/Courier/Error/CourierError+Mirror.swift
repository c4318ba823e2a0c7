extension CourierError: CustomReflectable {
    /// No children: `dump` and other `Mirror`-based printing show the description alone, with its
    /// secrets hidden by ``Redaction/default``, rather than walking into the response's request
    /// headers, URL and body.
    public var customMirror: Mirror {
        Mirror(self, children: [], displayStyle: .enum)
    }
}
