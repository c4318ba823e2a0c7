import Courier
import CourierTestSupport
import Foundation
import XCTest

/// The request Moya 15.0.0 with Alamofire 5.4.4 (the version Moya 15 requires at least) sends
/// for each task, derived from their source, and what Courier sends. `courier` is `nil` where the
/// bytes are the same; otherwise the guide's "behaves differently" table says why.
///
/// Sources (file and line at those tags):
/// - M/Endpoint: Moya `Sources/Moya/Endpoint.swift`; M/URL: `Sources/Moya/URL+Moya.swift`;
///   M/Multipart: `Sources/Moya/MultipartFormData.swift`; M/Encoding: `URLRequest+Encoding.swift`.
/// - A/Encoding: Alamofire `Source/ParameterEncoding.swift`; A/Multipart:
///   `Source/MultipartFormData.swift`; A/Upload: `Source/MultipartUpload.swift`.
final class MoyaWireFixtureTests: TransferTestCase {
    /// What went over the wire, in the form the fixtures write it.
    struct Wire: Equatable, CustomStringConvertible {
        var method: String
        var url: String
        var contentType: String?
        var body: String?

        var description: String {
            "\(method) \(url)\n  Content-Type: \(contentType ?? "-")\n  body: \(body.map { $0.debugDescription } ?? "-")"
        }
    }

    struct Fixture {
        let name: String
        let source: String
        let method: HTTPMethod
        let path: String
        let headers: [String: String]?
        let task: HTTPTask
        /// Moya 15 + Alamofire 5.4.4 on Apple platforms.
        let moya: Wire
        /// Courier, where it differs from `moya`.
        let courier: Wire?

        init(
            _ name: String, _ source: String, _ method: HTTPMethod, _ path: String, headers: [String: String]? = nil,
            _ task: HTTPTask, moya: Wire, courier: Wire? = nil
        ) {
            self.name = name
            self.source = source
            self.method = method
            self.path = path
            self.headers = headers
            self.task = task
            self.moya = moya
            self.courier = courier
        }
    }

    private static let base = "https://api.example.com/v1"
    private static let form = "application/x-www-form-urlencoded; charset=utf-8"

    private static func part(_ name: String, _ data: String, fileName: String? = nil, mimeType: String? = nil)
        -> MultipartFormBodyPart
    {
        MultipartFormBodyPart(provider: .data(Data(data.utf8)), name: name, fileName: fileName, mimeType: mimeType)
    }

