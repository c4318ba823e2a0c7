// swift-tools-version: 6.0
import PackageDescription

// Courier: a Moya-style networking layer for Swift. MIT licence (LICENSE), as Moya and Alamofire;
// every release and every source break with its migration is in CHANGELOG.md.
//
// Courier has no package dependencies: Foundation (FoundationNetworking on Linux), Dispatch
// and the toolchain's test frameworks only.
//
// Tools 6.0 (Xcode 16) is what this manifest needs: `swiftLanguageModes` is its newest API.
// The floor is where `Clock`, `Duration` and `Task.sleep(for:)` arrive (the Swift 5.7 runtime);
// nothing newer is used without an `@available`/`#if` guard. See Platforms.md (the DocC article)
// and scripts/platform-audit.sh, which keeps that true.
let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierPlugins", targets: ["CourierPlugins"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        // The demo and the benchmark run on Linux and macOS; built for another OS they only say so.
        .executable(name: "courier-demo", targets: ["courier-demo"]),
        .executable(name: "courier-bench", targets: ["courier-bench"]),
        .executable(name: "courier-migrate", targets: ["courier-migrate"]),
        .executable(name: "courier-openapi", targets: ["courier-openapi"]),
        // Generates a target's client from its openapi.yaml when it builds.
        .plugin(name: "CourierOpenAPIGenerator", targets: ["CourierOpenAPIGenerator"]),
    ],
    targets: [
        // libcurl reached at run time (dlopen), so that building needs no curl headers: Linux only.
        .target(name: "CCourierCurl"),
        .target(
            name: "Courier", dependencies: [.target(name: "CCourierCurl", condition: .when(platforms: [.linux]))]),
        .target(name: "CourierPlugins", dependencies: ["Courier"], path: "Plugins"),
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        .executableTarget(
            name: "courier-demo",
            dependencies: ["Courier", "CourierPlugins", "CourierTesting"],
            resources: [.copy("Fixtures")],
            // Petstore/openapi.json becomes the `Petstore` client when the demo builds.
            plugins: [.plugin(name: "CourierOpenAPIGenerator")]
        ),
        .executableTarget(
            name: "courier-bench",
            dependencies: [
                "Courier", "CourierPlugins", .target(name: "CCourierCurl", condition: .when(platforms: [.linux])),
            ]),
        // Rewrites Moya code to Courier; no dependencies, its own small Swift lexer.
        .executableTarget(name: "courier-migrate"),
        // courier-openapi's reader and generator: the YAML 1.2 and JSON readers, the OpenAPI model and
        // the Swift it writes. In no product: the courier-openapi tool and its build plugin use it.
        .target(name: "CourierOpenAPIKit"),
        // `courier-openapi generate SPEC --output DIR`: an OpenAPI document -> Courier targets and models.
        .executableTarget(name: "courier-openapi", dependencies: ["CourierOpenAPIKit"]),
        // The top-level Plugins/ folder is CourierPlugins' sources: this build-tool plugin lives apart.
        .plugin(
            name: "CourierOpenAPIGenerator", capability: .buildTool(), dependencies: ["courier-openapi"],
            path: "Sources/CourierOpenAPIGenerator"),
        // Shared by the test targets: the httpbin server, fixtures, small synchronisation helpers.
        // It imports XCTest, so it is in no product: an app that depends on Courier never builds or
        // links it (scripts/platform-audit.sh checks that only test code imports XCTest or Testing).
        .target(
            name: "CourierTestSupport", dependencies: ["Courier", "CourierPlugins"], path: "Tests/CourierTestSupport"),
        // TLS/Fixtures: the pinning test vectors, made with openssl by scripts/tls-vectors.sh.
        .testTarget(
            name: "CourierTests", dependencies: ["Courier", "CourierTesting", "CourierTestSupport"],
            resources: [.copy("TLS/Fixtures")]
        ),
        .testTarget(
            name: "CourierPluginsTests",
            dependencies: ["Courier", "CourierPlugins", "CourierTesting", "CourierTestSupport"]
        ),
        .testTarget(
            name: "CourierTestingTests",
            dependencies: ["Courier", "CourierTesting", "CourierTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "CourierIntegrationTests",
            dependencies: ["Courier", "CourierPlugins", "CourierTesting", "CourierTestSupport"]
        ),
        // Runs the demo's binary (offline, against httpbin, and on a terminal) and its argument parser.
        .testTarget(name: "CourierDemoTests", dependencies: ["courier-demo", "CourierTestSupport"]),
        // Runs courier-migrate over a Moya-style corpus (Corpus/, expected output in Expected/),
        // builds the result against the built modules in the four configurations apps use, and
        // checks every endpoint's request against what Moya 15 + Alamofire 5 send (Runners/, Fixtures/).
        .testTarget(
            name: "CourierMigrateTests",
            dependencies: ["courier-migrate", "Courier", "CourierPlugins", "CourierTestSupport"],
            exclude: ["Corpus", "Expected", "Runners", "Fixtures"]
        ),
        // The YAML reader's tests; with COURIER_YAML_TEST_SUITE set, also the official yaml-test-suite.
        .testTarget(name: "CourierOpenAPIKitTests", dependencies: ["CourierOpenAPIKit"]),
        // A development tool in no product: YAML files to JSON with the YAML reader, timed
        // (scripts/yaml-compare.py compares it with PyYAML on real documents).
        .executableTarget(
            name: "courier-yaml-json", dependencies: ["CourierOpenAPIKit"], path: "Tests/Tools/courier-yaml-json"),
        // The OpenAPI reader and generator, and the clients it writes for the documents of Documents/:
        // built in the four configurations, run against stubs, and their requests judged against the
        // documents (Runner/ is the program that runs them).
        .testTarget(
            name: "CourierOpenAPITests",
            dependencies: ["CourierOpenAPIKit", "Courier", "CourierPlugins", "CourierTestSupport"],
            exclude: ["Documents", "Runner"]
        ),
        // Compiles and runs the code of every DocC article (Sources/Courier/Courier.docc).
        // openapi.json becomes the `Bookshelf` client of the GeneratingFromOpenAPI article when it builds.
        .testTarget(
            name: "CourierDocumentationTests",
            dependencies: ["Courier", "CourierPlugins", "CourierTesting", "CourierTestSupport"],
            plugins: [.plugin(name: "CourierOpenAPIGenerator")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/test.sh's sanitizer builds name the test targets they run (COURIER_TEST_TARGETS, separated
// by commas): the package is then those, what they need and the library products, so a sanitized
// build compiles no code its run leaves out. Unset, as for every app that depends on Courier, the
// package is the whole of the above.
if let names = Context.environment["COURIER_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var pending = names.split(separator: ",").map(String.init)
    while let name = pending.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
        for case .plugin(let name, nil) in target.plugins ?? [] { pending.append(name) }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in
        guard let library = product as? Product.Library else { return true }
        return !library.targets.allSatisfy(kept.contains)
    }
}
