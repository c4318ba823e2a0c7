import Courier
import CourierPlugins
import CourierTesting

/// `courier-demo` with no arguments: the GitHub-like API on a provider that answers from the
/// bundled fixtures, through the same plugins (token, logger) a real request goes through.
struct OfflineTour {
    let console: Console

    /// The token the demo sends. It never appears in the output: the logger redacts it.
    static let token = "demo-token-3f9c2a7e51"

    /// Runs the tour; returns the exit status.
    func run() async -> Int32 {
        let stubs = Stubs<GitHub>(fixtures: Fixtures(bundle: .module), unmatched: .fixture())
        stubs.on(.user(login: "ghost"), .fixture("errors/not-found", status: 404))
        let provider = Provider(
            stubs: stubs, plugins: [AccessTokenPlugin { _ in Self.token }, Logging.plugin(console)])

        console.print(
            "Courier demo, offline: a GitHub-like API answered from bundled JSON fixtures (sample data).",
            "Each request runs through the same plugins as a real one: AccessTokenPlugin adds a bearer token,",
            "NetworkLoggerPlugin prints the request (\"stubbed\") with the token as <redacted>.")
        do throws(CourierError) {
            try await zen(provider)
            try await profile(provider)
            try await repositories(provider)
            try await search(provider)
            await missingUser(provider)
        } catch {
            console.error("courier-demo: \(error.description)")
            return 1
        }
        console.print("", "Done: 6 requests, no network. Try --help for the live commands.")
        return 0
    }

    private func zen(_ provider: Provider<GitHub>) async throws(CourierError) {
        section("GitHub.zen: plain text, no token")
        let zen = try await provider.request(.zen).mapString()
        console.print("  \u{201C}\(zen)\u{201D}")
    }

    private func profile(_ provider: Provider<GitHub>) async throws(CourierError) {
        section("GitHub.user(login: \"octocat\"): JSON decoded into User")
        let user = try await provider.request(.user(login: "octocat"), as: User.self)
        let place = user.location.map { ", \($0)" } ?? ""
        console.print(
            "  \(user.name ?? user.login) (@\(user.login))\(place): \(user.publicRepos) public repositories, "
                + "\(user.followers) followers")
    }

    /// Pages until a page comes back shorter than the page size.
    private func repositories(_ provider: Provider<GitHub>) async throws(CourierError) {
        var page = 1
        while true {
            section("GitHub.repositories(owner: \"octocat\", page: \(page)): page \(page), \(GitHub.pageSize) per page")
            let repositories = try await provider.request(
                .repositories(owner: "octocat", page: page), as: [Repository].self)
            for repository in repositories { console.print("  " + line(for: repository)) }
            guard repositories.count == GitHub.pageSize else { break }
            page += 1
        }
    }

    private func search(_ provider: Provider<GitHub>) async throws(CourierError) {
        section("GitHub.searchRepositories(query: \"networking language:swift\", sort: \"stars\")")
        let results = try await provider.request(
            .searchRepositories(query: "networking language:swift", sort: "stars"), as: SearchResults.self)
        console.print("  \(results.totalCount) repositories found:")
        for repository in results.items { console.print("  " + line(for: repository)) }
    }

    /// A 404 that the target's validation turns into a `CourierError`, as a caller gets it.
    private func missingUser(_ provider: Provider<GitHub>) async {
        section("GitHub.user(login: \"ghost\"): a 404, and the error a caller gets")
        do {
            _ = try await provider.request(.user(login: "ghost"), as: User.self)
            console.print("  unexpectedly found")
        } catch {
            let message = (try? error.response?.map(GitHubMessage.self, using: GitHub.snakeCaseDecoder()))?.message
            console.print(
                "  CourierError.\(ErrorName.of(error)), HTTP \(error.response?.statusCode ?? 0), GitHub says: \(message ?? "?")",
                "  \(error.description)")
        }
    }

    private func section(_ title: String) {
        console.print("", "▸ " + title)
    }

    private func line(for repository: Repository) -> String {
        let language = repository.language.map { " [\($0)]" } ?? ""
        let description = repository.description.map { ": \($0)" } ?? ""
        return "★ \(repository.stargazersCount) \(repository.fullName)\(language)\(description)"
    }
}
