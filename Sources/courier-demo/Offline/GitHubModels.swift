/// A user's profile, as `GET /users/{login}` returns it (the fields the demo shows).
struct User: Decodable {
    let login: String
    let name: String?
    let location: String?
    let publicRepos: Int
    let followers: Int
}

/// A repository, in a list or a search result.
struct Repository: Decodable {
    let fullName: String
    let description: String?
    let language: String?
    let stargazersCount: Int
}

/// What `GET /search/repositories` returns.
struct SearchResults: Decodable {
    let totalCount: Int
    let items: [Repository]
}

/// GitHub's error body, e.g. `{"message": "Not Found", …}`.
struct GitHubMessage: Decodable {
    let message: String
}
