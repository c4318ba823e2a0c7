#if os(Linux)
    import CCourierCurl
    import Courier
    import Foundation

    /// The floor of the curl rows: libcurl with nothing around it, called from Swift. Sequential
    /// requests reuse one easy handle (`curl_easy_perform`); concurrent ones keep `width` easy
    /// handles busy on one multi handle, all on the calling thread. Bodies are copied into a reused
    /// buffer (as any client must hand them somewhere) and their size and status checked.
    ///
    /// It blocks the calling thread while it runs; fine for a benchmark side, never for Courier.
    final class CurlFloor {
        /// One easy handle and where its body goes.
        final class Handle {
            let easy: UnsafeMutableRawPointer
            var buffer: UnsafeMutableRawPointer
            var capacity: Int
            var received = 0

            init(easy: UnsafeMutableRawPointer, capacity: Int) {
                self.easy = easy
                self.capacity = capacity
                buffer = .allocate(byteCount: capacity, alignment: 16)
            }

            deinit {
                courier_curl_easy_cleanup(easy)
                buffer.deallocate()
            }
        }

        /// The easy handles, configured for the request; ``CurlHandoffFloor`` drives them too.
        let handles: [Handle]
        private let multi: UnsafeMutableRawPointer?
        private let headers: UnsafeMutablePointer<courier_curl_slist>?
        private let body: UnsafeMutableRawPointer?
        private let expectedBytes: Int

        /// - Parameters:
        ///   - url: What to fetch (or post to).
        ///   - expectedBytes: The body size every answer must have.
        ///   - post: A JSON body to POST, or `nil` for a GET.
        ///   - width: How many requests are in flight at once.
        init(url: URL, expectedBytes: Int, post: Data?, width: Int) throws {
            if let reason = CurlTransport.unavailableReason { throw BenchError.unexpected("libcurl: \(reason)") }
            self.expectedBytes = expectedBytes
            headers = post == nil ? nil : courier_curl_slist_append(nil, "Content-Type: application/json")
            if let post {
                let copy = UnsafeMutableRawPointer.allocate(byteCount: max(post.count, 1), alignment: 16)
                post.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: post.count)
                body = copy
            } else {
                body = nil
            }
            var handles: [Handle] = []
            for _ in 0..<max(width, 1) {
                guard let easy = courier_curl_easy_init() else { throw BenchError.unexpected("curl_easy_init failed") }
                let handle = Handle(easy: easy, capacity: max(expectedBytes, 1) + 1)
                let context = Unmanaged.passUnretained(handle).toOpaque()
                courier_curl_easy_setopt_pointer(easy, COURIER_CURLOPT_URL, url.absoluteString)
                courier_curl_easy_setopt_long(easy, COURIER_CURLOPT_NOSIGNAL, 1)
                courier_curl_easy_setopt_long(easy, COURIER_CURLOPT_BUFFERSIZE, 512 * 1024)
                courier_curl_easy_setopt_data_callback(easy, COURIER_CURLOPT_WRITEFUNCTION, floorWrite)
                courier_curl_easy_setopt_pointer(easy, COURIER_CURLOPT_WRITEDATA, context)
                if let post, let body {
                    courier_curl_easy_setopt_pointer(easy, COURIER_CURLOPT_HTTPHEADER, headers)
                    courier_curl_easy_setopt_pointer(easy, COURIER_CURLOPT_POSTFIELDS, body)
                    courier_curl_easy_setopt_offset(easy, COURIER_CURLOPT_POSTFIELDSIZE_LARGE, Int64(post.count))
                }
                handles.append(handle)
            }
            self.handles = handles
            multi = width > 1 ? courier_curl_multi_init() : nil
        }

        deinit {
            if let multi { courier_curl_multi_cleanup(multi) }
            courier_curl_slist_free_all(headers)
            body?.deallocate()
        }

        /// Performs `count` requests.
        func run(_ count: Int) throws {
            if let multi {
                try runConcurrently(count, on: multi)
            } else {
                for _ in 0..<count { try perform(handles[0]) }
            }
        }

        private func perform(_ handle: Handle) throws {
            handle.received = 0
            let code = courier_curl_easy_perform(handle.easy)
            guard code == 0 else { throw BenchError.unexpected("libcurl failed: \(Self.describe(code))") }
            try check(handle)
        }

        private func runConcurrently(_ count: Int, on multi: UnsafeMutableRawPointer) throws {
            var started = 0
            var finished = 0
            var byPointer: [UnsafeMutableRawPointer: Handle] = [:]
            for handle in handles where started < count {
                handle.received = 0
                courier_curl_multi_add_handle(multi, handle.easy)
                byPointer[handle.easy] = handle
                started += 1
            }
            var running: Int32 = 0
            while finished < count {
                courier_curl_multi_perform(multi, &running)
                var pointer: UnsafeMutableRawPointer?
                var code: Int32 = 0
                while courier_curl_multi_next_done(multi, &pointer, &code) != 0 {
                    guard let pointer, let handle = byPointer[pointer] else { continue }
                    guard code == 0 else { throw BenchError.unexpected("libcurl failed: \(Self.describe(code))") }
                    try check(handle)
                    finished += 1
                    courier_curl_multi_remove_handle(multi, pointer)
                    if started < count {
                        handle.received = 0
                        courier_curl_multi_add_handle(multi, pointer)
                        started += 1
                    }
                }
                if finished < count { courier_curl_multi_poll(multi, 100, nil) }
            }
        }

        /// Checks that `handle`'s answer has a 2xx status and the expected body size.
        func check(_ handle: Handle) throws {
            var status = 0
            courier_curl_easy_getinfo_long(handle.easy, COURIER_CURLINFO_RESPONSE_CODE, &status)
            guard (200..<300).contains(status), handle.received == expectedBytes else {
                throw BenchError.unexpected("the libcurl floor got status \(status), \(handle.received) bytes")
            }
        }

        static func describe(_ code: Int32) -> String {
            String(cString: courier_curl_easy_strerror(code))
        }

        fileprivate static func write(_ bytes: UnsafeRawBufferPointer, to context: UnsafeMutableRawPointer) -> Int {
            let handle = Unmanaged<Handle>.fromOpaque(context).takeUnretainedValue()
            guard let base = bytes.baseAddress, handle.received + bytes.count <= handle.capacity else { return 0 }
            (handle.buffer + handle.received).copyMemory(from: base, byteCount: bytes.count)
            handle.received += bytes.count
            return bytes.count
        }
    }

    private let floorWrite: courier_curl_data_callback = { buffer, size, count, context in
        guard let buffer, let context else { return 0 }
        return CurlFloor.write(UnsafeRawBufferPointer(start: buffer, count: size * count), to: context)
    }
#endif
