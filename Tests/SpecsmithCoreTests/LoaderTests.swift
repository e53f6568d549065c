import Testing

@testable import SpecsmithCore

/// The load stage on its own: what it keeps of a spec, and where.
@Suite struct LoaderTests {
    @Test func keepsValuesWithTheirLocations() throws {
        let text = """
            name: Countries
            baseURL: "https://example.com"
            models:
              Country:
                properties:
                  name: String
                  area: {type: Double?, default: null}
            endpoints:
              all:
                method: GET
                path: /all
                sample: [{name: Germany}]
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecLoader.load(text, file: "c.yaml", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(spec.name?.value == "Countries")
        #expect(spec.baseURL?.location == SourceLocation(file: "c.yaml", line: 2, column: 11))
        let model = try #require(spec.models.first)
        #expect(model.name.location == SourceLocation(file: "c.yaml", line: 4, column: 3))
        guard case .object(let fields) = model.shape else {
            Issue.record("expected a struct")
            return
        }
        #expect(fields.map(\.key.value) == ["name", "area"])
        #expect(fields[1].type?.value == "Double?")
        #expect(fields[1].type?.location == SourceLocation(file: "c.yaml", line: 7, column: 20))
        let endpoint = try #require(spec.endpoints.first)
        #expect(endpoint.method?.value == "GET")
        guard case .inline(let json, _) = endpoint.sample else {
            Issue.record("expected an inline sample")
            return
        }
        #expect(json == #"[{"name":"Germany"}]"#)
    }

    @Test func scalarsAreTypedByYAMLsCoreSchema() throws {
        var diagnostics = Diagnostics()
        let value = try #require(
            YAMLReader.read("[1, 2.5, true, null, \"1\", text]", file: "v.yaml", diagnostics: &diagnostics)
        )
        #expect(value.jsonText == #"[1,2.5,true,null,"1","text"]"#)
    }
}
