import ArgumentParser
import Foundation
import SpecsmithCore

/// The spec argument and its config file, shared by the subcommands.
struct SpecInput: ParsableArguments {
    @ArgumentParser.Argument(help: "The spec file (YAML).")
    var spec: String

    @Option(
        help: ArgumentHelp(
            "The config file whose options (style, access, flavours) win over the spec's.",
            discussion: "Default: specsmith-config.yaml in the spec's folder, when there is one.",
            valueName: "path"
        )
    )
    var config: String?

    /// Runs the pipeline on the spec and reports its diagnostics; exits with code 2 when a file cannot be read.
    func generate(
        overrides: Pipeline.Overrides = Pipeline.Overrides(),
        layout: FileLayout = FileLayout()
    ) throws -> Pipeline.Output {
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specAt: spec,
                configAt: config ?? Pipeline.defaultConfig(forSpecAt: spec),
                overrides: overrides,
                layout: layout
            )
        } catch {
            printError("cannot read \(spec): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
        report(result.diagnostics)
        return result
    }
}
