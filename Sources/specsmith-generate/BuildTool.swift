import Foundation
import SpecsmithCore

/// `specsmith-generate`: the generator alone, for the build tool plugin. It takes what the plugin sends,
///
///     specsmith-generate generate <spec> --output <folder> --prefix <stem> (--every-file | --samples-only)
///
/// and does what `specsmith generate` does with those options, without the command line's other commands and
/// without the argument parser: an app's first build builds this tool, and every package it needs is a package
/// that build waits for. Exit codes as `specsmith`'s: 1 spec errors, 2 usage or file errors.
@main
enum BuildTool {
    static func main() {
        do {
            let request = try Request(arguments: Array(CommandLine.arguments.dropFirst()))
            exit(try request.run())
        } catch {
            fflush(nil)  // what went to standard output comes first
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(2)
        }
    }
}

/// What the plugin asked for.
struct Request {
    var spec: String
    var output: String
    var prefix: String
    var everyFile = false
    var samplesOnly = false

    /// The arguments after the tool's name; throws `UsageError` on anything else than the plugin sends.
    init(arguments: [String]) throws(UsageError) {
        guard arguments.first == "generate", arguments.count >= 2 else {
            throw UsageError(
                "usage: specsmith-generate generate <spec> --output <folder> --prefix <stem> [--every-file] [--samples-only]"
            )
        }
        spec = arguments[1]
        var output: String?
        var prefix: String?
        var rest = arguments.dropFirst(2).makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "--output": output = rest.next()
            case "--prefix": prefix = rest.next()
            case "--every-file": everyFile = true
            case "--samples-only": samplesOnly = true
            default: throw UsageError("unknown argument `\(argument)`")
            }
        }
        guard let output, let prefix else {
            throw UsageError("--output <folder> and --prefix <file name stem> are required")
        }
        guard !prefix.isEmpty, !prefix.contains("/") else {
            throw UsageError("--prefix must be a non-empty file name stem, not `\(prefix)`")
        }
        self.output = output
        self.prefix = prefix
    }

    /// Generates and writes the files; the exit code.
    func run() throws -> Int32 {
        let layout = FileLayout(prefix: prefix, everyFile: everyFile)
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specAt: spec,
                configAt: Pipeline.defaultConfig(forSpecAt: spec),
                overrides: .init(samplesOnly: samplesOnly),
                layout: layout
            )
        } catch {
            throw UsageError(error.description)
        }
        fflush(nil)
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        if result.hasErrors { return 1 }
        let changes: [OutputWriter.Change]
        do {
            changes = try OutputWriter(directory: URL(fileURLWithPath: output), layout: layout).write(result.files)
        } catch {
            throw UsageError("cannot write to \(output): \(error.localizedDescription)")
        }
        print(OutputWriter.summary(of: changes, files: result.files.count, in: output))
        return 0
    }
}

/// A request the tool cannot carry out, said on one line.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
