import Dispatch
import Foundation

/// Writes a `multipart/form-data` body (RFC 7578) to a temporary file, copying file parts in
/// chunks so that memory stays bounded whatever their size. URLSession then streams that file;
/// a body stream would avoid the copy, but FoundationNetworking sends streams in a way that some
/// servers (gunicorn among them) reject.
///
/// A file part is copied up to the size it had when the copy began: a file that grows meanwhile (a
/// log being written) cannot make the body grow without end. (Devices and pipes, which have no
/// size, are refused before this, by ``TransferError/check(readable:)``.)
struct MultipartBodyWriter: Sendable {
    let form: MultipartFormData

    /// The size of the chunks file parts are copied in.
    static let chunkSize = 256 * 1024

    /// Writes the body on a background queue, never on the caller's thread (a large file takes a
    /// while), and stops between chunks when the calling task is cancelled.
    /// - Returns: The temporary file, which the caller removes.
    /// - Throws: `CancellationError` when cancelled, or the file system's error.
    func writeToTemporaryFile() async throws -> URL {
        let cancellation = CancellableToken()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try writeToTemporaryFile(unless: cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private func writeToTemporaryFile(unless cancellation: CancellableToken) throws -> URL {
        let fileURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-multipart-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        do {
            let output = try FileHandle(forWritingTo: fileURL)
            defer { try? output.close() }  // a failed close after the writes succeeded loses nothing
            try write(to: output, unless: cancellation)
        } catch {
            try? FileManager.default.removeItem(at: fileURL)  // the error below says why
            throw error
        }
        return fileURL
    }

    private func write(to output: FileHandle, unless cancellation: CancellableToken) throws {
        for part in form {
            if cancellation.isCancelled { throw CancellationError() }
            try output.write(contentsOf: Data(MultipartHeaders.headers(for: part, boundary: form.boundary).utf8))
            switch part.provider {
            case .data(let data):
                try output.write(contentsOf: data)
            case .file(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }  // read-only: closing cannot lose data
                var remaining = UInt64(max(TransferBody.size(of: url) ?? 0, 0))
                while remaining > 0, let chunk = try input.read(upToCount: Int(min(remaining, UInt64(Self.chunkSize)))),
                    !chunk.isEmpty
                {
                    if cancellation.isCancelled { throw CancellationError() }
                    try output.write(contentsOf: chunk)
                    remaining -= UInt64(chunk.count)
                }
            }
            try output.write(contentsOf: Data("\r\n".utf8))
        }
        try output.write(contentsOf: Data("--\(form.boundary)--\r\n".utf8))
    }
}
