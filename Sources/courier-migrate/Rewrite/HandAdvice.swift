/// What to tell the developer for each name the tool cannot rewrite.
enum HandAdvice {
    /// Alamofire and Moya types with no Courier counterpart, matched as bare names in a Moya file.
    static let typesWithoutCounterpart: [String: String] = [
        "AF": "Alamofire's `AF` has no counterpart: declare this call as a target and send it with a `Provider`",
        "AFError":
            "Alamofire's `AFError` has no counterpart: Courier fails with `CourierError` (`.underlying(URLError, response)` from the transport, `.statusCode` from validation)",
        "AFDataResponse": "Alamofire's `AFDataResponse` has no counterpart: Courier answers a `Response`",
        "DataResponse": "Alamofire's `DataResponse` has no counterpart: Courier answers a `Response`",
        "DataRequest": "Alamofire's `DataRequest` has no counterpart: `request` returns a `Cancellable`",
        "UploadRequest": "Alamofire's `UploadRequest` has no counterpart: `request` returns a `Cancellable`",
        "DownloadRequest": "Alamofire's `DownloadRequest` has no counterpart: `request` returns a `Cancellable`",
        "RequestInterceptor":
            "Alamofire's `RequestInterceptor` has no counterpart: write a plugin (`prepare`, the async `adapt`, `retry`)",
        "RequestAdapter":
            "Alamofire's `RequestAdapter` has no counterpart: write a plugin with `prepare` or the async `adapt`",
        "RequestRetrier": "Alamofire's `RequestRetrier` has no counterpart: use `RetryPlugin` or a plugin's `retry`",
        "Interceptor": "Alamofire's `Interceptor` has no counterpart: write a plugin (`adapt`, `retry`)",
        "AuthenticationInterceptor":
            "Alamofire's `AuthenticationInterceptor` has no counterpart: use `AccessTokenPlugin` with an `AccessTokenStore`, which refreshes on 401",
        "ServerTrustManager":
            "Alamofire's `ServerTrustManager` becomes a `ServerTrustPolicy` (custom anchors, public-key pins per host), given to `URLSessionTransport(configuration:serverTrust:)` on Apple platforms or to `CurlTransport`'s `configuration.serverTrust` on Linux",
        "PinnedCertificatesTrustEvaluator":
            trustEvaluator,
        "PublicKeysTrustEvaluator":
            trustEvaluator,
        "DisabledTrustEvaluator":
            disabledTrust,
        "DisabledEvaluator":
            disabledTrust,
        "NetworkReachabilityManager":
            "Alamofire's `NetworkReachabilityManager` has no counterpart: use `NWPathMonitor` (Network framework)",
        "EventMonitor": "Alamofire's `EventMonitor` has no counterpart: write a plugin (`willSend`, `didReceive`)",
        "ClosureEventMonitor":
            "Alamofire's `ClosureEventMonitor` has no counterpart: write a plugin (`willSend`, `didReceive`)",
        "RedirectHandler":
            "Alamofire's `RedirectHandler` has no counterpart: handle redirects in a custom `HTTPTransport`",
        "CachedResponseHandler":
            "Alamofire's `CachedResponseHandler` has no counterpart: Courier caches by itself, by RFC 9111, when a target's `cachePolicy` (or `Provider(cache:cachePolicy:)`) says so; `.none` keeps an answer out",
        "ParameterEncoder":
            "Alamofire's `ParameterEncoder` has no counterpart: use `.requestJSONEncodable` or `.requestCustomJSONEncodable(_:encoder:)`",
        "JSONParameterEncoder":
            "Alamofire's `JSONParameterEncoder` has no counterpart: use `.requestJSONEncodable` or `.requestCustomJSONEncodable(_:encoder:)`",
        "URLEncodedFormParameterEncoder":
            "Alamofire's `URLEncodedFormParameterEncoder` has no counterpart: use `.requestParameters` with `URLEncoding`",
        "URLConvertible": "Alamofire's `URLConvertible` has no counterpart: use `URL`",
        "RequestMultipartFormData":
            "Moya's `RequestMultipartFormData` (Alamofire's form) has no counterpart: build an array of `MultipartFormBodyPart`",
        "CancellableToken":
            "Moya's `CancellableToken` has no counterpart: keep the `Cancellable` that `request` returns",
    ]

    /// Members with no counterpart, matched after a `.` in a Moya file.
    static let membersWithoutCounterpart: [String: String] = [
        "asAFError":
            "Alamofire's `asAFError` has no counterpart: the transport's error is a `URLError` in `.underlying(error, response)`, and `CourierError.isCancelled` tells a cancelled request",
        "inflightRequests":
            "`inflightRequests` has no counterpart: `trackInflights: true` still shares identical requests",
    ]

