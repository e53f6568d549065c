import Foundation
import SpecsmithCore
import Testing

/// Compiles generated files as one module with `swiftc`, against the modules of this build (SpecsmithRuntime,
/// SpecsmithCombine and OpenCombine; SpecsmithServer and Hummingbird for servers), with the settings generated
/// clients build with: Swift 6, complete concurrency checking, warnings as errors.
enum SwiftCompiler {
    /// The compilers that may run at once.
    static let slots = Slots(2)

    /// Where SwiftPM put the modules of this build: next to this test target's resource bundle.
    static let modules = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules")

    /// What `swiftc` said.
    struct Check: Sendable {
        /// Its exit status: 0 when everything compiled.
        var status: Int32
        /// Its diagnostics.
        var diagnostics: String
        /// The lines holding an error or a warning.
        var problems: [Substring] {
            diagnostics.split(separator: "\n").filter { $0.contains(": error:") || $0.contains(": warning:") }
        }
    }

    /// Compiles `files` (generated files and snippets, by name) as the module `module`. With `typeCheckOnly`,
    /// stops after type checking (faster, but misses what SIL reports, such as literals that overflow).
    static func compile(
        _ files: [(name: String, contents: String)],
        module: String,
        typeCheckOnly: Bool = false
    ) async throws -> Check {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-compile-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let runtime = modules.appendingPathComponent("SpecsmithRuntime.swiftmodule")
        try #require(
            FileManager.default.fileExists(atPath: runtime.path),
            "SpecsmithRuntime.swiftmodule is not at \(runtime.path); build the package first (swift build)"
        )
        var arguments = settings(packageName: module) + ["-module-name", module]
        arguments +=
            typeCheckOnly
            ? ["-typecheck"]
            : ["-c", "-wmo", "-parse-as-library", "-o", directory.appendingPathComponent("module.o").path]
        let result = try await execute(arguments + paths)
        return Check(status: result.status, diagnostics: result.errors)
    }

    /// `swiftc` with the settings generated clients build with, finding this build's modules.
    private static func settings(packageName: String) -> [String] {
        var arguments = [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-enable-upcoming-feature", "ExistentialAny",
            "-enable-upcoming-feature", "InternalImportsByDefault", "-package-name", packageName, "-I", modules.path,
        ]
        // The C modules under OpenCombine (where Combine is missing) and under Hummingbird (SwiftNIO's, for the
        // server flavour), found through their module maps, as SwiftPM passes them.
        for map in cModuleMaps {
            arguments += ["-Xcc", "-fmodule-map-file=\(map)"]
        }
        return arguments
    }

    /// The module maps of this build's C modules: those SwiftPM wrote (`<Module>.build/module.modulemap`) and
    /// those its dependencies ship (`checkouts/<package>/Sources/<Module>/include/module.modulemap`).
    static let cModuleMaps: [String] = {
        let files = FileManager.default
        let build = modules.deletingLastPathComponent()
        var maps: [String] = []
        for folder in (try? files.contentsOfDirectory(atPath: build.path)) ?? [] where folder.hasSuffix(".build") {
            let map = build.appendingPathComponent(folder).appendingPathComponent("module.modulemap")
            if files.fileExists(atPath: map.path) { maps.append(map.path) }
        }
        // `.build/debug/Modules` or `.build/<triple>/debug/Modules`: the checkouts are in `.build`.
        var scratch = build.deletingLastPathComponent()
        while !files.fileExists(atPath: scratch.appendingPathComponent("checkouts").path), scratch.path != "/" {
            scratch = scratch.deletingLastPathComponent()
        }
        let checkouts = scratch.appendingPathComponent("checkouts")
        for package in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for module in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let map = sources.appendingPathComponent(module).appendingPathComponent("include/module.modulemap")
                if files.fileExists(atPath: map.path) { maps.append(map.path) }
            }
        }
        return maps.sorted()
    }()

    /// Compiles what `output` generated as the two modules of `split`, each with its own `swiftc` as SwiftPM
    /// builds them (the models' module first, its `.swiftmodule` found by the client's), then type-checks
    /// `app` as a third module that imports the client's, as an app target does.
    static func compileModules(_ output: Pipeline.Output, split: ModuleSplit, app: String) async throws -> Check {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-modules-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let flags = settings(packageName: "App") + ["-I", directory.path]
        for module in [split.models, split.client] {
            let folder = directory.appendingPathComponent(module + ".sources")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var paths: [String] = []
            for file in output.files where file.name.hasPrefix(module + "/") {
                let url = folder.appendingPathComponent(String(file.name.dropFirst(module.count + 1)))
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
            try #require(!paths.isEmpty, "no files of \(module)")
            let result = try await execute(
                flags + [
                    "-module-name", module, "-parse-as-library", "-wmo", "-c", "-emit-module",
                    "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
                    "-o", directory.appendingPathComponent("\(module).o").path,
                ] + paths
            )
            if result.status != 0 { return Check(status: result.status, diagnostics: result.errors) }
        }
        let main = directory.appendingPathComponent("App.swift")
        try Data(app.utf8).write(to: main)
        let result = try await execute(flags + ["-module-name", "App", "-parse-as-library", "-typecheck", main.path])
        return Check(status: result.status, diagnostics: result.errors)
    }

    /// Compiles `files` as the module `module` into `directory`, `module.swiftmodule` and `module.o`, for a
    /// module built apart to import it (`-I directory`).
    static func emitModule(_ files: [GeneratedFile], module: String, in directory: URL) async throws -> Check {
        let folder = directory.appendingPathComponent(module + ".sources")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let result = try await execute(
            settings(packageName: "App") + [
                "-module-name", module, "-parse-as-library", "-wmo", "-c", "-emit-module",
                "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
                "-o", directory.appendingPathComponent("\(module).o").path,
            ] + paths
        )
        return Check(status: result.status, diagnostics: result.errors)
    }

    /// Compiles what `output` generated, with `extra` files beside it.
    static func compile(
        _ output: Pipeline.Output,
        module: String,
        extra: [(name: String, contents: String)] = [],
        typeCheckOnly: Bool = false
    ) async throws -> Check {
        try await compile(
            output.files.map { ($0.name, $0.contents) } + extra,
            module: module,
            typeCheckOnly: typeCheckOnly
        )
    }

    /// A module built incrementally by the compiler's driver, as SwiftPM builds a target in debug (a job per
    /// batch of files, each file's dependencies recorded): ``build(_:)`` writes the files whose text changed
    /// and rebuilds, telling which files the driver compiled again.
    struct IncrementalBuild {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-incremental-\(UUID())")
        let module: String
        /// More of the compiler's arguments: `-I` a folder of modules the module imports.
        let flags: [String]

        /// A build of the module `module`, in a folder of its own.
        init(module: String, flags: [String] = []) throws {
            self.module = module
            self.flags = flags
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// Removes the build's folder.
        func remove() { try? FileManager.default.removeItem(at: directory) }

        /// Writes those of `files` that are new or changed, builds, and returns what the compiler said and the
        /// names of the files the driver compiled again (none named in a first build, which compiles all).
        func build(_ files: [GeneratedFile]) async throws -> (check: Check, recompiled: [String]) {
            var map: [String: [String: String]] = ["": ["swift-dependencies": path("\(module).swiftdeps")]]
            var sources: [String] = []
            for file in files {
                let source = path(file.name)
                if (try? String(contentsOfFile: source, encoding: .utf8)) != file.contents {
                    try Data(file.contents.utf8).write(to: URL(fileURLWithPath: source))
                }
                sources.append(source)
                map[source] = ["object": path(file.name + ".o"), "swift-dependencies": path(file.name + ".swiftdeps")]
            }
            try JSONSerialization.data(withJSONObject: map, options: .sortedKeys).write(
                to: URL(fileURLWithPath: path("output-file-map.json"))
            )
            let result = try await execute(
                settings(packageName: module) + flags + [
                    "-module-name", module, "-parse-as-library", "-c", "-incremental", "-enable-batch-mode", "-j",
                    "2", "-output-file-map", path("output-file-map.json"), "-working-directory", directory.path,
                    "-driver-show-incremental",
                ] + sources
            )
            // `remark: Incremental compilation: Queuing (initial):  {compile: A.swift.o <= A.swift}`, and `Queuing
            // because of dependencies discovered later` for the files that use what changed. (Objects are no
            // measure: the compiler leaves an object whose code did not change as it was.)
            var recompiled: Set<String> = []
            for line in result.errors.split(separator: "\n") where line.contains("Queuing") {
                guard let range = line.range(of: " <= ") else { continue }
                let source = line[range.upperBound...].prefix { $0 != "}" }
                recompiled.insert(String(source.split(separator: "/").last ?? source))
            }
            let problems = result.errors.split(separator: "\n").filter { !$0.contains("remark:") }
            return (Check(status: result.status, diagnostics: problems.joined(separator: "\n")), recompiled.sorted())
        }

        private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    /// Builds what `output` generated with `main` as the program's `main.swift`, linked with this build's
    /// SpecsmithRuntime, runs it, and returns the lines it printed.
    static func run(_ output: Pipeline.Output, main: String, module: String) async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-run-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in output.files + [GeneratedFile(name: "main.swift", contents: main)] {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let runtimeObjects = modules.deletingLastPathComponent().appendingPathComponent("SpecsmithRuntime.build")
        let objects = try runtimeObjectFiles(in: runtimeObjects)
        let program = directory.appendingPathComponent("program")
        let build = try await execute(
            ["swiftc", "-swift-version", "6", "-module-name", module, "-I", modules.path, "-o", program.path]
                + paths + objects
        )
        try #require(build.status == 0, "\(build.errors)")
        let run = try await execute([program.path])
        try #require(run.status == 0, "\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    /// The object files of the runtime's current sources, from the build's output file map: the folder may
    /// still hold objects of source files renamed or removed since an earlier build, which would clash.
    private static func runtimeObjectFiles(in folder: URL) throws -> [String] {
        let map = try Data(contentsOf: folder.appendingPathComponent("output-file-map.json"))
        let entries = try JSONSerialization.jsonObject(with: map) as? [String: [String: String]] ?? [:]
        let objects = entries.filter { $0.key.hasSuffix(".swift") }.compactMap { $0.value["object"] }.sorted()
        try #require(!objects.isEmpty, "no objects in \(folder.path)/output-file-map.json")
        return objects
    }

    /// Runs a command and collects what it printed. On a thread of its own: waiting for a compiler on one of
    /// Swift concurrency's few threads would hold up every other test, and the loopback tests time out.
    private static func execute(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        // Two at a time: dozens of compilers at once would starve the other tests of the machine's two cores.
        await slots.acquire()
        defer { Task { await slots.release() } }
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try executeBlocking(arguments) })
            }.start()
        }
    }

    private static func executeBlocking(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes at once, so that neither fills up while the other is read.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}

/// A counting semaphore for async code: at most `count` holders at a time, the others wait in order.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
