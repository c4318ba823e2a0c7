#if os(Linux)
    internal import CCourierCurl

    /// The event loop as a task executor (SE-0417): a task that prefers it runs on the loop's
    /// thread, between libcurl's rounds, so that a request it awaits is answered without a thread
    /// hop either way. Without the preference, a request costs two hand-offs besides the socket's
    /// own wake-up: the caller's thread wakes the loop to start it, and the loop wakes a thread of
    /// the cooperative pool to resume the caller. Preferring the loop only for the wait inside the
    /// transport saves neither (measured): leaving the preference hops back to the pool at once.
    /// So the preference is the caller's to give, for whole tasks (see
    /// ``CurlTransport/taskExecutor``).
    extension CurlEventLoop: TaskExecutor {
        /// Runs `job` on the loop's thread after its current round; starts the thread or wakes it
        /// as a command does. Never blocks.
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            // A forked child has this object but not its thread, and never touches its lock (see
            // CurlProcessLoop): the job goes to the global executor, and so does the rest of the
            // task, one step at a time.
            guard courier_curl_fork_generation() == generation else {
                globalConcurrentExecutor.enqueue(job)
                return
            }
            post { $0.jobs.append(job) }
        }

        /// Runs the jobs taken from the inbox, on the loop's thread, as this executor.
        func runJobs(_ jobs: [UnownedJob]) {
            guard !jobs.isEmpty else { return }
            let executor = asUnownedTaskExecutor()
            for job in jobs { job.runSynchronously(on: executor) }
        }
    }
#endif
