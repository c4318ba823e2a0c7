import XCTest

@testable import courier_migrate

final class UmbrellaImportRuleTests: XCTestCase {
    func test_aFileThatNamedUIKitThroughMoya_importsUIKit_andMoyasImageBecomesUIImage() {
        // Given: under CocoaPods, `import Moya` brought UIKit with it (the pod's umbrella header)
        let source = """
            import Moya

            let screenWidth = UIScreen.main.bounds.width
            protocol IconLoading: AnyObject {
                func icon(named name: String, completion: @escaping (Result<Image, Error>) -> Void)
            }
            func show(_ image: Image?) -> UIImageView { UIImageView(image: image) }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            import UIKit

            let screenWidth = UIScreen.main.bounds.width
            protocol IconLoading: AnyObject {
                func icon(named name: String, completion: @escaping (Result<UIImage, Error>) -> Void)
            }
            func show(_ image: UIImage?) -> UIImageView { UIImageView(image: image) }

            """)
        XCTAssertEqual(migration.notes, [])
    }

    func test_aFileWithAnInterfaceImport_orNoUIKitName_orItsOwnImage_isLeftAsItIs() {
        // Given
        let sources = [
            "import Moya\nimport UIKit\nlet view = UIView()\n",
            "import SwiftUI\nimport Moya\nlet picture = Image(\"logo\")\nlet color = UIColor.red\n",
            "import Moya\nstruct Image { let url: URL }\nlet images: [Image] = []\n",
            "import Moya\nlet provider = MoyaProvider<API>()\nlet hint = settings.UIScale\n",
            "import Alamofire\nlet image: Image? = nil\n",
        ]

        for source in sources {
            // When
            let text = Migration(source).text

            // Then: no UIKit import added, and no `Image` renamed
            XCTAssertFalse(text.contains("import UIKit\n") && !source.contains("import UIKit"), text)
            XCTAssertFalse(text.contains("UIImage"), text)
        }
    }

    func test_aFileThatNamedUIKitThroughAlamofire_importsUIKit() {
        XCTAssertEqual(
            Migration("import Alamofire\nlet screen = UIScreen.main\n").text,
            "import Courier\nimport UIKit\nlet screen = UIScreen.main\n")
    }

    func test_aMacFileThatNamedAppKitThroughMoya_importsAppKit_andMoyasImageBecomesNSImage() {
        // Given: on macOS the pod's umbrella header imported Cocoa, and Moya's `Image` is `NSImage`
        let source = "import Moya\nfunc show(_ image: Image) -> NSImageView { NSImageView(image: image) }\n"

        // When / Then
        XCTAssertEqual(
            Migration(source).text,
            "import Courier\nimport AppKit\nfunc show(_ image: NSImage) -> NSImageView { NSImageView(image: image) }\n")
    }

    func test_withPluginsToo_bothImportsFollowCourier() {
        // Given
        let source =
            "import Moya\nlet plugins: [PluginType] = [NetworkLoggerPlugin()]\nlet scale = UIScreen.main.scale\n"

        // When / Then
        XCTAssertEqual(
            Migration(source).text,
            "import Courier\nimport CourierPlugins\nimport UIKit\nlet plugins: [PluginType] = [NetworkLoggerPlugin()]\n"
                + "let scale = UIScreen.main.scale\n")
    }
}
