import Foundation
import SpecsmithCore
import Testing

/// Golden snippets: a spec fragment in `Fixtures/Snippets/NAME.yaml` and the Swift it must generate in
/// `NAME.swift.golden` (not `.swift`, so formatters leave it alone). A mismatch prints a unified diff; `SPECSMITH_RECORD=1 swift test` rewrites the goldens.
///
/// A fragment gets `name: Snippet` and a base URL unless it has its own, and compares the files its
/// `# files:` line names (all files when it names none).
@Suite struct SnippetTests {
    static let directory = TestSupport.fixtures.appendingPathComponent("Snippets")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()

    @Test func thereAreSnippets() {
        #expect(Self.names.count >= 6)
    }

    @Test(arguments: names)
    func generatesTheExpectedSwift(name: String) throws {
        let fragment = try String(contentsOf: Self.directory.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        let hasBaseURL = fragment.split(separator: "\n").contains { $0.hasPrefix("baseURL:") }
        let spec = "name: Snippet\n" + (hasBaseURL ? "" : "baseURL: https://api.example.com/v1\n") + fragment
        let output = TestSupport.generate(spec, path: "\(name).yaml")
        #expect(output.diagnostics.isEmpty, "\(TestSupport.lines(output.diagnostics))")
        let wanted = fragment.split(separator: "\n").first { $0.hasPrefix("# files:") }.map {
            $0.dropFirst("# files:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let actual = output.files.filter { wanted?.contains($0.name) ?? true }
            .map { "// ===== \($0.name) =====\n\($0.contents)" }.joined(separator: "\n")
        let goldenURL = Self.directory.appendingPathComponent("\(name).swift.golden")
        if TestSupport.isRecording {
            try actual.write(to: goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(
            actual == expected,
            "\(name).swift.golden differs:\n\(TestSupport.diff(expected: expected, actual: actual))"
        )
    }
}
