/// What a Moya file got from CocoaPods without asking: a pod's umbrella header imports UIKit (Cocoa
/// on macOS), so under CocoaPods `import Moya` (or `import Alamofire`) also made `UIImage`,
/// `UIScreen` and the rest of UIKit visible, and Moya's `Image` is its name for `UIImage`
/// (`NSImage` on macOS). `import Courier` brings Foundation only: such a file gets the interface
/// framework's import of its own (``interfaceImport(_:)``), and `Image` becomes the platform's image.
///
/// A file that imports UIKit, SwiftUI (which has an `Image` of its own), AppKit or Cocoa already
/// says what it needs and is left as it is.
enum UmbrellaImportRule {
    /// The Moya modules, whose `Image` is the platform's image type.
    private static let moyaModules: Set<String> = ["Moya", "RxMoya", "ReactiveMoya", "CombineMoya"]
    /// Modules that bring an interface framework themselves.
    private static let interfaceModules: Set<String> = ["UIKit", "SwiftUI", "AppKit", "Cocoa"]
    /// AppKit types that only a macOS file names (Foundation's `NS` types are in every file).
    private static let appKitNames: Set<String> = [
        "NSView", "NSImage", "NSImageView", "NSColor", "NSWindow", "NSViewController", "NSWindowController",
        "NSApplication", "NSButton", "NSTableView", "NSFont", "NSScreen", "NSEvent", "NSMenu", "NSTextField",
        "NSAlert", "NSWorkspace", "NSPasteboard",
    ]

    /// The interface framework the file needs an import of, `UIKit` or `AppKit`, or `nil`, renaming
    /// Moya's `Image` to its image type. A file needs one when it imports Moya or Alamofire (both
    /// came as CocoaPods frameworks with an umbrella header), no interface framework, and names a
    /// UIKit type (`UI`, a capital, a lowercase letter), an AppKit one, or Moya's `Image`; AppKit
    /// when it names AppKit types and no UIKit ones.
    static func interfaceImport(_ draft: inout MigrationDraft) -> String? {
        let source = draft.source
        let modules = Set(ImportDeclaration.all(in: source).map(\.moduleName))
        let importsMoya = !modules.isDisjoint(with: moyaModules)
        guard importsMoya || modules.contains("Alamofire"), modules.isDisjoint(with: interfaceModules) else {
            return nil
        }
        var namesUIKit = false
        var namesAppKit = false
        var images: [Int] = []
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier, !source.isPunctuation(position - 1, "."),
                !draft.declaredTypeNames.contains(token.text)
            else { continue }
            if importsMoya, token.text == "Image", NameRewriter.isTypeReference(at: position, in: draft) {
                images.append(position)
            } else if isUIKitName(token.text) {
                namesUIKit = true
            } else if appKitNames.contains(token.text) {
                namesAppKit = true
            }
        }
        guard namesUIKit || namesAppKit || !images.isEmpty else { return nil }
        let isAppKit = namesAppKit && !namesUIKit
        for position in images { draft.replace(position, with: isAppKit ? "NSImage" : "UIImage") }
        return isAppKit ? "AppKit" : "UIKit"
    }

    /// `UIImage`, `UIScreen`, `UIApplication`: `UI`, a capital, a lowercase letter.
    private static func isUIKitName(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(4))
        guard bytes.count == 4, bytes[0] == UInt8(ascii: "U"), bytes[1] == UInt8(ascii: "I") else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[2])
            && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[3])
    }
}
