// courier-bench: what Courier costs next to raw URLSession, in one run (issue #8).
// Run it through scripts/bench.sh, which starts the loopback nginx and stops it afterwards.
import Foundation

#if os(Linux) || os(macOS)
    /// Runs the benchmark; the exit status of the process.
    func runBenchmark() async -> Int32 {
        do {
            let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
            if let child = options.childTransfer {
                try await TransferChild.run(child, options: options)
            } else if let spec = options.childScale {
                #if os(Linux)
                    try await ScaleLoad(spec: spec, origins: options.origins).run()
                #endif
            } else {
                let results = try await BenchRunner.run(options)
                if options.quick {
                    print("_Quick run: few, short rounds and 64 MiB transfers; the figures are indicative._\n")
                }
                print(Report.markdown(results))
                if let path = options.jsonPath { try Report.writeJSON(results, to: path) }
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
            return 1
        }
    }

    // The main thread waits on a semaphore rather than in `dispatchMain()` (what an asynchronous
    // top-level `main` does): valgrind 3.19 stops with an internal error in libdispatch's `sigsuspend`
    // there, and callgrind's instruction counts are this benchmark's measure under load. Nothing
    // here runs on the main queue: the task is detached from the main actor, whose thread waits.
    let finished = DispatchSemaphore(value: 0)
    let status = LockedStatus()
    Task.detached {
        status.value = await runBenchmark()
        finished.signal()
    }
    finished.wait()
    exit(status.value)

    /// The exit status, written by the benchmark's task before it signals the main thread.
    final class LockedStatus: @unchecked Sendable {
        // @unchecked Sendable: written once by the task before `finished.signal()`, read by the main
        // thread after `finished.wait()`: the semaphore orders the two.
        var value: Int32 = 0
    }
#else
    // The benchmark starts child processes and reads /proc: it compiles everywhere the package
    // builds (an iOS build of the package's scheme includes it), and runs on Linux and macOS.
    FileHandle.standardError.write(Data("courier-bench runs on Linux and macOS only.\n".utf8))
    exit(1)
#endif
