import Foundation
import Testing

@testable import SpecsmithCore

/// Properties every generated client keeps, over every union and model of the project's specs and fixtures:
///
/// - a value of each alternative of a union decodes as that alternative, and written back and read again, is
///   that alternative still (the rule of `UnionFits`, not the order of `oneOf`);
/// - a model made without its optional properties (a value with only its required keys and tags) writes back
///   only those keys: nothing the caller did not set, defaults included.
///
/// Values are the mock's made-up ones (`MockValues`), at the depth where optional properties are left out.
/// Alternatives the description cannot tell apart (the resolver warns of them) and alternatives that take any
/// value (`JSON`) are not checked: no rule can read them as themselves.
@Suite struct UnionPropertyTests {
    /// The specs and fixtures whose unions and models are checked.
    static let specs: [URL] = {
        let root = TestSupport.packageRoot
        let openAPI = OpenAPITests.directory
        var files =
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Specs").path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { root.appendingPathComponent("Specs/\($0)") }
        files += [
            "one-value-tags.yaml", "unions-real-apis-tell-apart.yaml", "real-world-shapes.yaml", "answers.yaml",
            "polymorphism-by-allOf.yaml",
        ]
        .map { openAPI.appendingPathComponent($0) }
        files += [
            "01-const-tag-union.yaml", "02-any-value-union.yaml", "03-patch-defaults.yaml",
            "05-single-alternative-tag.yaml",
        ]
        .map { RoundTripTests.directory.appendingPathComponent($0) }
        files.append(TestSupport.fixtures.appendingPathComponent("DataShapes/Shapes.yaml"))
        return files
    }()

