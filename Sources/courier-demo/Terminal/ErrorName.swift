import Courier

/// The case of a `CourierError`, as a caller would write it in a `switch`.
enum ErrorName {
    /// `statusCode`, `underlying(URLError -1004)`, `objectMapping`, …
    static func of(_ error: CourierError) -> String {
        switch error {
        case .imageMapping: "imageMapping"
        case .jsonMapping: "jsonMapping"
        case .stringMapping: "stringMapping"
        case .objectMapping: "objectMapping"
        case .encodableMapping: "encodableMapping"
        case .statusCode: "statusCode"
        case .underlying(let underlying as URLError, _): "underlying(URLError \(underlying.code.rawValue))"
        case .underlying(let underlying, _): "underlying(\(type(of: underlying)))"
        case .requestMapping: "requestMapping"
        case .parameterEncoding: "parameterEncoding"
        }
    }
}
