import ArgumentParser
import Foundation
import SpecsmithCore

/// `specsmith validate`: checks a spec and reports every error, writing nothing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a spec and report every error as path:line:column, writing nothing."
    )

    @ArgumentParser.Argument(help: "The spec file (YAML).")
    var spec: String

    func run() throws {
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(specAt: spec)
        } catch {
            printError("cannot read \(spec): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
        report(result.diagnostics)
        if result.hasErrors {
            throw ExitCodes.specErrors
        }
        print("\(spec) is valid")
    }
}
