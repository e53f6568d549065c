import Foundation
import SpecsmithCore
import Testing

/// `specsmith export openapi`: the examples' specs as OpenAPI 3.1 documents, compared with goldens, checked by
/// a standard validator, and generated from again.
@Suite struct ExportTests {
    /// The example specs, `Specs/<name>.yaml`.
    static let examples = ["Bookshelf", "Chat", "Countries", "Files", "GitHubIssues", "Notes", "Payments", "Shop"]

    /// Generating from an example's exported document gives the same Swift as from its spec.
    static let sameSwift = examples

    static let goldens = TestSupport.fixtures.appendingPathComponent("Export")

    static func resolve(_ name: String) throws -> API {
        let path = TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml").path
        let (api, diagnostics) = try Pipeline.resolve(specAt: path)
        return try #require(api, "\(diagnostics)")
    }

    @Test(arguments: examples)
    func exportMatchesItsGolden(name: String) throws {
        let (text, notes) = OpenAPIExporter.export(try Self.resolve(name))
        #expect(notes.isEmpty, "\(notes)")
        let golden = Self.goldens.appendingPathComponent("\(name).openapi.yaml")
        if TestSupport.isRecording {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "\(TestSupport.diff(expected: expected, actual: text))")
    }

    /// The YAML and the JSON document read back as the same value.
    @Test(arguments: examples)
    func yamlAndJSONAreOneDocument(name: String) throws {
        let api = try Self.resolve(name)
        let yaml = OpenAPIExporter.export(api).text
        let json = OpenAPIExporter.export(api, json: true).text
        let fromJSON = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
        // Generating from each gives the same files: the YAML reads as the JSON says.
        let viaYAML = Pipeline.generate(text: yaml, path: "api.yaml") { _ in nil }
        let viaJSON = Pipeline.generate(text: json, path: "api.yaml") { _ in nil }
        #expect(fromJSON?["openapi"] as? String == "3.1.0")
        #expect(!viaYAML.hasErrors, "\(viaYAML.diagnostics)")
        #expect(viaYAML.files == viaJSON.files)
    }

    /// Generating from the exported document gives the spec's Swift: every file the same but its header line,
    /// and the samples the same JSON.
    @Test(arguments: sameSwift)
    func theDocumentGeneratesTheSameSwift(name: String) throws {
        let path = TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml").path
        let direct = try Pipeline.generate(specAt: path)
        let document = OpenAPIExporter.export(try Self.resolve(name)).text
        let again = Pipeline.generate(text: document, path: "\(name).openapi.yaml") { _ in nil }
        #expect(!again.hasErrors, "\(again.diagnostics)")
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        Self.expectSameSwift(direct.files, again.files, samplesByValue: true)
    }

    /// The same files with the same Swift below their header line (which names the input); samples compared
    /// by their text without whitespace when `samplesByValue` (JSON from a spec and from a document differs in
    /// layout only).
    static func expectSameSwift(_ expected: [GeneratedFile], _ actual: [GeneratedFile], samplesByValue: Bool) {
        #expect(expected.map(\.name) == actual.map(\.name))
        let dropHeader = { (text: String) in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        }
        for (expected, actual) in zip(expected, actual) {
            var (left, right) = (dropHeader(expected.contents), dropHeader(actual.contents))
            if samplesByValue && expected.name == "Samples.swift" {
                (left, right) = (left.filter { !$0.isWhitespace }, right.filter { !$0.isWhitespace })
            }
            #expect(left == right, "\(expected.name): \(TestSupport.diff(expected: left, actual: right))")
        }
    }

    /// `specsmith import` of every example's exported document writes a spec that generates the same Swift as
    /// the document, its samples and options (style, flavours) included: the import once dropped them, the
    /// case names and descriptions of events, and wrote a union naming some alternatives but not others (as
    /// Payments' `ExpandableCustomer`) as a list and a mapping at once, which did not load.
    @Test(arguments: examples)
    func theImportedDocumentGeneratesTheSameSwift(name: String) throws {
        let document = OpenAPIExporter.export(try Self.resolve(name)).text
        let fromDocument = Pipeline.generate(text: document, path: "\(name).openapi.yaml") { _ in nil }
        let imported = Importer.importOpenAPI(text: document, path: "\(name).openapi.yaml")
        let spec = try #require(imported.spec, "\(imported.diagnostics)")
        let fromSpec = Pipeline.generate(text: spec, path: "\(name).yaml") { _ in nil }
        #expect(!fromSpec.hasErrors, "\(fromSpec.diagnostics)")
        Self.expectSameSwift(fromDocument.files, fromSpec.files, samplesByValue: false)
    }

