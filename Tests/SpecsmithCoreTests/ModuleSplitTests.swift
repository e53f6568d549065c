import Foundation
import Testing

@testable import SpecsmithCore

/// A client written as two modules (`specsmith generate --modules NAME`, ``ModuleSplit``): where each file
/// goes, what the client's module imports, and that both modules and an app using them compile.
@Suite struct ModuleSplitTests {
    static let split = ModuleSplit(client: "Clashes")

    static func generate(_ layout: FileLayout = FileLayout(modules: split)) throws -> Pipeline.Output {
        let path = TestSupport.fixtures.appendingPathComponent("ModuleSplit/Clashes.yaml").path
        let output = try Pipeline.generate(specAt: path, layout: layout)
        #expect(!output.hasErrors, "\(output.diagnostics)")
        return output
    }

    @Test func eachFileGoesToItsModulesFolder() throws {
        let names = try Self.generate().files.map(\.name)
        #expect(names.contains("ClashesModels/Models.swift"))
        #expect(names.contains("Clashes/Client.swift"))
        #expect(names.contains("Clashes/Combine.swift"))
        #expect(names.contains("Clashes/Exports.swift"))
        #expect(names.allSatisfy { $0.hasPrefix("ClashesModels/") || $0.hasPrefix("Clashes/") })
        #expect(names.filter { $0.hasPrefix("ClashesModels/") } == ["ClashesModels/Models.swift"])
        // Every file of a big spec too, by the same rule: models and endpoint types with the models.
        let every = try Self.generate(FileLayout(everyFile: true, modules: Self.split)).files.map(\.name)
        #expect(every.filter { $0.hasPrefix("ClashesModels/") }.count == Translator.modelFileNames.count)
        #expect(every.count == Translator.fileNames(modules: Self.split).count + 1)
        #expect(every.contains("Clashes/Part16.Client.swift") && !every.contains("ClashesModels/Part9.Models.swift"))
        #expect(every.last == "Clashes/\(ModuleSplit.exportsFile)")
    }

    @Test func theClientsFilesImportTheTypesTheyNameOfFoundationCombineAndTheRuntime() throws {
        let output = try Self.generate()
        func contents(_ name: String) throws -> String {
            try #require(output.files.first { $0.name == name }).contents
        }
        let client = try contents("Clashes/Client.swift")
        #expect(client.contains("@_exported public import ClashesModels\n"))
        // Foundation's types it names, not all of Foundation, whose `Thread` would meet the model's.
        #expect(client.contains("\npublic import struct Foundation.URL\n"))
        #expect(!client.contains("import Foundation\n"))
        // No model on its own but one named like a type of the runtime, which it imports whole.
        #expect(!client.contains("ClashesModels.Thread"))
        #expect(client.contains("@_exported public import enum ClashesModels.RedirectPolicy\n"))
        let combine = try contents("Clashes/Combine.swift")
        #expect(combine.contains("#if canImport(Combine)\n    public import struct Combine.AnyPublisher\n#else\n"))
        #expect(combine.contains("    public import struct OpenCombine.AnyPublisher\n#endif\n"))
        #expect(!combine.contains("ClashesModels.Subscription"))
        // Every model, on its own, for apps: `Timer` is named only inside `Thread`, never by the client's files.
        let exports = try contents("Clashes/Exports.swift")
        for line in [
            "@_exported public import ClashesModels", "@_exported public import struct ClashesModels.Thread",
            "@_exported public import enum ClashesModels.Subscription",
            "@_exported public import struct ClashesModels.Timer",
        ] {
            #expect(exports.contains(line + "\n"), "\(line)")
        }
        let models = try contents("ClashesModels/Models.swift")
        #expect(!models.contains("import Clashes"))
        // Written as one module, nothing of this.
        let single = try #require(try Self.generate(FileLayout()).files.first { $0.name == "Client.swift" }).contents
        #expect(!single.contains("ClashesModels"))
        #expect(single.contains("import Foundation\n"))
    }

