import Foundation
import Testing

@testable import SpecsmithCore

/// A property test of the promise that every spec the generator accepts gives Swift that compiles: seeded
/// specs whose every name (models, properties, enum values, endpoints, parameters, namespaces, scopes) is drawn
/// from the classes of names that broke generated code (keywords, reserved and runtime type names, generated
/// members, digits, punctuation, Unicode, control characters, case variants); every other seed's names come
/// from a vocabulary of a dozen of them, so that types, properties, cases and parameters share names. What the
/// generator refuses is dropped; the rest must compile without a warning, with the async, Combine and webhooks flavours,
/// in the style and at the access level the seed picks (ten seeds meet every pair), as a server, and as two
/// modules (`--modules`: the client for odd seeds, the server for even ones).
@Suite struct RandomNamesTests {
    static let seeds: [UInt64] = Array(1...10)

    /// The style and access level of the seed's spec.
    static func overrides(_ seed: UInt64) -> Pipeline.Overrides {
        let styles: [API.Style] = [.both, .resources, .endpoints]
        let access: [API.Access] = [.public, .package, .internal]
        return Pipeline.Overrides(
            style: styles[Int(seed % 3)],
            access: access[Int(seed / 3 % 3)],
            flavours: [.async, .combine, .webhooks]
        )
    }

