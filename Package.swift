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

let package = Package(
    name: "Specsmith",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "specsmith", targets: ["specsmith"]),
        .library(name: "SpecsmithCore", targets: ["SpecsmithCore"]),
        .library(name: "SpecsmithRuntime", targets: ["SpecsmithRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Test-only: a real HTTP server on loopback for end-to-end tests of generated clients.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
        // What generated clients import: no YAML, no generator code.
        .target(name: "SpecsmithRuntime", swiftSettings: strictSettings),

        // Committed generated clients, compiled and tested like a user's module.
        .target(
            name: "Countries",
            dependencies: ["SpecsmithRuntime"],
            path: "Generated/Countries",
            swiftSettings: generatedSettings
        ),
        .target(
            name: "Notes",
            dependencies: ["SpecsmithRuntime"],
            path: "Generated/Notes",
            swiftSettings: generatedSettings
        ),
        .target(
            name: "Shop",
            dependencies: ["SpecsmithRuntime"],
            path: "Generated/Shop",
            swiftSettings: generatedSettings
        ),

        // Test support: a real HTTP server on an ephemeral loopback port that records what it receives.
        .target(
            name: "LoopbackServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
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
                "SpecsmithRuntime", "LoopbackServer", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CountriesClientTests",
            dependencies: [
                "Countries", "SpecsmithRuntime", "LoopbackServer",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShopClientTests",
            dependencies: [
                "Shop", "SpecsmithRuntime", "LoopbackServer", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NotesClientTests",
            dependencies: [
                "Notes", "SpecsmithRuntime", "LoopbackServer", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
