// `import Courier` is enough to use `URLRequest`, `HTTPURLResponse` and friends: on Linux they live
// in FoundationNetworking, which users would otherwise have to import behind `#if` themselves.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