    @Test(arguments: seeds)
    func acceptedSpecsCompile(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        if seed % 2 == 0 { random.vocabulary = HardNames.vocabulary(size: 12, using: &random) }
        var spec = RandomSpec.draw(units: 48, families: true, using: &random)
        // Seeds 3 and 7 without `Hashable` (issue 60's `hashable: false`): every kind of declaration drawn still
        // compiles, as a client, a server and two modules.
        spec.hashable = seed % 4 != 3
        let drawn = spec.nameCount
        func families() -> Int { spec.units.count { $0.lines.contains { $0.hasPrefix("    base: ") } } }
        let drawnFamilies = families()
        let (output, refused) = spec.generateDroppingRefusedUnits(overrides: Self.overrides(seed))
        try #require(!output.hasErrors, "\(output.diagnostics)")
        // Families (a discriminated union whose `base` its kinds include) of hard names: refused like any unit
        // when a name hides a type or two keys meet (13 of 30 kept over seeds 1–10), and what is kept compiles.
        print("random names, seed \(seed): \(families()) of \(drawnFamilies) families kept")
        // Most names must survive, or the test would check little (what refers to a refused model goes too);
        // A small vocabulary makes more names clash (two models of one name), which the generator refuses, and a
        // refused model takes what refers to it along (seed 8 keeps 46 of 238 names, about a fifth).
        let share = seed % 2 == 0 ? 6 : 3
        #expect(spec.nameCount * share >= drawn, "only \(spec.nameCount) of \(drawn) names were accepted: \(refused)")
        // The events drawn, of hard names, are among what compiles.
        #expect(output.files.contains { $0.name == "Webhooks.swift" }, "\(refused)")
        let hashableStructs = output.files.flatMap { $0.contents.split(separator: "\n") }
            .filter { $0.contains("struct ") && $0.contains("Hashable") }
        #expect(spec.hashable ? !hashableStructs.isEmpty : hashableStructs.isEmpty, "\(hashableStructs.prefix(3))")
        let check = try await SwiftCompiler.compile(output, module: "RandomNames\(seed)")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)\n\(spec.text.text)")
        // The same spec as a server: its protocol, routes and the models turned round type-check too.
        var serverOverrides = Self.overrides(seed)
        serverOverrides.flavours = [.server]
        let server = Pipeline.generate(text: spec.text.text, path: "random.yaml", overrides: serverOverrides) { _ in
            nil
        }
        try #require(!server.hasErrors, "\(server.diagnostics)")
        let serverCheck = try await SwiftCompiler.compile(server, module: "RandomServer\(seed)", typeCheckOnly: true)
        #expect(
            serverCheck.status == 0 && serverCheck.problems.isEmpty,
            "server: \(serverCheck.diagnostics)\n\(spec.text.text)"
        )
        // And as two modules (`--modules`): the client for odd seeds, the server for even ones.
        let split = ModuleSplit(client: "RandomModules\(seed)")
        var splitOverrides = seed % 2 == 1 ? Self.overrides(seed) : serverOverrides
        splitOverrides.access = nil
        let modules = Pipeline.generate(
            text: spec.text.text,
            path: "random.yaml",
            overrides: splitOverrides,
            layout: FileLayout(modules: split)
        ) { _ in nil }
        try #require(!modules.hasErrors, "\(modules.diagnostics)")
        let modulesCheck = try await SwiftCompiler.compileModules(
            modules,
            split: split,
            app: "import \(split.client)\n"
        )
        #expect(
            modulesCheck.status == 0 && modulesCheck.problems.isEmpty,
            "two modules (\(seed % 2 == 1 ? "client" : "server")): \(modulesCheck.diagnostics)\n\(spec.text.text)"
        )
        print(
            "random names, seed \(seed): \(spec.nameCount) of \(drawn) names generated and compiled, client, server "
                + "and two modules"
        )
    }

    /// Every JSON key and enum value, however odd, round-trips: a model decoded from an object with every key
    /// encodes to the same object, and every enum value decodes to a known case that encodes as it was.
    @Test(arguments: [UInt64(1), 2])
    func keysAndValuesRoundTrip(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        var spec = RandomSpec.drawModels(count: 24, using: &random)
        let (output, _) = spec.generateDroppingRefusedUnits(overrides: Pipeline.Overrides(flavours: [.async]))
        try #require(!output.hasErrors, "\(output.diagnostics)")
        let (api, _) = Pipeline.resolve(text: spec.text.text, path: "random.yaml") { _ in nil }
        let models = try #require(api).models

        // The program decodes each payload as its model and prints what it encodes to, one line per payload.
        var main = "import Foundation\n\nlet encoder = JSONEncoder()\nencoder.outputFormatting = .sortedKeys\n"
        main += "func line(_ data: Data) { print(data.base64EncodedString()) }\n"
        var expected: [Any] = []
        for model in models {
            switch model.shape {
            case .object(let properties):
                let object = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, "value of \($0.key)") })
                expected.append(object)
                main += payloadLine(object, decoding: model.name)
            case .union: continue
            case .enumeration(let enumeration):
                let cases = enumeration.cases
                let values = cases.map(\.rawValue)
                expected.append(values)
                main += payloadLine(values, decoding: "[\(model.name)]")
                main += "precondition(\(model.name).knownCases.count == \(cases.count))\n"
                main +=
                    "precondition(try! JSONDecoder().decode([\(model.name)].self, from: "
                    + "Data(base64Encoded: \"\(try base64(values))\")!) == \(model.name).knownCases)\n"
            }
        }
        let lines = try await SwiftCompiler.run(output, main: main, module: "RoundTrip\(seed)")
        try #require(lines.count == expected.count, "\(lines)")
        // JSONDecoder, not JSONSerialization, which drops a byte order mark inside a string.
        for (line, value) in zip(lines, expected) {
            let data = try #require(Data(base64Encoded: line))
            if let object = value as? [String: String] {
                #expect(try JSONDecoder().decode([String: String].self, from: data) == object)
            } else {
                #expect(try JSONDecoder().decode([String].self, from: data) == value as? [String])
            }
        }
        let names = models.reduce(0) { count, model in
            switch model.shape {
            case .object(let properties): count + properties.count
            case .enumeration(let enumeration): count + enumeration.cases.count
            case .union(let union): count + union.alternatives.count
            }
        }
        print("round trip, seed \(seed): \(names) keys and values of \(models.count) models")
    }

    private func base64(_ value: Any) throws -> String {
        try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]).base64EncodedString()
    }

    private func payloadLine(_ value: Any, decoding type: String) -> String {
        let payload = (try? base64(value)) ?? ""
        return "line(try! encoder.encode(try! JSONDecoder().decode(\(type).self, "
            + "from: Data(base64Encoded: \"\(payload)\")!)))\n"
    }
}
