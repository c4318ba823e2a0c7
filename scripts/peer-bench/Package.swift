// swift-tools-version: 6.0
import PackageDescription

// Peers of Courier measured by courier-bench (scripts/bench.sh --peers): one executable per peer
// library, each a client that speaks to courier-bench's own loopback servers and prints what it
// measured. Never a dependency of Courier's Package.swift: Courier has no package dependencies.
//
// - peer-async-http-client: swift-server/async-http-client (SwiftNIO), for the server-scale rows.
// - peer-websocket-kit: vapor/websocket-kit's client (SwiftNIO), for the WebSocket rows.
let package = Package(
    name: "PeerBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/websocket-kit", from: "2.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "peer-async-http-client",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")],
            path: "Sources/AsyncHTTPClientPeer"),
        .executableTarget(
            name: "peer-websocket-kit",
            dependencies: [.product(name: "WebSocketKit", package: "websocket-kit")],
            path: "Sources/WebSocketKitPeer"),
    ],
    swiftLanguageModes: [.v6]
)
