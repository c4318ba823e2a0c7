// Runs a generated client (its enum named `API`, generated with `--samples`), built into one program
// with it by CourierOpenAPITests:
//   sample-runner stubs      every typed target through a stubbing provider: its sample data must decode
//   sample-runner wire URL   every operation's sample target sent to URL (a recording server on loopback)
import Courier
import Foundation

@main
enum SampleRunner {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count > 2, arguments[1] == "wire", let url = URL(string: arguments[2]) {
            await wire(url)
        } else {
            await stubs()
        }
    }

    static func stubs() async {
        let provider = Provider<API>(stubClosure: Provider.immediatelyStub)
        let failures = await API.requestTypedSamples(with: provider)
        for failure in failures { print("FAIL \(failure)") }
        print("typed samples: \(failures.count) failed")
    }

    static func wire(_ url: URL) async {
        let provider = Provider<API>(endpointClosure: Provider.endpointMapping(baseURL: url), plugins: API.samplePlugins)
        let targets: [API]
        do {
            targets = try API.sampleTargets()
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
