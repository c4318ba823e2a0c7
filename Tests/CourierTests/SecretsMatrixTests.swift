import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every secret spelling (`SecretSpellings.secret`) × every place outside the logger where Courier
/// writes a value: error descriptions and their `NSError` bridge, failing URLs, body previews and
/// cURL lines. Harmless look-alikes (`SecretSpellings.harmless`) stay visible in the same places,
/// which also proves that each place does show values. The logger's matrix is in
/// `NetworkLoggerSecretsMatrixTests`.
final class SecretsMatrixTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    /// A place a named value can appear, and the texts Courier produces for it.
    struct Place: Sendable {
        /// Which names can appear in a place.
        enum Names: Sendable {
            case any
            /// Tokens only.
            case header
            /// No brackets.
            case xml
        }

        let label: String
        let names: Names
        let texts: @Sendable (_ name: String, _ value: String) -> [String]

        func accepts(_ name: String) -> Bool {
            switch names {
            case .any: true
            case .header: SecretSpellings.isHeaderName(name)
            case .xml: !name.contains("[")
            }
        }
    }

    static let places: [Place] = [
        Place(label: "query of the request URL", names: .any) { name, value in
            let request = URLRequest(url: url("https://api.example/x?\(encoded(name))=\(value)&page=2"))
            return ProducedTexts.of(.statusCode(Response(statusCode: 404, data: Data(), request: request)))
                + [OutgoingRequest(request: request).cURLDescription()]
        },
        Place(label: "unencoded nested name in a query", names: .any) { name, value in
            ProducedTexts.of(.requestMapping("http://bad host/x?\(name)=\(value)&page=2"))
        },
        Place(label: "fragment of the request URL", names: .any) { name, value in
            let request = URLRequest(url: url("https://api.example/cb#\(encoded(name))=\(value)&state=s"))
            return ProducedTexts.of(.statusCode(Response(statusCode: 404, data: Data(), request: request)))
        },
        Place(label: "URL that did not parse (.requestMapping)", names: .any) { name, value in
            ProducedTexts.of(.requestMapping("http://bad host/x?\(encoded(name))=\(value)"))
        },
        Place(label: "failing URL of a wrapped URLError", names: .any) { name, value in
            let text = "https://api.example/x?\(encoded(name))=\(value)"
            let error = URLError(
                .timedOut,
                userInfo: [NSURLErrorFailingURLErrorKey: url(text), "NSErrorFailingURLStringKey": text])
            return ProducedTexts.of(.underlying(error, nil))
                + ProducedTexts.of(
                    .underlying(NSError(domain: "App", code: 1, userInfo: [NSUnderlyingErrorKey: error]), nil))
        },
        Place(label: "description of a wrapped error", names: .any) { name, value in
            let error = NSError(
                domain: "App", code: 1, userInfo: [NSLocalizedDescriptionKey: "failed with \(name)=\(value)"])
            return ProducedTexts.of(.underlying(error, nil))
        },
        Place(label: "form body in an error preview", names: .any) { name, value in
            preview("\(encoded(name))=\(value)&page=2") + preview("a=1&\(name)=\(value)")
        },
        Place(label: "nested JSON body in an error preview", names: .any) { name, value in
            preview(#"{"data":{"items":[{"id":1,"\#(name)":"\#(value)","next":2}]}}"#)
                + preview(#"{"data": [{"\#(name)": {"inner": "\#(value)"}}]}"#)
        },
        Place(label: "NDJSON and several JSON documents in an error preview", names: .any) { name, value in
            preview("{\"id\":1}\n{\"\(name)\":\"\(value)\"}\n") + preview(#"{"a":1}{"\#(name)":"\#(value)"}"#)
        },
        Place(label: "JSON cut short by the preview", names: .any) { name, value in
            let padding = String(repeating: "x", count: 230 - name.utf8.count)
            return preview(#"{"pad":"\#(padding)","\#(name)":"\#(value)\#(String(repeating: "z", count: 100))"}"#)
        },
        Place(label: "JSON escaped inside a JSON string", names: .any) { name, value in
            preview(#"{"payload":"{\"\#(name)\":\"\#(value)\"}"}"#)
        },
        Place(label: "XML body in an error preview", names: .xml) { name, value in
            preview("<r><\(name)>\(value)</\(name)></r>")
        },
        Place(label: "header lines in an error preview", names: .header) { name, value in
            preview("HTTP/1.1 401\r\n\(name): \(value)\r\n\r\n")
        },
        Place(label: "request header in a cURL line", names: .header) { name, value in
            var request = URLRequest(url: url("https://api.example/x"))
            request.allHTTPHeaderFields = [name: value]
            return [OutgoingRequest(request: request).cURLDescription()]
        },
        Place(label: "session header in a cURL line", names: .header) { name, value in
            [
                OutgoingRequest(request: URLRequest(url: url("https://api.example/x")), sessionHeaders: [name: value])
                    .cURLDescription()
            ]
        },
        Place(label: "JSON and form bodies in a cURL line", names: .any) { name, value in
            [#"{"user":{"\#(name)":"\#(value)"}}"#, "\(encoded(name))=\(value)&page=2"].map { body in
                var request = URLRequest(url: url("https://api.example/x"))
                request.httpMethod = "POST"
                request.httpBody = Data(body.utf8)
                return OutgoingRequest(request: request).cURLDescription()
            }
        },
    ]

    func test_secretNames_areHiddenInEveryPlace() {
        for place in Self.places {
            for (index, name) in SecretSpellings.secret.enumerated() where place.accepts(name) {
                // Given
                let value = "SECRET\(index)VALUE"

                // When
                let texts = place.texts(name, value)

                // Then
                for text in texts where text.contains("SECRET") {
                    XCTFail("\(place.label), \(name): \(text)")
                }
            }
        }
    }

    func test_harmlessNames_stayVisibleInEveryPlace() {
        for place in Self.places {
            for (index, name) in SecretSpellings.harmless.enumerated() where place.accepts(name) {
                // Given
                let value = "VISIBLE\(index)VALUE"

                // When
                let texts = place.texts(name, value)

                // Then: shown (in part only where the preview cuts it)
                XCTAssertTrue(texts.contains { $0.contains("VISIBLE") }, "\(place.label), \(name): \(texts)")
            }
        }
    }

    func test_userInfoPasswords_areHiddenInEveryPlace() {
        // Given
        let text = "https://ann:SECRET-PASSWORD@api.example/x"

        // When
        let texts =
            ProducedTexts.of(.requestMapping(text))
            + ProducedTexts.of(
                .underlying(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url(text)]), nil))
            + [OutgoingRequest(request: URLRequest(url: url(text))).cURLDescription()]

        // Then
        XCTAssertEqual(texts.filter { $0.contains("SECRET") }, [])
        XCTAssertTrue(texts.contains { $0.contains("https://ann:%3Credacted%3E@api.example/x") })
    }

    func test_bridgedError_keepsTheWrappedErrorWhenItHoldsNoSecret_andRedactsACopyWhenItDoes() {
        // Given
        let plain = NSError(domain: "App", code: 7, userInfo: ["detail": "no secret here"])
        let failing = URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url("https://x.io/?token=SECRET")])

        // When
        let plainInfo = (CourierError.underlying(plain, nil) as NSError).userInfo
        let failingInfo = (CourierError.underlying(failing, nil) as NSError).userInfo

        // Then
        XCTAssertTrue((plainInfo[NSUnderlyingErrorKey] as? NSError) === plain)
        let copy = failingInfo[NSUnderlyingErrorKey] as? URLError
        XCTAssertEqual(copy?.code, .timedOut)
        XCTAssertEqual(copy?.failingURL?.absoluteString, "https://x.io/?token=%3Credacted%3E")
        XCTAssertEqual(failingInfo[NSURLErrorFailingURLErrorKey] as? URL, url("https://x.io/?token=%3Credacted%3E"))
        XCTAssertEqual(failingInfo["NSErrorFailingURLStringKey"] as? String, "https://x.io/?token=%3Credacted%3E")
    }

    // MARK: - Helpers

    private static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: "/invalid")
    }

    private func url(_ text: String) -> URL {
        Self.url(text)
    }

    /// `name` percent-encoded as `URLEncoding` sends it (`user[password]` → `user%5Bpassword%5D`).
    private static func encoded(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? name
    }

    /// The texts of a failed response whose body is `body`.
    private static func preview(_ body: String) -> [String] {
        let request = URLRequest(url: url("https://api.example/x"))
        return ProducedTexts.of(.statusCode(Response(statusCode: 500, data: Data(body.utf8), request: request)))
            + ProducedTexts.of(.jsonMapping(Response(statusCode: 200, data: Data(body.utf8))))
    }
}