    /// A spec of `count` endpoints answering `Item` (every seventh `Thread`, named like Foundation's), each with a
    /// sample, and one more answering `Other`, which no endpoint named before, with a sample, when `adding`.
    static func bigSpec(endpoints count: Int, adding: Bool) -> String {
        var text = """
            name: Big
            baseURL: https://example.com
            style: endpoints
            flavours: [async, combine]
            models:
              Item:
                properties:
                  id: String
                  seen: Date?
              Thread:
                properties:
                  id: Int
              Other:
                properties:
                  name: String
            endpoints:

            """
        for index in 0..<count {
            text += "  item\(index):\n    method: GET\n    path: /items/\(index)\n"
            text +=
                index % 7 == 0
                ? "    response: Thread\n    sample: {id: \(index)}\n"
                : "    response: Item\n    sample: {id: item\(index)}\n"
        }
        if adding {
            text += "  other:\n    method: GET\n    path: /other\n    response: Other\n    sample: {name: Ada}\n"
        }
        return text
    }

    /// An operation that answers a model its files did not name before, with a sample, recompiles, in the
    /// client's module, the files it changes alone, as the compiler's driver builds a SwiftPM target in debug:
    /// its files' imports do not follow the models they name (each file imported each model it named on its own
    /// before, so the new file's new import changed its interface, and every file of the module was compiled
    /// again), and its sample is in the samples' file of its number, which only its endpoint file names (with
    /// every sample in one file, every endpoint file was compiled again).
    @Test func anOperationAnsweringAnotherModelRecompilesItsFilesAlone() async throws {
        let split = ModuleSplit(client: "Big")
        func generate(adding: Bool) -> [GeneratedFile] {
            let output = Pipeline.generate(
                text: Self.bigSpec(endpoints: 60, adding: adding),
                path: "spec.yaml",
                layout: FileLayout(modules: split)
            ) { _ in nil }
            #expect(!output.hasErrors, "\(output.diagnostics)")
            return output.files
        }
        let before = generate(adding: false)
        let after = generate(adding: true)
        func module(_ files: [GeneratedFile], _ name: String) -> [GeneratedFile] {
            files.filter { $0.name.hasPrefix(name + "/") }.map {
                GeneratedFile(name: String($0.name.dropFirst(name.count + 1)), contents: $0.contents)
            }
        }
        #expect(module(before, split.models) == module(after, split.models))
        let (client, changedClient) = (module(before, split.client), module(after, split.client))
        try #require(client.map(\.name) == changedClient.map(\.name))
        let edited = zip(client, changedClient).filter { $0 != $1 }.map(\.0.name).sorted()
        // A client's module spreads its endpoints over 16 files of each kind.
        let count = Translator.operationSpreadCount(modules: split)
        #expect(count == 16 && client.contains { $0.name == "Part16.Client.swift" })
        let files = ["Endpoints", "Client", "Combine", "Samples"].map {
            Translator.spread($0, count: count)[Translator.fileIndex(of: "other", among: count)]
        }
        #expect(edited == files.sorted())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-split-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let modelFiles = module(before, split.models)
        let models = try await SwiftCompiler.emitModule(modelFiles, module: split.models, in: directory)
        try #require(models.status == 0 && models.problems.isEmpty, "\(models.diagnostics)")
        let build = try SwiftCompiler.IncrementalBuild(module: split.client, flags: ["-I", directory.path])
        defer { build.remove() }
        let clean = try await build.build(client)
        try #require(clean.check.status == 0 && clean.check.problems.isEmpty, "\(clean.check.diagnostics)")
        // The driver compares the sources' modification times with those of its last build.
        try await Task.sleep(for: .seconds(1.1))
        let rebuild = try await build.build(changedClient)
        #expect(rebuild.check.status == 0 && rebuild.check.problems.isEmpty, "\(rebuild.check.diagnostics)")
        #expect(rebuild.recompiled == edited)
    }

