// Runs generated clients (generated with `--samples`), built into one program with them, with
// RequestLog.swift and Tests/CourierTestSupport/RecordingServer, by GeneratedClientTests and
// scripts/openapi-corpus.sh, which also write `Clients.swift`: `extension X: SampleClient {}` for each
// client and `let sampleClients: [String: any SampleClient.Type]`.
//   sample-runner stubs              every typed target of every client through a stubbing provider
//   sample-runner wire NAME URL      every operation of client NAME sent to URL
//   sample-runner capture NAME LOG   every operation of client NAME sent to a recording server on
//                                    loopback; what it received written to LOG for openapi-judge
//                                    (RequestLog), and the line `base: URL` printed for its --base-url
import Courier
import Foundation

/// What the generator writes with `--samples`.
protocol SampleClient: TargetType {
    static func sampleTargets() throws -> [Self]
    static func requestTypedSamples(with provider: Provider<Self>) async -> [String]
    static var samplePlugins: [any PluginType] { get }
}

@main
enum SampleRunner {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count > 3, arguments[1] == "wire", let client = sampleClients[arguments[2]],
            let url = URL(string: arguments[3])
        {
            await wire(client, to: url)
        } else if arguments.count > 3, arguments[1] == "capture", let client = sampleClients[arguments[2]] {
            await capture(client, log: URL(fileURLWithPath: arguments[3]))
        } else {
            for name in sampleClients.keys.sorted() {
                guard let client = sampleClients[name] else { continue }
                let failures = await stubs(client)
                for failure in failures { print("FAIL \(name).\(failure)") }
                print("\(name): \(failures.count) typed samples failed")
            }
        }
    }

    static func stubs<Client: SampleClient>(_ client: Client.Type) async -> [String] {
        await Client.requestTypedSamples(with: Provider<Client>(stubClosure: Provider.immediatelyStub))
    }

    static func capture<Client: SampleClient>(_ client: Client.Type, log: URL) async {
        do {
            let server = try RecordingServer()
            await wire(client, to: server.baseURL)
            let recording = server.stop()
            try Data(RequestLog.jsonLines(recording.requests, baseURL: server.baseURL).utf8).write(to: log)
            print("captured: \(recording.requests.count)")
            print("base: \(server.baseURL.absoluteString)")
        } catch {
            print("FAIL capture: \(error)")
        }
    }

    static func wire<Client: SampleClient>(_ client: Client.Type, to url: URL) async {
        let provider = Provider<Client>(
            endpointClosure: Provider.endpointMapping(baseURL: url), plugins: Client.samplePlugins)
        let targets: [Client]
        do {
            targets = try Client.sampleTargets()
        } catch {
            print("FAIL samples: \(error)")
            return
        }
        var failed = 0
        for target in targets {
            do {
                _ = try await provider.request(target)
            } catch {
                failed += 1
                print("FAIL \(target): \(error)")
            }
        }
        print("sent: \(targets.count), failed: \(failed)")
    }
}
