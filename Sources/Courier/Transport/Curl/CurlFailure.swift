#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// Turns a libcurl error code into the error a caller can act on: a `URLError` with the code
    /// URLSession would use, or a ``TLSError`` that says what was wrong with the server's
    /// certificate.
    enum CurlFailure {
        /// The error for transfer result `code`.
        /// - Parameters:
        ///   - message: libcurl's sentence about the failure (its error buffer).
        ///   - host: The host of the request.
        ///   - osError: The last `errno` libcurl saw on the connection.
        static func error(_ code: Int32, message: String, host: String, osError: Int) -> any Error {
            let detail = message.isEmpty ? CurlLibrary.describe(code) : message
            switch code {
            case COURIER_CURLE_SSL_PINNEDPUBKEYNOTMATCH:
                return TLSError(.pinnedKeyMismatch, host: host, detail: detail)
            case COURIER_CURLE_PEER_FAILED_VERIFICATION, COURIER_CURLE_SSL_ISSUER_ERROR:
                return TLSError(verificationReason(detail), host: host, detail: detail)
            case COURIER_CURLE_SSL_CACERT_BADFILE:
                return TLSError(.trustedCertificatesUnreadable, host: host, detail: detail)
            case COURIER_CURLE_SSL_CONNECT_ERROR, COURIER_CURLE_SSL_CIPHER, COURIER_CURLE_SSL_CERTPROBLEM:
                return TLSError(.handshakeFailed, host: host, detail: detail)
            default:
                return URLError(urlErrorCode(code, osError: osError), userInfo: [NSLocalizedDescriptionKey: detail])
            }
        }

        /// The `URLError` code for a libcurl failure that is not about TLS.
        static func urlErrorCode(_ code: Int32, osError: Int) -> URLError.Code {
            switch code {
            // Every URL handed to libcurl is HTTP(S) (CurlRequestPlan refuses others, and libcurl is
            // told to allow only those), so this is the answer's fault: an HTTP/0.9 reply, a head
            // without a status line.
            case COURIER_CURLE_UNSUPPORTED_PROTOCOL: .badServerResponse
            case COURIER_CURLE_URL_MALFORMAT: .badURL
            case COURIER_CURLE_COULDNT_RESOLVE_HOST, COURIER_CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
            case COURIER_CURLE_COULDNT_CONNECT: osError == Int(ETIMEDOUT) ? .timedOut : .cannotConnectToHost
            case COURIER_CURLE_OPERATION_TIMEDOUT: .timedOut
            case COURIER_CURLE_WEIRD_SERVER_REPLY, COURIER_CURLE_GOT_NOTHING: .badServerResponse
            case COURIER_CURLE_PARTIAL_FILE, COURIER_CURLE_SEND_ERROR, COURIER_CURLE_RECV_ERROR, COURIER_CURLE_HTTP2,
                COURIER_CURLE_HTTP2_STREAM:
                .networkConnectionLost
            case COURIER_CURLE_BAD_CONTENT_ENCODING: .cannotDecodeContentData
            case COURIER_CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
            case COURIER_CURLE_READ_ERROR, COURIER_CURLE_SEND_FAIL_REWIND: .cannotOpenFile
            case COURIER_CURLE_WRITE_ERROR: .cannotWriteToFile
            case COURIER_CURLE_ABORTED_BY_CALLBACK: .cancelled
            case COURIER_CURLE_PROXY: .cannotConnectToHost
            default: .unknown
            }
        }

        /// Sorts a failed certificate check by the words OpenSSL and GnuTLS use.
        private static func verificationReason(_ message: String) -> TLSError.Reason {
            let text = message.lowercased()
            if text.contains("expired") || text.contains("not yet valid") { return .certificateExpired }
            if text.contains("host name") || text.contains("hostname") || text.contains("subject name")
                || text.contains("does not match")
            {
                return .hostNameMismatch
            }
            return .untrustedCertificate
        }
    }
#endif
