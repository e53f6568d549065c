import Foundation
import Testing

@testable import SpecsmithCore

/// Conformance to real traffic: what real APIs send, fed to the clients generated from their descriptions,
/// through the decoding an app's call goes through (a transport answering the recorded status, headers and
/// body; see `PayloadDriver`).
///
/// `Fixtures/Payloads/<API>/` holds cuts of real descriptions (the operations and schemas a failure needed)
/// with the payloads that once failed, one class of failure each; every payload must decode. The whole
/// corpus (every example of GitHub's, Stripe's and OpenAI's descriptions and their owners' recorded traffic,
/// fetched and never committed) runs when `SPECSMITH_PAYLOAD_CORPUS` names its folder: see docs/OpenAPI.md.
@Suite struct PayloadConformanceTests {
    static let directory = TestSupport.fixtures.appendingPathComponent("Payloads")

    static var fixtureNames: [String] {
        let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        return (names ?? []).filter { name in
            var isFolder: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// Each cut's payloads decode through its generated client.
    @Test(arguments: fixtureNames)
    func recordedPayloadsDecode(fixture: String) async throws {
        let folder = Self.directory.appendingPathComponent(fixture)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let description = try #require(files.first { $0.hasPrefix("description.") })
        let configFile = folder.appendingPathComponent(Pipeline.configFileName)
        let config =
            try files.contains(Pipeline.configFileName)
            ? Pipeline.ConfigSource(text: String(contentsOf: configFile, encoding: .utf8), path: configFile.path) : nil
        let payloads = try RecordedPayload.lines(of: Data(contentsOf: folder.appendingPathComponent("payloads.jsonl")))
        try #require(!payloads.isEmpty)
        let results = try await Self.feed(
            payloads,
            description: folder.appendingPathComponent(description),
            config: config,
            module: "Payloads" + SwiftName.typeName(fixture)
        )
        for (payload, outcome) in zip(payloads, results) {
            #expect(
                outcome == "ok",
                "\(payload.method) \(payload.path) \(payload.status) (\(payload.source)): \(outcome)"
            )
        }
    }

    /// The whole corpus, when `SPECSMITH_PAYLOAD_CORPUS` names its folder (`descriptions/`, `payloads/`): each
    /// API's client, generated from its description filtered to the operations with payloads, is fed every
    /// payload; the outcomes are written to `results-<api>.txt` there and counted by cause.
    @Test(.enabled(if: corpus != nil), arguments: ["github", "stripe", "openai"])
    func theCorpusDecodes(api: String) async throws {
        let corpus = try #require(Self.corpus)
        let descriptions = [
            "github": "github-2022.json", "stripe": "stripe-spec3.json", "openai": "openai.yaml",
        ]
        let description = corpus.appendingPathComponent("descriptions/" + descriptions[api]!)
        var payloads: [RecordedPayload] = []
        var operationIDs = Set<String>()
        for kind in ["examples", "fixtures"] {
            let file = corpus.appendingPathComponent("payloads/\(api)-\(kind).jsonl")
            guard let data = try? Data(contentsOf: file) else { continue }
            payloads += try RecordedPayload.lines(of: data)
            for line in data.split(separator: UInt8(ascii: "\n")) {
                let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                if let id = object?["operationId"] as? String { operationIDs.insert(id) }
            }
        }
        var configText = "filter:\n  operations:\n"
        configText += operationIDs.sorted().map { "    - \(PayloadDriver.literal($0))\n" }.joined()
        let extra = corpus.appendingPathComponent("config-\(api).yaml")
        if let more = try? String(contentsOf: extra, encoding: .utf8) { configText += more }
        let outcomes = try await Self.feed(
            payloads,
            description: description,
            config: Pipeline.ConfigSource(text: configText, path: "corpus-config.yaml"),
            module: "Corpus" + SwiftName.typeName(api)
        )
        var report = ""
        var causes: [String: Int] = [:]
        for (payload, outcome) in zip(payloads, outcomes) {
            report += "\(outcome)\t\(payload.method) \(payload.path) \(payload.status)\t\(payload.source)\n"
            let cause = outcome == "ok" ? "ok" : String(outcome.prefix { $0 != ":" })
            causes[cause, default: 0] += 1
        }
        try Data(report.utf8).write(to: corpus.appendingPathComponent("results-\(api).txt"))
        let summary = causes.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }
        print("payload corpus, \(api): \(payloads.count) payloads\n  " + summary.joined(separator: "\n  "))
        #expect(causes["ok", default: 0] > 0)
    }

    /// The corpus folder `SPECSMITH_PAYLOAD_CORPUS` names, if any.
    static var corpus: URL? {
        ProcessInfo.processInfo.environment["SPECSMITH_PAYLOAD_CORPUS"].map { URL(fileURLWithPath: $0) }
    }

    /// Generates the client of `description` (with `config`), feeds it `payloads`, and returns each one's
    /// outcome: `ok`, or what failed; `no operation` for a payload of an operation the client lacks.
    static func feed(
        _ payloads: [RecordedPayload],
        description: URL,
        config: Pipeline.ConfigSource?,
        module: String
    ) async throws -> [String] {
        let text = try String(contentsOf: description, encoding: .utf8)
        let configSource = config
        let read = { (relative: String) in
            try? String(
                contentsOf: description.deletingLastPathComponent().appendingPathComponent(relative),
                encoding: .utf8
            )
        }
        let (resolved, diagnostics) = Pipeline.resolve(
            text: text,
            path: description.lastPathComponent,
            config: configSource,
            flavours: [.async],
            readFile: read
        )
        let api = try #require(resolved, "\(diagnostics.filter { $0.severity == .error })")
        let output = Pipeline.generate(
            text: text,
            path: description.lastPathComponent,
            config: configSource,
            overrides: Pipeline.Overrides(flavours: [.async]),
            readFile: read
        )
        try #require(!output.hasErrors)
        let driver = PayloadDriver(api: api)
        let (main, skipped) = driver.program(payloads)
        let lines = try await SwiftCompiler.run(output, main: main, module: module)
        var outcomes = Array(repeating: "no operation", count: payloads.count)
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let index = Int(parts[0]), outcomes.indices.contains(index) else { continue }
            outcomes[index] = parts[1]
        }
        for index in skipped {
            outcomes[index] =
                payloads[index].notFed ?? (driver.operation(for: payloads[index]) == nil ? "no operation" : "a stream")
        }
        return outcomes
    }
}
