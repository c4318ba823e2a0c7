import XCTest

@testable import courier_migrate

final class ImportRewriteTests: XCTestCase {
    func test_moyaAndAlamofireImports_becomeOneCourierImport() {
        // Given
        let source = """
            import Alamofire // for Parameters
            import Foundation
            @testable import Moya
            import RxMoya
            import RxSwift

            let provider = MoyaProvider<API>()

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            // for Parameters
            import Foundation
            import Courier
            import RxSwift

            let provider = Provider<API>()

            """)
    }

    func test_pluginNames_addCourierPluginsWithTheSameAttributes() {
        // Given
        let source = """
            #if canImport(Moya)
                @_exported import Moya
            #endif
            let plugins: [PluginType] = [NetworkLoggerPlugin(), AccessTokenPlugin { _ in "" }]

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            #if canImport(Courier)
                @_exported import Courier
                @_exported import CourierPlugins
            #endif
            let plugins: [PluginType] = [NetworkLoggerPlugin(), AccessTokenPlugin { _ in "" }]

            """)
    }

    func test_fileUsingMoyaNamesWithoutImport_getsCourierImport() {
        // Given: an app whose `@_exported import Moya` sits in another file
        let withImports = "import Foundation\n\nextension API: TargetType {}\n"
        let withoutImports = "// Header\n\nextension API: TargetType {\n    var task: Task { .requestPlain }\n}\n"

        // When / Then
        XCTAssertEqual(
            Migration(withImports).text, "import Foundation\nimport Courier\n\nextension API: TargetType {}\n")
        XCTAssertEqual(
            Migration(withoutImports).text,
            "// Header\n\nimport Courier\n\nextension API: TargetType {\n    var task: HTTPTask { .requestPlain }\n}\n")
    }

    func test_filesThatAreNotMoyaCode_orAlreadyCourier_areLeftAlone() {
        // Given
        let plain = "import Foundation\nlet task = Task { await run() }\nvar m: Method?\n"
        let courier = "import Courier\nvar parts: [MultipartFormData] = []\nlet p = Provider<API>()\n"

        // When / Then
        XCTAssertEqual(FileMigrator.migrate(plain), .notMoyaCode)
        XCTAssertEqual(FileMigrator.migrate(courier), .notMoyaCode)
    }

    func test_secondRun_rewritesNothing() throws {
        // Given
        let source = """
            import Moya
            import Alamofire
            let plugins = [NetworkLoggerPlugin()]
            let closure = { (target: API) -> Endpoint in MoyaProvider.defaultEndpointMapping(for: target) }
            var parts: [MultipartFormData] = []
            var task: Task { .uploadMultipart(parts) }

            """

        // When
        let once = Migration(source).text
        let twice = FileMigrator.migrate(once)

        // Then
        XCTAssertEqual(twice, .notMoyaCode)
        XCTAssertTrue(once.contains("import CourierPlugins"))
    }
}
