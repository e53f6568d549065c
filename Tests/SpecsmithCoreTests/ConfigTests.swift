import Foundation
import SpecsmithCore
import Testing

/// `specsmith-config.yaml`: options for the specs in its folder, between the spec's and the command line's.
@Suite struct ConfigTests {
    let spec = """
        name: Ping
        baseURL: https://example.com
        style: resources
        access: public
        flavours: [combine]
        endpoints:
          ping: {method: GET, path: /ping}
        """

    func generate(config: String, overrides: Pipeline.Overrides = .init()) -> Pipeline.Output {
        Pipeline.generate(
            text: spec,
            path: "Ping.yaml",
            config: .init(text: config, path: "specsmith-config.yaml"),
            overrides: overrides
        ) { _ in nil }
    }

    /// The config's `webhooks:` says how an OpenAPI document's webhooks are signed; beside a spec in the format,
    /// which says it itself, it was neither applied nor refused (generator-4/01): an error at its place, as the
    /// other options for OpenAPI documents are, and nothing is generated.
    @Test func theConfigsWebhooksBesideASpecIsAnError() {
        let output = generate(config: "webhooks:\n  signature: Stripe\n")
        #expect(output.hasErrors && output.files.isEmpty)
        #expect(
            output.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "2:3: the config's `webhooks` is for OpenAPI documents; a spec says how its webhooks are signed and named"
            ],
            "\(output.diagnostics)"
        )
    }

    @Test func theConfigWinsOverTheSpec() throws {
        let output = generate(config: "style: endpoints\naccess: internal\nflavours: [rxswift]\n")
        #expect(output.diagnostics.isEmpty)
        #expect(
            output.files.map(\.name) == [
                "Models.swift", "Endpoints.swift", "Client.swift", "RxSwift.swift", "Samples.swift",
            ]
        )
        let client = try #require(output.files.first { $0.name == "Client.swift" })
        #expect(client.contents.contains("\nstruct PingClient"))
    }

    /// `dates:` in the config, for an OpenAPI document that cannot say how the API writes dates (issue 58).
    @Test func theConfigSaysHowDatesAreWritten() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Clock, version: "1"}
            servers: [{url: "https://clock.example"}]
            paths:
              /now:
                get:
                  operationId: now
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string, format: date-time}}}}
            """
        let output = Pipeline.generate(
            text: document,
            path: "openapi.yaml",
            config: .init(text: "dates: secondsSince1970\n", path: "specsmith-config.yaml")
        ) { _ in nil }
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let client = try #require(output.files.first { $0.name == "Client.swift" })
        #expect(client.contents.contains("dateCoding: .secondsSince1970"))
    }

    @Test func theCommandLineWinsOverTheConfig() {
        let output = generate(config: "style: endpoints\n", overrides: .init(style: .both, flavours: [.async]))
        #expect(
            output.files.map(\.name) == [
                "Models.swift", "Endpoints.swift", "Resources.swift", "Client.swift", "Samples.swift",
            ]
        )
    }

    @Test func anEmptyConfigChangesNothing() {
        let plain = Pipeline.generate(text: spec, path: "Ping.yaml") { _ in nil }
        #expect(generate(config: "").files == plain.files)
        #expect(generate(config: "# nothing yet\n").files == plain.files)
    }

    @Test func configErrorsPointIntoTheConfigAndStopGeneration() {
        let output = generate(config: "stile: endpoints\naccess: privat\nflavours: {combine: true}\n")
        #expect(output.files.isEmpty)
        #expect(
            output.diagnostics.map(\.description) == [
                "specsmith-config.yaml:1:1: error: unknown key `stile` in the config; did you mean `style`?",
                "specsmith-config.yaml:2:9: error: `access` must be one of `public`, `package`, `internal`, not `privat`",
                "specsmith-config.yaml:3:11: error: `flavours` must be a list of flavours, such as [async, combine], not a mapping",
            ]
        )
    }

    @Test func configAndSpecErrorsAreReportedTogether() {
        let output = Pipeline.generate(
            text: "name: Ping\nbaseURL: https://example.com\nmodels:\n  A: {properties: {b: Strin}}\n",
            path: "Ping.yaml",
            config: .init(text: "flavours: [combin]\n", path: "specsmith-config.yaml")
        ) { _ in nil }
        let files = output.diagnostics.map(\.location.file)
        #expect(files.contains("Ping.yaml") && files.contains("specsmith-config.yaml"))
        #expect(output.diagnostics.contains { $0.description.contains("did you mean `combine`") })
    }

    @Test func theConfigNextToASpecIsFound() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-config-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let specPath = directory.appendingPathComponent("Ping.yaml").path
        #expect(Pipeline.defaultConfig(forSpecAt: specPath) == nil)
        try "style: both\n".write(
            to: directory.appendingPathComponent(Pipeline.configFileName),
            atomically: true,
            encoding: .utf8
        )
        #expect(
            Pipeline.defaultConfig(forSpecAt: specPath)
                == directory.appendingPathComponent("specsmith-config.yaml").path
        )
    }
}
