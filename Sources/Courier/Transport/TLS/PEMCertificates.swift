import Foundation

/// The certificates of a PEM file (RFC 7468), as DER: what ``ServerTrustPolicy/trustedCertificates``
/// names, read as OpenSSL reads libcurl's `CURLOPT_CAINFO`, so that one file serves both transports.
enum PEMCertificates {
    /// The DER of each `CERTIFICATE` block of `pem`, in order; text around and between the blocks
    /// and blocks of other kinds (keys, CRLs) are skipped. `nil` when there is no certificate, or
    /// when a block is not closed or not base64: OpenSSL refuses such a file whole.
    static func der(in pem: String) -> [Data]? {
        var certificates: [Data] = []
        var block: String?
        for line in pem.split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if let open = block {
                guard text != end else {
                    guard let der = Data(base64Encoded: open, options: .ignoreUnknownCharacters), !der.isEmpty else {
                        return nil
                    }
                    certificates.append(der)
                    block = nil
                    continue
                }
                if text.hasPrefix("-----") { return nil }
                block = open + text
            } else if text == begin {
                block = ""
            }
        }
        return block == nil && !certificates.isEmpty ? certificates : nil
    }

    /// The certificates of the PEM file at `url`, or why there are none: the file could not be
    /// read, or it holds no readable certificate.
    static func read(_ url: URL) -> Result<[Data], UnreadableFile> {
        let contents: Data
        do {
            contents = try Data(contentsOf: url)
        } catch {
            return .failure(UnreadableFile(detail: "\(url.path): \(error.localizedDescription)"))
        }
        guard let certificates = der(in: String(decoding: contents, as: UTF8.self)) else {
            return .failure(UnreadableFile(detail: "\(url.path) holds no readable PEM certificate"))
        }
        return .success(certificates)
    }

    /// Why a file of certificates could not be used.
    struct UnreadableFile: Error, Sendable, Hashable {
        /// The file's path and what was wrong with it.
        let detail: String
    }

    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"
}
