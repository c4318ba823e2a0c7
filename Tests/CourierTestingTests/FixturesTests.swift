import Courier
import CourierTestSupport
import CourierTesting
import XCTest

final class FixturesTests: XCTestCase {
    private let fixtures = Fixtures(bundle: .module)

    // MARK: - Lookup

    func test_dataNamed_readsTheFileFromTheTestBundle() throws {
        // When
        let data = try fixtures.data(named: "zen")

        // Then
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "\"Fixture zen.\"\n")
    }

    func test_urlNamed_findsFilesInSubfolders_andKeepsAGivenExtension() throws {
        // When
        let json = try fixtures.url(named: "users/octocat")
        let text = try fixtures.url(named: "quote.txt")

        // Then
        XCTAssertEqual(json.lastPathComponent, "octocat.json")
        XCTAssertEqual(json.deletingLastPathComponent().lastPathComponent, "users")
        XCTAssertEqual(text.lastPathComponent, "quote.txt")
    }

    func test_decode_decodesTheFile() throws {
        // When
        let product = try fixtures.decode(Product.self, named: "products/42")

        // Then
        XCTAssertEqual(product, Product(id: 42, name: "Toaster"))
    }

    func test_directorySource_readsFilesFromAFolder() throws {
        // Given
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let onDisk = Fixtures(directory: folder)

        // When
        let data = try onDisk.data(for: GitHub.userProfile("octocat"))

        // Then
        XCTAssertEqual(data, try fixtures.data(named: "users/octocat"))
    }

    func test_folderNamed_findsAFolder_orNamesTheOneItLookedFor() throws {
        // When
        let recordings = try fixtures.folder(named: "Recordings/GitHub")

        // Then
        XCTAssertEqual(recordings.lastPathComponent, "GitHub")
        XCTAssertThrowsError(try fixtures.folder(named: "Recordings/Nope")) { error in
            XCTAssertEqual((error as? FixtureNotFoundError)?.lookedFor, ["Fixtures/Recordings/Nope/"])
        }
        XCTAssertThrowsError(try fixtures.folder(named: "zen.json"), "a file is not a folder")
    }

    // MARK: - Names derived from targets

    func test_candidateNames_areTheCaseNameThenThePath() {
        XCTAssertEqual(Fixtures.candidateNames(for: GitHub.userProfile("octocat")), ["userProfile", "users/octocat"])
        XCTAssertEqual(Fixtures.candidateNames(for: GitHub.zen), ["zen"])
        XCTAssertEqual(Fixtures.candidateNames(for: ShopAPI.product(id: 42)), ["product", "products/42"])
        XCTAssertEqual(Fixtures.candidateNames(for: MultiTarget(GitHub.zen)), ["zen"])
    }

    func test_candidateNames_structTarget_usesThePathOnly() {
        let target = HTTPBinTarget(URL(string: "http://localhost")!, "/anything/deep")
        XCTAssertEqual(Fixtures.candidateNames(for: target), ["anything/deep"])
    }

    func test_candidateNames_fixtureNamedTarget_usesOnlyItsName() {
        XCTAssertEqual(Fixtures.candidateNames(for: QuoteTarget()), ["quote.txt"])
    }

    func test_dataForTarget_usesTheFirstNameThatExists() throws {
        // When
        let byCase = try fixtures.data(for: ShopAPI.products(page: 1, sort: "name"))
        let byPath = try fixtures.data(for: ShopAPI.product(id: 42))
        let byOwnName = try fixtures.data(for: QuoteTarget())

        // Then
        XCTAssertEqual(byCase, try fixtures.data(named: "products"))
        XCTAssertEqual(byPath, try fixtures.data(named: "products/42"))
        XCTAssertEqual(String(decoding: byOwnName, as: UTF8.self), "Plain text fixture.\n")
    }

    // MARK: - Missing files

    func test_missingFixture_throwsAnErrorNamingEveryFileLookedFor() {
        // When
        var caught: FixtureNotFoundError?
        do {
            _ = try fixtures.data(for: ShopAPI.login(user: "ada", password: "secret"))
        } catch {
            caught = error
        }

        // Then
        XCTAssertEqual(caught?.lookedFor, ["Fixtures/login.json", "Fixtures/session.json"])
        XCTAssertEqual(caught?.target, #"login(user: "ada", password: "secret")"#)
        let message = caught?.description ?? ""
        XCTAssertTrue(message.contains("Fixtures/login.json, Fixtures/session.json"), message)
        XCTAssertTrue(message.contains(Bundle.module.bundlePath), message)
    }

    func test_missingFixtureInAFolder_namesTheFolder() {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-fixtures")

        // When
        XCTAssertThrowsError(try Fixtures(directory: folder).data(named: "users/nobody")) { error in
            // Then
            XCTAssertEqual((error as? FixtureNotFoundError)?.lookedFor, ["users/nobody.json"])
            XCTAssertTrue("\(error)".contains(folder.path), "\(error)")
        }
    }

    // MARK: - Stubs answering from fixtures

    func test_stubsFixture_answersTheNamedFile_asJSON() async throws {
        // Given
        let stubs = Stubs<GitHub>(fixtures: fixtures).on(.userProfile("me"), .fixture("users/octocat"))
        let provider = Provider(stubs: stubs)

        // When
        let response = try await provider.request(.userProfile("me"))

        // Then
        XCTAssertEqual(response.data, try fixtures.data(named: "users/octocat"))
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_stubsUnmatchedFixture_answersEveryTargetFromItsOwnFile() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        // When
        let products = try await provider.request(.products(page: 1, sort: "name"), as: [Product].self)
        let product = try await provider.request(.product(id: 42), as: Product.self)

        // Then
        XCTAssertEqual(products.map(\.name), ["Kettle", "Teapot"])
        XCTAssertEqual(product, Product(id: 42, name: "Toaster"))
    }

    func test_stubsFixtureWithStatus_andTextFile_isServedAsPlainText() async throws {
        // Given
        let stubs = Stubs<GitHub>().on(.zen, .fixture("quote.txt", in: fixtures, status: 299))
        let provider = Provider(stubs: stubs)

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(response.statusCode, 299)
        XCTAssertEqual(try response.mapString(), "Plain text fixture.\n")
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "Content-Type"), "text/plain")
    }

    func test_stubsUnnamedFixture_contentTypeFollowsTheFileFoundForTheTarget() async throws {
        // Given: no name in the rule; the targets' files are quote.txt and products/42.json
        let quotes = Provider<QuoteTarget>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))
        let shop = Provider<ShopAPI>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        // When
        let quote = try await quotes.request(QuoteTarget())
        let product = try await shop.request(.product(id: 42))

        // Then
        XCTAssertEqual(try quote.mapString(), "Plain text fixture.\n")
        XCTAssertEqual(quote.response?.value(forHTTPHeaderField: "Content-Type"), "text/plain")
        XCTAssertEqual(product.response?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_stubsFixtureWithUnknownExtension_hasNoContentType() async throws {
        // Given
        let provider = Provider(stubs: Stubs<GitHub>().on(.zen, .fixture("legacy.dat", in: fixtures)))

        // When
        let response = try await provider.request(.zen)

        // Then
        XCTAssertEqual(try response.mapString(), "Bytes in a format Courier has no media type for.\n")
        XCTAssertNil(response.response?.value(forHTTPHeaderField: "Content-Type"))
    }

    func test_stubsFixtureWithAContentTypeGiven_keepsTheGivenOne() async throws {
        // Given
        let given = StubResponse.fixture("quote.txt", in: fixtures).withHeaders(["content-type": "text/markdown"])
        let provider = Provider(stubs: Stubs<GitHub>().on(.zen, given))

        // When
        let response = try await provider.request(.zen)

        // Then: one Content-Type, the given one
        let headers = try XCTUnwrap(response.response?.allHeaderFields as? [String: String])
        XCTAssertEqual(headers.filter { $0.key.lowercased() == "content-type" }.map(\.value), ["text/markdown"])
    }

    func test_stubsMissingFixture_failsTheRequest_withTheFilesLookedFor() async {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        // When
        let result = await provider.result(.login(user: "ada", password: "secret"))

        // Then
        let error = result.underlyingError as? FixtureNotFoundError
        XCTAssertEqual(error?.lookedFor, ["Fixtures/login.json", "Fixtures/session.json"])
        XCTAssertTrue(
            result.failure?.localizedDescription.contains("looked for Fixtures/login.json") ?? false,
            "\(String(describing: result.failure))")
    }

    func test_stubsFixture_withoutAnyFixtures_failsAndSaysSo() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs(unmatched: .fixture()))

        // When
        let result = await provider.result(.zen)

        // Then
        let error = result.underlyingError as? FixtureNotFoundError
        XCTAssertEqual(error?.lookedFor, ["zen.json"])
        XCTAssertTrue(error?.description.contains("no Fixtures were given") ?? false, "\(String(describing: error))")
    }
}

/// A target that names its fixture itself.
private struct QuoteTarget: FixtureNamed {
    var baseURL: URL { URL(string: "https://quotes.example.com")! }
    var path: String { "/quote" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var fixtureName: String { "quote.txt" }
}
