// Swift 6 error: "is mutable". A plugin is Sendable (every request may call it at once), so a
// counter in it needs a lock, or belongs in an actor the plugin calls.
import Courier

final class CountingPlugin: PluginType {
    var count = 0

    func willSend(_ request: RequestType, target: TargetType) {
        count += 1
    }
}
