import Foundation
import SpecsmithCore
import Testing

@Suite struct OutputWriterTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-out-\(UUID())")

    func file(_ name: String, _ body: String) -> GeneratedFile {
        GeneratedFile(name: name, contents: "\(OutputWriter.headerPrefix)x.yaml. Do not edit.\n\(body)\n")
    }

    @Test func writesOnlyWhatChangedAndRemovesOnlyStaleGeneratedFiles() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = OutputWriter(directory: directory)
        #expect(
            try writer.write([file("A.swift", "a"), file("B.swift", "b")]) == [.create("A.swift"), .create("B.swift")]
        )

        let handWritten = directory.appendingPathComponent("Extensions.swift")
        try "// mine\n".write(to: handWritten, atomically: true, encoding: .utf8)
        let aURL = directory.appendingPathComponent("A.swift")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 0)],
            ofItemAtPath: aURL.path
        )

        let changes = try writer.write([file("A.swift", "a"), file("C.swift", "c")])
        #expect(changes == [.create("C.swift"), .remove("B.swift")])
        let modified = try FileManager.default.attributesOfItem(atPath: aURL.path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 0), "an unchanged file is not rewritten")
        #expect(FileManager.default.fileExists(atPath: handWritten.path), "files specsmith did not write stay")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("B.swift").path))
        #expect(try writer.plan([file("A.swift", "a"), file("C.swift", "c")]).isEmpty)
        #expect(try writer.plan([file("A.swift", "a2"), file("C.swift", "c")]) == [.update("A.swift")])
    }
}
