import Foundation
import Testing

@testable import SpecsmithCore

/// Headers an API's users set once for a client (OpenAI's `OpenAI-Organization`, `OpenAI-Project`): the config's
/// or the spec's `headers:` entry `{parameter: name}` is a parameter of the client's initializers (issue 57).
@Suite struct HeaderParameterTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Lab, version: "1"}
        servers: [{url: "https://api.example.com"}]
        paths:
          /models:
            get:
              operationId: listModels
              responses:
                "200": {description: OK, content: {application/json: {schema: {type: string}}}}
        """

    static func generate(config: String) -> Pipeline.Output {
        Pipeline.generate(
            text: document,
            path: "lab.yaml",
            config: Pipeline.ConfigSource(text: config, path: "specsmith-config.yaml")
        ) { _ in nil }
    }

    @Test func theConfigsHeadersAreInitializerParametersOrFixedValues() {
        let output = Self.generate(
            config: """
                headers:
                  OpenAI-Organization: {parameter: organization}
                  OpenAI-Project: {parameter: project}
                  X-Client: lab-app
                """
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("        organization: String? = nil,\n        project: String? = nil,\n"), "\(swift)")
        for field in [
            #"HeaderField("X-Client", "lab-app")"#, #"HeaderField("OpenAI-Organization", organization)"#,
            #"HeaderField("OpenAI-Project", project)"#,
        ] {
            #expect(swift.contains(field), "\(field)")
        }
        #expect(
            swift.contains("`organization`, when given, is sent as the `OpenAI-Organization` header of every request.")
        )
    }

    @Test func aParameterNamedLikeTheInitializersOwnOrWithoutANameIsAnError() {
        let output = Self.generate(
            config: """
                headers:
                  X-Transport: {parameter: transport}
                  X-Empty: {}
                  X-Odd: {parameter: odd, value: x}
                """
        )
        #expect(output.files.isEmpty)
        #expect(
            output.diagnostics.filter { $0.severity == .error }.map {
                "\($0.location.line):\($0.location.column) \($0.message)"
            }
                == [
                    "2:28 the header `X-Transport`'s parameter `transport` is already a parameter of the client's initializer",
                    "3:12 the header `X-Empty` needs a value or a `parameter`",
                    "4:27 unknown key `value` in a header",
                ]
        )
    }
}
