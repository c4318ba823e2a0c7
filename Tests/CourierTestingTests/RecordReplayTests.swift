import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// Record and replay without a network: a canned transport plays the server.
final class RecordReplayTests: XCTestCase {
    private let base = URL(string: "https://api.example.com")!

    private func record(
        _ targets: [HTTPBinTarget], answering server: CannedTransport, into directory: URL
    ) async throws -> [Response] {
        let provider = Provider<HTTPBinTarget>(
            transport: RecordReplayTransport(mode: .record(through: server), directory: directory))
        var responses: [Response] = []
        for target in targets {
            responses.append(try await provider.request(target))
        }
        return responses
    }

    private func replaying(_ directory: URL) -> Provider<HTTPBinTarget> {
        Provider(transport: RecordReplayTransport(mode: .replay, directory: directory))
    }

    // MARK: - Missing recordings

    func test_recordMode_byDefault_sendsThroughTheDefaultTransport() throws {
        // Given
        let mode = RecordReplayTransport.Mode.record()

        // Then
        guard case .record(let transport) = mode else { return XCTFail("\(mode)") }
        XCTAssertTrue((transport as AnyObject) === (DefaultTransport.shared as AnyObject))
    }

    func test_replay_withoutRecording_failsWithAnErrorNamingTheRequest() async {
        // Given
        let directory = temporaryDirectory()
        let target = HTTPBinTarget(
            base, "/users", task: .requestParameters(parameters: ["page": 2], encoding: URLEncoding.queryString))

        // When
        let result = await replaying(directory).result(target)

        // Then
        let error = result.underlyingError as? MissingRecordingError
        XCTAssertEqual(error?.request, "GET https://api.example.com/users?page=2")
        XCTAssertEqual(error?.matchKey, "GET https://api.example.com/users?page=2 body=none")
        XCTAssertTrue(error?.expectedFile.hasPrefix("GET-users-") ?? false, "\(String(describing: error))")
        XCTAssertNil(result.failure?.response)
        let message = result.failure?.localizedDescription ?? ""
        XCTAssertTrue(message.hasPrefix("No recording for GET https://api.example.com/users?page=2 in "), message)
    }

    func test_replay_missing_listsRecordingsForTheSamePath() async throws {
        // Given
        let directory = temporaryDirectory()
        let pageOne = HTTPBinTarget(
            base, "/users", task: .requestParameters(parameters: ["page": 1], encoding: URLEncoding.queryString))
        let pageTwo = HTTPBinTarget(
            base, "/users", task: .requestParameters(parameters: ["page": 2], encoding: URLEncoding.queryString))
        _ = try await record([pageOne], answering: CannedTransport(), into: directory)

        // When
        let result = await replaying(directory).result(pageTwo)

        // Then
        let error = result.underlyingError as? MissingRecordingError
        XCTAssertEqual(error?.similarRecordings.count, 1)
        XCTAssertTrue(error?.description.contains("with another query or body: GET-users-") ?? false)
    }

    // MARK: - Files

    func test_record_writesReadableFiles_andCompactJSONIndented() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = CannedTransport(
            statusCode: 201, headers: ["Content-Type": "application/json", "ETag": "v1"],
            body: Data(#"{"id":7,"tags":["a","b"],"empty":{},"text":"a \"quoted\" {brace}"}"#.utf8))
        let target = HTTPBinTarget(
            base, "/items", method: .post, task: .requestData(Data(#"{"name":"Lamp","price":9}"#.utf8)),
            headers: ["Content-Type": "application/json"])

        // When
        let live = try await record([target], answering: server, into: directory)
        let replayed = try await replaying(directory).request(target)

        // Then
        let names = fileNames(in: directory)
        XCTAssertEqual(names.count, 2)
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("POST-items-") }, "\(names)")
        let body = String(decoding: try Data(contentsOf: directory.appendingPathComponent(names[0])), as: UTF8.self)
        XCTAssertEqual(
            body,
            """
            {
              "id": 7,
              "tags": [
                "a",
                "b"
              ],
              "empty": {},
              "text": "a \\"quoted\\" {brace}"
            }

            """)
        let metadata = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent(names[1])))
        let request = (metadata as? [String: Any])?["request"] as? [String: Any]
        XCTAssertEqual(request?["method"] as? String, "POST")
        XCTAssertEqual(request?["url"] as? String, "https://api.example.com/items")
        XCTAssertEqual(request?["body"] as? String, #"{"name":"Lamp","price":9}"#)
        XCTAssertEqual(replayed, live[0])
        XCTAssertEqual(replayed.data, server.body, "replay answers the exact bytes the server sent")
        XCTAssertEqual(replayed.response?.value(forHTTPHeaderField: "ETag"), "v1")
    }

