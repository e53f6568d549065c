// swift-tools-version:6.1
import PackageDescription

// A libFuzzer target of the whole generator pipeline. Not part of the main package's build: `Fuzz/run.sh`
// builds it with `-sanitize=fuzzer` and runs it for a bounded time (CI runs it).
let package = Package(
    name: "SpecsmithFuzz",
    dependencies: [.package(name: "Specsmith", path: "..")],
    targets: [
        .executableTarget(
            name: "SpecsmithFuzz",
            dependencies: [.product(name: "SpecsmithCore", package: "Specsmith")],
            // libFuzzer itself (gold cannot link it with SwiftPM's renamed `main`; lld can); `run.sh` instruments
            // every module with `-Xswiftc -sanitize=fuzzer`.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
        )
    ]
)
