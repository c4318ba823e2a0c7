import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// When the reader of standard output goes away (`courier-demo | head`), a write must fail with
// EPIPE, which the console answers by ending quietly, rather than kill the demo with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
exit(await CourierDemo.run(Array(CommandLine.arguments.dropFirst())))
