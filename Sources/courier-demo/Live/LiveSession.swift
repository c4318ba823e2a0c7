import Courier
import CourierPlugins

/// `courier-demo --base-url URL COMMAND`: one real request to an httpbin server.
struct LiveSession {
    let baseURL: URL
    let console: Console
    private let provider: Provider<HTTPBin>

    /// The token the live requests send; the log shows it as `<redacted>`.
    static let token = "live-token-8d41b0c6e2"

    /// - Parameter verbose: Whether the log shows each response's transfer metrics as well.
    init(baseURL: URL, console: Console, verbose: Bool = false) {
        self.baseURL = baseURL
        self.console = console
        provider = Provider(plugins: [AccessTokenPlugin { _ in Self.token }, Logging.plugin(console, verbose: verbose)])
    }

    /// Runs `command`; returns the exit status: 0, or 1 when the request failed.
    func run(_ command: Invocation.LiveCommand) async -> Int32 {
        do throws(CourierError) {
            switch command {
            case .get: try await get()
            case .postJSON: try await postJSON()
            case .upload(let file): try await upload(file)
            case .download(let bytes, let output): try await download(bytes, to: output)
            case .status(let code): return await status(code)
            }
            return 0
        } catch {
            console.error("courier-demo: the request failed: \(error.description)")
            return 1
        }
    }

    private func get() async throws(CourierError) {
        let echo = try await provider.request(target(.get), as: HTTPBinEcho.self)
        console.print(
            "The server received GET \(echo.url)",
            "  query: " + Self.list(echo.args),
            "  User-Agent: \(echo.headers["User-Agent"] ?? "none")",
            "  Authorization: \(echo.headers["Authorization"] == nil ? "missing" : "present (its value is not shown)")")
    }

    private func postJSON() async throws(CourierError) {
        let greeting = HTTPBin.Greeting(message: "Hello from Courier", languages: ["Swift", "C"], stars: 5)
        let echo = try await provider.request(target(.postJSON(greeting)), as: HTTPBinEcho.self)
        let json = echo.json.map { "message \"\($0.message)\", languages \($0.languages), stars \($0.stars)" }
        console.print(
            "The server read this JSON from POST \(echo.url):",
            "  \(json ?? "none")",
            echo.json == greeting ? "  It matches what was sent." : "  It differs from what was sent!")
    }

    private func upload(_ file: URL) async throws(CourierError) {
        let transfer = provider.requestWithProgress(target(.upload(file: file)))
        let response = try await ProgressDisplay(console: console, bar: ProgressBar(label: "upload")).follow(transfer)
        let echo = try response.map(HTTPBinEcho.self)
        let received = (echo.files ?? [:]).map { "\($0.key) (\(Self.echoedSize($0.value)) bytes)" }.sorted()
        console.print(
            "Uploaded \(file.lastPathComponent) as multipart form data. The server received:",
            "  form fields: " + Self.list(echo.form ?? [:]),
            "  files: " + (received.isEmpty ? "none" : received.joined(separator: ", ")))
    }

    private func download(_ bytes: Int, to output: URL?) async throws(CourierError) {
        let destination =
            output ?? FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(bytes).bin")
        let transfer = provider.requestWithProgress(target(.download(bytes: bytes, destination: destination)))
        let response = try await ProgressDisplay(console: console, bar: ProgressBar(label: "download")).follow(transfer)
        let file = response.fileURL ?? destination
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int
        console.print("Saved \(size.map(String.init) ?? "?") bytes to \(file.path)")
    }

    /// Shows what a caller gets for `code`: the response, or the `CourierError`.
    private func status(_ code: Int) async -> Int32 {
        do throws(CourierError) {
            let response = try await provider.request(target(.status(code: code)))
            console.print("HTTP \(response.statusCode): accepted by the target's validationType (.successCodes).")
            return 0
        } catch {
            console.print(
                "The request failed. A caller catches this CourierError:",
                "  case: .\(ErrorName.of(error))",
                "  error.response?.statusCode: \(error.response.map { String($0.statusCode) } ?? "nil")",
                "  description: \(error.description)")
            return 1
        }
    }

    private func target(_ route: HTTPBin.Route) -> HTTPBin {
        HTTPBin(baseURL: baseURL, route: route)
    }

    /// The size of a file httpbin echoes: as text, or as a `data:…;base64,…` URL for binary files.
    private static func echoedSize(_ echoed: String) -> Int {
        guard echoed.hasPrefix("data:"), let comma = echoed.firstIndex(of: ","),
            echoed[..<comma].hasSuffix(";base64"),
            let bytes = Data(base64Encoded: String(echoed[echoed.index(after: comma)...]))
        else { return echoed.utf8.count }
        return bytes.count
    }

    /// `client=courier-demo, page=1`, sorted by name.
    private static func list(_ values: [String: String]) -> String {
        values.isEmpty
            ? "none" : values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
