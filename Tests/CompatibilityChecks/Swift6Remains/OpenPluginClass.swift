// Swift 6 error: "non-final class 'HeaderPlugin' cannot conform to the 'Sendable' protocol". A
// plugin is Sendable, and a class that may be subclassed could gain state the compiler cannot
// see: write `final class` (or a `struct`) when nothing subclasses it.
import Courier

class HeaderPlugin: PluginType {
    func willSend(_ request: RequestType, target: TargetType) {}
}
