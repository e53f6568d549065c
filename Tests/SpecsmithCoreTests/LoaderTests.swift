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

    /// The loader types plain scalars itself (Yams' regular-expression resolver was too slow for large specs);
    /// these are the spellings of YAML 1.1's core schema that Yams' default resolver accepts.
    @Test(arguments: [
        ("yes", "true"), ("On", "true"), ("TRUE", "true"), ("no", "false"), ("Off", "false"), ("FALSE", "false"),
        ("~", "null"), ("Null", "null"), ("''", #""""#), ("'yes'", #""yes""#), ("\"404\"", #""404""#),
        ("404", "404"), ("-17", "-17"), ("0x1F", "31"), ("0o17", "15"), ("1_000", "1000"), ("+3", "3"),
        ("1.5", "1.5"), ("-2.5e3", "-2500.0"), (".5", "0.5"), ("Team0", #""Team0""#), ("yesterday", #""yesterday""#),
        ("2024-05-01", #""2024-05-01""#), ("1.2.3", #""1.2.3""#), ("-dash", #""-dash""#), ("<<", #""<<""#),
    ])
    func plainScalarsAreTypedLikeYamsDefaultResolver(written: String, json: String) throws {
        var diagnostics = Diagnostics()
        let value = try #require(YAMLReader.read("key: \(written)", file: "v.yaml", diagnostics: &diagnostics))
        #expect(value.jsonText == "{\"key\":\(json)}")
        #expect(!diagnostics.hasErrors)
    }

    @Test func anEmptyValueIsNull() throws {
        var diagnostics = Diagnostics()
        let value = try #require(YAMLReader.read("key:\nother: 1", file: "v.yaml", diagnostics: &diagnostics))
        #expect(value.jsonText == #"{"key":null,"other":1}"#)
    }
}
