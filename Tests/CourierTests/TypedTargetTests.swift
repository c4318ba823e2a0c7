import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Typed targets: a request that knows the type of its answer (issue 26).
final class TypedTargetTests: XCTestCase {
    struct User: Codable, Equatable, Sendable {
        let login: String
        let id: Int
    }

    struct Repository: Decodable {
        let fullName: String
    }

    /// An API whose typed targets are declared beside it, as an app declares them.
    private enum Shelf: TargetType, Equatable {
        case book(id: Int)
        case shelfName
        case cover(id: Int)
        case remove(id: Int)
        case envelopedBook(id: Int)

        var baseURL: URL { URL(string: "https://shelf.example.com")! }
        var path: String {
            switch self {
            case .book(let id), .envelopedBook(let id): "/books/\(id)"
            case .shelfName: "/name"
            case .cover(let id): "/books/\(id)/cover"
            case .remove(let id): "/books/\(id)"
            }
        }
        var method: HTTPMethod { self == .remove(id: 1) ? .delete : .get }
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
        var sampleData: Data {
            switch self {
            case .book(let id): Data(#"{"title_text": "Dune", "book_id": \#(id)}"#.utf8)
            case .envelopedBook(let id): Data(#"{"code": 0, "data": {"title_text": "Dune", "book_id": \#(id)}}"#.utf8)
            case .shelfName: Data("Science fiction".utf8)
            case .cover: Data([0xFF, 0xD8, 0xFF])
            case .remove: Data()
            }
        }
        var decoder: any DataDecoder {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        }
    }

    struct Book: Codable, Equatable, Sendable {
        let titleText: String
        let bookId: Int
    }

    func test_decodableAnswer_isDecodedWithTheTargetsDecoder() async throws {
        // Given: a decoder that converts snake case, which a plain JSONDecoder would not
        let provider = Provider<Shelf>(stubClosure: Provider.immediatelyStub)

        // When
        let book: Book = try await provider.request(TypedTarget(.book(id: 7)))

        // Then
        XCTAssertEqual(book, Book(titleText: "Dune", bookId: 7))
    }

    func test_stringDataAndVoidAnswers() async throws {
        // Given
        let provider = Provider<Shelf>(stubClosure: Provider.immediatelyStub)

        // When
        let name = try await provider.request(TypedTarget<Shelf, String>(.shelfName))
        let cover = try await provider.request(TypedTarget<Shelf, Data>(.cover(id: 1)))
        try await provider.request(TypedTarget<Shelf, Void>(.remove(id: 1)))

        // Then
        XCTAssertEqual(name, "Science fiction")
        XCTAssertEqual(cover, Data([0xFF, 0xD8, 0xFF]))
    }

    func test_voidAnswer_stillFailsOnAStatusTheTargetRefuses() async {
        // Given
        let provider = Provider<Shelf>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)

        // When
        do {
            try await provider.request(TypedTarget<Shelf, Void>(.remove(id: 1)))
            XCTFail("a 404 is not a success")
        } catch {
            // Then
            XCTAssertEqual(error.response?.statusCode, 404)
        }
    }

    func test_bodyThatDoesNotDecode_namesTheTargetTheTypeAndThePath_andKeepsTheResponse() async {
        // Given: a book whose id is a string
        let provider = Provider<Shelf>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString,
                    sampleResponseClosure: {
                        .networkResponse(200, Data(#"{"data": {"title_text": "Dune", "book_id": "x"}}"#.utf8))
                    },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)

        // When
        do {
            _ = try await provider.request(TypedTarget<Shelf, Book>(.book(id: 7), atKeyPath: "data"))
            XCTFail("the id is not a number")
        } catch {
            // Then
            guard case .objectMapping(let underlying as TypedTargetDecodingError, let response) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(underlying.target, "Shelf.book")
            XCTAssertEqual(underlying.type, "Book")
            XCTAssertEqual(underlying.keyPath, "data.bookId")
            XCTAssertTrue(underlying.description.hasPrefix(#"Decoding Book for Shelf.book failed at "data.bookId""#))
            XCTAssertFalse(underlying.description.contains("7"), "associated values stay out of the message")
            XCTAssertTrue(
                error.description.contains(#"Decoding Book for Shelf.book failed at "data.bookId""#), error.description)
            XCTAssertEqual(response.statusCode, 200)
        }
    }

    func test_completionForm_deliversTheTypedResult() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let typed = TypedTarget<GitHub, User>(.userProfile("octocat"))
        var delivered: Result<User, CourierError>?

        // When: an immediate stub completes in the call
        provider.request(typed) { (result: Result<User, CourierError>) in delivered = result }

        // Then
        XCTAssertEqual(try delivered?.get(), User(login: "octocat", id: 100))
    }

    func test_pluginsSeeTheTypedRequestOnce_andCanChangeItsAnswer() async throws {
        // Given: a plugin that unwraps an envelope, as APIEnvelopePlugin does
        let seen = Locked<[String]>([])
        let provider = Provider<Shelf>(
            stubClosure: Provider.immediatelyStub, plugins: [UnwrapData(seen: seen)])

        // When
        let book = try await provider.request(TypedTarget<Shelf, Book>(.envelopedBook(id: 3)))

        // Then
        XCTAssertEqual(book, Book(titleText: "Dune", bookId: 3))
        XCTAssertEqual(seen.value, ["willSend /books/3", "didReceive 200"])
    }

    func test_multiTargetProvider_answersATypedTargetOfAnotherAPI() async throws {
        // Given
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)

        // When
        let user = try await provider.request(TypedTarget<GitHub, User>(.userProfile("ada")))

        // Then
        XCTAssertEqual(user, User(login: "ada", id: 100))
    }

    func test_customAnswer_seesTheResponse_andItsErrorsKeepTheResponse() async {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let length = TypedTarget<GitHub, Int>(.zen) { response in response.data.count }
        let failing = TypedTarget<GitHub, Int>(.zen) { _ in throw URLError(.cannotParseResponse) }

        // When
        let count = try? await provider.request(length)
        let failure = await Result { () async throws(CourierError) in try await provider.request(failing) }

        // Then
        XCTAssertEqual(count, 43)
        guard case .failure(.objectMapping(let error as URLError, let response)) = failure else {
            return XCTFail("\(failure)")
        }
        XCTAssertEqual(error.code, .cannotParseResponse)
        XCTAssertEqual(response.statusCode, 200)
    }
}

/// Records the steps it sees and replaces a `{"data": …}` body with what is inside.
private struct UnwrapData: PluginType {
    let seen: Locked<[String]>

    func willSend(_ request: any RequestType, target: any TargetType) {
        seen.append("willSend \(target.path)")
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        seen.append("didReceive \((try? result.get().statusCode) ?? 0)")
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        result.map { response in
            guard let object = try? JSONSerialization.jsonObject(with: response.data) as? [String: Any],
                let inner = object["data"], let data = try? JSONSerialization.data(withJSONObject: inner)
            else { return response }
            return Response(statusCode: response.statusCode, data: data, request: response.request)
        }
    }
}

extension Result where Failure == CourierError {
    /// The outcome of `body`, for asserting on a failure.
    init(catching body: () async throws(CourierError) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
