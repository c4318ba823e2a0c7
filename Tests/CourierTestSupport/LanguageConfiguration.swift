import Dispatch

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

    /// The `swiftc` arguments of an app's test target in this configuration: the same, but for the
    /// default actor isolation, which Xcode 26 sets to `MainActor` for app targets only (a test
    /// target's code is isolated to no actor unless it says so, and XCTest's classes need that).
    public var testTargetArguments: [String] {
        var arguments = self.arguments
        if let isolation = arguments.firstIndex(of: "-default-isolation") {
            arguments.removeSubrange(isolation...isolation + 1)
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

extension SwiftBuild {
    /// Runs `build` for each configuration, as many at once as the machine has cores, and returns
    /// what they returned, in the order of ``LanguageConfiguration/allCases``.
    /// - Throws: The first error a build threw.
    public static func inEveryConfiguration<Element: Sendable>(
        _ build: @Sendable (LanguageConfiguration) throws -> [Element]
    ) throws -> [Element] {
        let configurations = LanguageConfiguration.allCases
        let results = Locked<[Int: Result<[Element], any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: configurations.count) { index in
            let result = Result { try build(configurations[index]) }
            results.withLock { $0[index] = result }
        }
        let finished = results.value
        return try configurations.indices.flatMap { index in try finished[index]?.get() ?? [] }
    }
}
