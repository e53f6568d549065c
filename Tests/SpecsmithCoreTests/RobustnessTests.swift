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
}
