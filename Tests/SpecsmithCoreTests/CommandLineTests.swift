import Foundation
import Testing

@testable import SpecsmithCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `specsmith` executable as users run it: exit codes, messages, and what it writes.
@Suite struct CommandLineTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static var executable: URL? {
        let build = TestSupport.packageRoot.appendingPathComponent(".build")
        let candidates =
            ["debug/specsmith"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? [])
            .map { "\($0)/debug/specsmith" }
        return candidates.map { build.appendingPathComponent($0) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func run(_ arguments: [String], in folder: URL? = nil, input: String? = nil) throws -> Run {
        let executable = try #require(Self.executable, "build the specsmith executable first (swift build)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let standardInput = Pipe()
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
        try standardInput.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self)
        )
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-cli-\(UUID())")

    func write(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func generateWritesReportsAndChecks() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "Ping.yaml",
            "name: Ping\nbaseURL: https://example.com\nendpoints:\n  ping: {method: GET, path: /ping}\n"
        )
        let out = directory.appendingPathComponent("Out").path

        let first = try run(["generate", spec, "--output", out])
        #expect(first.status == 0)
        #expect(first.output.contains("Wrote \(out)/Client.swift"))
        #expect(try run(["generate", spec, "--output", out, "--check"]).status == 0)

        _ = try write(
            "Ping.yaml",
            "name: Ping\nbaseURL: https://example.com/v2\nendpoints:\n  ping: {method: GET, path: /ping}\n"
        )
        let stale = try run(["generate", spec, "--output", out, "--check"])
        #expect(stale.status == 1)
        #expect(stale.output.contains("would update \(out)/Client.swift"))
    }

    @Test func exportWritesAnOpenAPIDocumentOrNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "Ping.yaml",
            "name: Ping\nbaseURL: https://example.com\nendpoints:\n  ping: {method: GET, path: /ping}\n"
        )
        let yaml = directory.appendingPathComponent("ping.openapi.yaml").path
        let written = try run(["export", "openapi", spec, "--output", yaml])
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output == "Wrote \(yaml)\n")
        let text = try String(contentsOfFile: yaml, encoding: .utf8)
        #expect(text.hasPrefix("openapi: \"3.1.0\"\ninfo:\n  title: Ping\n"))
        #expect(text.contains("operationId: ping"))

        let standardOutput = try run(["export", "openapi", spec, "--output", "-"])
        #expect(standardOutput.output == text)

        let broken = try write("Broken.yaml", "name: Broken\nendpoints:\n  ping: {method: GET}\n")
        let refused = directory.appendingPathComponent("broken.openapi.yaml").path
        let failed = try run(["export", "openapi", broken, "--output", refused])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("Broken.yaml:1:1: error: the spec needs a `baseURL`"), "\(failed.errors)")
        #expect(!FileManager.default.fileExists(atPath: refused))
    }

    @Test func diffReportsAndFailsOnWhatItIsAskedTo() throws {
        let pair = TestSupport.fixtures.appendingPathComponent("Diff/sent")
        let old = pair.appendingPathComponent("old.yaml").path
        let new = pair.appendingPathComponent("new.yaml").path
        let text = try run(["diff", old, new])
        #expect(text.status == 0)
        #expect(text.output == (try String(contentsOf: pair.appendingPathComponent("expected.txt"), encoding: .utf8)))
        let json = try run(["diff", old, new, "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["summary"] != nil)
        #expect(try run(["diff", old, new, "--fail-on", "wire"]).status == 1)
        #expect(try run(["diff", old, new, "--fail-on", "swift", "wire"]).status == 1)
        #expect(try run(["diff", old, old, "--fail-on", "swift", "wire"]).status == 0)
        // Additive changes only: nothing to fail on.
        let additive = try run(["diff", old, old, "--fail-on", "swift"])
        #expect(additive.output == "0 breaking for Swift callers, 0 breaking on the wire, 0 additive\n")
        let missing = try run(["diff", old, pair.appendingPathComponent("nothing.yaml").path])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("cannot read"))
    }

    /// `specsmith mock` runs `specsmith-mock` from beside it: the server says where it listens, and answers.
    @Test func mockRunsTheMockServerBesideIt() async throws {
        let executable = try #require(Self.executable, "build the specsmith executable first (swift build)")
        let mock = executable.deletingLastPathComponent().appendingPathComponent("specsmith-mock")
        try #require(
            FileManager.default.isExecutableFile(atPath: mock.path),
            "build specsmith-mock first (swift build)"
        )
        let process = Process()
        process.executableURL = executable
        let spec = TestSupport.packageRoot.appendingPathComponent("Specs/Countries.yaml").path
        process.arguments = ["mock", spec, "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // `specsmith mock` became the server (exec): stopping it stops the server.
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // The first line names the address; read it without waiting for the end of the output.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let line = String(decoding: first, as: UTF8.self)
        #expect(line.hasPrefix("Mock of Countries (4 endpoints) on http://127.0.0.1:"), "\(line)")
        let address = try #require(
            line.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        )
        let (data, response) = try await URLSession.shared.data(from: URL(string: address + "/name/Germany")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("Deutschland"))
    }

    @Test func theBuildPluginsInvocationWritesEveryFileAndItsDependencies() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "ping.specsmith.yaml",
            "name: Ping\nbaseURL: https://example.com\nendpoints:\n"
                + "  ping: {method: GET, path: /ping, response: Pong, sampleFile: Samples/pong.json}\n"
                + "models:\n  Pong: {properties: {ok: Bool}}\n"
        )
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Samples"),
            withIntermediateDirectories: true
        )
        _ = try write("Samples/pong.json", "{\"ok\": true}\n")
        let config = try write("specsmith-config.yaml", "style: resources\n")
        let out = directory.appendingPathComponent("work/ping")
        let dependencies = out.appendingPathComponent("ping.inputs")
        let arguments = [
            "generate", spec, "--output", out.path, "--prefix", "ping", "--every-file", "--dependency-file",
            dependencies.path,
        ]

        let first = try run(arguments)
        #expect(first.status == 0, "\(first.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (Translator.fileNames.map { "ping.\($0)" } + ["ping.inputs"]).sorted())
        #expect(names.count == 43 && names.contains("ping.Client8.swift") && names.contains("ping.Models8.swift"))
        // The config next to the spec applies without --config: resources only, so Endpoints.swift is empty.
        let endpoints = try String(contentsOf: out.appendingPathComponent("ping.Endpoints.swift"), encoding: .utf8)
        #expect(!endpoints.contains("enum PingAPI"))
        #expect(
            try String(contentsOf: dependencies, encoding: .utf8)
                == [spec, config, directory.appendingPathComponent("Samples/pong.json").path].map { $0 + "\n" }.joined()
        )

        let second = try run(arguments)
        #expect(second.output.contains("(0 changed, 42 unchanged)"))

        let explicit = try write("other-config.yaml", "style: endpoints\n")
        #expect(
            try run(arguments + ["--config", explicit]).output.contains("Updated \(out.path)/ping.Endpoints.swift")
        )
    }

    @Test func aPrefixMustBeAFileNameStem() throws {
        let result = try run(["generate", "x.yaml", "--output", "out", "--prefix", "a/b"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--prefix must be a non-empty file name stem"))
    }

    @Test func flavoursOnTheCommandLineReplaceTheSpecs() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "Ping.yaml",
            "name: Ping\nbaseURL: https://example.com\nflavours: [rxswift]\n"
                + "endpoints:\n  ping: {method: GET, path: /ping}\n"
        )
        let out = directory.appendingPathComponent("Out")
        #expect(try run(["generate", spec, "--output", out.path]).status == 0)
        let files = { try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() }
        #expect(try files().contains("RxSwift.swift") && !files().contains("Combine.swift"))

        let switched = try run(["generate", spec, "--output", out.path, "--flavours", "async,combine"])
        #expect(switched.status == 0)
        #expect(switched.output.contains("Removed \(out.path)/RxSwift.swift"))
        #expect(try files() == ["Client.swift", "Combine.swift", "Endpoints.swift", "Models.swift", "Samples.swift"])

        let unknown = try run(["generate", spec, "--output", out.path, "--flavours", "combine,reactive"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown flavour `reactive`: use async, combine or rxswift"))
    }

    @Test func specErrorsExitOneAndWriteNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "Bad.yaml",
            "name: Bad\nbaseURL: https://example.com\nmodels:\n  A:\n    properties:\n      b: Strng\n"
        )
        let out = directory.appendingPathComponent("Out")
        let result = try run(["generate", spec, "--output", out.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(spec):6:10: error: unknown type `Strng`; did you mean `String`?"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try run(["validate", spec]).status == 1)
    }

    @Test func usageAndFileErrorsExitTwo() throws {
        #expect(try run(["generate", "/nonexistent/spec.yaml", "--output", "/tmp/x"]).status == 2)
        let missingArgument = try run(["generate"])
        #expect(missingArgument.status == 2)
        #expect(missingArgument.errors.contains("Missing expected argument '<spec>'"))
        #expect(try run(["generate", "x.yaml", "--output", "o", "--style", "fancy"]).status == 2)
        let help = try run(["generate", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--check"))
    }

    /// Foundation's path functions trap on some one-character relative paths on Linux; the spec's folder and
    /// its config are found without them.
    @Test(arguments: ["a", "-x", "./a", "b/a"])
    func shortRelativePathsWork(path: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("b"),
            withIntermediateDirectories: true
        )
        _ = try write(path, "name: A\nbaseURL: https://example.com\nmodels: {M: {properties: {x: Strng}}}\n")
        let result = try run(["validate", "--", path], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("\(path):3:30: error: unknown type `Strng`"), "\(result.errors)")
    }

    @Test func aSpecCanComeFromStandardInput() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let spec = "name: Ping\nbaseURL: https://example.com\nendpoints:\n  ping: {method: GET, path: /ping}\n"
        let valid = try run(["validate", "-"], in: directory, input: spec)
        #expect(valid.status == 0)
        #expect(valid.output == "<stdin> is valid\n")

        let generated = try run(["generate", "-", "--output", "Out"], in: directory, input: spec)
        #expect(generated.status == 0, "\(generated.errors)")
        let client = try String(contentsOf: directory.appendingPathComponent("Out/Client.swift"), encoding: .utf8)
        #expect(client.hasPrefix("// Generated by specsmith from <stdin>. Do not edit.\n"))

        let broken = try run(["validate", "-"], in: directory, input: "name: Ping\n")
        #expect(broken.status == 1)
        #expect(broken.errors.contains("<stdin>:1:1: error: the spec needs a `baseURL`"))
    }

    @Test func fileErrorsNameTheFileAndSayWhy() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write("Ping.yaml", "name: Ping\nbaseURL: https://example.com\n")
        let missingConfig = try run(["validate", spec, "--config", "/nonexistent/config.yaml"])
        #expect(missingConfig.status == 2)
        #expect(missingConfig.errors == "error: cannot read /nonexistent/config.yaml: no such file\n")

        let folder = try run(["validate", directory.path])
        #expect(folder.status == 2)
        #expect(folder.errors == "error: cannot read \(directory.path): it is a folder, not a file\n")
    }

    @Test func anUnwritableDependencyFileStopsBeforeAnyOutput() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write("Ping.yaml", "name: Ping\nbaseURL: https://example.com\n")
        let blocker = try write("blocker", "a file where a folder is needed\n")
        let out = directory.appendingPathComponent("Out")
        let result = try run(["generate", spec, "--output", out.path, "--dependency-file", blocker + "/deps.txt"])
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot write the dependency file \(blocker)/deps.txt"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func noArgumentsPrintsHelp() throws {
        let result = try run([])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: specsmith <subcommand>"))
    }
}
