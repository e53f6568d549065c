import Foundation
import SpecsmithCore
import Testing

/// Specs that once generated Swift that did not compile (`Fixtures/Compiles`, each saying what it holds) and
/// the committed specs (`Specs/`): each must generate, in every style and every access level, with the async
/// and Combine flavours, Swift that compiles without a warning.
@Suite struct CompilesTests {
    static let directory = TestSupport.fixtures.appendingPathComponent("Compiles")
    static let files =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []
    static let specsDirectory = TestSupport.packageRoot.appendingPathComponent("Specs")
    static let specs =
        (try? FileManager.default.contentsOfDirectory(atPath: specsDirectory.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    static let overrides = Pipeline.Overrides(style: .both, flavours: [.async, .combine])

    /// The three builds of the `index`th spec: one in each style, and one at each access level, the access
    /// levels turning with the index, so that three specs in a row meet every pair of style and access level.
    /// The first is compiled whole; the others are type-checked, which finds the same errors and warnings but
    /// those of SIL (an overflowing literal), at half the time.
    static func variants(_ index: Int) -> [Pipeline.Overrides] {
        let access: [API.Access] = [.public, .package, .internal]
        return [API.Style.both, .resources, .endpoints].enumerated().map { position, style in
            Pipeline.Overrides(
                style: style,
                access: access[(position + index) % 3],
                flavours: [.async, .combine, .webhooks]
            )
        }
    }

    @Test func thereAreSpecs() {
        #expect(Self.files.count >= 50)
        #expect(Self.specs.count >= 8)
    }

    @Test(arguments: files.indices)
    func generatesSwiftThatCompiles(index: Int) async throws {
        let file = Self.files[index]
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        for (position, overrides) in Self.variants(index).enumerated() {
            let output = Pipeline.generate(text: text, path: file, overrides: overrides) { _ in nil }
            try #require(!output.hasErrors, "\(file): \(output.diagnostics)")
            let check = try await SwiftCompiler.compile(output, module: "Check", typeCheckOnly: position > 0)
            #expect(
                check.status == 0 && check.problems.isEmpty,
                "\(file), \(overrides.style!), \(overrides.access!): \(check.diagnostics)"
            )
        }
    }

    /// Every fixture generated as a server (`flavours: [server]`, the module `specsmith generate` writes into
    /// `--server-output`), at the access level its index turns to, type-checks against SpecsmithServer and
    /// Hummingbird without a warning. (The committed specs' servers are targets of this package.)
    @Test(arguments: files.indices)
    func generatesServersThatCompile(index: Int) async throws {
        let file = Self.files[index]
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let access: [API.Access] = [.public, .package, .internal]
        let overrides = Pipeline.Overrides(access: access[index % 3], flavours: [.server])
        let output = Pipeline.generate(text: text, path: file, overrides: overrides) { _ in nil }
        try #require(!output.hasErrors, "\(file): \(output.diagnostics)")
        try #require(output.files.contains { $0.name == "Server.swift" }, "\(file): no Server.swift")
        let check = try await SwiftCompiler.compile(output, module: "CheckServer", typeCheckOnly: true)
        #expect(
            check.status == 0 && check.problems.isEmpty,
            "\(file), server, \(overrides.access!): \(check.diagnostics)"
        )
    }

    @Test(arguments: specs.indices)
    func committedSpecsCompileInEveryStyleAndAccessLevel(index: Int) async throws {
        let path = Self.specsDirectory.appendingPathComponent(Self.specs[index]).path
        for (position, overrides) in Self.variants(index).enumerated() {
            let output = try Pipeline.generate(specAt: path, overrides: overrides)
            try #require(!output.hasErrors, "\(path): \(output.diagnostics)")
            let check = try await SwiftCompiler.compile(output, module: "Check", typeCheckOnly: position > 0)
            #expect(
                check.status == 0 && check.problems.isEmpty,
                "\(path), \(overrides.style!), \(overrides.access!): \(check.diagnostics)"
            )
        }
    }

    /// The spec's file name is in every file's header comment; a line break in it must not end the comment.
    @Test func aLineBreakInTheSpecFileNameStaysInTheComment() async throws {
        let text = "name: R\nbaseURL: https://example.com\nendpoints:\n  ping: {method: GET, path: /x}\n"
        let output = Pipeline.generate(text: text, path: "r_file\nname\r\u{0}.yaml", overrides: Self.overrides) { _ in
            nil
        }
        #expect(output.files.first?.contents.hasPrefix("// Generated by specsmith from r_file\n// name\n") == true)
        let check = try await SwiftCompiler.compile(output, module: "Check")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }
}
