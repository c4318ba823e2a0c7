/// What one attempt's exchange cost: its timings, bytes and connections, as the transport measured
/// them.
///
/// Read it from ``Response/metrics`` (the attempt that produced the response) or, in a plugin, from
/// the response each attempt's `didReceive` gets, retries included. The figures are the
/// transport's own, kept as they come and turned into this value only when it is read, so a
/// request whose metrics nobody reads does not pay for them.
///
/// Every field a transport cannot give is `nil`, never a guess. The Transports and Streams article
/// has a table of what each transport fills:
/// - ``CurlTransport`` (Linux) fills every transaction from libcurl's `CURLINFO_*` values;
///   ``Timeline/requestEnd`` needs libcurl 8.10 or later.
/// - ``URLSessionTransport`` on Apple platforms fills them from `URLSessionTaskMetrics`.
/// - ``URLSessionTransport`` on Linux: FoundationNetworking never reports task metrics, so
///   ``transactions`` is empty; ``redirectCount`` and ``duration`` are Courier's own count and clock.
///
/// An answer that crossed no network says so: a stub has ``origin`` ``ResponseOrigin/stub``, an
/// answer from the provider's cache ``ResponseOrigin/cache``, both with no transactions and a zero
/// ``duration``. A revalidated answer carries the metrics of the `304` exchange.
///
/// Metrics hold no URL, header or body: printing them never shows a secret.
public struct TransferMetrics: Sendable, Hashable, CustomStringConvertible {
    /// Where the answer came from: the network, a stub, or the cache.
    public var origin: ResponseOrigin
    /// The request–response exchanges with servers, in the order they happened: one for each
    /// redirect followed, then the one that produced the answer. Empty when nothing was sent (a
    /// stub, an answer from the cache) or the transport reports no detail (URLSession on Linux).
    public var transactions: [Transaction]
    /// How many redirects were followed on the way to the answer.
    public var redirectCount: Int
    /// How long the exchange took in all, redirects included, from the moment the transport
    /// started it until the answer was complete. `.zero` for stubs and answers from the cache;
    /// `nil` when the transport does not say.
    public var duration: Duration?

    /// Creates metrics, as a transport of your own reports them in ``TransportResponse/metrics``.
    /// - Parameters:
    ///   - origin: Where the answer came from. `.network` by default.
    ///   - transactions: The exchanges with servers, oldest first. Empty by default.
    ///   - redirectCount: How many redirects were followed. `0` by default.
    ///   - duration: How long the exchange took in all. `nil` by default.
    public init(
        origin: ResponseOrigin = .network, transactions: [Transaction] = [], redirectCount: Int = 0,
        duration: Duration? = nil
    ) {
        self.origin = origin
        self.transactions = transactions
        self.redirectCount = redirectCount
        self.duration = duration
    }

    /// The exchange that produced the answer: the last of ``transactions``, or `nil` when there is
    /// none.
    public var finalTransaction: Transaction? { transactions.last }

    /// Whether the answer came from a stub, without the transport.
    public var isStubbed: Bool { origin == .stub }

    /// The metrics of an answer that crossed no network (a stub, or the cache without a request):
    /// no transactions, no redirects, a zero duration.
    static func withoutTransfer(_ origin: ResponseOrigin) -> TransferMetrics {
        TransferMetrics(origin: origin, transactions: [], redirectCount: 0, duration: .zero)
    }
}