    /// The switch of a stream method (`"stream": true`) is a property of the request body, as OpenAPI says it, so
    /// that a reader without `x-specsmith` can send it: read without the extension, the document still gives
    /// both methods, and the plain method still leaves the field out. (It was only under `x-specsmith`.)
    @Test func theStreamSwitchIsInTheBodyForEveryReader() throws {
        let document = OpenAPIExporter.export(try Self.resolve("Chat")).text
        #expect(document.contains("`true` for the answer as a stream (`createChatCompletionStream`)"))
        let (api, diagnostics) = Pipeline.resolve(text: Self.withoutFormat(document), path: "Chat.openapi.yaml") {
            _ in nil
        }
        let resolved = try #require(api, "\(diagnostics)")
        let stream = try #require(resolved.operations.first { $0.specName == "createChatCompletionStream" })
        #expect(stream.addedBodyField == "stream")
        let plain = try #require(resolved.operations.first { $0.specName == "createChatCompletion" })
        #expect(!plain.parameters.contains { $0.wireName == "stream" })
    }

    /// A stream's error event is one of its events in the document, its data the endpoint's error body (it was
    /// only named under `x-specsmith`, and its data was any JSON), and the document reads back the same.
    @Test func aStreamsErrorEventCarriesTheErrorBody() throws {
        let spec = """
            name: Talk
            baseURL: https://example.com
            models:
              Chunk:
                properties:
                  text: String
              Problem:
                properties:
                  message: String
            errors:
              4XX: Problem
            endpoints:
              talk:
                method: POST
                path: /talk
                response:
                  events: Chunk
                  errorEvent: failure
            """
        let (resolved, diagnostics) = Pipeline.resolve(text: spec, path: "talk.yaml") { _ in nil }
        let api = try #require(resolved, "\(diagnostics)")
        let document = OpenAPIExporter.export(api).text
        let stream = try #require(document.range(of: "text/event-stream:")).upperBound
        let afterStream = String(document[stream...])
        #expect(afterStream.contains("anyOf:"), "\(afterStream)")
        // The error event: its name, then its data's schema, before the event's `required`.
        let failure = try #require(afterStream.range(of: "const: failure"), "\(afterStream)").upperBound
        let event = afterStream[failure...]
        let eventEnd = event.range(of: "required:")?.lowerBound ?? event.endIndex
        #expect(event[..<eventEnd].contains("\"$ref\": \"#/components/schemas/Problem\""), "\(event[..<eventEnd])")
        let (exported, exportedDiagnostics) = Pipeline.resolve(text: document, path: "talk.openapi.yaml") { _ in nil }
        let back = try #require(exported, "\(exportedDiagnostics)")
        #expect(SpecDiff(old: api, new: back).changes.isEmpty, "\(SpecDiff(old: api, new: back).text)")
    }

