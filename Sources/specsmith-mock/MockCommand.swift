import ArgumentParser
import Foundation
import SpecsmithCore
import SpecsmithMockServer

/// `specsmith-mock`: a server that follows a spec, for working and testing without the real one.
@main
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specsmith-mock",
        abstract:
            "Serve a mock of a spec's API over HTTP: requests checked against the spec, answers from its samples.",
        discussion: """
            Every endpoint of the spec (a Specsmith spec or an OpenAPI document) is routed. A request that \
            does not follow the spec is answered with 400 (401 or 403 for missing or wrong credentials) and a \
            JSON body naming what was wrong; others with the endpoint's sample, or a value made from its \
            answer's type. Request headers: `Prefer: code=404` answers with another documented status, \
            `Prefer: dynamic=true` with a made value over the sample, `Prefer: latency=300` after 300 ms. \
            One line per request goes to standard output.
            """
    )

    @ArgumentParser.Argument(help: "The spec: a Specsmith spec or an OpenAPI document, YAML or JSON.")
    var spec: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 for any free one.")
    var port = 8080

    @Option(help: ArgumentHelp("Latency added to every answer, in milliseconds.", valueName: "milliseconds"))
    var latency = 0

    @Option(help: ArgumentHelp("The config file whose options win over the spec's.", valueName: "path"))
    var config: String?

    @Option(
        name: .customLong("token"),
        help: ArgumentHelp(
            "Credentials given to a scope (repeatable): a token, an API key, or user:password. Then only a scope's own credentials pass where it may call; others get 403, unknown ones 401.",
            valueName: "scope=credentials"
        )
    )
    var tokens: [String] = []

    @Flag(help: "Log nothing per request.")
    var quiet = false

    func run() async throws {
        let resolved: (API?, [Diagnostic])
        do {
            resolved = try Pipeline.resolve(specAt: spec, configAt: config ?? Pipeline.defaultConfig(forSpecAt: spec))
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        for diagnostic in resolved.1 {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard let api = resolved.0 else { throw ExitCode(1) }
        var mock = MockServer(api: api)
        let scopes = api.auth?.scopes.map(\.specName) ?? []
        for given in tokens {
            guard let equals = given.firstIndex(of: "="), scopes.contains(String(given[..<equals])) else {
                let known =
                    scopes.isEmpty ? "the spec has no scopes" : "its scopes are " + scopes.joined(separator: ", ")
                FileHandle.standardError.write(
                    Data("error: `--token \(given)` must be scope=credentials, of a scope of the spec; \(known)\n".utf8)
                )
                throw ExitCode(2)
            }
            mock.tokens[String(given[..<equals]), default: []].insert(String(given[given.index(after: equals)...]))
        }
        let quiet = self.quiet
        let server = MockHTTPServer(
            mock: mock,
            host: host,
            port: port,
            latency: .milliseconds(max(0, latency)),
            log: { line in
                guard !quiet else { return }
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        )
        let host = self.host
        // An endpoint's `stream:` second method is the same endpoint, on its method and path.
        let count = Set(api.operations.map { "\($0.method) \($0.path)" }).count
        try await server.run { port in
            FileHandle.standardOutput.write(
                Data("Mock of \(api.name) (\(count) endpoints) on http://\(host):\(port)\n".utf8)
            )
        }
    }
}
