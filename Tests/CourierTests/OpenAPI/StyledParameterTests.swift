import Courier
import Foundation
import XCTest

final class StyledParameterTests: XCTestCase {
    private struct Filter: Encodable, Sendable {
        var author: String
        var locked: Bool?
        var labels: [String]
    }

    private func query(_ parameters: [String: any Sendable]) throws -> String {
        try URLEncoding.queryString.queryString(from: parameters)
    }

    func test_lists_areWrittenInEachStyle_withTheDelimiterUnescaped() throws {
        XCTAssertEqual(try query(["ids": StyledParameter([3, 4])]), "ids=3&ids=4")
        XCTAssertEqual(try query(["ids": StyledParameter([3, 4], style: .commaDelimited)]), "ids=3,4")
        XCTAssertEqual(try query(["ids": StyledParameter(["a b", "c"], style: .spaceDelimited)]), "ids=a%20b%20c")
        XCTAssertEqual(try query(["ids": StyledParameter([3, 4], style: .pipeDelimited)]), "ids=3%7C4")
        XCTAssertEqual(
            try query(["ids": StyledParameter(["x", "y"], style: .deepObject)]), "ids%5B0%5D=x&ids%5B1%5D=y")
    }

    func test_valuesHoldingADelimiter_areEscaped() throws {
        XCTAssertEqual(
            try query(["tags": StyledParameter(["a,b", "c&d"], style: .commaDelimited)]), "tags=a%2Cb,c%26d")
    }

    func test_objects_areWrittenInEachStyle_membersSorted_nilLeftOut() throws {
        // Given
        let filter = Filter(author: "ada", locked: nil, labels: ["bug"])

        // Then
        XCTAssertEqual(try query(["filter": StyledParameter(filter)]), "author=ada&labels=bug")
        XCTAssertEqual(
            try query(["filter": StyledParameter(filter, style: .deepObject)]),
            "filter%5Bauthor%5D=ada&filter%5Blabels%5D%5B0%5D=bug")
        XCTAssertEqual(
            try query(["color": StyledParameter(["R": 100, "G": 200], style: .commaDelimited)]), "color=G,200,R,100")
    }

    func test_formBody_nestsObjectsInBrackets_andHonoursMemberStyles() throws {
        // Given
        struct Intent: Encodable, Sendable {
            var amount: Int
            var confirm: Bool
            var metadata: [String: String]
            var items: [[String: String]]
            var expand: [String]
        }
        let intent = Intent(
            amount: 2000, confirm: true, metadata: ["order": "6735"], items: [["price": "p_1"]], expand: ["customer"])

        // When
        let body = try URLEncoding.httpBody.queryString(
            from: ["body": StyledParameter(intent, memberStyles: ["expand": .deepObject])])

        // Then
        XCTAssertEqual(
            body,
            "amount=2000&confirm=true&expand%5B0%5D=customer&items%5B0%5D%5Bprice%5D=p_1&metadata%5Border%5D=6735")
    }

    func test_scalars_areTheirJSONText_boolsLiteral() throws {
        XCTAssertEqual(
            try query(["a": StyledParameter(true), "b": StyledParameter(2.5), "c": StyledParameter("x y")]),
            "a=true&b=2.5&c=x%20y")
    }

    func test_aValueThatDoesNotEncode_failsTheRequestNamingTheError() {
        // Given
        let endpoint = Endpoint(
            url: "https://example.com/x", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestParameters(parameters: ["n": StyledParameter(Double.nan)], encoding: URLEncoding.queryString),
            httpHeaderFields: nil)

        // Then
        XCTAssertThrowsError(try endpoint.urlRequest()) { error in
            guard case .parameterEncoding = error as? CourierError else { return XCTFail("\(error)") }
        }
    }

    func test_styledParameters_inCompositeTasks_ignoreTheBracketedDefault() throws {
        // Given
        let endpoint = Endpoint(
            url: "https://example.com/x", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
            task: .requestCompositeData(bodyData: Data("{}".utf8), urlParameters: ["ids": StyledParameter([1, 2])]),
            httpHeaderFields: nil)

        // Then
        XCTAssertEqual(try endpoint.urlRequest().url?.absoluteString, "https://example.com/x?ids=1&ids=2")
    }
}
