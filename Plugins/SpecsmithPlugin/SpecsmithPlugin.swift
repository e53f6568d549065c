import Foundation
import PackagePlugin

/// The build tool plugin: generates a client from each spec in a target during the build.
///
/// A spec is a file named `specsmith.yaml` or `<Name>.specsmith.yaml` anywhere in the target's folder, or an
/// OpenAPI document named `openapi.yaml` (`.yml`, `.json`) or `<Name>.openapi.yaml`. A `specsmith-config.yaml`
/// in the same folder sets options for the specs there. The client goes into the plugin's work folder, never
/// into the sources.
///
/// A file `<Name>.specsmith-samples` in a target (a test or preview target) asks for the samples of the spec
/// `<Name>` of a target it depends on: `<Name>Samples`, for `StubTransport(samples: <Name>Samples.all)`. With
/// `samples: separate` in that spec or its config, the client's own target carries no sample data.
@main
struct SpecsmithPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? any SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "specsmith-generate").url
        let files = module.sourceFiles.map(\.url)
        // The specs of the targets this one depends on, with the other files of theirs beside them.
        var dependencyFiles: [(targetName: String, files: [URL])] = []
        for dependency in target.dependencies {
            if case .target(let other) = dependency, let source = other as? any SourceModuleTarget {
                dependencyFiles.append((other.name, source.sourceFiles.map(\.url)))
            }
        }
        return try SpecCommands.commands(
            targetName: target.name,
            files: files,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: tool
        )
            + SpecCommands.sampleCommands(
                targetName: target.name,
                files: files,
                dependencies: dependencyFiles,
                workDirectory: context.pluginWorkDirectoryURL,
                tool: tool
            )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SpecsmithPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try SpecCommands.commands(
                targetName: target.displayName,
                files: target.inputFiles.map(\.url),
                workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "specsmith-generate").url
            )
        }
    }
#endif

/// The build commands for a target's specs, the same for SwiftPM and Xcode.
enum SpecCommands {
    /// Every file `specsmith generate --every-file` writes, so the outputs are known before it runs.
    /// Keep in step with `Translator.fileNames` (a test compares them).
    static let fileNames = [
        "Models.swift", "Part2.Models.swift", "Part3.Models.swift", "Part4.Models.swift", "Part5.Models.swift",
        "Part6.Models.swift", "Part7.Models.swift", "Part8.Models.swift", "Endpoints.swift",
        "Part2.Endpoints.swift", "Part3.Endpoints.swift", "Part4.Endpoints.swift", "Part5.Endpoints.swift",
        "Part6.Endpoints.swift", "Part7.Endpoints.swift", "Part8.Endpoints.swift", "Resources.swift",
        "Client.swift", "Part2.Client.swift", "Part3.Client.swift", "Part4.Client.swift", "Part5.Client.swift",
        "Part6.Client.swift", "Part7.Client.swift", "Part8.Client.swift", "Combine.swift", "Part2.Combine.swift",
        "Part3.Combine.swift", "Part4.Combine.swift", "Part5.Combine.swift", "Part6.Combine.swift",
        "Part7.Combine.swift", "Part8.Combine.swift", "RxSwift.swift", "Part2.RxSwift.swift", "Part3.RxSwift.swift",
        "Part4.RxSwift.swift", "Part5.RxSwift.swift", "Part6.RxSwift.swift", "Part7.RxSwift.swift",
        "Part8.RxSwift.swift", "Samples.swift", "Part2.Samples.swift", "Part3.Samples.swift", "Part4.Samples.swift",
        "Part5.Samples.swift", "Part6.Samples.swift", "Part7.Samples.swift", "Part8.Samples.swift", "Server.swift",
        "Part2.Server.swift", "Part3.Server.swift",
        "Part4.Server.swift", "Part5.Server.swift", "Part6.Server.swift", "Part7.Server.swift",
        "Part8.Server.swift", "Webhooks.swift",
    ]

