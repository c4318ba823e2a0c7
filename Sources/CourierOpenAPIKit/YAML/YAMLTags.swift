/// What a node's tag makes of it: the `tag:yaml.org,2002:` tags YAML defines are checked and
/// applied; any other tag (`!local`, another global tag) keeps the value as its kind of node
/// reads it — a scalar as a string, a collection as it is.
enum YAMLTags {
    /// The prefix of the tags YAML defines (`!!` by default).
    static let standardPrefix = "tag:yaml.org,2002:"

    /// The merge key's tag.
    static let merge = standardPrefix + "merge"

    /// The value of a scalar of `style` with `tag` (`nil`: none; `!`: the non-specific tag).
    ///
    /// - Throws: when a standard tag does not fit the text (`!!int abc`) or names a collection.
    static func resolveScalar(
        _ text: String, style: YAMLScalarStyle, tag: String?, error: (String) -> YAMLError
    ) throws(YAMLError) -> DocumentValue {
        guard let tag else { return style == .plain ? YAMLCoreSchema.resolvePlain(text) : .string(text) }
        guard tag.hasPrefix(standardPrefix) else { return .string(text) }
        let name = tag.dropFirst(standardPrefix.count)
        let resolved = YAMLCoreSchema.resolvePlain(text)
        switch name {
        case "null":
            guard resolved == .null else {
                throw error("a !!null value is null, Null, NULL, ~ or empty, not '\(text)'")
            }
            return .null
        case "bool":
            guard case .bool = resolved else { throw error("a !!bool value is true or false, not '\(text)'") }
            return resolved
        case "int":
            guard case .number(let number) = resolved, !number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            else { throw error("a !!int value is a decimal, 0o octal or 0x hexadecimal integer, not '\(text)'") }
            return resolved
        case "float":
            if case .number = resolved { return resolved }
            if case .string(let special) = resolved, special == ".inf" || special == "-.inf" || special == ".nan" {
                return resolved
            }
            throw error("a !!float value is a number, .inf, -.inf or .nan, not '\(text)'")
        case "map", "seq", "omap", "pairs", "set":
            throw error("tag !!\(name) names a collection, but this node is a scalar")
        default:
            // !!str, !!binary (kept as its base64 text), !!timestamp and the rest: the text.
            return .string(text)
        }
    }

    /// Checks a collection's tag: `!!map` on a mapping, `!!seq` on a sequence; `!!str` and the other
    /// scalar tags YAML defines do not fit a collection.
    static func checkCollection(tag: String?, isMapping: Bool) -> String? {
        guard let tag, tag.hasPrefix(standardPrefix) else { return nil }
        let name = tag.dropFirst(standardPrefix.count)
        switch name {
        case "map", "set": return isMapping ? nil : "tag !!\(name) names a mapping, but this node is a sequence"
        case "seq", "omap", "pairs":
            return isMapping ? "tag !!\(name) names a sequence, but this node is a mapping" : nil
        case "str", "int", "float", "bool", "null", "binary", "timestamp", "merge":
            return "tag !!\(name) names a scalar, but this node is a \(isMapping ? "mapping" : "sequence")"
        default: return nil
        }
    }
}