    @Test func aModelNamedLikeAnImportedTypeStillMeansTheModel() async throws {
        let app = """
            import Clashes
            import Foundation
            import SpecsmithRuntime

            func use(_ member: ClashesClient<Scope.Member>) async throws {
                let thread: Thread = try await member.thread(id: 1)
                let subscription: Subscription = thread.subscription
                let just: Just = try await member.follow(id: thread.id, body: subscription)
                _ = just.thread?.timers.first?.seconds
                let threads: [Thread] = try await ClashesClient<Scope.Public>().threads(subscription: .mentions)
                _ = threads
                _ = member.threadPublisher(id: 1).map { (thread: Thread) in thread.title }
                _ = ClashesAPI.thread(id: 1)
                _ = ClashesResource.follow(id: 1, body: .none)
                let policy: RedirectPolicy = try await member.policy()
                _ = policy == .refuse
            }

            func message(_ error: APIError<Notification>) -> String? {
                error.errorBody?.message
            }
            """
        let check = try await SwiftCompiler.compileModules(try Self.generate(), split: Self.split, app: app)
        #expect(check.status == 0, "\(check.diagnostics)")
        #expect(check.problems.isEmpty, "\(check.problems)")
    }

    /// Every example spec (async, Combine and its webhooks: RxSwift is not built here) written as two modules
    /// compiles without a warning, and an app imports the client's module.
    @Test(arguments: [
        "Bookshelf", "Chat", "Countries", "Files", "GitHubIssues", "Notes", "Payments", "Shop", "OpenAIEvents",
        "QualityOnDemand",
    ])
    func everyExampleCompilesAsTwoModules(name: String) async throws {
        let path = TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml").path
        let split = ModuleSplit(client: name)
        let output = try Pipeline.generate(
            specAt: path,
            configAt: Pipeline.defaultConfig(forSpecAt: path),
            overrides: .init(flavours: [.async, .combine, .webhooks]),
            layout: FileLayout(modules: split)
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            ["Chat", "Payments", "OpenAIEvents", "QualityOnDemand"].contains(name)
                == output.files.contains { $0.name.hasSuffix("Webhooks.swift") }
        )
        let app = "import \(name)\n"
        let check = try await SwiftCompiler.compileModules(output, split: split, app: app)
        #expect(check.status == 0, "\(check.diagnostics)")
        #expect(check.problems.isEmpty, "\(check.problems)")
    }

