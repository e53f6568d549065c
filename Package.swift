// swift-tools-version:6.1
import PackageDescription

/// Settings every target of ours builds with: Swift 6 language mode is the default for tools 6.x;
/// these add the upcoming features that make dependencies and existentials explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Generated clients must compile without a single warning in Swift 6 mode with complete concurrency checking.
let generatedSettings = strictSettings + [.unsafeFlags(["-warnings-as-errors"])]

/// Where Apple's Combine is missing.
let nonApple: [Platform] = [.linux, .windows, .android]

/// OpenCombine stands in for Combine where Apple's is missing: what this package's own clients and tests use.
let openCombine: Target.Dependency = .product(
    name: "OpenCombine",
    package: "OpenCombine",
    condition: .when(platforms: nonApple)
)

/// A dependency of a product that apps build only when they enable `trait`: SwiftPM then resolves the
/// dependency's package for apps that enable it and no others. Specsmith's own build enables every trait
/// (`swift build --enable-all-traits`).
func only(_ trait: String, _ product: String, from package: String, platforms: [Platform]? = nil) -> Target.Dependency {
    let condition: TargetDependencyCondition? =
        if let platforms { .when(platforms: platforms, traits: [trait]) } else { .when(traits: [trait]) }
    return .product(name: product, package: package, condition: condition)
}

/// The target of a committed generated server, `Generated/<name>Server`: its models and `Server.swift`.
func generatedServer(_ name: String) -> Target {
    .target(
        name: name + "Server",
        dependencies: ["SpecsmithRuntime", "SpecsmithServer", .product(name: "Hummingbird", package: "hummingbird")],
        path: "Generated/\(name)Server",
        swiftSettings: generatedSettings
    )
}

/// The target of a committed generated client, `Generated/<name>`, with every flavour but RxSwift: RxSwift is
/// not among this package's dependencies, so its file is golden-tested here and checked by hand.
func generatedClient(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: ["SpecsmithRuntime", "SpecsmithCombine", "SpecsmithWebhooks", openCombine],
        path: "Generated/\(name)",
        // The OpenAPI documents (Bookshelf, OpenAIEvents, QualityOnDemand, SlackWeb, DigitalOcean, CallSites)
        // generate no RxSwift.
        exclude: ["Bookshelf", "OpenAIEvents", "QualityOnDemand", "SlackWeb", "DigitalOcean", "CallSites"]
            .contains(name)
            ? [] : ["RxSwift.swift"],
        swiftSettings: generatedSettings
    )
}

