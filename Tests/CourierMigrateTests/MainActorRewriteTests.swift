import XCTest

@testable import courier_migrate

final class MainActorRewriteTests: XCTestCase {
    func test_completionsInMainActorCode_areMarkedMainActor() {
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

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            @MainActor
            final class ViewModel {
                func load() {
                    provider.request(.zen, progress: { @MainActor [weak self] p in self?.show(p) }) { @MainActor [weak self] result in self?.show(result) }
                    self.provider.request(.zen) { @MainActor result in self.show(result) }
                    provider.request(.zen, callbackQueue: background) { [weak self] result in self?.show(result) }
                    provider.request(.zen) { result in print(result) }
                    tracker.request(.zen) { [weak self] result in self?.show(result) }
                }
            }
            final class ProfileViewController: UIViewController {
                func load() { provider.request(.zen, completion: { @MainActor [weak self] _ in self?.reload() }) }
            }
            final class Service {
                func load() { provider.request(.zen) { [weak self] _ in self?.reload() } }
            }
            extension SettingsViewController {
                func save() { provider.request(.zen) { @MainActor [weak self] _ in self?.reload() } }
            }

            """)
    }
}
