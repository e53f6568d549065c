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
        (
            String(repeating: "[", count: 17) + "Int" + String(repeating: "]", count: 17),
            "9:31: error: a type can nest at most 16 levels deep"
        ),
        (
            String(repeating: "[String: ", count: 300) + "Int" + String(repeating: "]", count: 300),
            "9:159: error: a type can nest at most 16 levels deep"
        ),
    ])
    func reportsInvalidTypesWhereTheyAre(type: String, expected: String) {
        let output = TestSupport.generate(spec(type))
        #expect(TestSupport.lines(output.diagnostics) == [expected])
    }

    /// 60,000 brackets used to overflow the parser's stack; it stops at the limit instead.
    @Test func hugeNestingStopsAtTheLimit() {
        let output = TestSupport.generate(spec(String(repeating: "[", count: 60_000)))
        #expect(TestSupport.lines(output.diagnostics) == ["9:31: error: a type can nest at most 16 levels deep"])
    }
}
