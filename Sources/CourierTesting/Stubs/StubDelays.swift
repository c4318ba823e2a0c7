/// How the delays of stubbed responses (``StubResponse/delayed(seconds:)``) pass.
public enum StubDelays: Sendable {
    /// In real time: the provider waits, as a `.delayed` stub in Moya does. Cancelling during the
    /// wait fails the request at once.
    case real
    /// Not at all: every stub answers at once, so tests never wait.
    case skipped
    /// On `clock`: a delayed stub answers once the test has moved the clock past its delay with
    /// ``ManualClock/advance(by:)``. No real time passes.
    ///
    /// The wait happens in the provider's last `adapt` step, so plugins' `willSend` runs after the
    /// delay rather than before it.
    case manual(ManualClock)
}