    /// One command per spec among `files`.
    static func commands(targetName: String, files: [URL], workDirectory: URL, tool: URL) throws -> [Command] {
        let specs = files.filter { isSpec($0.lastPathComponent) }.sorted { $0.path < $1.path }
        var seen: [String: URL] = [:]
        return try specs.map { spec in
            let stem = self.stem(of: spec, targetName: targetName)
            if let other = seen[stem] {
                throw PluginError(
                    "\(spec.path): error: two specs in target '\(targetName)' both generate files named "
                        + "'\(stem).*.swift' (the other is \(other.path)); rename one to <Name>.specsmith.yaml or <Name>.openapi.yaml"
                )
            }
            seen[stem] = spec
            // Sample files belong in the spec's folder or below; SwiftPM plans the build once and re-invokes
            // plugins only when the target's files come or go, so inputs must not depend on the spec's content.
            let folder = spec.deletingLastPathComponent().standardizedFileURL.path + "/"
            // The config beside the spec is among them; the generator finds it there by itself.
            let companions = files.filter {
                $0.pathExtension != "swift" && $0 != spec && $0.standardizedFileURL.path.hasPrefix(folder)
            }
            return command(spec: spec, stem: stem, companions: companions, workDirectory: workDirectory, tool: tool)
        }
    }

    /// The names a spec file ends with: the format's, and an OpenAPI document's.
    static let suffixes = ["specsmith.yaml", "openapi.yaml", "openapi.yml", "openapi.json"]

    /// `specsmith.yaml` or `<Name>.specsmith.yaml`; `openapi.yaml` or `<Name>.openapi.yaml` (or `.yml`, `.json`).
    static func isSpec(_ fileName: String) -> Bool {
        suffixes.contains { fileName == $0 || (fileName.hasSuffix("." + $0) && fileName != "." + $0) }
    }

    /// `<Name>` of `<Name>.specsmith.yaml` or `<Name>.openapi.yaml`; the target's name for `specsmith.yaml` and
    /// `openapi.yaml`.
    static func stem(of spec: URL, targetName: String) -> String {
        let name = spec.lastPathComponent
        guard let suffix = suffixes.first(where: { name.hasSuffix("." + $0) }) else { return targetName }
        return String(name.dropLast(suffix.count + 1))
    }

    /// The command for `spec`, re-run when it or one of `companions` (the other non-Swift files of the target
    /// in its folder or below: its config and samples) changes.
    static func command(spec: URL, stem: String, companions: [URL], workDirectory: URL, tool: URL) -> Command {
        let output = workDirectory.appendingPathComponent(stem)
        return .buildCommand(
            // A client or, with `flavours: [server]` in its config, a server: the plugin does not read the spec.
            displayName: "Generating \(stem) from \(spec.lastPathComponent) (specsmith)",
            executable: tool,
            arguments: ["generate", spec.path, "--output", output.path, "--prefix", stem, "--every-file"],
            inputFiles: [spec] + companions,
            outputFiles: fileNames.map { output.appendingPathComponent("\(stem).\($0)") }
        )
    }
}

extension SpecCommands {
    /// What a target's files name `<Name>.specsmith-samples` ask for the samples of.
    static let samplesSuffix = ".specsmith-samples"

    /// One command per `<Name>.specsmith-samples` among `files`: the samples of the spec `<Name>` among the
    /// `dependencies`' files, as `<Name>.Samples.swift`.
    static func sampleCommands(
        targetName: String,
        files: [URL],
        dependencies: [(targetName: String, files: [URL])],
        workDirectory: URL,
        tool: URL
    ) throws -> [Command] {
        try files.filter { $0.lastPathComponent.hasSuffix(samplesSuffix) }.sorted { $0.path < $1.path }.map { marker in
            let stem = String(marker.lastPathComponent.dropLast(samplesSuffix.count))
            let candidates = dependencies.flatMap { dependency in
                dependency.files.filter {
                    isSpec($0.lastPathComponent) && self.stem(of: $0, targetName: dependency.targetName) == stem
                }
                .map { (dependency, $0) }
            }
            guard let (dependency, spec) = candidates.first else {
                throw PluginError(
                    "\(marker.path): error: no target that '\(targetName)' depends on has the spec '\(stem)' "
                        + "(\(stem).specsmith.yaml or \(stem).openapi.yaml); name the file after one, or add the dependency"
                )
            }
            let folder = spec.deletingLastPathComponent().standardizedFileURL.path + "/"
            let companions = dependency.files.filter {
                $0.pathExtension != "swift" && $0 != spec && $0.standardizedFileURL.path.hasPrefix(folder)
            }
            let output = workDirectory.appendingPathComponent(stem + "Samples")
            return .buildCommand(
                displayName: "Generating \(stem) samples from \(spec.lastPathComponent)",
                executable: tool,
                arguments: ["generate", spec.path, "--output", output.path, "--prefix", stem, "--samples-only"],
                inputFiles: [spec, marker] + companions,
                outputFiles: [output.appendingPathComponent("\(stem).Samples.swift")]
            )
        }
    }
}

/// An error the plugin reports to the build.
struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
