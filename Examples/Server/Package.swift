// swift-tools-version:6.1
import PackageDescription

// Server: a Hummingbird server generated from a spec, the API owners' side of Examples/Quickstart. Specsmith
// comes by path with its trait Server (an app's client never asks for it, so never builds it); the build
// plugin generates the service protocol and its routes from the spec, as `specsmith-config.yaml` says.
// CI builds and runs it (scripts/check-server-example.sh), and runs the Quickstart app against it.
let package = Package(
    name: "Server",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "specsmith", path: "../..", traits: ["Server"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "TodosServer",
            dependencies: [
                .product(name: "SpecsmithServer", package: "specsmith"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        )
    ]
)
