import ArgumentParser
import Foundation
import SpecsmithCore

/// `specsmith import`: writes a spec in the format from an OpenAPI document, to own and edit from then on.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a Specsmith spec from an OpenAPI 3 document (YAML or JSON).",
        discussion: """
            Generating from the written spec gives the same Swift as generating from the document. Warnings \
            say what the document has that the spec cannot (yet) say; nothing is written when the document \
            has errors.
            """
    )

    @ArgumentParser.Argument(help: "The OpenAPI document, YAML or JSON.")
    var document: String

    @Option(name: .shortAndLong, help: "The spec file to write, such as Specs/GitHub.yaml; - for standard output.")
    var output: String

    @Option(
        help: ArgumentHelp(
            "A config whose options apply to the import as to generate. Default: specsmith-config.yaml in the document's folder, when there is one.",
            valueName: "path"
        )
    )
    var config: String?

    func run() throws {
        let text: String
        do {
            text = try String(contentsOfFile: document, encoding: .utf8)
        } catch {
            printError("cannot read \(document): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
        var configSource: Pipeline.ConfigSource?
        // The config beside the document, as `generate`, the plugin and the mock read it.
        if let config = config ?? Pipeline.defaultConfig(forSpecAt: document) {
            do {
                configSource = Pipeline.ConfigSource(
                    text: try String(contentsOfFile: config, encoding: .utf8),
                    path: config
                )
            } catch {
                printError("cannot read \(config): \(error.localizedDescription)")
                throw ExitCodes.usageOrIO
            }
        }
        let folder = URL(fileURLWithPath: document).deletingLastPathComponent()
        let imported = Importer.importing(text: text, path: document, config: configSource) { relative in
            try? String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        }
        report(imported.diagnostics)
        guard let spec = imported.spec else { throw ExitCodes.specErrors }
        try writeFile(spec, to: output)
        if let filter = imported.filterSummary {
            // Beside a spec written to standard output, the summary goes where diagnostics go.
            if output == "-" { printAside(filter.text) } else { print(filter.text) }
        }
    }
}
