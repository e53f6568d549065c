import ArgumentParser
import Foundation
import SpecsmithCore

/// The spec argument and its config file, shared by the subcommands.
struct SpecInput: ParsableArguments {
    @ArgumentParser.Argument(
        help: ArgumentHelp(
            "The spec file (YAML), or - to read it from standard input.",
            discussion: "A spec read from standard input finds its sample files relative to the current folder."
        )
    )
    var spec: String

    @Option(
        help: ArgumentHelp(
            "The config file whose options (style, access, flavours) win over the spec's.",
            discussion:
                "Default: specsmith-config.yaml in the spec's folder, when there is one (none for standard input).",
            valueName: "path"
        )
    )
    var config: String?

    /// What diagnostics and generated headers call a spec read from standard input.
    static let standardInputName = "<stdin>"

    /// Whether the spec comes from standard input.
    var readsStandardInput: Bool { spec == "-" }

    /// The spec as diagnostics name it.
    var specName: String { readsStandardInput ? Self.standardInputName : spec }

    /// Runs the pipeline on the spec and reports its diagnostics; exits with code 2 when a file cannot be read.
    func generate(
        overrides: Pipeline.Overrides = Pipeline.Overrides(),
        layout: FileLayout = FileLayout()
    ) throws -> Pipeline.Output {
        let result: Pipeline.Output
        do {
            if readsStandardInput {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                guard let text = String(data: data, encoding: .utf8) else {
                    printError("cannot read standard input: it is not UTF-8 text")
                    throw ExitCodes.usageOrIO
                }
                result = try Pipeline.generate(
                    specText: text,
                    path: Self.standardInputName,
                    directory: ".",
                    configAt: config,
                    overrides: overrides,
                    layout: layout
                )
            } else {
                result = try Pipeline.generate(
                    specAt: spec,
                    configAt: config ?? Pipeline.defaultConfig(forSpecAt: spec),
                    overrides: overrides,
                    layout: layout
                )
            }
        } catch let error as Pipeline.InputError {
            printError(error.description)
            throw ExitCodes.usageOrIO
        }
        report(result.diagnostics)
        return result
    }
}
