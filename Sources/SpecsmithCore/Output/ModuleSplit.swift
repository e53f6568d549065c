/// A client written as two modules of one package, so that SwiftPM builds them apart: the models' module
/// (`GitHubModels`: models, error bodies, answers, response headers), and the client's module (`GitHub`:
/// endpoints, clients of every flavour and samples), which depends on the models' module and re-exports it.
///
/// An edit to endpoints then rebuilds the client's module alone, whose compiler jobs hold none of the models;
/// see `docs/Performance.md`. `specsmith generate --modules NAME` writes the two folders and prints the lines
/// of `Package.swift` that declare them.
public struct ModuleSplit: Sendable, Hashable {
    /// The client's module, the one apps import: `GitHub`.
    public var client: String

    /// The two modules of a client named `client`.
    public init(client: String) {
        self.client = client
    }

    /// The models' module: `GitHubModels`.
    public var models: String { client + "Models" }

    /// The client module's file that re-exports the models' module and each of its models.
    public static let exportsFile = "Exports.swift"

    /// The module of the generated file named `file` (an unprefixed name such as `Models3.swift`).
    public func module(of file: String) -> String {
        Translator.modelFileNames.contains(file) ? models : client
    }

    /// Whether `name` can name a module: a Swift identifier of letters, digits and underscores, not starting
    /// with a digit.
    public static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                || ("0"..."9").contains($0)
        }
    }

    /// The lines of a package manifest's `targets:` that declare the two modules, depending on Specsmith's
    /// products as `package` (the identity of the Specsmith dependency, `specsmith` for its URL) and on
    /// those the flavours need: a server's module (`flavours` of `server` alone) on `SpecsmithServer` and
    /// Hummingbird.
    public func manifestTargets(flavours: Set<API.Flavour>, package: String = "specsmith") -> [String] {
        let runtime = ".product(name: \"\(RuntimeSymbols.module)\", package: \"\(package)\")"
        var clientDependencies = ["\"\(models)\"", runtime]
        if flavours == [.server] {
            clientDependencies += [
                ".product(name: \"\(ServerSymbols.module)\", package: \"\(package)\")",
                ".product(name: \"\(ServerSymbols.hummingbird)\", package: \"hummingbird\")",
            ]
        }
        if flavours.contains(.combine) {
            clientDependencies.append(".product(name: \"\(CombineSymbols.runtimeModule)\", package: \"\(package)\")")
        }
        if flavours.contains(.rxswift) {
            clientDependencies.append(".product(name: \"\(RxSwiftSymbols.module)\", package: \"RxSwift\")")
        }
        return [
            ".target(name: \"\(models)\", dependencies: [\(runtime)]),",
            ".target(name: \"\(client)\", dependencies: [\(clientDependencies.joined(separator: ", "))]),",
        ]
    }
}