    func test_record_hidesSecrets_andReplayStillMatchesOtherSecretValues() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = CannedTransport(
            headers: ["Set-Cookie": "session=s3cr3t-cookie", "Content-Type": "application/json"],
            body: Data(#"{"access_token":"s3cr3t-access","expires_in":3600}"#.utf8))
        func login(_ secret: String) -> HTTPBinTarget {
            HTTPBinTarget(
                base, "/oauth/token", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: ["username": "ada", "password": secret], bodyEncoding: URLEncoding.httpBody,
                    urlParameters: ["api_key": secret]),
                headers: ["Authorization": "Basic \(secret)"])
        }

        // When
        _ = try await record([login("s3cr3t-one")], answering: server, into: directory)
        let replayed = try await replaying(directory).request(login("other-value"))

        // Then
        let files = allText(in: directory)
        XCTAssertFalse(files.contains("s3cr3t"), files)
        XCTAssertTrue(files.contains(#""Authorization" : "<redacted>""#), files)
        XCTAssertTrue(files.contains("api_key=%3Credacted%3E"), files)
        XCTAssertTrue(files.contains("password=%3Credacted%3E&username=ada"), files)
        XCTAssertEqual(try replayed.mapString(), #"{"access_token":"<redacted>","expires_in":3600}"#)
        XCTAssertEqual(replayed.response?.value(forHTTPHeaderField: "Set-Cookie"), "<redacted>")
    }

    // MARK: - Matching

    func test_matching_ignoresQueryOrderHeadersAndJSONKeyOrder() async throws {
        // Given
        let directory = temporaryDirectory()
        let server = CannedTransport(body: Data("ok".utf8))
        let recorded = HTTPBinTarget(
            URL(string: "https://api.example.com/search?b=2&a=1")!, "", method: .post,
            task: .requestData(Data(#"{"x":1,"y":2}"#.utf8)),
            headers: ["Content-Type": "application/json", "X-Request-ID": "1"])
        let asked = HTTPBinTarget(
            URL(string: "https://api.example.com/search?a=1&b=2")!, "", method: .post,
            task: .requestData(Data(#"{ "y": 2, "x": 1 }"#.utf8)),
            headers: ["Content-Type": "application/json", "X-Request-ID": "2"])
        _ = try await record([recorded], answering: server, into: directory)

        // When
        let response = try await replaying(directory).request(asked)

        // Then
        XCTAssertEqual(try response.mapString(), "ok")
    }

    func test_matching_anotherBodyOrMethod_hasNoRecording() async throws {
        // Given
        let directory = temporaryDirectory()
        let recorded = HTTPBinTarget(base, "/items", method: .post, task: .requestData(Data("one".utf8)))
        _ = try await record([recorded], answering: CannedTransport(), into: directory)

        // When
        let otherBody = await replaying(directory).result(
            HTTPBinTarget(base, "/items", method: .post, task: .requestData(Data("two".utf8))))
        let otherMethod = await replaying(directory).result(
            HTTPBinTarget(base, "/items", method: .put, task: .requestData(Data("one".utf8))))

        // Then
        XCTAssertTrue(otherBody.underlyingError is MissingRecordingError)
        XCTAssertTrue(otherMethod.underlyingError is MissingRecordingError)
    }

    func test_matching_multipartUploads_ignoreTheRandomBoundary() async throws {
        // Given
        let directory = temporaryDirectory()
        let form: MultipartFormData = [MultipartFormBodyPart(provider: .data(Data("hello".utf8)), name: "greeting")]
        let upload = HTTPBinTarget(base, "/upload", method: .post, task: .uploadMultipartFormData(form))
        _ = try await record([upload], answering: CannedTransport(body: Data("stored".utf8)), into: directory)

        // When
        let response = try await replaying(directory).request(upload)

        // Then
        XCTAssertEqual(try response.mapString(), "stored")
    }

    func test_repeatedRequest_getsTheNthRecording_thenTheLastAgain() async throws {
        // Given
        let directory = temporaryDirectory()
        let poll = HTTPBinTarget(base, "/job")
        let server = CannedTransport(bodies: [Data("queued".utf8), Data("running".utf8), Data("done".utf8)])
        _ = try await record([poll, poll, poll], answering: server, into: directory)

        // When
        let replay = replaying(directory)
        var bodies: [String] = []
        for _ in 0..<4 {
            bodies.append(try await replay.request(poll).mapString())
        }

        // Then
        XCTAssertEqual(bodies, ["queued", "running", "done", "done"])
    }

    func test_recordingAgain_replacesTheEarlierRecording() async throws {
        // Given
        let directory = temporaryDirectory()
        let job = HTTPBinTarget(base, "/job")
        _ = try await record([job], answering: CannedTransport(body: Data("old".utf8)), into: directory)
        _ = try await record([job], answering: CannedTransport(body: Data("new".utf8)), into: directory)

        // When
        let response = try await replaying(directory).request(job)

        // Then
        XCTAssertEqual(try response.mapString(), "new")
        XCTAssertEqual(fileNames(in: directory).count, 2)
    }

    // MARK: - Failures while recording

    func test_record_failedTransfer_isPassedOn_andNotRecorded() async {
        // Given
        let directory = temporaryDirectory()
        let provider = Provider<HTTPBinTarget>(
            transport: RecordReplayTransport(
                mode: .record(through: FailingTransport(error: URLError(.timedOut))), directory: directory))

        // When
        let result = await provider.result(HTTPBinTarget(base, "/slow"))

        // Then
        XCTAssertEqual((result.underlyingError as? URLError)?.code, .timedOut)
        XCTAssertEqual(fileNames(in: directory), [])
    }

    // MARK: - Committed recordings

    func test_replay_fromRecordingsInTheTestBundle() async throws {
        // Given
        let directory = try Fixtures(bundle: .module).folder(named: "Recordings/GitHub")
        let provider = Provider<GitHub>(transport: RecordReplayTransport(mode: .replay, directory: directory))

        // When
        let zen = try await provider.request(.zen)
        let user = try await provider.request(.userProfile("octocat"), as: [String: EchoedJSON].self)

        // Then
        XCTAssertEqual(try zen.mapString(), "Design for failure.")
        XCTAssertEqual(user["login"], .string("octocat"))
        XCTAssertEqual(zen.response?.value(forHTTPHeaderField: "X-GitHub-Request-Id"), "C0DE:1234")
    }

    // MARK: - Downloads

    func test_replay_download_movesTheBodyToTheDestination() async throws {
        // Given
        let directory = temporaryDirectory()
        let destination = directory.appendingPathComponent("downloads/file.bin")
        let download = HTTPBinTarget(
            base, "/file",
            task: .downloadDestination { _, _ in (destination, [.createIntermediateDirectories, .removePreviousFile]) })
        let server = CannedTransport(body: Data([1, 2, 3]))
        _ = try await record([HTTPBinTarget(base, "/file")], answering: server, into: directory)

        // When
        let response = try await replaying(directory).request(download)

        // Then
        XCTAssertEqual(response.fileURL, destination)
        XCTAssertEqual(try Data(contentsOf: destination), Data([1, 2, 3]))
    }
}
