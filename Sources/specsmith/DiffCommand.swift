import ArgumentParser
import Foundation
import SpecsmithCore

/// `specsmith diff`: what changed between two versions of a spec, and whom it breaks.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Report the changes between two versions of a spec, classified by whom they break.",
        discussion: """
            Either spec may be a Specsmith spec or an OpenAPI document. Changes are breaking for Swift callers \
            (code written against the old generated client no longer compiles), breaking on the wire (apps \
            already shipped with the old client fail against the new API), or additive. Exit codes: 0, or 1 \
            when --fail-on finds changes of that kind (or a spec has errors); 2 for usage or file errors.
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    /// The kinds of breaking change `--fail-on` stops on.
    enum Breakage: String, ExpressibleByArgument, CaseIterable {
        case swift, wire
    }

    @ArgumentParser.Argument(help: "The old version of the spec.")
    var old: String

    @ArgumentParser.Argument(help: "The new version of the spec.")
    var new: String

    @Option(help: "text (default) or json.")
    var format: Format = .text

    @Option(
        name: .customLong("fail-on"),
        parsing: .upToNextOption,
        help: "Exit with 1 when there are changes that break swift, wire, or both (`--fail-on swift wire`)."
    )
    var failOn: [Breakage] = []

    func run() throws {
        let before = try resolve(old)
        let after = try resolve(new)
        let diff = SpecDiff(old: before, new: after)
        print(format == .json ? diff.json : diff.text, terminator: "")
        if failOn.contains(.swift) && !diff.swiftBreaking.isEmpty
            || failOn.contains(.wire) && !diff.wireBreaking.isEmpty
        {
            throw ExitCodes.specErrors
        }
    }

    private func resolve(_ path: String) throws -> API {
        let resolved: (API?, [Diagnostic])
        do {
            resolved = try Pipeline.resolve(specAt: path, configAt: Pipeline.defaultConfig(forSpecAt: path))
        } catch {
            printError(error.description)
            throw ExitCodes.usageOrIO
        }
        report(resolved.1.filter { $0.severity == .error })
        guard let api = resolved.0 else { throw ExitCodes.specErrors }
        return api
    }
}
