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
        #expect(names.allSatisfy { $0.hasPrefix("ClashesModels/") || $0.hasPrefix("Clashes/") })
        #expect(names.filter { $0.hasPrefix("ClashesModels/") } == ["ClashesModels/Models.swift"])
        // Every file of a big spec too, by the same rule: models and endpoint types with the models.
        let every = try Self.generate(FileLayout(everyFile: true, modules: Self.split)).files.map(\.name)
        #expect(every.filter { $0.hasPrefix("ClashesModels/") }.count == Translator.modelFileNames.count)
        #expect(every.count == Translator.fileNames.count)
    }

    @Test func theClientsFilesImportEachModelTheyName() throws {
        let output = try Self.generate()
        let client = try #require(output.files.first { $0.name == "Clashes/Client.swift" }).contents
        #expect(client.contains("@_exported public import ClashesModels\n"))
        #expect(client.contains("@_exported public import struct ClashesModels.Thread\n"))
        #expect(client.contains("@_exported public import enum ClashesModels.Subscription\n"))
        // `Timer` is named only inside `Thread`, never by the client's files.
        #expect(!client.contains("ClashesModels.Timer"))
        let models = try #require(output.files.first { $0.name == "ClashesModels/Models.swift" }).contents
        #expect(!models.contains("import Clashes"))
        // Written as one module, nothing of this.
        let single = try #require(try Self.generate(FileLayout()).files.first { $0.name == "Client.swift" }).contents
        #expect(!single.contains("ClashesModels"))
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

    @Test func moduleNamesAreIdentifiers() {
        #expect(ModuleSplit.isModuleName("GitHub"))
        #expect(ModuleSplit.isModuleName("API_2"))
        #expect(!ModuleSplit.isModuleName("2API"))
        #expect(!ModuleSplit.isModuleName("Git-Hub"))
        #expect(!ModuleSplit.isModuleName(""))
    }
}
