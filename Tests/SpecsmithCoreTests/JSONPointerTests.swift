import Testing

@testable import SpecsmithCore

/// A diagnostic in a minified JSON document (`openapi.json:1:160002`) names the JSON pointer of its place too
/// (issue 58).
@Suite struct JSONPointerTests {
    /// A document on one line, long enough to be minified, with a reference to no schema deep inside.
    static let minified: String = {
        let pad = String(repeating: "x", count: 1_200)
        return ##"{"openapi":"3.1.0","info":{"title":"Vars","version":"1"},"servers":[{"url":"https://v.example"}],"##
            + ##""paths":{"/v":{"post":{"operationId":"createVariable","requestBody":{"content":{"application/json":"##
            + ##"{"schema":{"$ref":"#/components/schemas/VariableCreate"}}}},"responses":{"200":{"description":"OK"}}}}},"##
            + ##""components":{"schemas":{"Pad":{"type":"object","description":"\##(pad)","##
            + ##""properties":{"a":{"type":"string"}}},"VariableCreate":{"type":"object","properties":{"value":"##
            + ##"{"$ref":"#/components/schemas/Missing"},"name":{"type":"string"}}}}}}"##
    }()

    @Test func aDiagnosticInAMinifiedDocumentNamesItsPointer() {
        let output = Pipeline.generate(text: Self.minified, path: "openapi.json") { _ in nil }
        let error = output.diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == 1)
        #expect(
            error?.message.hasSuffix("(at #/components/schemas/VariableCreate/properties/value/$ref)") == true,
            "\(output.diagnostics)"
        )
    }

    /// Keys, values and array items, with `~` and `/` escaped as RFC 6901 says; a short line gets none.
    @Test func pointersNameKeysValuesAndItems() {
        let text = #"{"a/b": {"list": [1, {"k~": true}]}, "c": "x\"y"}"# + String(repeating: " ", count: 1_001)
        func column(of needle: String) -> Int {
            text.distance(from: text.startIndex, to: text.range(of: needle)!.lowerBound) + 1
        }
        let places = [
            (line: 1, column: column(of: #""a/b""#)), (line: 1, column: column(of: #"{"k~""#)),
            (line: 1, column: column(of: "true")), (line: 1, column: column(of: #""c""#)),
        ]
        #expect(
            JSONPointers.pointers(at: places, in: text) == ["#/a~1b", "#/a~1b/list/1", "#/a~1b/list/1/k~0", "#/c"]
        )
        #expect(JSONPointers.pointers(at: [(1, 2)], in: #"{"a": 1}"#) == [nil])
    }
}
