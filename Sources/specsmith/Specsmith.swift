import ArgumentParser
import Foundation
import SpecsmithCore

/// The `specsmith` command: generates Swift API clients from YAML specs.
@main
struct Specsmith: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specsmith",
        abstract: "Generate Swift REST API clients from a short YAML spec or an OpenAPI document.",
        discussion: """
            Exit codes: 0 success; 1 errors in the spec (or, with --check, generated files out of date); \
            2 usage or file errors.
            """,
        subcommands: [
            GenerateCommand.self, ValidateCommand.self, ImportCommand.self, ExportCommand.self, MockCommand.self,
            DiffCommand.self,
        ]
    )

    /// Runs the command, reporting bad usage with exit code 2 (ArgumentParser's own is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCodes.usageOrIO)
            }
            exit(withError: error)
        }
    }
}

/// Exit codes shared by the subcommands.
enum ExitCodes {
    /// The spec has errors, or `--check` found out-of-date files.
    static let specErrors = ExitCode(1)
    /// Bad usage or a file that could not be read or written.
    static let usageOrIO = ExitCode(2)
}

/// Prints diagnostics to standard error, compiler style.
func report(_ diagnostics: [Diagnostic]) {
    fflush(nil)  // all streams: what went to standard output comes first
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}

/// Writes `text` to standard error as it is: what is said beside output written to standard output.
func printAside(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints a line to standard error.
func printError(_ text: String) {
    fflush(nil)  // all streams: what went to standard output comes first
    FileHandle.standardError.write(Data(("error: " + text + "\n").utf8))
}

/// Writes `text` to the file at `path` (making its folder), atomically, and says so, or to standard output for
/// `-`; exits with code 2 when it cannot.
func writeFile(_ text: String, to path: String) throws {
    // `-` is standard output, for a pipe.
    if path == "-" {
        print(text, terminator: "")
        return
    }
    do {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
        printError("cannot write \(path): \(error.localizedDescription)")
        throw ExitCodes.usageOrIO
    }
    print("Wrote \(path)")
}
