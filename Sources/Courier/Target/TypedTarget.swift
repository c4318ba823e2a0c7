import Foundation

/// A target that knows the type of its answer: `provider.request(GitHub.user("octocat"))` returns
/// a `User`, and the compiler refuses to treat it as anything else.
///
/// Declare one per endpoint beside the target, in an extension of your API:
///
/// ```swift
/// extension GitHub {
///     static func user(_ login: String) -> TypedTarget<GitHub, User> { TypedTarget(.userProfile(login)) }
///     static var zen: TypedTarget<GitHub, String> { TypedTarget(.zen) }
/// }
///
/// let user = try await provider.request(GitHub.user("octocat"))   // a User
/// ```
///
/// A typed target goes through the provider exactly as its ``target`` does (plugins, validation,
/// retries, stubs, fixtures, record and replay); only the last step differs: the ``Response`` becomes
/// the answer. How, the initializer decides:
/// - a `Decodable` type is decoded with the target's ``TargetType/decoder`` (after
///   `APIEnvelopePlugin` has unwrapped an envelope, so an envelope API's answer is the payload);
/// - `String` is the body as UTF-8 text, `Data` the body as it is;
/// - `Void` is any answer that passed validation, for endpoints that answer `204 No Content`.
///
/// The answer is made on the caller's isolation, like the rest of the request, so a model of the
/// main actor decodes there. A body that does not decode fails with
/// ``CourierError/objectMapping(_:_:)`` carrying a ``TypedTargetDecodingError`` (which names the
/// target, the type and the key path) and the response.
public struct TypedTarget<Target: TargetType, Response> {
    /// The target the request is made for.
    public let target: Target
    /// Makes the answer from the request's response.
    private let makeAnswer: (Courier.Response, Target) -> Result<Response, CourierError>

    /// A typed target whose answer `make` builds from the response; a thrown `CourierError` fails
    /// the request as it is, any other error as ``CourierError/objectMapping(_:_:)`` with the response.
    /// - Parameters:
    ///   - target: The target.
    ///   - make: Builds the answer.
    public init(_ target: Target, answer make: @escaping (Courier.Response) throws -> Response) {
        self.target = target
        self.makeAnswer = { response, _ in
            do {
                return .success(try make(response))
            } catch let error as CourierError {
                return .failure(error)
            } catch {
                return .failure(.objectMapping(error, response))
            }
        }
    }

    /// The answer `response` gives: what the provider's `request` returns for it.
    /// - Throws: ``CourierError``, with `response` on it.
    public func answer(from response: Courier.Response) throws(CourierError) -> Response {
        try makeAnswer(response, target).get()
    }

    /// The answer `response` gives, or the failure.
    func result(from response: Courier.Response) -> Result<Response, CourierError> {
        makeAnswer(response, target)
    }
}

extension TypedTarget where Response: Decodable {
    /// A typed target whose answer is the body, or the value at `keyPath` in a JSON body, decoded
    /// with `decoder`.
    /// - Parameters:
    ///   - target: The target.
    ///   - keyPath: A dotted key path such as `"data.user"`. `nil` by default: the whole body.
    ///   - decoder: The decoder. `nil` by default: the target's ``TargetType/decoder``.
    public init(_ target: Target, atKeyPath keyPath: String? = nil, decoder: (any DataDecoder)? = nil) {
        self.target = target
        self.makeAnswer = { response, target in
            do throws(CourierError) {
                return .success(try response.map(Response.self, atKeyPath: keyPath, using: decoder ?? target.decoder))
            } catch {
                return .failure(
                    TypedTargetDecodingError.naming(error, target: target, type: Response.self, keyPath: keyPath))
            }
        }
    }
}

extension TypedTarget where Response == String {
    /// A typed target whose answer is the body as UTF-8 text; a body that is not UTF-8 fails with
    /// ``CourierError/stringMapping(_:)``.
    /// - Parameter target: The target.
    public init(_ target: Target) {
        self.target = target
        self.makeAnswer = { response, _ in
            do throws(CourierError) {
                return .success(try response.mapString())
            } catch {
                return .failure(error)
            }
        }
    }
}

extension TypedTarget where Response == Data {
    /// A typed target whose answer is the body, as it arrived.
    /// - Parameter target: The target.
    public init(_ target: Target) {
        self.target = target
        self.makeAnswer = { response, _ in .success(response.data) }
    }
}

extension TypedTarget where Response == Void {
    /// A typed target with no answer but success: for endpoints that answer `204 No Content`, or
    /// whose body nobody reads. The target's ``TargetType/validationType`` decides what succeeds.
    /// - Parameter target: The target.
    public init(_ target: Target) {
        self.target = target
        self.makeAnswer = { _, _ in .success(()) }
    }
}

extension TypedTarget {
    /// This typed target for a `Provider<MultiTarget>`, which serves targets of several APIs.
    public var multiTarget: TypedTarget<MultiTarget, Response> {
        if let wrapped = self as? TypedTarget<MultiTarget, Response> { return wrapped }
        let typed = self
        return TypedTarget<MultiTarget, Response>(MultiTarget(target)) { response in
            try typed.answer(from: response)
        }
    }
}
