import Foundation

/// Writes a `multipart/form-data` body (RFC 7578) to a temporary file, copying file parts in
/// chunks so that memory stays bounded whatever their size.
struct MultipartBodyWriter {
    let form: MultipartFormData

    /// The size of the chunks file parts are copied in.
    static let chunkSize = 256 * 1024

    /// Writes the body and returns the temporary file, which the caller removes.
    func writeToTemporaryFile() throws -> URL {
        let fileURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-multipart-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        do {
            let output = try FileHandle(forWritingTo: fileURL)
            defer { try? output.close() }
            try write(to: output)
        } catch {
            try? FileManager.default.removeItem(at: fileURL)  // the error below says why
            throw error
        }
        return fileURL
    }

    private func write(to output: FileHandle) throws {
        for part in form {
            try output.write(contentsOf: Data(MultipartHeaders.headers(for: part, boundary: form.boundary).utf8))
            switch part.provider {
            case .data(let data):
                try output.write(contentsOf: data)
            case .file(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            }
            try output.write(contentsOf: Data("\r\n".utf8))
        }
        try output.write(contentsOf: Data("--\(form.boundary)--\r\n".utf8))
    }
}
