/// The four ways apps compile their code in 2026: Swift 5 or Swift 6 language mode, each with or
/// without the settings a new Xcode 26 app target has (default actor isolation `MainActor`,
/// approachable concurrency: `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`).
///
/// Code under the Xcode 26 settings is also compiled with `-D XCODE26`, so that a corpus can hold
/// the few shapes that only compile there (a plugin reading main-actor state, say), as an app does.
public enum LanguageConfiguration: String, CaseIterable, Sendable, CustomStringConvertible {
    case swift5 = "Swift 5"
    case swift5Xcode26 = "Swift 5 + Xcode 26 settings"
    case swift6 = "Swift 6"
    case swift6Xcode26 = "Swift 6 + Xcode 26 settings"

    /// The language mode, 5 or 6.
    public var languageMode: Int {
        switch self {
        case .swift5, .swift5Xcode26: 5
        case .swift6, .swift6Xcode26: 6
        }
    }

    /// Whether the Xcode 26 app-target settings are on.
    public var hasXcode26Settings: Bool {
        self == .swift5Xcode26 || self == .swift6Xcode26
    }

    /// The `swiftc` arguments that make this configuration.
    public var arguments: [String] {
        var arguments = ["-swift-version", String(languageMode)]
        if hasXcode26Settings {
            arguments += [
                "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances",
                "-D", "XCODE26",
            ]
        }
        return arguments
    }

    /// A short name for file names: `swift5`, `swift6-xcode26`…
    public var slug: String {
        "swift\(languageMode)" + (hasXcode26Settings ? "-xcode26" : "")
    }

    /// The configuration's name.
    public var description: String { rawValue }
}
