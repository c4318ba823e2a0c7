import Foundation

/// The header block of each multipart part, with names escaped as RFC 7578 §4.2 and the HTML
/// form-submission algorithm do: `"`, CR and LF are percent-encoded, so no value can end a
/// header or start a new one, and a backslash is doubled, as a quoted-string requires; other
/// characters, non-ASCII included, are sent as UTF-8. (A name that already contains the text
/// `%22`, `%0D` or `%0A` is ambiguous in this format: HTML-style receivers decode it.)
enum MultipartHeaders {
    static func headers(for part: MultipartFormBodyPart, boundary: String) -> String {
        var disposition = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
        let fileName = part.fileName ?? defaultFileName(part)
        if let fileName {
            disposition += "; filename=\"\(escape(fileName))\""
        }
        var text = "--\(boundary)\r\n\(disposition)\r\n"
        if let mimeType = part.mimeType ?? fileName.map(MIMEType.guess(fileName:)) {
            text += "Content-Type: \(stripLineBreaks(mimeType))\r\n"
        }
        return text + "\r\n"
    }

    static func escape(_ value: String) -> String {
        // A backslash inside a quoted-string starts a quoted-pair (RFC 2045 §5.1), so MIME
        // parsers drop a bare one; doubled, it arrives as itself. Found by MultipartPropertyTests.
        value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func stripLineBreaks(_ value: String) -> String {
        value.filter { $0 != "\r" && $0 != "\n" }
    }

    private static func defaultFileName(_ part: MultipartFormBodyPart) -> String? {
        if case .file(let url) = part.provider { return url.lastPathComponent }
        return nil
    }
}

extension MultipartFormData {
    /// `multipart/form-data; boundary=…`, the body's `Content-Type`. The boundary is quoted when it
    /// holds characters that a header parameter cannot carry bare (RFC 9110 §5.6.6).
    public var contentType: String {
        let bare = boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "'+_-.".contains($0)) }
        return "multipart/form-data; boundary=" + (bare ? boundary : "\"\(boundary)\"")
    }
}
