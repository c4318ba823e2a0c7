/// Text between double quotes with the escapes JSON and Swift string literals share: `\"`, `\\`,
/// `\n`, `\r` and `\t`. The two languages differ only in which other scalars they escape and how
/// (JSON `\u000b`, Swift `\u{b}`), which the caller says.
enum QuotedText {
    /// Appends `text`, quoted, to `output`.
    /// - Parameters:
    ///   - needsEscape: Whether a scalar other than the shared five is escaped.
    ///   - escape: The escape of such a scalar, from its value.
    static func append(
        _ text: String, to output: inout String, escaping needsEscape: (Unicode.Scalar) -> Bool,
        as escape: (UInt32) -> String
    ) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if needsEscape(scalar) {
                    output += escape(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
