// courier-bench: what Courier costs next to raw URLSession, in one run (issue #8).
// Run it through scripts/bench.sh, which starts the loopback nginx and stops it afterwards.
import Foundation

#if os(Linux) || os(macOS)
    do {
        let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        if let child = options.childTransfer {
            try await TransferChild.run(child, options: options)
        } else {
            let results = try await BenchRunner.run(options)
            if options.quick {
                print("_Quick run: few, short rounds and 64 MiB transfers; the figures are indicative._\n")
            }
            print(Report.markdown(results))
            if let path = options.jsonPath { try Report.writeJSON(results, to: path) }
        }
    } catch {
        FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
        exit(1)
    }
#else
    // The benchmark starts child processes and reads /proc: it compiles everywhere the package
    // builds (an iOS build of the package's scheme includes it), and runs on Linux and macOS.
    FileHandle.standardError.write(Data("courier-bench runs on Linux and macOS only.\n".utf8))
    exit(1)
#endif