let package = Package(
    name: "Specsmith",
    // What holds each floor (docs/Requirements.md): `Duration`, `ContinuousClock` and `Task.sleep(for:)` in the
    // runtime's public API (macOS 13, iOS 16, tvOS 16, watchOS 9); the generator's own build (the plugin compiles it
    // for the Mac) needs macOS 13 too.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "specsmith", targets: ["specsmith"]),
        // A server that follows a spec, on SwiftNIO: its own product, so that `specsmith` and the build
        // plugin's `specsmith-generate` link no SwiftNIO.
        .executable(name: "specsmith-mock", targets: ["specsmith-mock"]),
        .library(name: "SpecsmithMockServer", targets: ["SpecsmithMockServer"]),
        .library(name: "SpecsmithCore", targets: ["SpecsmithCore"]),
        .library(name: "SpecsmithRuntime", targets: ["SpecsmithRuntime"]),
        .library(name: "SpecsmithCombine", targets: ["SpecsmithCombine"]),
        .library(name: "SpecsmithAsyncHTTPClient", targets: ["SpecsmithAsyncHTTPClient"]),
        // What generated servers import: routes on a Hummingbird router. Its own product, behind the trait
        // Server, so that apps' clients resolve and build nothing of it.
        .library(name: "SpecsmithServer", targets: ["SpecsmithServer"]),
        // What generated webhook code imports: signatures checked with swift-crypto's HMAC. Its own product,
        // behind the trait Webhooks, so that a client-only app resolves and builds no cryptography.
        .library(name: "SpecsmithWebhooks", targets: ["SpecsmithWebhooks"]),
        .plugin(name: "SpecsmithPlugin", targets: ["SpecsmithPlugin"]),
        .plugin(name: "GenerateClients", targets: ["GenerateClients"]),
    ],
    // The heavy parts' dependencies reach an app only when it enables their trait, so that an app with the
    // build plugin and the runtime resolves Yams and the argument parser alone (the README's "Add Specsmith to
    // your app"; scripts/check-quickstart-example.sh checks it).
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "The SpecsmithAsyncHTTPClient product: a transport over AsyncHTTPClient (SwiftNIO)."
        ),
        .trait(
            name: "MockServer",
            description:
                "The SpecsmithMockServer product and specsmith-mock: a server that follows a spec (Hummingbird), which also delivers signed webhooks (Webhooks).",
            enabledTraits: ["Webhooks"]
        ),
        .trait(
            name: "Server",
            description: "The SpecsmithServer product: what generated servers import (Hummingbird, on SwiftNIO)."
        ),
        .trait(
            name: "Webhooks",
            description: "The SpecsmithWebhooks product: webhook signatures verified with swift-crypto."
        ),
        .trait(
            name: "OpenCombine",
            description: "The SpecsmithCombine product where Apple's Combine is missing (Linux, Windows, Android)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Combine where Apple's is missing (Linux), for the Combine flavour.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // Test-only: debounce and removeDuplicates for search-as-you-type pipelines.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        // A real HTTP server: the mock server's, and on loopback for end-to-end tests of generated clients.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation`: the DocC catalogs of the runtime and the generator.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The AsyncHTTPClient transport, a product of its own: apps that do not use it build no SwiftNIO.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // AsyncHTTPClient's own dependency, named for its decompression limit's error.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // HMAC-SHA256 for webhook signatures (the Webhooks trait); 3.x or 4.x, as the rest of the graph allows.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The generator: load → resolve → translate → render.
        .target(
            name: "SpecsmithCore",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // The command-line interface over SpecsmithCore.
        .executableTarget(
            name: "specsmith",
            dependencies: [
                "SpecsmithCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The generator alone, for the build plugin: what an app's first build builds before anything else, so
        // it needs no more than SpecsmithCore (no argument parser).
        .executableTarget(
            name: "specsmith-generate",
            dependencies: ["SpecsmithCore"],
            swiftSettings: strictSettings
        ),
        // The mock server over HTTP (Hummingbird): what `specsmith-mock` runs and tests start.
        .target(
            name: "SpecsmithMockServer",
            dependencies: [
                "SpecsmithCore",
                only("MockServer", "Hummingbird", from: "hummingbird"),
                only("MockServer", "NIOCore", from: "swift-nio"),
                only("MockServer", "Logging", from: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "specsmith-mock",
            // Without the trait, only its trait's error: none of SpecsmithWebhooks' or SpecsmithMockServer's.
            dependencies: [
                "SpecsmithCore",
                .target(name: "SpecsmithMockServer", condition: .when(traits: ["MockServer"])),
                .target(name: "SpecsmithWebhooks", condition: .when(traits: ["MockServer"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // What generated clients import: no YAML, no generator code.
        .target(name: "SpecsmithRuntime", swiftSettings: strictSettings),
        // What the Combine flavour imports: publishers over APIClient, with Combine or OpenCombine.
        .target(
            name: "SpecsmithCombine",
            dependencies: [
                "SpecsmithRuntime", only("OpenCombine", "OpenCombine", from: "OpenCombine", platforms: nonApple),
            ],
            swiftSettings: strictSettings
        ),
        // A transport over AsyncHTTPClient (SwiftNIO): streams with backpressure on every platform.
        .target(
            name: "SpecsmithAsyncHTTPClient",
            dependencies: [
                "SpecsmithRuntime",
                only("AsyncHTTPClient", "AsyncHTTPClient", from: "async-http-client"),
                only("AsyncHTTPClient", "NIOCore", from: "swift-nio"),
                only("AsyncHTTPClient", "NIOHTTP1", from: "swift-nio"),
                only("AsyncHTTPClient", "NIOHTTPCompression", from: "swift-nio-extras"),
            ],
            swiftSettings: strictSettings
        ),
        // What generated servers import: a service's routes on a Hummingbird router.
        .target(
            name: "SpecsmithServer",
            dependencies: [
                "SpecsmithRuntime",
                only("Server", "Hummingbird", from: "hummingbird"),
                only("Server", "NIOCore", from: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // What generated webhook code imports: events verified (Standard Webhooks, Stripe, GitHub) and read.
        .target(
            name: "SpecsmithWebhooks",
            dependencies: [
                "SpecsmithRuntime", only("Webhooks", "Crypto", from: "swift-crypto"),
                // Beside a Hummingbird server: `registerWebhookRoutes(on:path:secrets:)`.
                only("Server", "Hummingbird", from: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
        // Generates a target's client from its spec during the build.
        .plugin(
            name: "SpecsmithPlugin",
            capability: .buildTool(),
            dependencies: ["specsmith-generate"],
            path: "Plugins/SpecsmithPlugin"
        ),
        // `swift package generate-clients`: regenerates committed clients from Specs/ into Generated/.
        .plugin(
            name: "GenerateClients",
            capability: .command(
                intent: .custom(
                    verb: "generate-clients",
                    description: "Regenerate the committed clients: Specs/<Name>.yaml into Generated/<Name>/."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the generated clients into Generated/.")
                ]
            ),
            dependencies: ["specsmith"],
            path: "Plugins/GenerateClients"
        ),

        // Committed generated clients, compiled and tested like a user's module.
    ]
        + [
            "Countries", "Notes", "Shop", "GitHubIssues", "Chat", "Payments", "Files", "Bookshelf", "OpenAIEvents",
            "QualityOnDemand", "SlackWeb", "DigitalOcean", "CallSites",
        ]
        .map(generatedClient)
        // Their servers, from the specs with the server flavour.
        + ["Countries", "Notes", "Shop", "GitHubIssues", "Payments", "Chat", "Files", "SlackWeb", "DigitalOcean"]
        .map(generatedServer)
        + [
            // Test support: a real HTTP server on an ephemeral loopback port that records what it receives.
            .target(
                name: "LoopbackServer",
                dependencies: [
                    "SpecsmithRuntime", "SpecsmithAsyncHTTPClient",
                    .product(name: "Hummingbird", package: "hummingbird"),
                    .product(name: "NIOCore", package: "swift-nio"),
                    .product(name: "NIOPosix", package: "swift-nio"),
                    .product(name: "Logging", package: "swift-log"),
                ],
                path: "Tests/LoopbackServer",
                swiftSettings: strictSettings
            ),

            .testTarget(
                name: "SpecsmithCoreTests",
                dependencies: ["SpecsmithCore", .product(name: "Yams", package: "Yams")],
                resources: [.copy("Fixtures")],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "SpecsmithRuntimeTests",
                dependencies: [
                    "SpecsmithRuntime", "SpecsmithAsyncHTTPClient", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                    .product(name: "AsyncHTTPClient", package: "async-http-client"),
                    .product(name: "NIOCore", package: "swift-nio"),
                ],
                swiftSettings: strictSettings
            ),
            // Webhook signatures made by independent signers (PyPI's standardwebhooks and stripe, Python's hmac).
            .testTarget(
                name: "SpecsmithWebhooksTests",
                dependencies: [
                    "SpecsmithWebhooks", "SpecsmithRuntime", "Payments", "Chat", "OpenAIEvents", "QualityOnDemand",
                    "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "CountriesClientTests",
                dependencies: [
                    "Countries", "SpecsmithRuntime", "SpecsmithCombine", "LoopbackServer", openCombine,
                    .product(
                        name: "OpenCombineDispatch",
                        package: "OpenCombine",
                        condition: .when(platforms: nonApple)
                    ),
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                resources: [.copy("Fixtures")],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "ShopClientTests",
                dependencies: [
                    "Shop", "SpecsmithRuntime", "SpecsmithCombine", "LoopbackServer", openCombine,
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "GitHubIssuesClientTests",
                dependencies: [
                    "GitHubIssues", "SpecsmithRuntime", "SpecsmithCombine", "LoopbackServer", openCombine,
                    .product(
                        name: "OpenCombineDispatch",
                        package: "OpenCombine",
                        condition: .when(platforms: nonApple)
                    ),
                    .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "ChatClientTests",
                dependencies: [
                    "Chat", "SpecsmithRuntime", "SpecsmithCombine", "LoopbackServer", openCombine,
                    .product(name: "Hummingbird", package: "hummingbird"),
                    .product(name: "NIOCore", package: "swift-nio"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "PaymentsClientTests",
                dependencies: [
                    "Payments", "SpecsmithRuntime", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "FilesClientTests",
                dependencies: [
                    "Files", "SpecsmithRuntime", "SpecsmithCombine", "LoopbackServer", openCombine,
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "CallSitesClientTests",
                dependencies: [
                    "CallSites", "SpecsmithRuntime", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "BookshelfClientTests",
                dependencies: [
                    "Bookshelf", "SpecsmithRuntime", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            // The examples' generated servers over services written as an app would: what ServerTests runs the
            // generated clients against, and `example-servers NAME` serves for schemathesis
            // (`scripts/fuzz-mock.py --servers`).
            .target(
                name: "ExampleServices",
                dependencies: [
                    "CountriesServer", "ShopServer", "NotesServer", "ChatServer", "FilesServer", "GitHubIssuesServer",
                    "PaymentsServer", "SlackWebServer", "DigitalOceanServer", "SpecsmithServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                path: "Tests/ExampleServices",
                swiftSettings: strictSettings
            ),
            .executableTarget(
                name: "example-servers",
                dependencies: [
                    "ExampleServices", "LoopbackServer", .product(name: "Hummingbird", package: "hummingbird"),
                ],
                path: "Tests/ExampleServers",
                swiftSettings: strictSettings
            ),
            // Generated clients against generated servers, over loopback HTTP.
            .testTarget(
                name: "ServerTests",
                dependencies: [
                    "Countries", "Shop", "Notes", "Chat", "Files", "GitHubIssues", "Payments", "SlackWeb",
                    "ExampleServices", "SpecsmithRuntime", "SpecsmithServer", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "MockServerTests",
                dependencies: [
                    "SpecsmithCore", "SpecsmithMockServer", "SpecsmithRuntime", "Countries", "Shop", "GitHubIssues",
                    "Notes", "Payments", "Files", "Chat", "Bookshelf",
                ],
                swiftSettings: strictSettings
            ),
            .testTarget(
                name: "NotesClientTests",
                dependencies: [
                    "Notes", "SpecsmithRuntime", "LoopbackServer",
                    .product(name: "Hummingbird", package: "hummingbird"),
                ],
                swiftSettings: strictSettings
            ),
        ]
)
