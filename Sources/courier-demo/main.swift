import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux) || os(macOS)
    // When the reader of standard output goes away (`courier-demo | head`), a write must fail with
    // EPIPE, which the console answers by ending quietly, rather than kill the demo with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    exit(await CourierDemo.run(Array(CommandLine.arguments.dropFirst())))
#else
    // A terminal program: it compiles everywhere the package builds (an iOS build of the package's
    // scheme includes it), and runs where there is a terminal.
    FileHandle.standardError.write(Data("courier-demo runs on Linux and macOS only.\n".utf8))
    exit(1)
#endif
