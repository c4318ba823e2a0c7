import Courier
import CourierTestSupport
import XCTest

final class URLEncodingTests: XCTestCase {
    private func query(_ parameters: [String: any Sendable], _ encoding: URLEncoding = .default) throws -> String {
        try encoding.queryString(from: parameters)
    }

    private func request(_ method: String, _ parameters: [String: any Sendable], _ encoding: URLEncoding) throws
        -> URLRequest
    {
        var request = URLRequest(url: URL(string: "https://x.io/search?lang=en")!)
        request.httpMethod = method
        return try encoding.encode(request, with: parameters)
    }

    // MARK: - Destinations

    func test_methodDependent_putsGETHEADDELETEInQueryAndOthersInBody() throws {
        for method in ["GET", "HEAD", "DELETE"] {
            let encoded = try request(method, ["q": "swift"], .default)
            XCTAssertEqual(encoded.url?.absoluteString, "https://x.io/search?lang=en&q=swift", method)
            XCTAssertNil(encoded.httpBody, method)
        }
        for method in ["POST", "PUT", "PATCH"] {
            let encoded = try request(method, ["q": "swift"], .default)
            XCTAssertEqual(encoded.url?.absoluteString, "https://x.io/search?lang=en", method)
            XCTAssertEqual(encoded.httpBody, Data("q=swift".utf8), method)
        }
    }

