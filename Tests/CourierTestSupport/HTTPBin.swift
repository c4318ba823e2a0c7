import Courier
import Foundation
import XCTest

/// The httpbin server started by `scripts/test.sh` (its URL in `COURIER_HTTPBIN_URL`).
public enum HTTPBin {
    /// The server's base URL (skips the test when it is missing; fails it under `CI=true`).
    public static func baseURL(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try TestServer.url(from: "COURIER_HTTPBIN_URL", file: file, line: line)
    }
}

/// A test target that sends any request to httpbin: the target's fields are given per instance.
public struct HTTPBinTarget: TargetType, Sendable {
    /// The server.
    public let baseURL: URL
    /// The path, e.g. `/anything`.
    public let path: String
    /// The method.
    public let method: HTTPMethod
    /// The task.
    public let task: HTTPTask
    /// The headers.
    public let headers: [String: String]?
    /// The validation.
    public let validationType: ValidationType
    /// The timeout.
    public let timeoutInterval: TimeInterval?

    /// Creates a target.
    public init(
        _ baseURL: URL, _ path: String, method: HTTPMethod = .get, task: HTTPTask = .requestPlain,
        headers: [String: String]? = nil, validationType: ValidationType = .none, timeoutInterval: TimeInterval? = nil
    ) {
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.task = task
        self.headers = headers
        self.validationType = validationType
        self.timeoutInterval = timeoutInterval
    }
}

/// What httpbin's echo endpoints (`/anything`, `/post`, …) send back.
public struct HTTPBinEcho: Decodable, Sendable {
    /// Query parameters; repeated keys give arrays, so values are kept as JSON.
    public let args: [String: EchoedJSON]
    /// The raw body as text.
    public let data: String
    /// Form fields.
    public let form: [String: EchoedJSON]
    /// Uploaded files by field name.
    public let files: [String: EchoedJSON]
    /// Request headers as received.
    public let headers: [String: String]
    /// The body parsed as JSON, when it was JSON.
    public let json: EchoedJSON?
    /// The method, for `/anything`.
    public let method: String?
    /// The full URL as received.
    public let url: String
}

/// Any JSON value, for asserting on echoes (every number a `Double`, unlike Courier's `JSONValue`).
public enum EchoedJSON: Decodable, Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([EchoedJSON])
    case object([String: EchoedJSON])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([EchoedJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: EchoedJSON].self))
        }
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
