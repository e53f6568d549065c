import Foundation
import Testing

@testable import SpecsmithCore

/// Export under any input: seeded specs whose names are drawn from the classes that broke generated code
/// (keywords, reserved names, digits, punctuation, Unicode, control characters) export to documents that read
/// back without an error and generate the same Swift as the spec.
@Suite struct ExportPropertyTests {
    static let seeds: [UInt64] = Array(1...12)

    @Test(arguments: seeds)
    func randomSpecsExportAndReadBackTheSame(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var spec = RandomSpec.draw(units: 48, using: &random)
        let overrides = Pipeline.Overrides(style: .both, flavours: [.async, .combine])
        let (direct, _) = spec.generateDroppingRefusedUnits(overrides: overrides)
        try #require(!direct.hasErrors, "\(direct.diagnostics)")
        let (resolved, _) = Pipeline.resolve(text: spec.text.text, path: "random.yaml") { _ in nil }
        let api = try #require(resolved)
        for json in [false, true] {
            let document = OpenAPIExporter.export(api, json: json).text
            let again = Pipeline.generate(text: document, path: "random.openapi.yaml", overrides: overrides) { _ in nil
            }
            #expect(!again.hasErrors, "seed \(seed): \(again.diagnostics.filter { $0.severity == .error }.prefix(5))")
            guard !again.hasErrors else { continue }
            #expect(direct.files.map(\.name) == again.files.map(\.name), "seed \(seed)")
            for (expected, actual) in zip(direct.files, again.files) {
                let left = Array(expected.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst())
                let right = Array(actual.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst())
                guard left != right else { continue }
                let first =
                    zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(left.count, right.count)
                let around = { (lines: [Substring]) in
                    lines[max(0, first - 2)..<min(lines.count, first + 3)].joined(separator: "\n")
                }
                Issue.record(
                    "seed \(seed) \(expected.name) line \(first + 2):\n--- spec\n\(around(left))\n--- document\n\(around(right))"
                )
            }
            let (reread, _) = Pipeline.resolve(text: document, path: "random.openapi.yaml") { _ in nil }
            if let reread { #expect(SpecDiff(old: api, new: reread).changes.isEmpty, "seed \(seed)") }
        }
    }
}
