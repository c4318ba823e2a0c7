import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// The GeneratingFromOpenAPI article's code. `Bookshelf` is generated from this folder's openapi.json
// by the CourierOpenAPIGenerator plugin when these tests build.
private let packageManifestExample = """
    .target(
        name: "App",
        dependencies: [.product(name: "Courier", package: "Courier"), .product(name: "CourierPlugins", package: "Courier")],
        plugins: [.plugin(name: "CourierOpenAPIGenerator", package: "Courier")]
    )
    """

private let generatedEnumExample = """
    /// Lists books
    ///
    /// `GET /books`
    case listBooks(author: String? = nil, tags: [String]? = nil)

    /// Adds a book
    ///
    /// `POST /books`
    case addBook(body: NewBook)

    /// Shows a book
    ///
    /// `GET /books/{bookId}`
    case getBook(bookId: Int)
    """

private struct Session {
    let token = "book-token"
}

final class GeneratingFromOpenAPIArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/GeneratingFromOpenAPI.md", by: #filePath)
    }

    func test_manifestExample_namesThePluginTheManifestDeclares() throws {
        let manifest = try String(
            contentsOf: DocumentExamples.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(
            manifest.contains(#".plugin(name: "CourierOpenAPIGenerator", targets: ["CourierOpenAPIGenerator"])"#))
        XCTAssertTrue(packageManifestExample.contains(#".plugin(name: "CourierOpenAPIGenerator", package: "Courier")"#))
    }

    func test_generatedEnumExample_isWhatThePluginWrote() throws {
        // Given: the plugin's output for this target
        let outputs = SwiftTypecheck.productsFolder.resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins/outputs")
        let packages = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
        let generated = try packages.lazy.compactMap { package -> String? in
            let file = outputs.appendingPathComponent(
                "\(package)/CourierDocumentationTests/destination/CourierOpenAPIGenerator/GeneratedSources/Bookshelf.swift"
            )
            return FileManager.default.fileExists(atPath: file.path)
                ? try String(contentsOf: file, encoding: .utf8) : nil
        }.first

        // Then
        let text = try XCTUnwrap(generated, "no generated Bookshelf.swift under \(outputs.path)")
        let indented = generatedEnumExample.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        XCTAssertTrue(text.contains(indented), text)
    }

    func test_sendRequests_listsAndAddsBooks_withTheToken() async throws {
        // Given
        let session = Session()
        let recorded = Locked<[String]>([])
        let recorder = RequestRecorder { request in
            recorded.append(request.value(forHTTPHeaderField: "Authorization") ?? "")
        }

        // When
        let provider = Provider<Bookshelf>(plugins: [AccessTokenPlugin { _ in session.token }])
        let stubbingProvider = Provider<Bookshelf>(
            stubClosure: Provider.immediatelyStub, plugins: provider.plugins + [recorder])
        try await run(stubbingProvider)

        // Then
        XCTAssertEqual(recorded.value, ["Bearer book-token", "Bearer book-token"])
    }

    private func run(_ provider: Provider<Bookshelf>) async throws {
        let books = try await provider.request(Bookshelf.Typed.listBooks(author: "Ursula K. Le Guin"))
        let kindred = try await provider.request(
            Bookshelf.Typed.addBook(
                body: Bookshelf.NewBook(title: "Kindred", author: "Octavia E. Butler", format: .ebook)))
        XCTAssertEqual(books.first?.title, "The Dispossessed")
        XCTAssertEqual(books.first?.format, .paperback)
        XCTAssertEqual(kindred.id, 8)
    }

    func test_staging_sendsTheRequestsToAnotherServer() throws {
        // Given
        let stagingURL = URL(string: "https://staging.books.example.com/api")!

        // When
        let staging = Provider<Bookshelf>(endpointClosure: Provider.endpointMapping(baseURL: stagingURL))

        // Then
        XCTAssertEqual(
            try staging.endpointClosure(.getBook(bookId: 7)).urlRequest().url?.absoluteString,
            "https://staging.books.example.com/api/books/7")
    }

    func test_stubFromTheDocument_answersTheExample() async throws {
        // When
        let stubbed = Provider<Bookshelf>(stubClosure: Provider.immediatelyStub)
        let shelf = try await stubbed.request(Bookshelf.Typed.listBooks())

        // Then
        XCTAssertEqual(shelf.map(\.title), ["The Dispossessed"])
        XCTAssertEqual(
            shelf.first?.published.map { $0.formatted(Date.ISO8601FormatStyle().year().month().day()) }, "1974-05-01")
    }
}

/// Records each request the provider prepares.
private struct RequestRecorder: PluginType {
    let record: @Sendable (URLRequest) -> Void
    func willSend(_ request: any RequestType, target: any TargetType) {
        if let urlRequest = request.request { record(urlRequest) }
    }
}
