import ExampleServices
import Foundation
import Hummingbird
import LoopbackServer

// `example-servers NAME`: serves the generated server of the example `NAME` (Specs/NAME.yaml) over the service
// its loopback tests use, on a free port of 127.0.0.1, until it is stopped. It prints a line
// `header: NAME: VALUE` for each header that carries credentials the service grants, then
// `serving NAME on URL`, the URL with the path of the spec's base URL. `scripts/fuzz-mock.py --servers` drives
// schemathesis against it, and `scripts/sdk-check.py` the official SDKs.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let example = exampleServers.first(where: { $0.name == arguments.first }) else {
    FileHandle.standardError.write(
        Data("usage: example-servers NAME, one of \(exampleServers.map(\.name).joined(separator: ", "))\n".utf8)
    )
    exit(2)
}
// The routes under the path of the spec's base URL, as the API serves them (`/v1/customers`).
try await withLoopbackServer({ example.register($0.group(RouterPath(example.basePath))) }) { url, _ in
    var lines = example.headers.sorted(by: { $0.key < $1.key }).map { "header: \($0.key): \($0.value)\n" }
    var base = url.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    lines.append("serving \(example.name) on \(base + example.basePath)\n")
    FileHandle.standardOutput.write(Data(lines.joined().utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
}
