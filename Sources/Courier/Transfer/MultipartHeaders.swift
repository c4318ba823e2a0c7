import Foundation

/// The header block of each multipart part.
///
/// Names and file names are quoted strings, escaped as the HTML form-submission algorithm does
/// (what browsers send, so servers read it): `"` becomes `%22`, CR `%0D` and LF `%0A`, so no name
/// can end its quoted string or its header line; a backslash is doubled, as a quoted-string
/// requires (RFC 9110 §5.6.4); other characters, non-ASCII included, are sent as UTF-8. A NUL in a
/// name, or a CR, LF or NUL in a `mimeType`, is refused before anything is sent (see
/// ``MultipartFormData/checkPartHeaders()``). Alamofire escaped nothing: a `"` or a line break
/// in a name broke the part's headers. (A name that already contains the text `%22`, `%0D` or
/// `%0A` is ambiguous in this format: HTML-style receivers decode it.)
enum MultipartHeaders {
    static func headers(for part: MultipartFormBodyPart, boundary: String) -> String {
        var disposition = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
        let fileName = part.fileName ?? defaultFileName(part)
        if let fileName {
            disposition += "; filename=\"\(escape(fileName))\""
        }
        var text = "--\(boundary)\r\n\(disposition)\r\n"
        if let mimeType = contentType(of: part) {
            text += "Content-Type: \(mimeType)\r\n"
        }
        return text + "\r\n"
    }

    /// `value` escaped for a quoted string, scalar by scalar: `"\r\n"` is one `Character`, equal
    /// to neither `"\r"` nor `"\n"`, so a `Character`-level replace would let it through.
    static func escape(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped.append(contentsOf: "\\\\".unicodeScalars)
            case "\"": escaped.append(contentsOf: "%22".unicodeScalars)
            case "\r": escaped.append(contentsOf: "%0D".unicodeScalars)
            case "\n": escaped.append(contentsOf: "%0A".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The part's `Content-Type`: its `mimeType`, or one guessed from its file name.
    static func contentType(of part: MultipartFormBodyPart) -> String? {
        part.mimeType ?? (part.fileName ?? defaultFileName(part)).map(MIMEType.guess(fileName:))
    }

    private static func defaultFileName(_ part: MultipartFormBodyPart) -> String? {
        if case .file(let url) = part.provider { return url.lastPathComponent }
        return nil
    }
}

extension MultipartFormData {
    /// `multipart/form-data; boundary=…`, the body's `Content-Type`, which replaces any
    /// `Content-Type` the target or endpoint set, as Alamofire's does: without the boundary no
    /// server can read the body. The boundary is quoted when it holds characters that a header
    /// parameter cannot carry bare (RFC 9110 §5.6.6).
    public var contentType: String {
        let bare = boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "'+_-.".contains($0)) }
        return "multipart/form-data; boundary=" + (bare ? boundary : "\"\(boundary)\"")
    }
}
