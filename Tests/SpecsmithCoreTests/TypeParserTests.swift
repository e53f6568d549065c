import SpecsmithCore
import Testing

/// Types are checked through the pipeline, the way users meet them.
@Suite struct TypeResolutionTests {
    func spec(_ type: String) -> String {
        """
        name: T
        baseURL: https://example.com
        models:
          Item:
            properties:
              id: Int
          Holder:
            properties:
              value: "\(type)"
        """
    }

    @Test(arguments: [
        "String", "[Int]", "[String: [Item]]", "Item?", "[Item?]", "[ String : Double ]?", "Date", "UUID",
    ])
    func acceptsValidTypes(type: String) {
        let output = TestSupport.generate(spec(type))
        #expect(output.diagnostics.isEmpty, "\(TestSupport.lines(output.diagnostics))")
        #expect(!output.files.isEmpty)
    }

    @Test(arguments: [
        ("[Int", "9:19: error: expected `]` in type `[Int`"),
        ("Itme", "9:15: error: unknown type `Itme`; did you mean `Item`?"),
        ("[String: Itme]", "9:24: error: unknown type `Itme`; did you mean `Item`?"),
        ("Int??", "9:19: error: a type can be optional only once"),
        ("", "9:15: error: expected a type name, found the end"),
    ])
    func reportsInvalidTypesWhereTheyAre(type: String, expected: String) {
        let output = TestSupport.generate(spec(type))
        #expect(TestSupport.lines(output.diagnostics) == [expected])
    }
}
