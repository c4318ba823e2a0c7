import Foundation

// MARK: - Filtering

extension Response {
    /// Returns `self` when the status code is in `statusCodes`, else fails with ``CourierError/statusCode(_:)``.
    /// Accepts closed and half-open ranges: `200...299` and `200..<300`.
    public func filter<R: RangeExpression>(statusCodes: R) throws(CourierError) -> Response where R.Bound == Int {
        guard statusCodes.contains(statusCode) else { throw .statusCode(self) }
        return self
    }

    /// Returns `self` when the status code is `statusCode`, else fails with ``CourierError/statusCode(_:)``.
    public func filter(statusCode: Int) throws(CourierError) -> Response {
        try filter(statusCodes: statusCode...statusCode)
    }

    /// Returns `self` for a 2xx status code, else fails with ``CourierError/statusCode(_:)``.
    public func filterSuccessfulStatusCodes() throws(CourierError) -> Response {
        try filter(statusCodes: 200...299)
    }

    /// Returns `self` for a 2xx or 3xx status code, else fails with ``CourierError/statusCode(_:)``.
    public func filterSuccessfulStatusAndRedirectCodes() throws(CourierError) -> Response {
        try filter(statusCodes: 200...399)
    }
}

// MARK: - Mapping

extension Response {
    /// The body parsed as JSON (fragments allowed).
    /// - Parameter failsOnEmptyData: Whether an empty body is an error. `true` by default;
    ///   when `false`, an empty body gives `NSNull()`.
    /// - Throws: ``CourierError/jsonMapping(_:)`` when the body is not JSON.
    public func mapJSON(failsOnEmptyData: Bool = true) throws(CourierError) -> Any {
        if data.isEmpty && !failsOnEmptyData { return NSNull() }
        do {
            return try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        } catch {
            throw .jsonMapping(self)
        }
    }

    /// The body as a UTF-8 string, or the string at `keyPath` in a JSON body.
    /// - Parameter keyPath: A dotted key path such as `"data.name"`. `nil` by default: the whole body.
    /// - Throws: ``CourierError/stringMapping(_:)`` for a body that is not UTF-8 or has no string at
    ///   `keyPath`; ``CourierError/jsonMapping(_:)`` when `keyPath` is given and the body is not JSON.
    public func mapString(atKeyPath keyPath: String? = nil) throws(CourierError) -> String {
        if let keyPath {
            guard let string = JSONKeyPath.value(at: keyPath, in: try mapJSON()) as? String else {
                throw .stringMapping(self)
            }
            return string
        }
        guard let string = String(utf8Validating: data) else { throw .stringMapping(self) }
        return string
    }

    /// The body, or the value at `keyPath` in a JSON body, decoded as `type`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - keyPath: A dotted key path such as `"data.user"`. `nil` by default: the whole body.
    ///     A key path needs a JSON body and a decoder that reads JSON.
    ///   - decoder: The decoder. A new `JSONDecoder` by default.
    ///   - failsOnEmptyData: Whether an empty body (or a missing key path) is an error. `true` by
    ///     default. When `false`, a missing key path falls back to the whole body, and an empty body
    ///     decodes as `{}`, or else as `[{}]` (Moya's behaviour, kept for migrated code).
    /// - Throws: ``CourierError/objectMapping(_:_:)`` when decoding fails, ``CourierError/jsonMapping(_:)``
    ///   when a key path is given and the body is not JSON or has nothing there.
    public func map<D: Decodable>(
        _ type: D.Type,
        atKeyPath keyPath: String? = nil,
        using decoder: any DataDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) throws(CourierError) -> D {
        var payload = data
        if let keyPath {
            let object = try mapJSON(failsOnEmptyData: failsOnEmptyData)
            if let value = JSONKeyPath.value(at: keyPath, in: object) {
                if JSONSerialization.isValidJSONObject(value) {
                    payload = try serialized(value)
                } else {
                    // A string, number or bool: JSONDecoder reads fragments, so decode it directly.
                    payload = try serialized(["value": value])
                    return try decode(KeyPathValue<D>.self, from: payload, using: decoder).value
                }
            } else if failsOnEmptyData {
                throw .jsonMapping(self)
            }
        }
        if payload.isEmpty && !failsOnEmptyData {
            // Moya's fallbacks, kept so migrated code behaves the same: an object with every field
            // absent, else an array holding one such object.
            for empty in ["{}", "[{}]"] {
                if let value = try? decoder.decode(D.self, from: Data(empty.utf8)) { return value }
            }
        }
        return try decode(D.self, from: payload, using: decoder)
    }

    private func decode<D: Decodable>(_ type: D.Type, from data: Data, using decoder: any DataDecoder)
        throws(CourierError) -> D
    {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .objectMapping(error, self)
        }
    }

    private func serialized(_ object: Any) throws(CourierError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed)
        } catch {
            throw .jsonMapping(self)
        }
    }
}

/// Decodes the scalar at a key path, wrapped as `{"value": …}`.
private struct KeyPathValue<Value: Decodable>: Decodable {
    let value: Value
}