    /// Reactive call sites: `provider.rx.request(…)`, `provider.rx`, `Reactive<MoyaProvider<…>>`.
    static let reactive =
        "RxMoya's `rx` and `rx.request` have no counterpart: call `try await provider.request(…)` in an async context (errors are `CourierError`), or wrap the completion-handler `request` in your own `Single`"
    static let reactiveSwift =
        "ReactiveMoya's `reactive.request` has no counterpart: call `try await provider.request(…)` in an async context, or wrap the completion-handler `request` in a `SignalProducer`"
    static let reactiveExtension =
        "this extension adds to Moya's reactive wrappers, which Courier does not have: make it an `extension Provider` with `async` methods"
    static let stream = "`FormDataProvider` has no `.stream`: use `.file(URL)` (streamed from disk) or `.data(Data)`"
    static let sessionConfiguration =
        "Alamofire's `sessionConfiguration` has no counterpart, and changing it had no effect in Moya (URLSession copies its configuration): set the timeout on a `URLSessionConfiguration` passed to `URLSessionTransport(configuration:)`, or as the target's `timeoutInterval`"
    static let endpointSubclass =
        "`Endpoint` is a struct in Courier: a subclass cannot carry extra fields; read them from the target where the request is built (a `requestClosure`, or a plugin's `prepare` for a per-target `timeoutInterval`)"
    static let resultModule =
        "Moya 13's `Result` module is not needed: Courier completes with Swift's `Result`; remove this import, and write `try? result.get()` for `result.value` and `if case .failure(let error) = result` for `result.error`"
    static let resultMembers =
        "Swift's `Result`, which Courier completes with, has no `value` or `error` (Moya 13's `Result` module added them): write `try? result.get()`, or `if case .failure(let error) = result`"
    static let sessionSubclass =
        "`URLSessionTransport` (Alamofire's `Session`) is final: make this a function or a `static let` that returns `URLSessionTransport(configuration:)` with the configuration set up here"
    static let subclass =
        "`Provider` is final: make this subclass conform to `ProviderWrapper` and hold a `let provider: Provider<Target>` (see the guide)"
    static func sessionArgument(_ label: String) -> String {
        let trust = ["serverTrustManager", "serverTrustPolicyManager"].contains(label)
        return trust
            ? "`URLSessionTransport` (Alamofire's `Session`) takes `serverTrust:` (a `ServerTrustPolicy`: anchors and public-key pins per host) instead of `\(label):`"
            : "`URLSessionTransport` (Alamofire's `Session`) has no `\(label):`: remove it and port what it did (adapters and retriers in plugins, pins in a `ServerTrustPolicy`)"
    }

    /// Alamofire's pinning evaluators: Courier pins public keys, per host.
    static let trustEvaluator =
        "Alamofire's pinning evaluators become public-key pins per host in a `ServerTrustPolicy` (the base64 SHA-256 of each key's SPKI); a pinned certificate is pinned by its key"
    /// Alamofire's evaluators that turn checks off: Courier never does.
    static let disabledTrust =
        "Courier never turns trust evaluation off: trust a test server's own authority with `ServerTrustPolicy(trustedCertificates:)` instead"

    static let asyncWrapper =
        "Courier's `Provider` has `request(_:) async throws(CourierError)`, which also cancels the request with the task: call `try await request(target)` here, or remove this wrapper"
    static let sharedClosure =
        "Swift 6 mode refuses a provider's closure in a `static let` or a global, as it refused Moya's: a closure is not `Sendable`. Write it where the provider is made, or make it a function and pass `{ name($0) }` (Xcode 26's main-actor default compiles it as it is)"
    static let targetProtocolConformance =
        "under Xcode 26's settings, Swift 6 mode refuses this conformance to a protocol that refines `TargetType` (*crosses into main actor-isolated code*), with Moya as with Courier: Swift infers the implied conformance to `TargetType` main-actor, and not this one; write `@MainActor` before the protocol's name here (Swift 6.2)"
    static let associatedTargetConformance =
        "under Xcode 26's settings, Swift 6 mode refuses this conformance to a protocol whose associated type is a `TargetType` (*crosses into main actor-isolated code*), with Moya as with Courier: it depends on the target's main-actor conformance to `TargetType` and is not main-actor itself; write `@MainActor` before the protocol's name here (Swift 6.2)"
    static let sharedUnsendableValue =
        "Swift 6 mode refuses a plugin or a provider wrapper in a `static let` or a global, as it refused Moya's: they are not `Sendable`. Mark it `@MainActor` when main-actor code uses it, or build it where it is used; a `Provider` is `Sendable`, so a shared provider made with these plugins needs nothing (Xcode 26's main-actor default compiles it as it is)"

    static let legacyLogger =
        "Moya 13's `NetworkLoggerPlugin(verbose:cURL:output:…)` is gone: use `NetworkLoggerPlugin(configuration: .init(formatter:output:logOptions:))`"

    /// `Moya.X` or `Alamofire.X` with no counterpart.
    static func qualified(_ module: String, _ name: String) -> String {
        "\(module)'s `\(name)` has no Courier counterpart: replace it by hand"
    }
}
