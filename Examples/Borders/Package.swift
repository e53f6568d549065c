// swift-tools-version:6.1
import PackageDescription

// Borders: a command-line app whose REST client the Specsmith build plugin generates during the build.
let package = Package(
    name: "Borders",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Specsmith itself, as a user's package would depend on it (here by path, the repository's root).
        .package(name: "specsmith", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Test-only: a local REST Countries look-alike for the app to talk to.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The client, generated from Sources/BordersKit/countries.specsmith.yaml, and the neighbour lookup.
        .target(
            name: "BordersKit",
            dependencies: [.product(name: "SpecsmithRuntime", package: "specsmith")],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        ),
        // `borders <country> [--base-url <url>] [--stub]`
        .executableTarget(
            name: "borders",
            dependencies: [
                "BordersKit",
                .product(name: "SpecsmithRuntime", package: "specsmith"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The samples of the Holidays document, which BordersKit leaves out (`samples: separate`): the plugin
        // generates them here, from Tests/BordersKitTests/Holidays.specsmith-samples.
        .testTarget(
            name: "BordersKitTests",
            dependencies: ["BordersKit", .product(name: "SpecsmithRuntime", package: "specsmith")],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        ),
        .testTarget(
            name: "BordersTests",
            dependencies: [
                // Built first, so the tests can run it.
                "borders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
