import Courier
import CourierTestSupport
import XCTest

final class DecoderTests: XCTestCase {
    private struct Event: Decodable, Equatable {
        let eventName: String
        let startsAt: Date
    }

    /// An API whose JSON uses snake_case keys and ISO 8601 dates, said once on the target.
    private enum Calendar: TargetType {
        case next
        var baseURL: URL { URL(string: "https://calendar.example")! }
        var path: String { "/next" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data { Data(#"{"event_name": "launch", "starts_at": "2026-01-02T03:04:05Z"}"#.utf8) }
        var decoder: any DataDecoder {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }
    }

    /// An API that answers property lists.
    private enum Settings: TargetType {
        case current
        var baseURL: URL { URL(string: "https://settings.example")! }
        var path: String { "/current" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data { (try? PropertyListEncoder().encode(["theme": "dark"])) ?? Data() }
        var decoder: any DataDecoder { PropertyListDecoder() }
    }

    /// A decoder of the user's own: `key=value` lines, decoded through JSON.
    private struct KeyValueDecoder: DataDecoder {
        func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D {
            var object: [String: String] = [:]
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2 { object[pair[0]] = pair[1] }
            }
            return try JSONDecoder().decode(type, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    private struct Theme: Decodable, Equatable {
        let theme: String
    }

    func test_targetDecoder_isUsedWhenTheCallNamesNone() async throws {
        let event = try await Provider<Calendar>(stubClosure: Provider.immediatelyStub).request(.next, as: Event.self)
        XCTAssertEqual(event, Event(eventName: "launch", startsAt: Date(timeIntervalSince1970: 1_767_323_045)))
    }

    func test_callSiteDecoder_winsOverTheTargets() async {
        do {
            _ = try await Provider<Calendar>(stubClosure: Provider.immediatelyStub)
                .request(.next, as: Event.self, decoder: JSONDecoder())
            XCTFail("a plain JSONDecoder cannot read snake_case keys")
        } catch {
            guard case .objectMapping = error else { return XCTFail("got \(error)") }
        }
    }

    func test_propertyListTarget_decodesThroughPropertyListDecoder() async throws {
        let theme = try await Provider<Settings>(stubClosure: Provider.immediatelyStub).request(
            .current, as: Theme.self)
        XCTAssertEqual(theme, Theme(theme: "dark"))
    }

    func test_userDecoder_canBePassedToMapAndRequest() async throws {
        let response = Response(statusCode: 200, data: Data("theme=light\nother=1".utf8))
        XCTAssertEqual(try response.map(Theme.self, using: KeyValueDecoder()), Theme(theme: "light"))
    }

    func test_multiTarget_usesTheWrappedTargetsDecoder() async throws {
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        let event = try await provider.request(MultiTarget(Calendar.next), as: Event.self)
        XCTAssertEqual(event.eventName, "launch")
    }
}
