import Foundation
import SpecsmithCore
import Testing

/// What real public descriptions do as published, each of which once failed a whole description: JSON read as
/// JSON (surrogate pairs), `$ref` keys inside example data, property names that become one Swift name, and
/// integer-or-string values.
@Suite struct PublishedDocumentsTests {
    static func generate(_ text: String, path: String) -> Pipeline.Output {
        Pipeline.generate(text: text, path: path) { _ in nil }
    }

    static func errors(_ output: Pipeline.Output) -> [String] {
        TestSupport.lines(output.diagnostics.filter { $0.severity == .error })
    }

    /// A messaging API's description writes an emoji in an example as a surrogate pair, as JSON does; YAML
    /// refuses such escapes, and the whole description failed.
    @Test func jsonIsReadAsJSON() {
        let document = #"""
            {
              "openapi": "3.0.3",
              "info": {"title": "Messages", "version": "1", "description": "Hello! \ud83d\udc4d \u00e9\u0085"},
              "servers": [{"url": "https://m.example"}],
              "paths": {"/m": {"get": {"operationId": "message", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "object", "properties": {
                  "text": {"type": "string", "example": "Hi \ud83d\ude00"}}}}}}}}}}
            }
            """#
        let output = Self.generate(document, path: "messages.json")
        #expect(Self.errors(output).isEmpty, "\(output.diagnostics)")
        #expect(output.files.map(\.contents).joined().contains("Hello! 👍 é"))
        // The same places as YAML gives them: the Swift is the same.
        let yaml = Self.generate(
            document.replacingOccurrences(of: #"\ud83d\udc4d"#, with: "👍")
                .replacingOccurrences(of: #"\ud83d\ude00"#, with: "😀"),
            path: "messages.json"
        )
        #expect(yaml.files.map(\.contents) == output.files.map(\.contents))
    }

    /// What JSON does not allow is an error at its place, in JSON's terms.
    @Test(arguments: [
        (
            #"{"openapi": "3.0.3", "info": {"title": "X\ud83d"}}"#,
            "1:42: error: `\\uD83D` is half of a surrogate pair without its other half, which is no character"
        ),
        (
            #"{"openapi": "3.0.3", "info": {"title": "X\udc4d\ud83d"}}"#,
            "1:42: error: `\\uDC4D` is half of a surrogate pair"
        ),
        (
            "{\"openapi\": \"3.0.3\",\n  \"info\": {\"title\": \"X\",},\n}",
            "2:25: error: a key in double quotes was expected here; JSON allows no comma after the last entry; remove it"
        ),
        (
            "{\"openapi\": \"3.0.3\", \"tags\": [1, 2,]}",
            "1:36: error: a value was expected here; JSON allows no comma after the last item; remove it"
        ),
        (
            "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"a\nb\"}}",
            "1:42: error: a string cannot go on past the end of its line in JSON"
        ),
        ("{\"openapi\": 03}", "1:13: error: this is not a number as JSON writes one"),
        (
            "{\"openapi\": \"3.0.3\", \"info\": {\"title\": 'X'}}",
            "1:40: error: a JSON value (an object, array, string in double quotes, number, `true`, `false` or `null`) was expected here; JSON strings are in double quotes"
        ),
        ("{\"openapi\": \"3.0.3\"} x", "1:22: error: text follows the end of the JSON document"),
        (
            "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"X\"}",
            "1:1: error: the JSON ends inside the object `{` opened here"
        ),
        ("{\"a\": \"\\q\"}", "1:8: error: this backslash escape is not one JSON knows"),
    ])
    func jsonMistakesAreErrorsAtTheirPlace(text: String, expected: String) {
        let output = Self.generate(text, path: "broken.json")
        #expect(Self.errors(output).first?.hasPrefix(expected) == true, "\(Self.errors(output))")
        #expect(output.files.isEmpty)
    }

    /// A spec in YAML's flow style, which starts as JSON does, is still YAML; a key written twice is the same
    /// error in JSON as in YAML.
    @Test func flowStyleYAMLIsYAMLAndDuplicatesAreErrors() {
        let flow = Self.generate(
            "{name: R, baseURL: 'https://x.example', endpoints: {ping: {method: GET, path: /p}}}",
            path: "flow.yaml"
        )
        #expect(Self.errors(flow).isEmpty, "\(flow.diagnostics)")
        let duplicated = Self.generate(
            "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"X\", \"title\": \"Y\"}, \"paths\": {}}",
            path: "twice.json"
        )
        #expect(
            Self.errors(duplicated)
                == [
                    "1:45: error: `title` is written twice in the same mapping; the first is at line 1, column 31; remove one of them"
                ]
        )
    }

    /// A code-hosting API's description carries example SCIM payloads with `"$ref": "https://…"`: data, not
    /// references, in examples, defaults, constants, enumerations and Example Objects' values. A property or a
    /// response named `default` is still followed.
    @Test func referencesInsideDataAreData() {
        let document = """
            openapi: 3.0.3
            info: {title: Scim, version: "1"}
            servers: [{url: "https://s.example"}]
            paths:
              /users:
                get:
                  operationId: listUsers
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/User"}
                          example: {members: [{$ref: "https://s.example/Users/1", value: "1"}]}
                          examples:
                            one: {value: {members: [{$ref: "https://s.example/Users/2"}]}}
                    default:
                      $ref: "missing.yaml#/Error"
            components:
              schemas:
                User:
                  type: object
                  properties:
                    members:
                      type: array
                      items: {type: object, properties: {value: {type: string}}}
                      default: [{$ref: "https://s.example/Users/3"}]
                    default: {$ref: "other.yaml#/Thing"}
            """
        let output = Self.generate(document, path: "scim.yaml")
        #expect(
            Self.errors(output) == [
                "18:17: error: `missing.yaml` cannot be read",
                "28:25: error: `other.yaml` cannot be read",
            ]
        )
    }

    /// `+1` and `-1` (a reaction count), or `total_count` and `totalCount`, are properties of their own, their
    /// JSON keys kept; an integer-or-string (a Kubernetes port) decodes from a number and from text.
    @Test func clashingPropertiesAndIntegerOrStringDecode() async throws {
        let document = """
            openapi: 3.0.3
            info: {title: K, version: "1"}
            servers: [{url: "https://k.example"}]
            paths:
              /port:
                get:
                  operationId: port
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/io.k8s.api.core.v1.ServicePort"}
            components:
              schemas:
                io.k8s.apimachinery.pkg.util.intstr.IntOrString: {type: string, format: int-or-string}
                io.k8s.api.core.v1.ServicePort:
                  type: object
                  required: [port, "+1", "-1"]
                  properties:
                    port: {type: integer}
                    targetPort: {$ref: "#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}
                    maxSurge: {x-kubernetes-int-or-string: true}
                    "+1": {type: integer}
                    "-1": {type: integer}
                    total_count: {type: integer}
                    totalCount: {type: integer}
            """
        let output = Self.generate(document, path: "k8s.yaml")
        #expect(Self.errors(output).isEmpty, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public var plus1: Int") && swift.contains("public var minus1: Int"))
        #expect(swift.contains("public var totalCount: Int?") && swift.contains("public var totalCount2: Int?"))
        #expect(swift.contains("public var targetPort: IntOrString?"))
        let main = """
            import Foundation
            let json = #"{"port": 80, "targetPort": 8080, "maxSurge": "25%", "+1": 3, "-1": 1, "total_count": 5}"#
            let port = try! JSONDecoder().decode(ServicePort.self, from: Data(json.utf8))
            print(port.targetPort == .int(8080), port.maxSurge == .string("25%"), port.plus1, port.minus1, port.totalCount ?? 0)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try! encoder.encode(port), as: UTF8.self))
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "Ports")
        #expect(
            lines == [
                "true true 3 1 5",
                #"{"+1":3,"-1":1,"maxSurge":"25%","port":80,"targetPort":8080,"total_count":5}"#,
            ]
        )
    }
}