    static let fixtures: [Fixture] = [
        Fixture(
            "query: top-level keys sorted, arrays with [], RFC 3986 escaping",
            "A/Encoding 155-169 (query appended), 195-198 (array key[]), 218-230 (escape, keys sorted)",
            .get, "/items",
            .requestParameters(
                parameters: ["q": "a b&c", "tags": ["x", "y"], "page": 2], encoding: URLEncoding.default),
            moya: Wire(method: "GET", url: base + "/items?page=2&q=a%20b%26c&tags%5B%5D=x&tags%5B%5D=y")),
        Fixture(
            "body: Bools as 1/0, whole Doubles without a fraction (NSNumber %0.16g)",
            "A/Encoding 171-175 (Content-Type, body), 199-206 (NSNumber: bool or \"\\(number)\")",
            .post, "/items",
            .requestParameters(parameters: ["ok": true, "price": 150.0, "rate": 0.5], encoding: URLEncoding.default),
            moya: Wire(method: "POST", url: base + "/items", contentType: form, body: "ok=1&price=150&rate=0.5")),
        Fixture(
            "PUT with [:] and URLEncoding.default: form Content-Type, empty body",
            "A/Encoding 158 (only nil returns early), 170-176",
            .put, "/items/1", .requestParameters(parameters: [:], encoding: URLEncoding.default),
            moya: Wire(method: "PUT", url: base + "/items/1", contentType: form, body: "")),
        Fixture(
            "GET with [:]: nothing added",
            "A/Encoding 165 (`!parameters.isEmpty`)",
            .get, "/items", .requestParameters(parameters: [:], encoding: URLEncoding.default),
            moya: Wire(method: "GET", url: base + "/items")),
        Fixture(
            "a Date in a query is its description",
            "A/Encoding 207-208 (`escape(\"\\(value)\")` for any other value)",
            .get, "/events",
            .requestParameters(
                parameters: ["since": Date(timeIntervalSince1970: 0)], encoding: URLEncoding.queryString),
            moya: Wire(method: "GET", url: base + "/events?since=1970-01-01%2000%3A00%3A00%20%2B0000")),
        Fixture(
            "JSON with [:] is {}",
            "A/Encoding 260-277 (JSONSerialization, Content-Type unless set)",
            .post, "/items", .requestParameters(parameters: [:], encoding: JSONEncoding.default),
            moya: Wire(method: "POST", url: base + "/items", contentType: "application/json", body: "{}")),
        Fixture(
            "JSON keeps a target's own Content-Type",
            "A/Encoding 268-270",
            .post, "/items", headers: ["Content-Type": "application/vnd.api+json"],
            .requestParameters(parameters: ["a": 1], encoding: JSONEncoding.default),
            moya: Wire(method: "POST", url: base + "/items", contentType: "application/vnd.api+json", body: #"{"a":1}"#)
        ),
        Fixture(
            "composite: JSON body and query parameters",
            "M/Endpoint 108-114",
            .post, "/search",
            .requestCompositeParameters(
                bodyParameters: ["q": "x"], bodyEncoding: JSONEncoding.default, urlParameters: ["v": 2]),
            moya: Wire(method: "POST", url: base + "/search?v=2", contentType: "application/json", body: #"{"q":"x"}"#)),
        Fixture(
            "a literal % in a path is escaped",
            "M/URL 14 (`baseURL.appendingPathComponent(path)`)",
            .get, "/coupons/100%AB", .requestPlain,
            moya: Wire(method: "GET", url: base + "/coupons/100%25AB")),
        Fixture(
            "a path escaped by the app is escaped again",
            "M/URL 14",
            .get, "/users/ash%20furrow", .requestPlain,
            moya: Wire(method: "GET", url: base + "/users/ash%2520furrow")),
        Fixture(
            "multipart replaces a JSON Content-Type with its own",
            "A/Upload 79-81 (`headers.add(.contentType(…))`, which updates, HTTPHeaders.swift 62-85); "
                + "A/Multipart 64-77 (boundaries), 394-400 (part headers), 527-535 (name, filename, type)",
            .post, "/photos", headers: ["Content-Type": "application/json"],
            .uploadMultipartFormData(
                MultipartFormData(
                    parts: [part("file", "JPEG", fileName: "a.jpg", mimeType: "image/jpeg"), part("caption", "Hi")],
                    boundary: "B")),
            moya: Wire(
                method: "POST", url: base + "/photos", contentType: "multipart/form-data; boundary=B",
                body:
                    "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    + "JPEG\r\n--B\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHi\r\n--B--\r\n")),

        // Courier sends different bytes: see the guide's table.
        Fixture(
            "Optional, nil and NSNull in a query",
            "A/Encoding 207-208: \"\\(value)\" prints Optional(\"x\"), nil and <null>",
            .get, "/users",
            .requestParameters(
                parameters: ["name": Optional("Ada") as Any, "nick": Optional<String>.none as Any, "x": NSNull()],
                encoding: URLEncoding.queryString),
            moya: Wire(method: "GET", url: base + "/users?name=Optional%28%22Ada%22%29&nick=nil&x=%3Cnull%3E"),
            courier: Wire(method: "GET", url: base + "/users?name=Ada")),
        Fixture(
            "nested keys sorted at every level",
            "A/Encoding 191-194: nested dictionaries in hash order (one key here, so the same)",
            .get, "/items",
            .requestParameters(parameters: ["filter": ["color": "red"]], encoding: URLEncoding.queryString),
            moya: Wire(method: "GET", url: base + "/items?filter%5Bcolor%5D=red")),
        Fixture(
            "a data part with a file name and no mimeType",
            "A/Multipart 150-156, 532: a Content-Type only when mimeType is given",
            .post, "/photos",
            .uploadMultipartFormData(MultipartFormData(parts: [part("file", "PNG", fileName: "a.png")], boundary: "B")),
            moya: Wire(
                method: "POST", url: base + "/photos", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\nPNG\r\n--B--\r\n"
            ),
            courier: Wire(
                method: "POST", url: base + "/photos", contentType: "multipart/form-data; boundary=B",
                body:
                    "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
                    + "PNG\r\n--B--\r\n")),
        Fixture(
            "a quote in a part name",
            "A/Multipart 528: the name is put between quotes as it is",
            .post, "/photos",
            .uploadMultipartFormData(MultipartFormData(parts: [part("say \"hi\"", "x")], boundary: "B")),
            moya: Wire(
                method: "POST", url: base + "/photos", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Disposition: form-data; name=\"say \"hi\"\"\r\n\r\nx\r\n--B--\r\n"),
            courier: Wire(
                method: "POST", url: base + "/photos", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Disposition: form-data; name=\"say %22hi%22\"\r\n\r\nx\r\n--B--\r\n")),
    ]

    private struct Target: TargetType {
        let fixture: Fixture
        var baseURL: URL { URL(string: MoyaWireFixtureTests.base)! }
        var path: String { fixture.path }
        var method: HTTPMethod { fixture.method }
        var task: HTTPTask { fixture.task }
        var headers: [String: String]? { fixture.headers }
    }

    func test_eachFixture_sendsMoyasBytes_orTheDocumentedCourierBytes() async throws {
        for fixture in Self.fixtures {
            // Given
            let transport = ScriptedTransport()
            let provider = Provider<Target>(transport: transport)

            // When
            _ = try await provider.request(Target(fixture: fixture))

            // Then
            let sent = try XCTUnwrap(transport.requests.first?.urlRequest, fixture.name)
            let body = transport.bodyFiles.first ?? sent.httpBody
            let wire = Wire(
                method: sent.httpMethod ?? "GET", url: sent.url?.absoluteString ?? "",
                contentType: sent.value(forHTTPHeaderField: "Content-Type"),
                body: body.map { String(decoding: $0, as: UTF8.self) })
            XCTAssertEqual(wire, fixture.courier ?? fixture.moya, "\(fixture.name) (\(fixture.source))")
        }
    }
}
