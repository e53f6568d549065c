import Foundation
import Testing

@testable import SpecsmithCore

/// `hashable: false` (issue 60): a big client builds about a fifth faster without `Hashable` models. The option
/// drops the conformance from every generated value type but enumerations, wherever it is said (the spec, the
/// config, an OpenAPI document's `x-specsmith`), and travels through `import` and `export`. That what it
/// generates compiles, as a client and as a server, is `Fixtures/Compiles/hashable-false.yaml`'s.
@Suite struct HashableOptionTests {
    static let spec = """
        name: Plain
        baseURL: https://example.com
        flavours: [webhooks]
        errors:
          4XX: Problem
        models:
          Problem:
            properties:
              message: String
          Code:
            enum: [missing, invalid]
          Pet:
            properties:
              name: String
              code: Code?
          PetOrName:
            oneOf: [String, Pet]
        endpoints:
          pet:
            method: GET
            path: /pets/{id}
            pathParameters:
              id: Int
            responses:
              200: Pet
              201: {type: PetOrName, name: other}
            responseHeaders:
              X-Total: Int?
          watch:
            method: GET
            path: /watch
            response:
              events:
                added: Pet
        webhooks:
          events:
            petAdded: Pet

        """

    /// The declarations of `swift` that conform to `Hashable`: `Name: …` of each type whose inheritance clause
    /// names it.
    static func hashableTypes(_ swift: String) -> [String] {
        swift.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^(?:public )?(?:indirect )?(?:struct|enum) (\w+): ([^{]*)/),
                match.output.2.contains("Hashable")
            else { return nil }
            return String(match.output.1)
        }
    }

    static func generate(_ text: String, config: String? = nil) -> Pipeline.Output {
        Pipeline.generate(
            text: text,
            path: "plain.yaml",
            config: config.map { Pipeline.ConfigSource(text: $0, path: "specsmith-config.yaml") }
        ) { _ in nil }
    }

    @Test func everyValueTypeButEnumerationsIsHashableUnlessTheSpecSaysNot() throws {
        let hashable = Self.generate(Self.spec)
        #expect(!hashable.hasErrors, "\(hashable.diagnostics)")
        // By default: the models, the union, the answers, the response headers, the errors, the events.
        let all = Self.hashableTypes(hashable.files.map(\.contents).joined(separator: "\n"))
        for name in [
            "Problem", "Code", "Pet", "PetOrName", "PetAnswer", "PetResponseHeaders", "WatchEvent", "PlainWebhookEvent",
        ] {
            #expect(all.contains(name), "\(name) in \(all)")
        }
        let plain = Self.generate(Self.spec.replacingOccurrences(of: "flavours:", with: "hashable: false\nflavours:"))
        #expect(!plain.hasErrors, "\(plain.diagnostics)")
        #expect(Self.hashableTypes(plain.files.map(\.contents).joined(separator: "\n")) == ["Code"])
    }

    @Test func theConfigSaysItForASpecOrADocument() throws {
        let plain = Self.generate(Self.spec, config: "hashable: false\n")
        #expect(Self.hashableTypes(plain.files.map(\.contents).joined(separator: "\n")) == ["Code"])
        // The config's `true` wins over the spec's `false`.
        let spec = Self.spec.replacingOccurrences(of: "flavours:", with: "hashable: false\nflavours:")
        let hashable = Self.generate(spec, config: "hashable: true\n")
        #expect(Self.hashableTypes(hashable.files.map(\.contents).joined(separator: "\n")).contains("Pet"))
        // Anything but a flag is an error at its place, and nothing is generated.
        let wrong = Self.generate(Self.spec, config: "style: both\nhashable: no-thanks\n")
        #expect(wrong.files.isEmpty)
        #expect(
            wrong.diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)" }
                .contains { $0.hasPrefix("specsmith-config.yaml:2:11: ") && $0.contains("`hashable`") },
            "\(wrong.diagnostics)"
        )
    }

    @Test func exportAndImportCarryIt() throws {
        let spec = Self.spec.replacingOccurrences(of: "flavours:", with: "hashable: false\nflavours:")
        let (resolved, diagnostics) = Pipeline.resolve(text: spec, path: "plain.yaml") { _ in nil }
        let api = try #require(resolved, "\(diagnostics)")
        #expect(!api.hashable)
        let document = OpenAPIExporter.export(api).text
        #expect(document.contains("hashable: false"), "\(document)")
        let again = Pipeline.generate(text: document, path: "plain.openapi.yaml") { _ in nil }
        #expect(!again.hasErrors, "\(again.diagnostics)")
        #expect(Self.hashableTypes(again.files.map(\.contents).joined(separator: "\n")) == ["Code"])
        let (imported, notes) = Importer.importOpenAPI(text: document, path: "plain.openapi.yaml")
        let written = try #require(imported, "\(notes)")
        #expect(written.contains("hashable: false\n"), "\(written)")
        #expect(Self.hashableTypes(Self.generate(written).files.map(\.contents).joined(separator: "\n")) == ["Code"])
    }
}
