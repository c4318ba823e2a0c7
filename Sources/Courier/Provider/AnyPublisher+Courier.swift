#if canImport(Combine)
    import Combine
    import Foundation

    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    // CombineMoya's operators on a publisher of responses: each is the ``Response`` method of the
    // same name, and fails the publisher with its ``CourierError``.
    extension AnyPublisher where Output == Response, Failure == CourierError {
        /// Fails with ``CourierError/statusCode(_:)`` unless the status code is in `statusCodes`.
        public func filter<R: RangeExpression>(statusCodes: R) -> AnyPublisher<Response, CourierError>
        where R.Bound == Int {
            mapping { try $0.filter(statusCodes: statusCodes) }
        }

        /// Fails with ``CourierError/statusCode(_:)`` unless the status code is `statusCode`.
        public func filter(statusCode: Int) -> AnyPublisher<Response, CourierError> {
            mapping { try $0.filter(statusCode: statusCode) }
        }

        /// Fails with ``CourierError/statusCode(_:)`` unless the status code is 2xx.
        public func filterSuccessfulStatusCodes() -> AnyPublisher<Response, CourierError> {
            mapping { try $0.filterSuccessfulStatusCodes() }
        }

        /// Fails with ``CourierError/statusCode(_:)`` unless the status code is 2xx or 3xx.
        public func filterSuccessfulStatusAndRedirectCodes() -> AnyPublisher<Response, CourierError> {
            mapping { try $0.filterSuccessfulStatusAndRedirectCodes() }
        }

        /// The body parsed as JSON; see ``Response/mapJSON(failsOnEmptyData:)``.
        public func mapJSON(failsOnEmptyData: Bool = true) -> AnyPublisher<Any, CourierError> {
            mapping { try $0.mapJSON(failsOnEmptyData: failsOnEmptyData) }
        }

        /// The body as text, or the string at `keyPath`; see ``Response/mapString(atKeyPath:)``.
        public func mapString(atKeyPath keyPath: String? = nil) -> AnyPublisher<String, CourierError> {
            mapping { try $0.mapString(atKeyPath: keyPath) }
        }

        /// The body, or the value at `keyPath`, decoded as `type`; see
        /// ``Response/map(_:atKeyPath:using:failsOnEmptyData:)``.
        public func map<D: Decodable>(
            _ type: D.Type, atKeyPath keyPath: String? = nil, using decoder: any DataDecoder = JSONDecoder(),
            failsOnEmptyData: Bool = true
        ) -> AnyPublisher<D, CourierError> {
            mapping { try $0.map(type, atKeyPath: keyPath, using: decoder, failsOnEmptyData: failsOnEmptyData) }
        }

        #if canImport(UIKit)
            /// The body as an image; see `Response.mapImage()`.
            public func mapImage() -> AnyPublisher<UIImage, CourierError> {
                mapping { try $0.mapImage() }
            }
        #elseif canImport(AppKit)
            /// The body as an image; see `Response.mapImage()`.
            public func mapImage() -> AnyPublisher<NSImage, CourierError> {
                mapping { try $0.mapImage() }
            }
        #endif

        /// Each response through `transform`, which throws a ``CourierError`` (its closures are
        /// untyped: a stored closure with typed throws would need the Swift 6 runtime, which iOS 16
        /// lacks); a failure fails the publisher.
        private func mapping<T>(_ transform: @escaping (Response) throws -> T) -> AnyPublisher<T, CourierError> {
            flatMap { response in
                do {
                    return Result<T, CourierError>.success(try transform(response)).publisher
                } catch {
                    return Result<T, CourierError>.failure(.wrapping(error, response: response)).publisher
                }
            }
            .eraseToAnyPublisher()
        }
    }

    // CombineMoya's operators on a publisher of progress.
    extension AnyPublisher where Output == ProgressResponse, Failure == CourierError {
        /// The response of the final event only.
        public func filterCompleted() -> AnyPublisher<Response, CourierError> {
            compactMap(\.response).eraseToAnyPublisher()
        }

        /// The fraction done of every event but the final one.
        public func filterProgress() -> AnyPublisher<Double, CourierError> {
            filter { !$0.completed }.map(\.progress).eraseToAnyPublisher()
        }
    }
#endif
