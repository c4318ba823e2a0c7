import XCTest

@testable import courier_migrate

/// Completions run on the caller's actor, so main-actor code needs no `@MainActor` on its closures
/// and keeps its `callbackQueue:`, which does not apply there.
final class MainActorRewriteTests: XCTestCase {
    func test_completionsInMainActorCode_areLeftAsTheyAre() {
        // Given
        let source = """
            import Moya
            @MainActor
            final class ViewModel {
                func load() {
                    provider.request(.zen, progress: { [weak self] p in self?.show(p) }) { [weak self] result in self?.show(result) }
                    self.provider.request(.zen, callbackQueue: .main) { result in self.show(result) }
                    provider.request(.zen, callbackQueue: background) { [weak self] result in self?.show(result) }
                    provider.request(.zen) { result in print(result) }
                    tracker.request(.zen) { [weak self] result in self?.show(result) }
                }
            }
            final class ProfileViewController: UIViewController {
                func load() { provider.request(.zen, completion: { [weak self] _ in self?.reload() }) }
            }
            final class Service {
                func load() { provider.request(.zen) { [weak self] _ in self?.reload() } }
            }
            extension SettingsViewController {
                func save() { provider.request(.zen) { [weak self] _ in self?.reload() } }
            }

            """

        // When
        let migration = Migration(source)

        // Then: `UIViewController` came with Moya's pod; it needs its own import now
        XCTAssertEqual(
            migration.text, source.replacingOccurrences(of: "import Moya", with: "import Courier\nimport UIKit"))
        XCTAssertEqual(migration.notes, [])
    }
}
