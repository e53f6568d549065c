import Foundation
import SpecsmithCore
import Testing

/// Files and helpers the core tests share.
enum TestSupport {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The test fixtures folder.
    static let fixtures = packageRoot.appendingPathComponent("Tests/SpecsmithCoreTests/Fixtures")

    /// Runs the pipeline on spec text, reading sample files from `directory`.
    static func generate(_ text: String, path: String = "spec.yaml", directory: URL? = nil) -> Pipeline.Output {
        Pipeline.generate(text: text, path: path) { relative in
            guard let directory else { return nil }
            return try? String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
        }
    }

    /// Diagnostics as `line:column: severity: message` lines.
    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.description.split(separator: ": ", maxSplits: 1)[1])"
        }
    }

    /// A unified diff of two texts, for readable golden-test failures.
    static func diff(expected: String, actual: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-diff-\(UUID())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let expectedURL = directory.appendingPathComponent("expected.swift")
        let actualURL = directory.appendingPathComponent("actual.swift")
        try? expected.write(to: expectedURL, atomically: true, encoding: .utf8)
        try? actual.write(to: actualURL, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-u", expectedURL.path, actualURL.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "(no diff tool; texts differ)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether golden files should be rewritten instead of compared (`SPECSMITH_RECORD=1 swift test`).
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["SPECSMITH_RECORD"] == "1"
    }
}
