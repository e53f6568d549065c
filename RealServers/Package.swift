// swift-tools-version:6.1
import PackageDescription

// Real servers from PyPI, driven by clients generated from the descriptions they serve themselves: `run.sh`
// installs and starts each on loopback, writes the description it serves into its target (where the build
// plugin finds it), builds this package and runs each driver, which makes real round trips and checks every
// answer (see README.md). Specsmith comes by path, as an app would get it by URL.
let package = Package(
    name: "RealServers",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "specsmith", path: "..")
    ],
    targets: [
        .target(
            name: "RoundTrip",
            dependencies: [.product(name: "SpecsmithRuntime", package: "specsmith")]
        ),
        .executableTarget(
            name: "PrefectRoundTrips",
            dependencies: ["RoundTrip", .product(name: "SpecsmithRuntime", package: "specsmith")],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        ),
        .executableTarget(
            name: "JupyterRoundTrips",
            dependencies: ["RoundTrip", .product(name: "SpecsmithRuntime", package: "specsmith")],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        ),
    ]
)
