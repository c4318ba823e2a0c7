/// Marks `@MainActor` the completion and progress closures that main-actor code passes to a
/// provider's `request`, so that Swift picks Courier's main-actor form of `request` (which calls
/// them on the main actor) instead of the `@Sendable` one, whose closures may not touch the view
/// controller's or view model's state in Swift 6 mode.
///
/// Main-actor code is the body of a type marked `@MainActor`, of a UIKit/AppKit view or controller
/// subclass, or of a type or extension named `…ViewController`. Only closures that use `self` are marked, only on a receiver named like a
/// provider, and only when the call asks for no other queue than the main one (an explicit
/// `callbackQueue: .main` goes, since the main-actor form always calls back on main).
enum MainActorCompletionRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        let positions = Set(mainActorBodies(in: source).flatMap { open, close in open..<close })
        for position in positions.sorted() where isProviderRequest(at: position, in: source) {
            guard let arguments = source.closingBracket(of: position + 1) else { continue }
            rewriteCall(arguments: position + 1, closing: arguments, in: &draft)
        }
    }

    /// `provider.request(`, `self.provider.request(`, `ScoresService.provider.request(`.
    private static func isProviderRequest(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isIdentifier(position, "request"), source.isPunctuation(position - 1, "."),
            source.isPunctuation(position + 1, "("), let receiver = source[position - 2]
        else { return false }
        return receiver.kind == .identifier && receiver.text.lowercased().hasSuffix("provider")
    }

    private static func rewriteCall(arguments open: Int, closing close: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        var closures: [Int] = []
        var mainQueueArgument: (from: Int, through: Int)?
        var current = open + 1
        while current < close {
            if source.isPunctuation(current, "("), let end = source.closingBracket(of: current) {
                current = end + 1
                continue
            }
            if source.isPunctuation(current + 1, ":"), let label = source[current]?.text,
                source.isPunctuation(current - 1, ",") || current == open + 1
            {
                if label == "callbackQueue" {
                    guard source.isPunctuation(current - 1, ","), let end = mainQueueEnd(from: current + 2, in: source)
                    else { return }  // another queue
                    mainQueueArgument = (current - 1, end)
                } else if ["progress", "completion"].contains(label), source.isPunctuation(current + 2, "{") {
                    closures.append(current + 2)
                }
            }
            if source.isPunctuation(current, "{"), let end = source.closingBracket(of: current) {
                current = end + 1
                continue
            }
            current += 1
        }
        if source.isPunctuation(close + 1, "{") { closures.append(close + 1) }
        guard closures.contains(where: { usesSelf(closureAt: $0, in: source) }) else { return }
        for brace in closures where !source.isIdentifier(brace + 1, "@MainActor") {
            draft.insert("@MainActor ", before: brace + 1)
        }
        if let (from, through) = mainQueueArgument {
            for index in source.code[from]...source.code[through] { draft.replaceToken(at: index, with: "") }
        }
    }

    /// The position of the last token of `.main` or `DispatchQueue.main`, or `nil` for any other value.
    private static func mainQueueEnd(from position: Int, in source: SwiftSource) -> Int? {
        if source.isPunctuation(position, "."), source.isIdentifier(position + 1, "main") { return position + 1 }
        if source.isIdentifier(position, "DispatchQueue"), source.isPunctuation(position + 1, "."),
            source.isIdentifier(position + 2, "main")
        {
            return position + 2
        }
        return nil
    }

    private static func usesSelf(closureAt brace: Int, in source: SwiftSource) -> Bool {
        guard let end = source.closingBracket(of: brace) else { return false }
        return (brace..<end).contains { source.isIdentifier($0, "self") }
    }

    /// The bodies (`{` and `}` positions) of the types whose code runs on the main actor.
    private static func mainActorBodies(in source: SwiftSource) -> [(Int, Int)] {
        var bodies: [(Int, Int)] = []
        for position in source.code.indices {
            guard let keyword = source[position],
                ["class", "struct", "enum", "extension", "actor"].contains(keyword.text),
                keyword.kind == .identifier, source[position + 1]?.kind == .identifier
            else { continue }
            guard let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open)
            else { continue }
            let inheritsUI = (position + 2..<open).contains { isUIKitViewType(source[$0]) }
            let isViewController = source[position + 1]?.text.hasSuffix("ViewController") ?? false
            if inheritsUI || isViewController || isMarkedMainActor(declarationAt: position, in: source) {
                bodies.append((open, close))
            }
        }
        return bodies
    }

    /// `@MainActor` among the attributes and modifiers before the declaration keyword.
    private static func isMarkedMainActor(declarationAt position: Int, in source: SwiftSource) -> Bool {
        var current = position - 1
        while let token = source[current], token.kind == .identifier,
            token.text.hasPrefix("@") || modifiers.contains(token.text)
        {
            if token.text == "@MainActor" { return true }
            current -= 1
        }
        return false
    }

    private static let modifiers: Set<String> = [
        "final", "public", "internal", "private", "fileprivate", "open", "package", "nonisolated",
    ]

    /// `UIViewController`, `UITableViewController`, `UIView`, `NSViewController`, `NSView`…: main-actor classes.
    private static func isUIKitViewType(_ token: Token?) -> Bool {
        guard let token, token.kind == .identifier, token.text.hasPrefix("UI") || token.text.hasPrefix("NS") else {
            return false
        }
        return token.text.hasSuffix("Controller") || token.text.hasSuffix("View")
    }
}
