public import ArgumentParser
import Foundation
public import SpecsmithCore

extension API.Style: ExpressibleByArgument {}
extension API.Access: ExpressibleByArgument {}

/// `specsmith generate`: writes a spec's client into a folder.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a Swift client from a spec.",
        discussion: """
            Writes Models.swift, Client.swift, Samples.swift, Endpoints.swift and/or Resources.swift, and \
            Combine.swift and RxSwift.swift for those flavours into the output folder. Files are written atomically and only when their content changes; files that \
            specsmith generated earlier and no longer produces are removed. Nothing is written when the spec \
            has errors.
            """
    )

    @ArgumentParser.Argument(help: "The spec file (YAML).")
    var spec: String

    @Option(name: .shortAndLong, help: "The folder to write the generated files into.")
    var output: String

    @Option(help: "Override the spec's style: endpoints, resources or both.")
    var style: API.Style?

    @Option(help: "Override the spec's access level: public, package or internal.")
    var access: API.Access?

    @Option(
        help: ArgumentHelp(
            "Override the spec's flavours: a comma-separated list of async, combine and rxswift.",
            discussion: "async is always generated.",
            valueName: "flavours"
        ),
        transform: { text in
            var flavours = Set<API.Flavour>()
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard let flavour = API.Flavour(rawValue: trimmed) else {
                    throw ValidationError("unknown flavour `\(trimmed)`: use async, combine or rxswift")
                }
                flavours.insert(flavour)
            }
            return flavours
        }
    )
    var flavours: Set<API.Flavour>?

    @Flag(help: "Write nothing; list the files that would change and exit 1 if any would.")
    var check = false

    func run() throws {
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specAt: spec,
                overrides: .init(style: style, access: access, flavours: flavours)
            )
        } catch {
            printError("cannot read \(spec): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
        report(result.diagnostics)
        if result.hasErrors {
            throw ExitCodes.specErrors
        }
        let writer = OutputWriter(directory: URL(fileURLWithPath: output))
        do {
            if check {
                let changes = try writer.plan(result.files)
                for change in changes {
                    print("\(describe(change)) \(output)/\(change.file)")
                }
                if !changes.isEmpty {
                    printError("\(changes.count) generated file(s) in \(output) are out of date with \(spec)")
                    throw ExitCodes.specErrors
                }
                print("\(output) is up to date with \(spec)")
            } else {
                let changes = try writer.write(result.files)
                for change in changes {
                    print("\(describe(change).capitalized) \(output)/\(change.file)")
                }
                let unchanged =
                    result.files.count - changes.filter { if case .remove = $0 { false } else { true } }.count
                print(
                    "Generated \(result.files.count) file(s) in \(output) (\(changes.count) changed, \(unchanged) unchanged)"
                )
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("cannot write to \(output): \(error.localizedDescription)")
            throw ExitCodes.usageOrIO
        }
    }

    private func describe(_ change: OutputWriter.Change) -> String {
        switch change {
        case .create: check ? "would create" : "wrote"
        case .update: check ? "would update" : "updated"
        case .remove: check ? "would remove" : "removed"
        }
    }
}
