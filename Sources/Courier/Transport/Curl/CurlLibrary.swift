#if os(Linux)
    internal import CCourierCurl

    /// libcurl, loaded once per process the first time a ``CurlTransport`` is made.
    ///
    /// The library is opened at run time (`dlopen("libcurl.so.4")`, the library FoundationNetworking
    /// itself links), so building Courier needs no curl headers and no package beyond the toolchain.
    enum CurlLibrary {
        /// Why libcurl cannot be used, or `nil` when it is loaded and recent enough.
        static let loadFailure: String? = {
            var reason = [CChar](repeating: 0, count: 512)
            let status = reason.withUnsafeMutableBufferPointer { buffer in
                courier_curl_load(buffer.baseAddress, buffer.count)
            }
            if status != 0 { return String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self) }
            guard let info = courier_curl_version() else { return "libcurl reports no version" }
            // curl_multi_poll (7.66) and curl_multi_wakeup (7.68) are resolved above; 7.68 is the floor.
            guard info.pointee.version_num >= 0x07_44_00 else {
                return "libcurl \(String(cString: info.pointee.version)) is older than 7.68"
            }
            return nil
        }()

        /// Whether the library is loaded.
        static var isLoaded: Bool { loadFailure == nil }

        /// libcurl's version, e.g. `7.88.1`; empty when not loaded.
        static let version: String = {
            guard isLoaded, let info = courier_curl_version() else { return "" }
            return String(cString: info.pointee.version)
        }()

        /// libcurl's feature bits (`COURIER_CURL_VERSION_*`); 0 when not loaded.
        static let features: Int32 = {
            guard isLoaded, let info = courier_curl_version() else { return 0 }
            return info.pointee.features
        }()

        /// libcurl's version as a number, `0x075801` for 7.88.1; 0 when not loaded.
        static let versionNumber: UInt32 = {
            guard isLoaded, let info = courier_curl_version() else { return 0 }
            return info.pointee.version_num
        }()

        /// Whether libcurl is `major.minor` or later.
        static func isAtLeast(_ major: UInt32, _ minor: UInt32) -> Bool {
            versionNumber >= (major << 16 | minor << 8)
        }

        /// Whether libcurl was built with `feature` (a `COURIER_CURL_VERSION_*` bit).
        static func has(_ feature: Int32) -> Bool {
            features & feature != 0
        }

        /// libcurl's one-line description of an error code.
        static func describe(_ code: Int32) -> String {
            String(cString: courier_curl_easy_strerror(code))
        }
    }
#endif
