import ArgumentParser
import Foundation
import SpecsmithCore

/// `specsmith validate`: checks a spec and reports every error, writing nothing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a spec and report every error as path:line:column, writing nothing."
    )

    @OptionGroup var input: SpecInput

    func run() throws {
        if try input.generate().hasErrors {
            throw ExitCodes.specErrors
        }
        print("\(input.specName) is valid")
    }
}
