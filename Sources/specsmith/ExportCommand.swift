import ArgumentParser
import Foundation
import SpecsmithCore

/// `specsmith export`: the spec in another description format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the spec in another format for other tools.",
        subcommands: [ExportOpenAPICommand.self]
    )
}

/// `specsmith export openapi`: an OpenAPI 3.1 document of a spec.
struct ExportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write an OpenAPI 3.1 document (YAML, or JSON for a .json output) of a spec.",
        discussion: """
            Models, unions, endpoints, error bodies, auth schemes and scopes, and samples (as examples) are \
            written as OpenAPI says them; what only Specsmith says is in x-specsmith extensions, so that \
            generating from the document gives the same Swift. Nothing is written when the spec has errors.
            """
    )

    @ArgumentParser.Argument(help: "The spec: a Specsmith spec or an OpenAPI document, YAML or JSON.")
    var spec: String

    @Option(name: .shortAndLong, help: "The document to write, such as api.yaml or api.json; - for standard output.")
    var output: String

    @Option(
        help: ArgumentHelp(
            "The config file whose options win over the spec's.",
            discussion: "Default: specsmith-config.yaml in the spec's folder, when there is one.",
            valueName: "path"
        )
    )
    var config: String?

    func run() throws {
        let resolved: (API?, [Diagnostic])
        do {
            resolved = try Pipeline.resolve(specAt: spec, configAt: config ?? Pipeline.defaultConfig(forSpecAt: spec))
        } catch {
            printError(error.description)
            throw ExitCodes.usageOrIO
        }
        report(resolved.1)
        guard let api = resolved.0 else { throw ExitCodes.specErrors }
        let (text, notes) = OpenAPIExporter.export(api, json: output.lowercased().hasSuffix(".json"))
        fflush(nil)
        for note in notes {
            FileHandle.standardError.write(Data("\(spec): warning: \(note)\n".utf8))
        }
        try writeFile(text, to: output)
    }
}
