public import ArgumentParser
import Foundation
public import SpecsmithCore

extension API.Style: ExpressibleByArgument {}
extension API.Access: ExpressibleByArgument {}
extension API.Samples: ExpressibleByArgument {}

/// `specsmith generate`: writes a spec's client into a folder.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a Swift client from a spec.",
        discussion: """
            Writes Models.swift, Client.swift, Samples.swift, Endpoints.swift and/or Resources.swift, and \
            Combine.swift and RxSwift.swift for those flavours into the output folder; with the server \
            flavour, a server's module (Models.swift and Server.swift) into --server-output, or alone into \
            the output folder. Files are written \
            atomically and only when their content changes; files that specsmith generated earlier and no \
            longer produces are removed. Nothing is written when the spec has errors.

            Options come from the spec, then from specsmith-config.yaml in the spec's folder (or --config), \
            then from the command line; each wins over the one before.
            """
    )

    @OptionGroup var input: SpecInput

    @Option(name: .shortAndLong, help: "The folder to write the generated files into.")
    var output: String

    @Option(help: "Override the spec's style: endpoints, resources or both.")
    var style: API.Style?

    @Option(help: "Override the spec's access level: public, package or internal.")
    var access: API.Access?

    @Option(
        help: ArgumentHelp(
            "Override the spec's flavours: a comma-separated list of async, combine, rxswift, server and webhooks.",
            discussion: "async is always generated, but for `server` alone, which writes a server's module.",
            valueName: "flavours"
        ),
        transform: { text in
            var flavours = Set<API.Flavour>()
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard let flavour = API.Flavour(rawValue: trimmed) else {
                    throw ValidationError(
                        "unknown flavour `\(trimmed)`: use async, combine, rxswift, server or webhooks"
                    )
                }
                flavours.insert(flavour)
            }
            return flavours
        }
    )
    var flavours: Set<API.Flavour>?

    @Option(help: "Override the spec's samples: inline (in the client) or separate (not in the client).")
    var samples: API.Samples?

    @Flag(
        help: ArgumentHelp(
            "Write only Samples.swift: the spec's samples for a test or preview target.",
            discussion:
                "With `samples: separate`, the client carries none: `StubTransport(samples: <Name>Samples.all)`."
        )
    )
    var samplesOnly = false

    @Option(help: "Name the files <prefix>.Models.swift, <prefix>.Client.swift, …")
    var prefix: String?

    @Flag(
        help: ArgumentHelp(
            "Write every file specsmith can produce, whatever the style and flavours.",
            discussion:
                "Files the spec needs nothing in hold only a comment. Build tools use this to declare a fixed set of outputs."
        )
    )
    var everyFile = false

    @Option(
        help: ArgumentHelp(
            "Write the client (or a server) as two modules, <name> and <name>Models, into folders of those names in the output folder.",
            discussion: """
                The client's module (endpoints, clients, samples) depends on the models' module and re-exports \
                it; SwiftPM builds them apart, so that an edit to endpoints rebuilds the first alone. Both are \
                public. Prints the lines of Package.swift that declare them.
                """,
            valueName: "name"
        )
    )
    var modules: String?

    @Option(
        help: ArgumentHelp(
            "With the server flavour beside client flavours: the folder of the server's module.",
            discussion:
                "Its own module, with its own models (read from requests, written in answers); <output>Server by default.",
            valueName: "folder"
        )
    )
    var serverOutput: String?

    @Option(
        help: "Write the paths of the files the output depends on (spec, config, samples) to this file, one per line."
    )
    var dependencyFile: String?

    @Flag(help: "Write nothing; list the files that would change and exit 1 if any would.")
    var check = false

    func validate() throws {
        if let prefix, prefix.isEmpty || prefix.contains("/") {
            throw ValidationError("--prefix must be a non-empty file name stem, not `\(prefix)`")
        }
        if let modules {
            guard ModuleSplit.isModuleName(modules) else {
                throw ValidationError("--modules must be a module name (letters, digits and _), not `\(modules)`")
            }
            if samplesOnly { throw ValidationError("--modules and --samples-only cannot be used together") }
        }
    }

    func run() throws {
        let layout = FileLayout(prefix: prefix, everyFile: everyFile, modules: modules.map(ModuleSplit.init))
        let result = try input.generate(
            overrides: .init(
                style: style,
                access: access,
                flavours: flavours,
                samples: samples,
                samplesOnly: samplesOnly
            ),
            layout: layout
        )
        if result.hasErrors {
            throw ExitCodes.specErrors
        }
        // First, so that a dependency file that cannot be written stops everything before any output does.
        if let dependencyFile, !check {
            do {
                try writeDependencies(result.inputs, to: dependencyFile)
            } catch {
                printError("cannot write the dependency file \(dependencyFile): \(error.localizedDescription)")
                throw ExitCodes.usageOrIO
            }
        }
        var outdated = try emit(result, layout: layout, to: output)
        // Beside client flavours, the server is a module of its own.
        if let serverFiles = result.serverFiles {
            var server = result
            server.files = serverFiles
            outdated =
                try emit(server, layout: layout.withoutModules, to: serverOutput ?? output + "Server") || outdated
        }
        if outdated { throw ExitCodes.specErrors }
    }

    /// Writes (or with `--check` compares) `result`'s files in `output`; whether any is out of date (`--check`).
    private func emit(_ result: Pipeline.Output, layout: FileLayout, to output: String) throws -> Bool {
        let spec = input.specName
        // One writer per module folder (or the output folder itself), each removing only its own old files.
        let writers = layout.byFolder(result.files).map { folder, files in
            let prefix = folder.isEmpty ? "" : folder + "/"
            let directory = folder.isEmpty ? output : "\(output)/\(folder)"
            return (
                OutputWriter(directory: URL(fileURLWithPath: directory), layout: layout.withoutModules), files, prefix
            )
        }
        do {
            if check {
                var changes: [String] = []
                for (writer, files, prefix) in writers {
                    for change in try writer.plan(files) {
                        print("\(describe(change)) \(output)/\(prefix)\(change.file)")
                        changes.append(change.file)
                    }
                }
                if !changes.isEmpty {
                    printError("\(changes.count) generated file(s) in \(output) are out of date with \(spec)")
                    return true
                }
                print("\(output) is up to date with \(spec)")
            } else {
                var changes: [OutputWriter.Change] = []
                for (writer, files, prefix) in writers {
                    for change in try writer.write(files) {
                        print("\(describe(change).capitalized) \(output)/\(prefix)\(change.file)")
                        changes.append(change)
                    }
                }
                print(OutputWriter.summary(of: changes, files: result.files.count, in: output))
                if let filter = result.filterSummary { print(filter.text) }
                if let split = layout.modules {
                    print("Declare the modules in Package.swift's targets (Specsmith's package identity may differ):")
                    for line in split.manifestTargets(flavours: result.flavours) { print("    " + line) }
                }
            }
            return false
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("cannot write to \(output): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
    }

    /// One path per line, written only when the list changed.
    private func writeDependencies(_ inputs: [String], to path: String) throws {
        let data = Data(inputs.map { $0 + "\n" }.joined().utf8)
        let url = URL(fileURLWithPath: path)
        guard (try? Data(contentsOf: url)) != data else { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    private func describe(_ change: OutputWriter.Change) -> String {
        switch change {
        case .create: check ? "would create" : "wrote"
        case .update: check ? "would update" : "updated"
        case .remove: check ? "would remove" : "removed"
        }
    }
}