    @Test(arguments: specs)
    func everyAlternativeReadsAsItselfAndNothingUnsetIsWritten(spec: URL) async throws {
        let (resolved, diagnostics) = try Pipeline.resolve(specAt: spec.path)
        let api = try #require(resolved, "\(diagnostics)")
        let output = try Pipeline.generate(specAt: spec.path, overrides: Pipeline.Overrides(flavours: [.async]))
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let (main, expectations) = Self.program(api)
        guard !expectations.models.isEmpty || expectations.alternatives > 0 else { return }
        let module = "Properties" + spec.deletingPathExtension().lastPathComponent.filter { $0.isLetter }
        let lines = try await SwiftCompiler.run(output, main: main, module: module)
        let misreads = lines.filter { !$0.hasPrefix("ok ") && !$0.hasPrefix("MODEL ") }
        #expect(misreads.isEmpty, "\(misreads.joined(separator: "\n"))")
        #expect(lines.count(where: { $0.hasPrefix("ok ") }) == expectations.alternatives * 2)
        for line in lines where line.hasPrefix("MODEL ") {
            let parts = line.dropFirst("MODEL ".count).split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let expected = expectations.models[parts[0]],
                let written = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
            else {
                Issue.record("unreadable: \(line)")
                continue
            }
            #expect(
                Set(written.keys) == expected,
                "\(parts[0]) wrote \(written.keys.sorted()), not \(expected.sorted())"
            )
        }
        #expect(lines.count(where: { $0.hasPrefix("MODEL ") }) == expectations.models.count)
    }

    /// The program that reads each alternative's value and writes each model's least value back, and what it
    /// must print: how many alternatives, and for each model the keys it writes.
    static func program(_ api: API) -> (main: String, expectations: (alternatives: Int, models: [String: Set<String>]))
    {
        let values = MockValues(api: api)
        let table = JSONKinds.table(api)
        let coding = DateCodingName(rawValue: api.dates) ?? .iso8601
        var main = """
            import Foundation
            import SpecsmithRuntime

            let decoder = DateCoding.\(coding.rawValue).makeDecoder()
            let encoder = DateCoding.\(coding.rawValue).makeEncoder()
            func checkAlternative<T: Codable>(_ type: T.Type, _ label: String, _ json: String, _ matches: (T) -> Bool) {
                do {
                    let value = try decoder.decode(T.self, from: Data(json.utf8))
                    print(matches(value) ? "ok \\(label)" : "MISREAD \\(label): \\(value)")
                    let again = try decoder.decode(T.self, from: encoder.encode(value))
                    print(matches(again) ? "ok \\(label) again" : "MISREAD \\(label) written back: \\(again)")
                } catch {
                    print("FAILED \\(label): \\(error)")
                }
            }
            func checkModel<T: Codable>(_ type: T.Type, _ label: String, _ json: String) {
                do {
                    let value = try decoder.decode(T.self, from: Data(json.utf8))
                    print("MODEL \\(label) " + String(decoding: try encoder.encode(value), as: UTF8.self))
                } catch {
                    print("FAILED \\(label): \\(error)")
                }
            }

            """
        var alternatives = 0
        var models: [String: Set<String>] = [:]
        func literal(_ json: String) -> String { "#\"" + json + "\"#" }
        for model in api.models where !model.isRequestOnly {
            switch model.shape {
            case .union(let union):
                let fits = union.alternatives.map { UnionFits.fit(of: $0.type, table: table) }
                for (index, alternative) in union.alternatives.enumerated() {
                    let fit = fits[index]
                    if fit.takesAnyValue { continue }
                    // Told apart from every other by the description, or not checked.
                    // (A date written as a number takes every number: what comes after it never reads one.)
                    let numericDate = UnionFits.candidates(for: "number", in: fits).prefix { $0 != index }.contains {
                        union.alternatives[$0].type == .builtin(.date)
                    }
                    if union.discriminator == nil,
                        fits.indices.contains(where: { $0 != index && fits[$0].isIndistinguishable(from: fit) })
                            || Self.isShadowed(index, fits: fits) || (fit.kinds == ["number"] && numericDate)
                    {
                        continue
                    }
                    // A value of the alternative carries its tag: the discriminator's, else its own tags; a
                    // fraction's is not a whole number, which an `Int` before it would take.
                    var value = values.value(alternative.type, depth: MockValues.richDepth)
                    if alternative.type == .builtin(.double) || alternative.type == .builtin(.float) {
                        value = .double(1.5)
                    }
                    if case .object(var object) = value {
                        if let discriminator = union.discriminator, let tag = alternative.tags.first {
                            object[discriminator] = .string(tag)
                        }
                        for tag in fit.tags where object[tag.key] == nil { object[tag.key] = .string(tag.value) }
                        value = .object(object)
                    }
                    let json = value.jsonText(indentation: nil)
                    let label = "\(model.name).\(alternative.name)"
                    main +=
                        "checkAlternative(\(model.name).self, \(literal(label)), \(literal(json))) { if case .\(SwiftName.escaped(alternative.name)) = $0 { return true }; return false }\n"
                    alternatives += 1
                }
            case .object(let properties):
                guard !properties.contains(where: { $0.direction == .writeOnly && $0.isRequiredKey }) else { continue }
                let json = values.value(.model(model.name), depth: MockValues.richDepth).jsonText(indentation: nil)
                main += "checkModel(\(model.name).self, \(literal(model.name)), \(literal(json)))\n"
                // Required keys (read-only ones are never written), constants whether required or not, and kept
                // keys the made-up value has none of.
                models[model.name] = Set(
                    properties.filter { ($0.isRequiredKey || $0.constant != nil) && $0.direction != .readOnly }.map(
                        \.key
                    )
                )
            case .enumeration:
                continue
            }
        }
        return (main, (alternatives, models))
    }

    /// Whether every value of alternative `index` also fits one tried before it, which the description cannot
    /// tell it from: a model with no required keys, tags or closed keys reads any object (a model ignores keys it
    /// does not list), a dictionary's or another union's too; a `Double` and a date written as a number take the
    /// same numbers.
    static func isShadowed(_ index: Int, fits: [AlternativeFit]) -> Bool {
        let fit = fits[index]
        for kind in fit.kinds {
            for earlier in UnionFits.candidates(for: kind, in: fits) {
                if earlier == index { break }
                let other = fits[earlier]
                if kind == "object", other.rank == AlternativeFit.modelRank, other.required.isEmpty, other.tags.isEmpty,
                    other.allowedKeys == nil, fit.tags.isEmpty || fit.rank != AlternativeFit.modelRank
                {
                    return true
                }
                if other.rank == fit.rank, other.kinds == fit.kinds, fit.rank != AlternativeFit.modelRank {
                    return true
                }
            }
        }
        return false
    }
}
