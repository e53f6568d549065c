// swift-tools-version:6.1
import PackageDescription

// Quickstart: the app of the README's "Add Specsmith to your app", step by step. The one difference is where
// Specsmith comes from: here the repository's root, by path, instead of its URL and a version.
// CI builds and runs it and counts the packages it resolves (scripts/check-quickstart-example.sh): Yams and
// the argument parser, which the generator needs, and nothing else.
let package = Package(
    name: "Quickstart",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "specsmith", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Quickstart",
            dependencies: [.product(name: "SpecsmithRuntime", package: "specsmith")],
            plugins: [.plugin(name: "SpecsmithPlugin", package: "specsmith")]
        )
    ]
)
