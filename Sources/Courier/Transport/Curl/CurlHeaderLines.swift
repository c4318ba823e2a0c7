#if os(Linux)
    internal import CCourierCurl

    /// A transport's session headers as libcurl header lines, checked and written once per
    /// transport rather than once per request; and, for requests with no header and no body of
    /// their own (most GETs), one libcurl header list that every such request points at.
    ///
    /// libcurl only reads a header list (`CURLOPT_HTTPHEADER`) and never changes it, so transfers
    /// may share one, on the event loop's thread or while they are planned on others. The list is
    /// freed with this object, which the transport's settings and every plan that points at the
    /// list hold.
    final class CurlHeaderLines: @unchecked Sendable {
        // @unchecked Sendable: nothing changes after `init`, and libcurl only reads `shared`.

        /// One session header: its name, and its line, or why it cannot be sent.
        struct Line: Sendable {
            let name: String
            let line: Result<String, UnsafeHeaderError>
        }

        /// The session headers as given (for the checks of a request's framing).
        let fields: [String: String]
        /// The session headers, in the order they are sent.
        let lines: [Line]
        /// Every session header's line, for a request that has none of its own and no body; `nil`
        /// when there are none, or one of them cannot be sent (each request then says why).
        let shared: UnsafeMutablePointer<courier_curl_slist>?

        /// - Parameter sessionHeaders: The headers added to every request that lacks them.
        init(_ sessionHeaders: [String: String]) {
            fields = sessionHeaders
            lines = sessionHeaders.map { name, value in
                do throws(UnsafeHeaderError) {
                    return Line(name: name, line: .success(try Self.line(name, value)))
                } catch {
                    return Line(name: name, line: .failure(error))
                }
            }
            var list: UnsafeMutablePointer<courier_curl_slist>?
            for entry in lines {
                guard case .success(let line) = entry.line, let appended = courier_curl_slist_append(list, line) else {
                    courier_curl_slist_free_all(list)
                    list = nil
                    break
                }
                list = appended
            }
            shared = list
        }

        deinit {
            courier_curl_slist_free_all(shared)
        }

        /// `name: value` as libcurl sends it (`name;` for an empty value).
        /// - Throws: ``UnsafeHeaderError`` for a name that is not an RFC 9110 token, or a value with
        ///   CR, LF or NUL: libcurl would write them to the wire as they are.
        static func line(_ name: String, _ value: String) throws(UnsafeHeaderError) -> String {
            guard isToken(name) else { throw UnsafeHeaderError(name: name, part: .name) }
            // Read in place: a `UTF8View` walked byte by byte cost about ten instructions a byte.
            guard !UTF8Scan.contains(in: value, where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw UnsafeHeaderError(name: name, part: .value)
            }
            return value.isEmpty ? "\(name);" : "\(name): \(value)"
        }

        /// RFC 9110 §5.6.2: `1*tchar`, with the byte class request validation uses.
        static func isToken(_ text: String) -> Bool {
            !text.isEmpty && HTTPSyntax.firstRefused(in: text, HTTPSyntax.Token.self) == nil
        }
    }
#endif
