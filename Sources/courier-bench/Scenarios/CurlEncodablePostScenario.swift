#if os(Linux)
    import Courier

    /// `POST` of a 10 KB `Encodable` body, one at a time, where every side encodes the value itself:
    /// Courier on its libcurl transport (`.requestJSONEncodable`), raw `URLSession.data(for:)` and a
    /// bare libcurl loop (``CurlFloor``) each after `JSONEncoder` with sorted keys, and that encoder
    /// alone, in the same rounds. Issue 22's goals: Courier at most AsyncHTTPClient's 0.69× of
    /// URLSession (the side-by-side run, where each client encoded the body), and Courier's cost
    /// beyond `JSONEncoder` at most 1.5× the libcurl loop's.
    enum CurlEncodablePostScenario {
        static func run(_ options: BenchOptions, baseURL: URL) async throws -> [ScenarioResult] {
            let session = URLSession(configuration: URLSessionTransport.defaultConfiguration())
            defer { session.finishTasksAndInvalidate() }
            let sides = try sides(baseURL: baseURL, session: session)
            if let name = options.profileSide {
                guard let side = sides.first(where: { $0.name == name }) else {
                    throw BenchError.usage("no side \(name); sides: \(sides.map(\.name).joined(separator: ", "))")
                }
                try await side.batch(options.count(full: 20_000, quick: 2_000))
                return []
            }
            for side in sides { try await side.batch(2) }  // opens every connection
            let measured = try await MultiComparison.measure(
                rounds: options.networkRounds, operations: options.count(full: 100, quick: 25), sides: sides)
            return rows(measured)
        }

        private static func rows(_ measured: MultiComparison) -> [ScenarioResult] {
            guard let urlSession = measured.side("urlsession"), let courier = measured.side("courier-curl"),
                let floor = measured.side("libcurl"), let encoder = measured.side("jsonencoder")
            else { return [] }
            let shape = "POST 10 KB Encodable, sequential"
            var courierRow = ScenarioResult(
                id: "curl-post-json-c1", scenario: "\(shape): Courier (curl) vs URLSession.data(for:)",
                comparison: measured.comparison(courier, against: urlSession), goal: .maxRatio(0.69))
            courierRow.note = "each side encodes the body; goal: AsyncHTTPClient's ratio in issue 22's run"
            var beyondRow = ScenarioResult(
                id: "curl-post-json-c1-beyond",
                scenario: "\(shape): Courier's cost beyond JSONEncoder vs the libcurl loop's",
                comparison: measured.excess(of: courier, against: floor, over: encoder), goal: .maxRatio(1.5))
            beyondRow.note = "(side − JSONEncoder alone) per round; Courier's side encodes with its own encoder"
            var floorRow = ScenarioResult(
                id: "curl-post-json-c1-libcurl", scenario: "\(shape): JSONEncoder + a bare libcurl loop vs URLSession",
                comparison: measured.comparison(floor, against: urlSession), goal: .none)
            floorRow.note = "the floor"
            var encoderRow = ScenarioResult(
                id: "curl-post-json-c1-encoder", scenario: "\(shape): JSONEncoder alone vs URLSession",
                comparison: measured.comparison(encoder, against: urlSession), goal: .none)
            encoderRow.note = "what every side spends encoding with Foundation"
            return [courierRow, beyondRow, floorRow, encoderRow]
        }

        private static func sides(baseURL: URL, session: URLSession) throws
            -> [(name: String, batch: Comparison.Batch)]
        {
            let records = Record.body10K
            let encoder = Record.foundationEncoder()
            let target = EncodablePostTarget(baseURL: baseURL, records: records)
            var building = URLRequest(url: baseURL.appendingPathComponent(target.path))
            building.httpMethod = "POST"
            building.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let request = building
            let body = try encoder.encode(records)
            let provider = Provider<EncodablePostTarget>(transport: try CurlTransport())
            let floor = try CurlFloor(url: request.url!, expectedBytes: 0, post: body, width: 1)
            func checked(_ status: Int?, _ side: String) throws {
                if status != 204 {
                    throw BenchError.unexpected("\(side) got status \(status.map(String.init) ?? "none")")
                }
            }
            return [
                (
                    "urlsession",
                    { count in
                        for _ in 0..<count {
                            var sent = request
                            sent.httpBody = try encoder.encode(records)
                            let (_, response) = try await session.data(for: sent)
                            try checked((response as? HTTPURLResponse)?.statusCode, "URLSession")
                        }
                    }
                ),
                (
                    "courier-curl",
                    { count in
                        for _ in 0..<count { try checked(try await provider.request(target).statusCode, "Courier") }
                    }
                ),
                (
                    "libcurl",
                    { count in
                        // The same work as one encode and one POST per request, in two loops.
                        for _ in 0..<count { consume(try encoder.encode(records)) }
                        try floor.run(count)
                    }
                ),
                ("jsonencoder", { count in for _ in 0..<count { consume(try encoder.encode(records)) } }),
            ]
        }
    }

    /// `POST /upload` of ``Record/body10K`` as `.requestJSONEncodable`.
    private struct EncodablePostTarget: TargetType {
        let baseURL: URL
        let records: [Record]
        var path: String { "/upload" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .requestJSONEncodable(records) }
        var validationType: ValidationType { .successCodes }
    }
#endif
