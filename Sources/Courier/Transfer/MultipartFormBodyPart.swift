import Foundation

/// Where the bytes of a multipart part come from.
public enum FormDataProvider: Sendable, Hashable {
    /// Bytes in memory.
    case data(Data)
    /// A file on disk, streamed when the body is sent and never loaded whole.
    case file(URL)
}

/// One part of a `multipart/form-data` body (RFC 7578).
public struct MultipartFormBodyPart: Sendable, Hashable {
    /// Where a part's bytes come from; Moya's `MultipartFormData.FormDataProvider`.
    public typealias FormDataProvider = Courier.FormDataProvider

    /// Where the part's bytes come from.
    public let provider: FormDataProvider
    /// The form field name.
    public let name: String
    /// The file name sent in `Content-Disposition`; for a `.file` part the file's own name when `nil`.
    public let fileName: String?
    /// The part's `Content-Type`; guessed from the file name's extension when `nil`.
    public let mimeType: String?

    /// Creates a part.
    /// - Parameters:
    ///   - provider: Where the bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name to send. `nil` by default: a `.file` part sends its file's name,
    ///     a `.data` part sends none.
    ///   - mimeType: The part's content type. `nil` by default: guessed from the file name, or none
    ///     for a `.data` part without a file name.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
    }
}