    /// A server written as two modules (`--flavours server --modules NAME`): its models' module and the
    /// server's, which imports it, compile without a warning, and an app implements the service and serves it
    /// on a Hummingbird router. (The reproducers of issue 48: the server's files did not import the models'
    /// module, and the models' module not the runtime for a union's `unknownTag`.)
    @Test(arguments: [
        ("ModuleSplit/ServerPets.yaml", "func pet() async throws -> Pet { Pet(name: \"Rex\") }"),
        (
            "ModuleSplit/ServerUnion.yaml",
            "func shape() async throws -> Shape { .circle(Circle(kind: \"Circle\", r: 1)) }"
        ),
        (
            "ModuleSplit/ServerReexportedNames.yaml",
            """
            func ping() async throws -> RModels.Response { .init(id: 1) }
                func send(body: RModels.Request) async throws -> RModels.ResponseBody { .init(id: body.id) }
                func fields(body: RModels.HTTPFields) async throws -> RModels.HTTPResponse { .init(id: body.id) }
                func request(body: RModels.HTTPRequest) async throws -> RModels.ByteBuffer { .init(id: body.id) }
            """
        ),
    ])
    func aServerCompilesAsTwoModules(fixture: String, method: String) async throws {
        let path = TestSupport.fixtures.appendingPathComponent(fixture).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let name = try #require(text.split(separator: "\n").first { $0.hasPrefix("name: ") }).dropFirst(6)
        let split = ModuleSplit(client: String(name))
        let output = try Pipeline.generate(
            specAt: path,
            overrides: .init(flavours: [.server]),
            layout: FileLayout(modules: split)
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let server = try #require(output.files.first { $0.name == "\(name)/Server.swift" }).contents
        #expect(server.contains("@_exported public import \(split.models)\n"))
        let app = """
            import Hummingbird
            import \(name)

            struct Implementation: \(name)Service {
                \(method)
            }

            func serve() {
                let router = Router()
                Implementation().registerRoutes(on: router)
            }
            """
        let check = try await SwiftCompiler.compileModules(output, split: split, app: app)
        #expect(check.status == 0, "\(check.diagnostics)")
        #expect(check.problems.isEmpty, "\(check.problems)")
    }

    /// Example specs with scopes, unions, streams and uploads, written as a server in two modules, compile
    /// without a warning.
    @Test(arguments: ["Chat", "Files", "Payments", "Shop"])
    func exampleServersCompileAsTwoModules(name: String) async throws {
        let path = TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml").path
        let split = ModuleSplit(client: name + "Server")
        let output = try Pipeline.generate(
            specAt: path,
            configAt: Pipeline.defaultConfig(forSpecAt: path),
            overrides: .init(flavours: [.server]),
            layout: FileLayout(modules: split)
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let check = try await SwiftCompiler.compileModules(output, split: split, app: "import \(split.client)\n")
        #expect(check.status == 0, "\(check.diagnostics)")
        #expect(check.problems.isEmpty, "\(check.problems)")
    }

    @Test func aServersManifestLinesNameTheServersProducts() {
        let lines = ModuleSplit(client: "Pets").manifestTargets(flavours: [.server])
        #expect(
            lines == [
                #".target(name: "PetsModels", dependencies: [.product(name: "SpecsmithRuntime", package: "specsmith")]),"#,
                #".target(name: "Pets", dependencies: ["PetsModels", .product(name: "SpecsmithRuntime", package: "specsmith"), "#
                    + #".product(name: "SpecsmithServer", package: "specsmith"), .product(name: "Hummingbird", package: "hummingbird")]),"#,
            ]
        )
    }

    @Test func theScanReadsCodeNotCommentsOrStrings() {
        let text = ##"""
            /// A `Thread` in a comment.
            public func f(_ a: Alpha, b: [Beta]) -> Gamma<Delta> { // Epsilon
                let s = "Zeta \"Eta\" Theta"
                let data = Data(
                    #"""
                    {"Iota": 1}
                    """#
                )
                return Kappa.lambda(.Mu)
            }
            """##
        let names = ModuleImportScan.identifiers(in: text)
        for name in ["Alpha", "Beta", "Gamma", "Delta", "Kappa", "func", "Data"] { #expect(names.contains(name)) }
        for name in ["Thread", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "lambda", "Mu"] {
            #expect(!names.contains(name), "\(name)")
        }
    }

    /// The runtime's types a model's name is checked against are those the modules' sources declare public at
    /// the top level (a type added to the runtime and missing here would make a model of its name ambiguous).
    @Test func theRuntimesDeclaredTypesAreThoseOfItsSources() throws {
        var declared: Set<String> = []
        let kinds = "struct|class|enum|protocol|typealias|actor"
        let declaration = try Regex("^(?:@\\w+(?:\\([^)]*\\))? )*public (?:final )?(?:\(kinds)) (\\w+)")
        for module in ["SpecsmithRuntime", "SpecsmithCombine", "SpecsmithWebhooks"] {
            let folder = TestSupport.packageRoot.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                        declared.insert(String(name))
                    }
                }
            }
        }
        #expect(declared.count > 60)
        #expect(declared.subtracting(RuntimeSymbols.declaredTypes).sorted() == [])
        #expect(RuntimeSymbols.declaredTypes.subtracting(declared).sorted() == [])
    }

    @Test func moduleNamesAreIdentifiers() {
        #expect(ModuleSplit.isModuleName("GitHub"))
        #expect(ModuleSplit.isModuleName("API_2"))
        #expect(!ModuleSplit.isModuleName("2API"))
        #expect(!ModuleSplit.isModuleName("Git-Hub"))
        #expect(!ModuleSplit.isModuleName(""))
    }
}
