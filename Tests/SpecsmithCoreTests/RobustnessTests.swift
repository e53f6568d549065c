import Foundation
import SpecsmithCore
import Testing

/// The generator never crashes: seeded random damage to real specs must end in diagnostics or files.
@Suite struct RobustnessTests {
    static let pieces = [
        ":", "-", "[", "]", "{", "}", "\"", "'", "?", "\t", "\n", "  ", "{x}", "&a", "*a", "#", "\u{0}", "é", "Void",
        "[String: ", "default: ",
    ]

    @Test(arguments: PipelineTests.specs)
    func damagedSpecsNeverCrashTheGenerator(spec: String) throws {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Specs/\(spec)"),
            encoding: .utf8
        )
        var random = SeededGenerator(state: 2026)
        var outcomes = (errors: 0, generated: 0)
        for _ in 0..<300 {
            var characters = Array(text)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.remove(at: index)
                case 1: characters.insert(contentsOf: Self.pieces.randomElement(using: &random)!, at: index)
                default: characters[index] = Self.pieces.randomElement(using: &random)!.first ?? " "
                }
            }
            let output = TestSupport.generate(
                String(characters),
                path: spec,
                directory: TestSupport.packageRoot.appendingPathComponent("Specs")
            )
            if output.hasErrors {
                outcomes.errors += 1
                #expect(output.files.isEmpty)
                #expect(output.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
            } else {
                outcomes.generated += 1
            }
        }
        #expect(outcomes.errors > 0 && outcomes.generated > 0, "\(outcomes)")
    }

    /// Long chains of models, each leading to the next, end in files or diagnostics, never in an exhausted
    /// stack: structs with required properties, unions of unions with a sample (checked as deep as
    /// `SampleChecker.maximumDepth`, then taken as they are), `includes` (an error past 64 levels) and an
    /// OpenAPI `allOf` chain (the same error). Each once overflowed the stack, at 2,000 to 15,000 models.
    @Test func longChainsOfModelsAreNotCrashes() {
        let count = 4_000
        var spec = "name: R\nbaseURL: https://example.com\nmodels:\n"
        for index in 0..<count {
            spec += "  M\(index): {properties: {next: M\(index + 1)}}\n"
            spec += "  U\(index): {oneOf: [U\(index + 1), \"[Int]\"]}\n"
        }
        spec += "  M\(count): {properties: {value: Int}}\n  U\(count): {oneOf: [Int, String]}\n"
        spec += "endpoints:\n  union: {method: GET, path: /u, response: U0, sample: 1}\n"
        spec += "  struct: {method: GET, path: /m, response: M0}\n"
        let chains = TestSupport.generate(spec)
        #expect(!chains.hasErrors, "\(chains.diagnostics.prefix(3))")
        #expect(chains.files.map(\.contents).joined().contains("case u1(U1)"))

        var included = "name: R\nbaseURL: https://example.com\nmodels:\n"
        for index in 0..<count {
            included += "  I\(index): {includes: [I\(index + 1)], properties: {p\(index): Int?}}\n"
        }
        included += "  I\(count): {properties: {value: Int}}\n"
        included += "endpoints:\n  get: {method: GET, path: /i, response: I0}\n"
        let includes = TestSupport.generate(included)
        #expect(
            TestSupport.lines(includes.diagnostics).first
                == "67:20: error: `includes` nest deeper than 64 levels here (from `I0`); include the properties' model directly"
        )

        var schemas: [String] = []
        for index in 0..<count {
            schemas.append(
                "\"S\(index)\": {\"allOf\": [{\"$ref\": \"#/components/schemas/S\(index + 1)\"}, {\"type\": \"object\", \"properties\": {\"p\(index)\": {\"type\": \"integer\"}}}]}"
            )
        }
        schemas.append("\"S\(count)\": {\"type\": \"object\", \"properties\": {\"v\": {\"type\": \"string\"}}}")
        let document = """
            {"openapi": "3.0.0", "info": {"title": "X", "version": "1"}, "servers": [{"url": "https://x.example"}],
            "paths": {"/m": {"get": {"operationId": "m", "responses": {"200": {"description": "ok", "content":
            {"application/json": {"schema": {"$ref": "#/components/schemas/S0"}}}}}}}},
            "components": {"schemas": {\(schemas.joined(separator: ",\n"))}}}
            """
        let allOf = TestSupport.generate(document, path: "chain.json")
        #expect(allOf.diagnostics.contains { $0.message.hasPrefix("`includes` nest deeper than 64 levels here") })
    }
}
