import Foundation
import SpecsmithCore
import Testing

/// Every broken spec in `Fixtures/BadSpecs` lists, in trailing `# expect:` comments, exactly the diagnostics
/// it must produce — all of them, at once, with line and column.
@Suite struct BadSpecCorpusTests {
    static let directory = TestSupport.fixtures.appendingPathComponent("BadSpecs")
    static let files =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    @Test func corpusHasAtLeastTwentySpecs() {
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: files)
    func reportsExactlyTheExpectedDiagnostics(file: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let expected = text.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }
            .map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "\(file) lists no expectations")
        let output = TestSupport.generate(text, path: file, directory: Self.directory)
        // Diagnostics in other files (sample files) name them.
        let lines = zip(output.diagnostics, TestSupport.lines(output.diagnostics)).map { diagnostic, line in
            diagnostic.location.file == file ? line : "\(diagnostic.location.file):\(line)"
        }
        #expect(lines == expected)
        #expect(output.files.isEmpty, "a spec with errors generates nothing")
    }
}
