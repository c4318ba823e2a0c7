#if os(Linux)
    internal import CCourierCurl

    /// One libcurl easy handle and its error buffer. Used on the event loop's thread only, and
    /// reused from one transfer to the next (``CurlEventLoop`` keeps a pool), so that connections,
    /// buffers and TLS sessions carry over.
    final class CurlEasyHandle {
        let pointer: UnsafeMutableRawPointer
        /// libcurl writes a sentence about the last failure here (`CURLOPT_ERRORBUFFER`).
        private let errorBuffer: UnsafeMutablePointer<CChar>
        /// The plan of the transfer on the handle: libcurl points at its header list until
        /// ``reset()``, so it lives until then whatever the transfer does with it.
        private var plan: CurlRequestPlan?
        /// Whether a transfer on this handle sent a `Host` header of its own, which leaves state
        /// on the handle that a reset does not clear in libcurl before 8.20 (see
        /// `CurlEventLoop.recycle`). It stays set.
        private(set) var hasCarriedHost = false

        /// A new handle, or `nil` when libcurl cannot make one.
        init?() {
            guard let pointer = courier_curl_easy_init() else { return nil }
            self.pointer = pointer
            errorBuffer = .allocate(capacity: Int(COURIER_CURL_ERROR_SIZE) + 1)
            errorBuffer.initialize(repeating: 0, count: Int(COURIER_CURL_ERROR_SIZE) + 1)
        }

        deinit {
            courier_curl_easy_cleanup(pointer)
            errorBuffer.deallocate()
        }

        /// Clears every option set for the last transfer, keeping the connection cache.
        func reset() {
            // libcurl 7.88's reset drops its list of cookie files without freeing it (a 16-byte leak
            // per transfer that set one); emptying the list first frees it. The cookies themselves
            // live in the share handle and stay.
            courier_curl_easy_setopt_pointer(pointer, COURIER_CURLOPT_COOKIEFILE, nil)
            courier_curl_easy_reset(pointer)
            errorBuffer[0] = 0
            plan = nil
        }

        /// Keeps `plan`, whose header list the handle is about to point at, until ``reset()``.
        func attach(_ plan: CurlRequestPlan) {
            self.plan = plan
            if plan.carriesHost { hasCarriedHost = true }
        }

        /// libcurl's sentence about the last failure; empty when it wrote none.
        var errorMessage: String { String(cString: errorBuffer) }

        // MARK: - Options (each returns libcurl's error code; 0 is success)

        @discardableResult
        func set(_ option: Int32, _ value: Int) -> Int32 {
            courier_curl_easy_setopt_long(pointer, option, value)
        }

        @discardableResult
        func set(_ option: Int32, _ value: Int64) -> Int32 {
            courier_curl_easy_setopt_offset(pointer, option, value)
        }

        /// Sets a string option; libcurl keeps its own copy.
        @discardableResult
        func set(_ option: Int32, _ value: String) -> Int32 {
            value.withCString { courier_curl_easy_setopt_pointer(pointer, option, $0) }
        }

        /// Sets a pointer option; the pointee must outlive the transfer.
        @discardableResult
        func set(_ option: Int32, pointer value: UnsafeRawPointer?) -> Int32 {
            courier_curl_easy_setopt_pointer(pointer, option, value)
        }

        @discardableResult
        func set(_ option: Int32, _ callback: courier_curl_data_callback) -> Int32 {
            courier_curl_easy_setopt_data_callback(pointer, option, callback)
        }

        @discardableResult
        func set(_ option: Int32, _ callback: courier_curl_seek_callback) -> Int32 {
            courier_curl_easy_setopt_seek_callback(pointer, option, callback)
        }

        @discardableResult
        func set(_ option: Int32, _ callback: courier_curl_sockopt_callback) -> Int32 {
            courier_curl_easy_setopt_sockopt_callback(pointer, option, callback)
        }

        @discardableResult
        func set(_ option: Int32, _ callback: courier_curl_prereq_callback) -> Int32 {
            courier_curl_easy_setopt_prereq_callback(pointer, option, callback)
        }

        @discardableResult
        func set(_ option: Int32, _ callback: courier_curl_closesocket_callback) -> Int32 {
            courier_curl_easy_setopt_closesocket_callback(pointer, option, callback)
        }

        /// Points libcurl's error buffer at this handle's, after a reset cleared it.
        func attachErrorBuffer() {
            errorBuffer[0] = 0
            set(COURIER_CURLOPT_ERRORBUFFER, pointer: errorBuffer)
        }

        // MARK: - Information

        func long(_ info: Int32) -> Int {
            var value = 0
            return courier_curl_easy_getinfo_long(pointer, info, &value) == 0 ? value : 0
        }

        func offset(_ info: Int32) -> Int64 {
            var value: Int64 = 0
            return courier_curl_easy_getinfo_offset(pointer, info, &value) == 0 ? value : 0
        }
    }
#endif
