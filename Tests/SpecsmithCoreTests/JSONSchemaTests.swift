import Foundation
import Testing
import Yams

@testable import SpecsmithCore

/// `docs/specsmith.schema.json` is what editors complete with: every example spec must satisfy it, and its
/// keys must be exactly the keys the loader accepts.
@Suite struct JSONSchemaTests {
    /// Read afresh on each use: JSON objects are not `Sendable`.
    static var schema: [String: Any] {
        let url = TestSupport.packageRoot.appendingPathComponent("docs/specsmith.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// The example specs in the format (not the OpenAPI examples, which OpenAPI's own schema describes).
    static let specs =
        ((try? FileManager.default.contentsOfDirectory(
            atPath: TestSupport.packageRoot.appendingPathComponent("Specs").path
        )) ?? []).filter { $0.hasSuffix(".yaml") && !openAPIDocuments.contains($0) }.sorted()

    /// The examples that are OpenAPI documents.
    static let openAPIDocuments = [
        "Bookshelf.yaml", "OpenAIEvents.yaml", "QualityOnDemand.yaml", "SlackWeb.yaml", "DigitalOcean.yaml",
        "CallSites.yaml",
    ]

    func load(_ url: URL) throws -> Any {
        try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) ?? [:]
    }

    @Test(arguments: specs)
    func exampleSpecsSatisfyTheSchema(spec: String) throws {
        let value = try load(TestSupport.packageRoot.appendingPathComponent("Specs/\(spec)"))
        #expect(JSONSchemaValidator(root: Self.schema).errors(value) == [])
    }

    @Test(arguments: [
        ("04-unknown-top-level-key.yaml", "$: unknown key baseUrl"),
        ("10-bad-method.yaml", "$.endpoints.all.method: must be one of"),
        ("13-enum-with-no-values.yaml", "$.models.Region: matches 0 of the 3 allowed forms"),
        ("22-bad-style-and-access.yaml", "$.style: must be one of"),
    ])
    func structurallyBrokenSpecsFailTheSchema(file: String, expected: String) throws {
        let url = TestSupport.fixtures.appendingPathComponent("BadSpecs/\(file)")
        let errors = JSONSchemaValidator(root: Self.schema).errors(try load(url))
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    func keys(_ path: [String]) -> Set<String> {
        var node: Any = Self.schema
        for part in path {
            node = (node as? [String: Any])?[part] ?? [:]
        }
        return Set(((node as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
    }

    @Test func schemaKeysAreTheLoadersKeys() {
        #expect(keys([]) == Set(SpecKeys.top))
        #expect(keys(["definitions", "endpoint"]) == Set(SpecKeys.endpoint))
        let endpoint = (Self.schema["definitions"] as? [String: Any])?["endpoint"] as? [String: Any]
        let stream = (endpoint?["properties"] as? [String: Any])?["stream"] as? [String: Any]
        #expect(Set((stream?["properties"] as? [String: Any] ?? [:]).keys) == Set(SpecKeys.streamVariant))
        let pages = (endpoint?["properties"] as? [String: Any])?["pages"] as? [String: Any]
        #expect(Set((pages?["properties"] as? [String: Any] ?? [:]).keys) == Set(SpecKeys.pages))
        let events = ((Self.schema["definitions"] as? [String: Any])?["events"] as? [String: Any])?["oneOf"]
        let byName = ((events as? [[String: Any]])?.last?["additionalProperties"] as? [String: Any])?["oneOf"]
        let eventKeys = ((byName as? [[String: Any]])?.last?["properties"] as? [String: Any] ?? [:]).keys
        #expect(Set(eventKeys) == Set(SpecKeys.eventCase))
        #expect(keys(["definitions", "auth"]) == Set(SpecKeys.auth))
        let auth = (Self.schema["definitions"] as? [String: Any])?["auth"] as? [String: Any]
        let authProperties = auth?["properties"] as? [String: Any]
        let schemeForms =
            ((Self.schema["definitions"] as? [String: Any])?["authScheme"] as? [String: Any])?["oneOf"]
            as? [[String: Any]]
        #expect(Set((schemeForms?.last?["properties"] as? [String: Any] ?? [:]).keys) == Set(SpecKeys.scheme))
        let scope = (authProperties?["scopes"] as? [String: Any])?["additionalProperties"] as? [String: Any]
        #expect(Set((scope?["properties"] as? [String: Any] ?? [:]).keys) == Set(SpecKeys.scope))
        let modelForms = (Self.schema["definitions"] as? [String: Any])?["model"] as? [String: Any]
        let forms = (modelForms?["oneOf"] as? [[String: Any]]) ?? []
        let formKeys = forms.map { Set(($0["properties"] as? [String: Any] ?? [:]).keys) }
        #expect(formKeys == [Set(SpecKeys.objectModel), Set(SpecKeys.enumModel), Set(SpecKeys.unionModel)])
        let property = ((Self.schema["definitions"] as? [String: Any])?["property"] as? [String: Any])?["oneOf"]
        let propertyKeys = ((property as? [[String: Any]])?.last?["properties"] as? [String: Any] ?? [:]).keys
        #expect(Set(propertyKeys) == Set(SpecKeys.property))
        let parameter = ((Self.schema["definitions"] as? [String: Any])?["parameter"] as? [String: Any])?["oneOf"]
        let parameterKeys = ((parameter as? [[String: Any]])?.last?["properties"] as? [String: Any] ?? [:]).keys
        #expect(Set(parameterKeys) == Set(SpecKeys.parameter))
        let query = ((Self.schema["definitions"] as? [String: Any])?["queryParameter"] as? [String: Any])?["oneOf"]
        let queryKeys = ((query as? [[String: Any]])?.last?["properties"] as? [String: Any] ?? [:]).keys
        #expect(Set(queryKeys) == Set(SpecKeys.queryParameter))
        for (definition, expected) in [
            ("answerBody", SpecKeys.answerBody), ("answer", SpecKeys.answer),
            ("responseHeader", SpecKeys.responseHeader),
        ] {
            let forms = ((Self.schema["definitions"] as? [String: Any])?[definition] as? [String: Any])?["oneOf"]
            let keys = ((forms as? [[String: Any]])?.last?["properties"] as? [String: Any] ?? [:]).keys
            #expect(Set(keys) == Set(expected), "definitions.\(definition)")
        }
    }
}
