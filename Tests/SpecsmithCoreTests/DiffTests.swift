import Foundation
import Testing

@testable import SpecsmithCore

/// `specsmith diff`: a corpus of spec pairs with the expected classification of their changes, and the
/// diffs that must find nothing.
@Suite struct DiffTests {
    static let corpus = TestSupport.fixtures.appendingPathComponent("Diff")

    static var pairs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    static func resolve(_ url: URL) throws -> API {
        let (api, diagnostics) = try Pipeline.resolve(specAt: url.path)
        return try #require(api, "\(diagnostics)")
    }

    /// Each pair's report is its `expected.txt` (recorded with `SPECSMITH_RECORD=1`).
    @Test(arguments: pairs)
    func pairsAreClassifiedAsExpected(pair: String) throws {
        let folder = Self.corpus.appendingPathComponent(pair)
        let diff = SpecDiff(
            old: try Self.resolve(folder.appendingPathComponent("old.yaml")),
            new: try Self.resolve(folder.appendingPathComponent("new.yaml"))
        )
        let expectedURL = folder.appendingPathComponent("expected.txt")
        if TestSupport.isRecording {
            try diff.text.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(diff.text == expected, "\(TestSupport.diff(expected: expected, actual: diff.text))")
        #expect(!diff.changes.isEmpty)
    }

    @Test func theCorpusCoversEveryKind() {
        #expect(Self.pairs.count >= 8)
    }

    /// A spec against itself, and against the OpenAPI document it exports (either input kind): no change.
    @Test(arguments: ExportTests.examples)
    func aSpecAndItsExportedDocumentDoNotDiffer(name: String) throws {
        let spec = try Self.resolve(TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml"))
        #expect(SpecDiff(old: spec, new: spec).changes.isEmpty)
        let document = OpenAPIExporter.export(spec).text
        let (exported, diagnostics) = Pipeline.resolve(text: document, path: "\(name).openapi.yaml") { _ in nil }
        let api = try #require(exported, "\(diagnostics)")
        let diff = SpecDiff(old: spec, new: api)
        #expect(diff.changes.isEmpty, "\(diff.text)")
    }

    @Test func theJSONReportCountsWhatTheTextSays() throws {
        let folder = Self.corpus.appendingPathComponent("received")
        let diff = SpecDiff(
            old: try Self.resolve(folder.appendingPathComponent("old.yaml")),
            new: try Self.resolve(folder.appendingPathComponent("new.yaml"))
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(
            summary == [
                "swift": diff.swiftBreaking.count, "wire": diff.wireBreaking.count, "additive": diff.additive.count,
            ]
        )
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == diff.changes.count)
        let removed = changes.first { $0["subject"] as? String == "property `Animal.weight`" }
        #expect(removed?["breaks"] as? [String] == ["swift", "wire"])
        #expect(
            diff.text.hasPrefix(
                "\(summary["swift"]!) breaking for Swift callers, \(summary["wire"]!) breaking on the wire"
            )
        )
    }
}
