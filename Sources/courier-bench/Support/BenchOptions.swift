import Foundation

/// The command line of `courier-bench`.
///
/// ```
/// courier-bench --base-url http://127.0.0.1:8080 [--quick] [--json PATH] [--only NAME,NAME]
///               [--transfer-mib N] [--work-dir DIR] [--profile-side SIDE] [--websocket-peer PATH]
/// ```
struct BenchOptions {
    /// Where the loopback nginx started by `scripts/bench.sh` listens; scenarios that need it are
    /// skipped without it.
    var baseURL: URL?
    /// Short runs: fewer rounds and requests, and 64 MiB transfers instead of 1 GiB.
    var quick = false
    /// Where to write the results as JSON.
    var jsonPath: String?
    /// Runs only the scenarios whose identifier starts with one of these.
    var only: [String] = []
    /// The size of the upload and download, in MiB; 1,024 (64 with `--quick`) unless given.
    var transferMiB: Int?
    /// Where transfer files are written; a temporary folder unless given.
    var workDirectory: URL?
    /// Set in the child process that runs one transfer: which one.
    var childTransfer: String?
    /// Runs only this side of the curl scenarios (`urlsession`, `courier-urlsession`, `courier-curl`,
    /// `courier-curl-executor`, `curl-transport`, `libcurl`), many times and without a table: for
    /// `perf record`.
    var profileSide: String?
    /// The loopback origins of the server-scale rows (`scripts/bench.sh` passes 8 ports of its nginx).
    var origins: [URL] = []
    /// Where `scripts/bench.sh --peers` built the peer clients (`scripts/peer-bench`).
    var peerDirectory: URL?
    /// Set in the child process of one server-scale side: `IN_FLIGHT:PATH:COUNT`.
    var childScale: String?
    /// websocket-kit's client for the WebSocket rows, when not `peer-websocket-kit` in the peer
    /// folder (scripts/peer-bench, built by `scripts/bench.sh --peers`): rows of its own when given.
    var webSocketPeer: String?

    /// Rounds for comparisons: baseline and Courier alternate once per round. Many short rounds
    /// keep a burst of load from other processes out of the median.
    var rounds: Int { quick ? 5 : 21 }

    /// Rounds for the loopback comparisons, whose noise is larger (see the control row).
    var networkRounds: Int { quick ? 7 : 41 }

    /// `full` in a full run, `quick` with `--quick`.
    func count(full: Int, quick: Int) -> Int { self.quick ? quick : full }

    /// The transfer size in bytes.
    var transferBytes: Int { (transferMiB ?? (quick ? 64 : 1024)) * 1024 * 1024 }

    static let usage = """
        usage: courier-bench [--base-url URL] [--quick] [--json PATH] [--only NAME[,NAME]]
                             [--transfer-mib N] [--work-dir DIR] [--profile-side SIDE]
                             [--origins URL,URL…] [--peer-dir DIR] [--websocket-peer PATH]
        Run it through scripts/bench.sh, which starts the loopback nginx the network scenarios need.
        --profile-side runs one side of the curl scenarios alone (e.g. curl-transport), for a profiler.
        --websocket-peer adds websocket-kit's client (scripts/peer-bench) to the WebSocket rows.
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchError.usage("\(flag) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--base-url":
                let text = try value(for: argument)
                guard let url = URL(string: text), url.scheme != nil else { throw BenchError.usage("bad URL \(text)") }
                options.baseURL = url
            case "--quick": options.quick = true
            case "--json": options.jsonPath = try value(for: argument)
            case "--only": options.only = try value(for: argument).split(separator: ",").map(String.init)
            case "--transfer-mib":
                guard let size = Int(try value(for: argument)), size > 0 else {
                    throw BenchError.usage("--transfer-mib needs a positive number")
                }
                options.transferMiB = size
            case "--work-dir": options.workDirectory = URL(fileURLWithPath: try value(for: argument))
            case "--child-transfer": options.childTransfer = try value(for: argument)
            case "--profile-side": options.profileSide = try value(for: argument)
            case "--origins":
                options.origins = try value(for: argument).split(separator: ",").compactMap { URL(string: String($0)) }
            case "--peer-dir": options.peerDirectory = URL(fileURLWithPath: try value(for: argument))
            case "--child-scale": options.childScale = try value(for: argument)
            case "--websocket-peer": options.webSocketPeer = try value(for: argument)
            case "-h", "--help": throw BenchError.usage(nil)
            default: throw BenchError.usage("unknown argument \(argument)")
            }
        }
        return options
    }

    /// Whether the scenario with this identifier runs.
    func runs(_ identifier: String) -> Bool {
        // A profiled run is one scenario, named exactly.
        if profileSide != nil { return only.contains(identifier) }
        return only.isEmpty || only.contains { identifier == $0 || identifier.hasPrefix($0 + "-") }
    }
}
