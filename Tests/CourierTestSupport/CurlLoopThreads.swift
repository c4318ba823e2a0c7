#if os(Linux)
    import Foundation

    /// The threads of libcurl transports' event loops in this process (named `Courier.Curl`).
    public enum CurlLoopThreads {
        /// The ids (of `/proc/self/task`) of this process's threads whose name starts with `prefix`.
        public static func named(_ prefix: String = "Courier.Curl") throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").filter { task in
                (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.hasPrefix(prefix)
                    == true
            }
        }

        /// Waits, at most `limit`, until no event loop thread is left: a loop ends once its transport
        /// is gone, closing its connections (a TLS close_notify) and freeing their state on its
        /// thread. A child test process calls it before it ends: LeakSanitizer, which the test
        /// command runs the libcurl suites under, reads state freed halfway at exit as leaked.
        public static func waitUntilEnded(within limit: Duration = .seconds(5)) async {
            let deadline = ContinuousClock.now + limit
            while (try? named().isEmpty) == false, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }
#endif
