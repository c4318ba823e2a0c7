import Courier

/// A target that names its own fixture file, case by case.
///
/// ```swift
/// extension GitHub: FixtureNamed {
///     var fixtureName: String {
///         switch self {
///         case .zen: "zen.txt"
///         case .userProfile(let name): "users/\(name)"
///         }
///     }
/// }
/// ```
public protocol FixtureNamed: TargetType {
    /// The fixture's file name relative to the fixtures folder; `.json` is added when it has no
    /// extension.
    var fixtureName: String { get }
}