    /// `document` without its `x-specsmith` entries, as another tool reads it.
    static func withoutFormat(_ document: String) -> String {
        var kept: [Substring] = []
        var skippingDeeperThan: Int?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            if let depth = skippingDeeperThan {
                if indent > depth || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                skippingDeeperThan = nil
            }
            if line.dropFirst(indent).hasPrefix("x-specsmith:") {
                skippingDeeperThan = indent
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// Whether `openapi-spec-validator` (PyPI) is installed.
    static let validatorIsInstalled = run(["python3", "-c", "import openapi_spec_validator"]).status == 0
    /// Whether a missing validator fails the test rather than skipping it: CI installs the validator and sets
    /// `SPECSMITH_REQUIRE_OPENAPI_VALIDATOR=1`.
    static let validatorIsRequired = ProcessInfo.processInfo.environment["SPECSMITH_REQUIRE_OPENAPI_VALIDATOR"] == "1"

    /// Every exported document passes `openapi-spec-validator`; without it the test is skipped (and says so),
    /// unless the validator is required.
    @Test(
        .enabled(
            if: validatorIsInstalled || validatorIsRequired,
            "openapi-spec-validator is not installed: pip install openapi-spec-validator"
        )
    )
    func everyExportPassesTheOpenAPIValidator() throws {
        try #require(
            Self.validatorIsInstalled,
            "openapi-spec-validator is not installed: pip install openapi-spec-validator"
        )
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        var apis = try Self.examples.map { ($0, try Self.resolve($0)) }
        // And specs whose names are drawn from those that broke generated code (see `RandomNamesTests`).
        for seed in ExportPropertyTests.seeds.prefix(4) {
            var random = SeededGenerator(state: seed)
            var spec = RandomSpec.draw(units: 48, using: &random)
            _ = spec.generateDroppingRefusedUnits(overrides: Pipeline.Overrides())
            let (api, _) = Pipeline.resolve(text: spec.text.text, path: "random.yaml") { _ in nil }
            apis.append(("Random\(seed)", try #require(api)))
        }
        for (name, api) in apis {
            for json in [false, true] {
                let url = folder.appendingPathComponent("\(name).\(json ? "json" : "yaml")")
                try OpenAPIExporter.export(api, json: json).text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
        }
        let script = """
            import sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            failed = 0
            for path in sys.argv[1:]:
                document, _ = read_from_filename(path)
                try:
                    validate(document)
                except Exception as error:
                    failed += 1
                    print(path, str(error)[:600])
            print("validated", len(sys.argv) - 1)
            sys.exit(1 if failed else 0)
            """
        let result = Self.run(["python3", "-c", script] + paths)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("validated \(paths.count)"), "\(result.output)")
    }

    /// A document's `x-specsmith` is checked as the format is: a mistake is an error at its place.
    @Test func aBadFormatExtensionIsAnErrorAtItsPlace() {
        let document = """
            openapi: 3.1.0
            info: {title: Bad, version: "1"}
            servers: [{url: "https://api.example.com"}]
            x-specsmith: {styel: both}
            paths:
              /items:
                get:
                  operationId: items
                  x-specsmith: {pages: {by: sideways}, namespce: Items}
                  parameters:
                  - {name: q, in: query, schema: {type: string}, x-specsmith: {separator: 3}}
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
            """
        let output = Pipeline.generate(text: document, path: "bad.yaml") { _ in nil }
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "4:15: error: unknown key `styel` in `x-specsmith`; did you mean `style`?",
                "9:33: error: `by` must be `link`, `url`, `cursor`, `after`, `page` or `offset`, not `sideways`",
                "9:44: error: unknown key `namespce` in `x-specsmith`; did you mean `namespace`?",
                "11:79: error: `separator` must be a string, not an integer",
            ]
        )
    }

    /// An OpenAPI document's examples are samples: one that fits its answer is the stub's answer; one that
    /// does not is dropped, with a warning at its place, and the rest still generates.
    @Test func examplesAreSamplesWhenTheyFit() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Zoo, version: "1"}
            servers: [{url: "https://zoo.example.com"}]
            paths:
              /animals:
                get:
                  operationId: animals
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: "#/components/schemas/Animal"}}
                          example: [{name: Rex, legs: 4}]
              /animals/{name}:
                get:
                  operationId: animal
                  parameters: [{name: name, in: path, required: true, schema: {type: string}}]
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Animal"}
                          examples:
                            rex: {value: {name: Rex, legs: four}}
            components:
              schemas:
                Animal:
                  type: object
                  required: [name, legs]
                  properties: {name: {type: string}, legs: {type: integer}}
            """
        let output = Pipeline.generate(text: document, path: "zoo.yaml") { _ in nil }
        #expect(!output.hasErrors)
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "26:48: warning: the sample does not fit `Animal`: `legs` must be an integer, not a string `four`; the example is not the endpoint's sample"
            ]
        )
        let samples = try #require(output.files.first { $0.name == "Samples.swift" }?.contents)
        #expect(samples.contains("static var animals: Data {"))
        #expect(samples.contains(#"{"name":"Rex","legs":4}"#))
        #expect(!samples.contains("static var animal: "))
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return (-1, "cannot run \(arguments[0])") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
