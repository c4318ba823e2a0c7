// The journal's providers: an endpoint closure that reads main-actor settings, a token store held
// by an actor that refreshes through the API itself, and one provider for several APIs.
import Courier
import CourierPlugins
import Foundation

/// What the user chose in Settings, on the main actor as app state is.
@MainActor
final class JournalSettings {
    static let shared = JournalSettings()
    var language = "nb-NO"
    var sendsDiagnostics = true
}

/// Keeps the credentials; an actor, since the refresh and the requests reach it from any task.
actor CredentialVault {
    private(set) var accessToken = "expired-token"
    private(set) var refreshCount = 0
    private let refreshToken = "refresh-1"

    func refreshed(replacing rejected: String?) async throws -> String {
        refreshCount += 1
        let auth = Provider<AuthAPI>(stubClosure: Provider.immediatelyStub)
        let answer = try await auth.request(.refresh(refreshToken), as: TokenAnswer.self)
        accessToken = answer.accessToken
        return answer.accessToken
    }
}

nonisolated enum AuthAPI: TargetType {
    case refresh(String)

    var baseURL: URL { URL(string: "https://auth.example.com")! }
    var path: String { "/token" }
    var method: HTTPMethod { .post }
    var task: HTTPTask {
        switch self {
        case .refresh(let token):
            .requestParameters(
                parameters: ["refresh_token": token, "grant_type": "refresh_token"], encoding: URLEncoding.httpBody)
        }
    }
    var sampleData: Data { Data(#"{"access_token": "fresh-token"}"#.utf8) }
}

nonisolated struct TokenAnswer: Decodable, Sendable {
    let accessToken: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
    }
}

@MainActor
enum JournalProviders {
    static let vault = CredentialVault()

    /// Adds the user's language from Settings to every endpoint.
    static func endpoint(for target: JournalAPI) -> Endpoint {
        var fields = ["Accept-Language": JournalSettings.shared.language]
        if JournalSettings.shared.sendsDiagnostics { fields["X-Diagnostics"] = "1" }
        return Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: fields)
    }

    /// The token the API asks for, refreshed through the vault when a request gets a 401.
    static let tokens = AccessTokenStore(token: "expired-token") { rejected in
        try await vault.refreshed(replacing: rejected)
    }

    /// The plugins of every journal provider: a refreshing token and a logger.
    static var plugins: [PluginType] {
        [
            AccessTokenPlugin(tokenSource: tokens),
            NetworkLoggerPlugin(configuration: .init(output: { _, lines in JournalLog.shared.write(lines) })),
        ]
    }

    /// The screens' provider: settings headers, a refreshing token, a logger.
    static func journal(stubClosure: @escaping Provider<JournalAPI>.StubClosure = Provider.neverStub)
        -> Provider<JournalAPI>
    {
        Provider<JournalAPI>(endpointClosure: endpoint(for:), stubClosure: stubClosure, plugins: plugins)
    }

    /// The same with an inline closure that captures a settings object, as a screen builds one.
    static func localized(settings: JournalSettings) -> Provider<JournalAPI> {
        Provider<JournalAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: ["Accept-Language": settings.language])
            },
            stubClosure: Provider.immediatelyStub)
    }

    /// One provider for the journal and the auth APIs, as apps with many small APIs do.
    static let everything = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)

    static func signedInName() async throws -> String {
        let token = try await everything.request(.target(AuthAPI.refresh("r")), as: TokenAnswer.self)
        let profile = try await everything.request(JournalAPI.profile)
        return "\(profile.name) \(token.accessToken)"
    }
}

/// The app's log, written from any thread.
nonisolated final class JournalLog: Sendable {
    static let shared = JournalLog()
    private let lock = NSLock()
    nonisolated(unsafe) private var lines: [String] = []

    func write(_ more: [String]) {
        lock.withLock { lines += more }
    }

    var count: Int { lock.withLock { lines.count } }
}
