/// What a Moya file got from CocoaPods without asking: a pod's umbrella header imports UIKit, so
/// under CocoaPods `import Moya` (or `import Alamofire`) also made `UIImage`, `UIScreen` and the
/// rest of UIKit visible, and Moya's `Image` is its name for `UIImage`. `import Courier` brings Foundation only: such a file
/// gets `import UIKit` of its own (``needsUIKit(_:)``), and `Image` becomes `UIImage`.
///
/// A file that imports UIKit, SwiftUI (which has an `Image` of its own), AppKit or Cocoa already
/// says what it needs and is left as it is.
enum UmbrellaImportRule {
    /// The Moya modules, whose `Image` is `UIImage`.
    private static let moyaModules: Set<String> = ["Moya", "RxMoya", "ReactiveMoya", "CombineMoya"]
    /// Modules that bring an interface framework themselves.
    private static let interfaceModules: Set<String> = ["UIKit", "SwiftUI", "AppKit", "Cocoa"]

    /// Renames Moya's `Image` to `UIImage`, and says whether the file needs `import UIKit`: it
    /// imports Moya or Alamofire (both came as CocoaPods frameworks with an umbrella header), no
    /// interface framework, and names a UIKit type (`UI`, a capital, a lowercase letter).
    static func needsUIKit(_ draft: inout MigrationDraft) -> Bool {
        let source = draft.source
        let modules = Set(ImportDeclaration.all(in: source).map(\.moduleName))
        let importsMoya = !modules.isDisjoint(with: moyaModules)
        guard importsMoya || modules.contains("Alamofire"), modules.isDisjoint(with: interfaceModules) else {
            return false
        }
        var namesUIKit = false
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier, !source.isPunctuation(position - 1, "."),
                !draft.declaredTypeNames.contains(token.text)
            else { continue }
            if importsMoya, token.text == "Image", NameRewriter.isTypeReference(at: position, in: draft) {
                draft.replace(position, with: "UIImage")
                namesUIKit = true
            } else if isUIKitName(token.text) {
                namesUIKit = true
            }
        }
        return namesUIKit
    }

    /// `UIImage`, `UIScreen`, `UIApplication`: `UI`, a capital, a lowercase letter.
    private static func isUIKitName(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(4))
        guard bytes.count == 4, bytes[0] == UInt8(ascii: "U"), bytes[1] == UInt8(ascii: "I") else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[2])
            && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[3])
    }
}