    func test_httpBody_setsFormContentTypeOnlyWhenAbsent() throws {
        let encoded = try request("GET", ["q": "swift"], .httpBody)
        XCTAssertEqual(
            encoded.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")
        var custom = URLRequest(url: URL(string: "https://x.io")!)
        custom.setValue("text/plain", forHTTPHeaderField: "content-type")
        XCTAssertEqual(
            try URLEncoding.httpBody.encode(custom, with: ["a": 1]).value(forHTTPHeaderField: "Content-Type"),
            "text/plain")
    }

    func test_queryString_alwaysUsesTheQuery() throws {
        let encoded = try request("POST", ["q": "swift"], .queryString)
        XCTAssertEqual(encoded.url?.absoluteString, "https://x.io/search?lang=en&q=swift")
        XCTAssertNil(encoded.httpBody)
    }

    func test_nilParameters_leaveTheRequestUnchanged() throws {
        let plain = URLRequest(url: URL(string: "https://x.io")!)
        XCTAssertEqual(try URLEncoding.default.encode(plain, with: nil), plain)
        XCTAssertEqual(try URLEncoding.httpBody.encode(plain, with: nil), plain)
    }

    func test_emptyParameters_inTheBody_sendFormContentTypeAndEmptyBodyLikeAlamofire() throws {
        // Alamofire 5.4.4 ParameterEncoding.swift lines 158-176: only `nil` returns early; empty
        // parameters in the body still set the Content-Type and an empty body.
        for method in ["POST", "PUT", "PATCH"] {
            let encoded = try request(method, [:], .default)
            XCTAssertEqual(
                encoded.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")
            XCTAssertEqual(encoded.httpBody, Data(), method)
        }
        let get = try request("GET", [:], .default)
        XCTAssertNil(get.value(forHTTPHeaderField: "Content-Type"))
        XCTAssertNil(get.httpBody)
        XCTAssertEqual(get.url?.absoluteString, "https://x.io/search?lang=en")
    }

    // MARK: - Shapes

    func test_arrays_followArrayEncodingAndKeepTheirOrder() throws {
        let parameters: [String: any Sendable] = ["a": [3, 1, 2]]
        XCTAssertEqual(try query(parameters), "a%5B%5D=3&a%5B%5D=1&a%5B%5D=2")
        XCTAssertEqual(try query(parameters, URLEncoding(arrayEncoding: .noBrackets)), "a=3&a=1&a=2")
        XCTAssertEqual(
            try query(parameters, URLEncoding(arrayEncoding: .indexInBrackets)), "a%5B0%5D=3&a%5B1%5D=1&a%5B2%5D=2")
    }

    func test_bools_followBoolEncoding() throws {
        XCTAssertEqual(try query(["yes": true, "no": false]), "no=0&yes=1")
        XCTAssertEqual(try query(["yes": true, "no": false], URLEncoding(boolEncoding: .literal)), "no=false&yes=true")
    }

    func test_numbersAreNeverMistakenForBools() throws {
        // On Linux `NSNumber(value: 1) is Bool` is true; a 1 must still be written as a number.
        let parameters: [String: any Sendable] = [
            "int": 1, "zero": 0, "double": 1.5, "number": NSNumber(value: 1), "boxedBool": NSNumber(value: true),
            "int8": Int8(1), "uint": UInt(7),
        ]
        XCTAssertEqual(
            try query(parameters, URLEncoding(boolEncoding: .literal)),
            "boxedBool=true&double=1.5&int=1&int8=1&number=1&uint=7&zero=0")
    }

    func test_nestedDictionaries_useBracketsWithKeysSortedAtEveryLevel() throws {
        let parameters: [String: any Sendable] = [
            "user": ["name": "Ada", "address": ["zip": "1", "city": "London"]] as [String: any Sendable], "a": "first",
        ]
        XCTAssertEqual(
            try query(parameters),
            "a=first&user%5Baddress%5D%5Bcity%5D=London&user%5Baddress%5D%5Bzip%5D=1&user%5Bname%5D=Ada")
    }

    func test_arraysOfDictionaries_nest() throws {
        let parameters: [String: any Sendable] = ["items": [["id": 2], ["id": 1]]]
        XCTAssertEqual(try query(parameters), "items%5B%5D%5Bid%5D=2&items%5B%5D%5Bid%5D=1")
    }

    func test_nilAndNSNull_areLeftOut() throws {
        let missing: String? = nil
        let present: String? = "here"
        XCTAssertEqual(try query(["a": missing, "b": NSNull(), "c": present]), "c=here")
    }

    func test_otherValueTypes_areWrittenAsText() throws {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let parameters: [String: any Sendable] = [
            "id": id, "site": URL(string: "https://a.b/c?d")!, "price": Decimal(string: "9.99")!,
            "sub": Substring("ab"),
        ]
        XCTAssertEqual(
            try query(parameters),
            "id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&price=9.99&site=https%3A//a.b/c?d&sub=ab")
    }

    // MARK: - Escaping

    func test_escaping_followsRFC3986() throws {
        XCTAssertEqual(try query(["q": "a b+c&d=e"]), "q=a%20b%2Bc%26d%3De")
        XCTAssertEqual(try query(["q": "-._~/?"]), "q=-._~/?")
        XCTAssertEqual(try query(["q": "!$'()*,;:@#[]%"]), "q=%21%24%27%28%29%2A%2C%3B%3A%40%23%5B%5D%25")
        XCTAssertEqual(try query(["q": "café 🚀"]), "q=caf%C3%A9%20%F0%9F%9A%80")
        XCTAssertEqual(try query(["a&b": "c"]), "a%26b=c")
        XCTAssertEqual(try query(["": ""]), "=")
    }

    func test_sameParameters_alwaysGiveTheSameBytes() throws {
        var parameters: [String: any Sendable] = [:]
        for index in 0..<200 { parameters["key\(index)"] = ["v": index] }
        let first = try query(parameters)
        for _ in 0..<5 { XCTAssertEqual(try query(parameters), first) }
    }

    // MARK: - Values Alamofire wrote as text

    func test_valuesOfOtherTypes_areWrittenAsTheirTextLikeAlamofire() throws {
        // Alamofire 5.4.4 ParameterEncoding.swift line 208: `escape("\(value)")` for any other value.
        struct Custom: Sendable, CustomStringConvertible { var description: String { "custom value" } }
        enum Sort: Sendable { case ascending }
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        XCTAssertEqual(
            try query(["when": date, "sort": Sort.ascending, "outer": ["inner": [Custom()]]]),
            "outer%5Binner%5D%5B%5D=custom%20value&sort=ascending&when=2020-09-13%2012%3A26%3A40%20%2B0000")
    }

    func test_wholeDoubles_areWrittenWithoutAFractionAsNSNumberDid() throws {
        XCTAssertEqual(
            try query(["a": 150.0, "b": -2.0, "c": 2.5, "d": 1e16, "e": Float(3), "f": NSNumber(value: 4.0)]),
            "a=150&b=-2&c=2.5&d=1e%2B16&e=3&f=4")
    }

    // MARK: - Limits

    func test_nestingDeeperThanTheLimit_throwsNamingTheKey() {
        var nested: [String: any Sendable] = ["leaf": 1]
        for _ in 1..<HTTPTask.maximumNestingDepth { nested = ["a": nested] }
        XCTAssertNoThrow(try query(nested))
        XCTAssertThrowsError(try query(["a": nested])) {
            guard case .nestingTooDeep(let key, let limit) = $0 as? ParameterEncodingError else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(limit, HTTPTask.maximumNestingDepth)
            XCTAssertTrue(key.hasPrefix("a[a][a]"), key)
        }
    }
}
