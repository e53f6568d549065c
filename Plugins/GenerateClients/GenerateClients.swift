import Foundation
import PackagePlugin

/// The command plugin `generate-clients`: regenerates the committed clients of a package, each spec
/// `<specs>/<Name>.yaml` into `<output>/<Name>/` (and with the server flavour, its server's module into
/// `<output>/<Name>Server/`), and reports what changed.
///
///     swift package --allow-writing-to-package-directory generate-clients [--check] [--specs Specs] [--output Generated]
///
/// With `--check` it writes nothing and fails when a client is out of date with its spec.
@main
struct GenerateClients: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let check = extractor.extractFlag(named: "check") > 0
        let specsFolder = extractor.extractOption(named: "specs").last ?? "Specs"
        let outputFolder = extractor.extractOption(named: "output").last ?? "Generated"
        guard extractor.remainingArguments.isEmpty else {
            throw CommandError(
                "unexpected arguments \(extractor.remainingArguments.joined(separator: " ")); "
                    + "usage: generate-clients [--check] [--specs <folder>] [--output <folder>]"
            )
        }
        let package = context.package.directoryURL
        let specs = try self.specs(in: package.appendingPathComponent(specsFolder))
        guard !specs.isEmpty else {
            throw CommandError("no specs (*.yaml) in \(specsFolder)/")
        }
        let tool = try context.tool(named: "specsmith").url
        var failed: [String] = []
        for spec in specs {
            let name = String(spec.dropLast(".yaml".count))
            // A spec with the server flavour writes its server's module beside the client's.
            var arguments = [
                "generate", "\(specsFolder)/\(spec)", "--output", "\(outputFolder)/\(name)",
                "--server-output", "\(outputFolder)/\(name)Server",
            ]
            if check { arguments.append("--check") }
            let status = try run(tool, arguments, in: package)
            if status != 0 { failed.append(name) }
        }
        let verb = check ? "checked" : "generated"
        guard failed.isEmpty else {
            throw CommandError(
                "\(failed.count) of \(specs.count) client(s) \(check ? "out of date" : "failed"): "
                    + failed.joined(separator: ", ")
                    + (check ? "; run `swift package --allow-writing-to-package-directory generate-clients`" : "")
            )
        }
        print("\(specs.count) client(s) \(verb) from \(specsFolder)/ into \(outputFolder)/")
    }

    /// The spec file names in `folder`: every `.yaml` file but the config.
    private func specs(in folder: URL) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw CommandError("no folder \(folder.path)")
        }
        return names.filter { $0.hasSuffix(".yaml") && $0 != "specsmith-config.yaml" }.sorted()
    }

    /// Runs `tool` in `directory`, passing its output through; returns its exit status.
    private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A failure of the command, printed by SwiftPM.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
