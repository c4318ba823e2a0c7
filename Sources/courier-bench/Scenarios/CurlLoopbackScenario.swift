#if os(Linux)
    import Courier

    /// Courier on its libcurl transport against raw `URLSession.data(for:)`, measured in the same
    /// rounds as Courier on URLSession, Courier on libcurl from tasks that prefer the transport's
    /// executor, the curl transport alone (no provider), a bare libcurl loop (``CurlFloor``) and
    /// that loop on a thread of its own awaited from tasks, with and without their preferring it
    /// (``CurlHandoffFloor``), so that every ratio comes from one run on one machine state.
    ///
    /// URLSession's sides use Courier's default configuration with `httpMaximumConnectionsPerHost`
    /// raised to the concurrency; the curl transport's `maximumConnectionsPerHost` is raised alike.
    enum CurlLoopbackScenario {
        /// What is sent.
        enum Shape {
            case get100B, get1MiB, postJSON

            var name: String {
                switch self {
                case .get100B: "get-100b"
                case .get1MiB: "get-1m"
                case .postJSON: "post-10k"
                }
            }

            var label: String {
                switch self {
                case .get100B: "GET 100 B"
                case .get1MiB: "GET 1 MiB"
                case .postJSON: "POST 10 KB JSON"
                }
            }

            /// The goal of Courier (curl) ÷ raw URLSession (issue 16; for 100 B, issue 36's: what 1.25× the
            /// structure implies, 0.30× one at a time and 0.20× in flight).
            func goal(concurrency: Int) -> Double {
                switch self {
                case .get100B: concurrency == 1 ? 0.30 : 0.20
                case .get1MiB: concurrency == 1 ? 0.25 : 0.50
                case .postJSON: 0.60
                }
            }

            /// The goal of Courier's own cost over the structure (Courier ÷ the loop on its own thread,
            /// awaited from tasks): at most 1.25× for small requests (issue 36, goal 1); none for 1 MiB.
            var ownGoal: Goal {
                self == .get1MiB ? .none : .maxRatio(1.25)
            }
        }

        static func run(_ options: BenchOptions, baseURL: URL, shape: Shape, concurrency: Int) async throws
            -> [ScenarioResult]
        {
            let configuration = URLSessionTransport.defaultConfiguration()
            configuration.httpMaximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost, concurrency)
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let (request, bytes) = request(baseURL: baseURL, shape: shape)
            let handoff = try CurlHandoffFloor(
                try CurlFloor(url: request.url!, expectedBytes: bytes, post: request.httpBody, width: concurrency))
            defer { handoff.stop() }
            let direct = try CurlDirectStartFloor(
                try CurlFloor(url: request.url!, expectedBytes: bytes, post: request.httpBody, width: concurrency))
            defer { direct.stop() }
            let sides = try sides(
                baseURL: baseURL, shape: shape, concurrency: concurrency, session: session, handoff: handoff,
                direct: direct)
            if let name = options.profileSide {
                // One side alone, for a profiler: `perf record courier-bench … --profile-side curl-transport`.
                guard let side = sides.first(where: { $0.name == name }) else {
                    throw BenchError.usage("no side \(name); sides: \(sides.map(\.name).joined(separator: ", "))")
                }
                try await side.batch(options.count(full: 20_000, quick: 2_000))
                return []
            }
            for side in sides { try await side.batch(concurrency * 2) }  // opens every connection
            let small = shape != .get1MiB
            let operations = max(concurrency * 2, options.count(full: small ? 100 : 20, quick: small ? 25 : 5))
            let measured = try await MultiComparison.measure(
                rounds: options.networkRounds, operations: operations, sides: sides)
            var results = rows(measured, shape: shape, concurrency: concurrency)
            if let directSide = measured.side("libcurl-direct"), let handoffSide = measured.side("libcurl-handoff") {
                var row = ScenarioResult(
                    id: "curl-\(shape.name)-c\(concurrency)-direct",
                    scenario: "\(shape.label), \(concurrency == 1 ? "sequential" : "\(concurrency) concurrent"): "
                        + "one hand-off less (the caller starts its transfer) vs the loop on its own thread",
                    comparison: measured.comparison(directSide, against: handoffSide), goal: .none)
                let total = max(direct.startedByCaller + direct.handedOver, 1)
                row.note =
                    "no Courier code (issue 36 goal 3's prototype): \(direct.startedByCaller * 100 / total) % of "
                    + "requests started on the caller's thread, the rest handed over while the loop held the lock"
                results.append(row)
            }
            return results
        }

        private static func rows(_ measured: MultiComparison, shape: Shape, concurrency: Int) -> [ScenarioResult] {
            guard let urlSession = measured.side("urlsession"), let curl = measured.side("courier-curl"),
                let floor = measured.side("libcurl"), let transport = measured.side("curl-transport"),
                let courierURLSession = measured.side("courier-urlsession"),
                let onLoop = measured.side("courier-curl-executor"), let handoff = measured.side("libcurl-handoff"),
                let handoffOnLoop = measured.side("libcurl-handoff-executor")
            else { return [] }
            let id = "curl-\(shape.name)-c\(concurrency)"
            let shapeText = "\(shape.label), \(concurrency == 1 ? "sequential" : "\(concurrency) concurrent")"
            func row(
                _ suffix: String, _ text: String, _ side: MultiComparison.Side, against baseline: MultiComparison.Side,
                goal: Goal = .none, note: String? = nil
            ) -> ScenarioResult {
                var result = ScenarioResult(
                    id: id + suffix, scenario: "\(shapeText): \(text)",
                    comparison: measured.comparison(side, against: baseline), goal: goal)
                result.note = note
                return result
            }
            return [
                row(
                    "", "Courier (curl) vs URLSession.data(for:)", curl, against: urlSession,
                    goal: .maxRatio(shape.goal(concurrency: concurrency))),
                row(
                    "-floor", "Courier (curl) vs a bare libcurl loop", curl, against: floor,
                    note: "baseline = the floor: libcurl alone, one reused easy handle / one multi handle; "
                        + "no goal: the physical limit (issue 36 holds Courier against the structure, -own)"),
                row(
                    "-executor", "Courier (curl) on the transport's executor vs the floor", onLoop, against: floor,
                    note: "the calling task prefers CurlTransport.taskExecutor: no thread hop per request"),
                row(
                    "-handoff", "the floor on a thread of its own, awaited from tasks, vs the floor", handoff,
                    against: floor,
                    note: "no Courier code: what never blocking Swift's pool costs any client (two thread hand-offs)"),
                row(
                    "-handoff-executor", "the same, the calling task preferring its thread, vs the floor",
                    handoffOnLoop, against: floor, note: "no Courier code, no thread hop: the structure's own cost"),
                row(
                    "-own", "Courier (curl) vs the floor on a thread of its own", curl, against: handoff,
                    goal: shape.ownGoal, note: "Courier's own cost over the same two hand-offs (issue 36, goal 1)"),
                row(
                    "-own-executor", "Courier (curl) on the transport's executor vs the floor on its own", onLoop,
                    against: handoffOnLoop, note: "Courier's own cost with no thread hop on either side"),
                row(
                    "-transport", "the curl transport alone vs URLSession.data(for:)", transport, against: urlSession,
                    note: "CurlTransport.send without a Provider: the transport's own share"),
                row(
                    "-libcurl", "a bare libcurl loop vs URLSession.data(for:)", floor, against: urlSession,
                    note: "the floor"),
                row(
                    "-urlsession", "Courier (URLSession) vs URLSession.data(for:)", courierURLSession,
                    against: urlSession),
            ]
        }

        /// Raw URLSession, Courier on each transport, the curl transport alone, and the floor.
        private static func sides(
            baseURL: URL, shape: Shape, concurrency: Int, session: URLSession, handoff: CurlHandoffFloor,
            direct: CurlDirectStartFloor
        ) throws
            -> [(name: String, batch: Comparison.Batch)]
        {
            let (target, bytes) = target(baseURL: baseURL, shape: shape)
            let (request, _) = request(baseURL: baseURL, shape: shape)
            var curlConfiguration = CurlTransport.Configuration.default
            curlConfiguration.maximumConnectionsPerHost = max(curlConfiguration.maximumConnectionsPerHost, concurrency)
            let curl = try CurlTransport(configuration: curlConfiguration)
            let viaCurl = Provider<LoopbackTarget>(transport: curl)
            let viaURLSession = Provider<LoopbackTarget>(
                transport: URLSessionTransport(configuration: session.configuration))
            let floor = try CurlFloor(
                url: request.url!, expectedBytes: bytes, post: request.httpBody, width: concurrency)
            let transportRequest = TransportRequest(urlRequest: request)
            let checked: @Sendable (Int, String) throws -> Void = { count, side in
                if count != bytes { throw BenchError.unexpected("\(side) got \(count) bytes from \(target.path)") }
            }
            func concurrently(_ operation: @escaping @Sendable () async throws -> Void) -> Comparison.Batch {
                { count in try await Concurrently.run(count, width: concurrency, operation) }
            }
            return [
                (
                    "urlsession",
                    concurrently { try checked(try await session.data(for: request).0.count, "URLSession") }
                ),
                (
                    "courier-urlsession",
                    concurrently { try checked(try await viaURLSession.request(target).data.count, "Courier") }
                ),
                (
                    "courier-curl",
                    concurrently { try checked(try await viaCurl.request(target).data.count, "Courier (curl)") }
                ),
                (
                    "courier-curl-executor",
                    { count in
                        try await withTaskExecutorPreference(curl.taskExecutor) {
                            try await Concurrently.run(count, width: concurrency) {
                                try checked(try await viaCurl.request(target).data.count, "Courier (curl executor)")
                            }
                        }
                    }
                ),
                (
                    "curl-transport",
                    concurrently { try checked(try await curl.send(transportRequest).data.count, "CurlTransport") }
                ),
                ("libcurl", { count in try floor.run(count) }),
                ("libcurl-handoff", { count in try await handoff.run(count, width: concurrency) }),
                ("libcurl-direct", { count in try await direct.run(count, width: concurrency) }),
                (
                    "libcurl-handoff-executor",
                    { count in
                        try await withTaskExecutorPreference(handoff) {
                            try await handoff.run(count, width: concurrency)
                        }
                    }
                ),
            ]
        }

        /// The plain `URLRequest` of `shape`, as the floors and raw URLSession send it, and its body size.
        private static func request(baseURL: URL, shape: Shape) -> (URLRequest, Int) {
            let (target, bytes) = target(baseURL: baseURL, shape: shape)
            var request = URLRequest(url: baseURL.appendingPathComponent(target.path))
            request.httpMethod = target.method.rawValue
            if case .requestData(let body) = target.task {
                request.httpBody = body
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            return (request, bytes)
        }

        private static func target(baseURL: URL, shape: Shape) -> (LoopbackTarget, Int) {
            switch shape {
            case .get100B: (LoopbackTarget(baseURL: baseURL, route: .small), 100)
            case .get1MiB: (LoopbackTarget(baseURL: baseURL, route: .large), 1_048_576)
            case .postJSON: (LoopbackTarget(baseURL: baseURL, route: .postJSON(payload)), 0)
            }
        }

        /// About 10 KB of JSON: an array of records like those of `1m.json`.
        static let payload: Data = {
            let records = (0..<74).map { index in
                #"{"id":\#(index),"name":"User \#(index)","email":"user\#(index)@example.com","active":true,"tags":["alpha","beta"]}"#
            }
            return Data(("[" + records.joined(separator: ",") + "]").utf8)
        }()
    }
#endif
