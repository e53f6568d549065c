import Foundation
import Testing

@testable import SpecsmithCore

/// A structure-aware property test of OpenAPI input: seeded mutations of the test documents' schemas, of the
/// kinds that once crashed the generator or gave Swift that did not compile (a `oneOf` that refers to its own
/// schema, `items` nested 30 deep, an enumeration of 2,000 values, names that start with a digit or have no
/// case, a property named like its schema beside a default, kept keys, properties whose Swift names would be
/// one, integer-or-string values, `$ref` keys in examples, a parent told apart from its `allOf` children by a
/// discriminator of its own). Each mutated document, written as JSON, must
/// generate or be refused with errors, never crash; what generates must compile without a warning, in the
/// style and at the access level the seed picks, and for two seeds in three as a server or as two modules.
@Suite struct OpenAPIMutationTests {
    static let documents = [
        "more-real-world-shapes.yaml", "real-world-shapes.yaml", "pages.yaml", "streams.yaml", "kennel-swagger2.yaml",
    ]
    static let seeds: [UInt64] = Array(1...15)

    @Test(arguments: seeds)
    func mutatedDocumentsGenerateSwiftThatCompiles(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        let name = Self.documents[Int(seed) % Self.documents.count]
        var (document, section) = try Self.document(name)
        var applied: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let mutation = Mutation.allCases.randomElement(using: &random)!
            applied.append("\(mutation)")
            mutation.apply(to: &document, schemas: section, using: &random)
        }
        let json = document.jsonText
        let overrides = RandomNamesTests.overrides(seed)
        let output = Pipeline.generate(text: json, path: "mutated.json", overrides: overrides) { _ in nil }
        guard !output.hasErrors else {
            #expect(output.files.isEmpty)
            print("openapi mutations, seed \(seed), \(name), \(applied): refused")
            return
        }
        let check = try await SwiftCompiler.compile(output, module: "Mutated\(seed)")
        #expect(check.status == 0 && check.problems.isEmpty, "\(applied)\n\(check.diagnostics)\n\(json)")
        // A third of the seeds also as a server, another third as two modules (`--modules`; the server for even
        // seeds), so that these stay compiling too.
        var also = overrides
        var split: ModuleSplit?
        switch seed % 3 {
        case 0: also.flavours = [.server]
        case 1:
            split = ModuleSplit(client: "MutatedModules\(seed)")
            also.access = nil
            if seed % 2 == 0 { also.flavours = [.server] }
        default: break
        }
        if seed % 3 != 2 {
            let other = Pipeline.generate(
                text: json,
                path: "mutated.json",
                overrides: also,
                layout: FileLayout(modules: split)
            ) { _ in nil }
            try #require(!other.hasErrors, "\(applied)\n\(other.diagnostics)")
            let otherCheck =
                if let split {
                    try await SwiftCompiler.compileModules(other, split: split, app: "import \(split.client)\n")
                } else {
                    try await SwiftCompiler.compile(other, module: "MutatedServer\(seed)", typeCheckOnly: true)
                }
            #expect(
                otherCheck.status == 0 && otherCheck.problems.isEmpty,
                "\(applied), \(also.flavours!), modules: \(split != nil)\n\(otherCheck.diagnostics)\n\(json)"
            )
        }
        print("openapi mutations, seed \(seed), \(name), \(applied): compiled")
    }

    /// The newest mutation on two documents, whatever the seeds draw: a parent with its own discriminator and
    /// two children, as a client and as a server.
    @Test(arguments: ["real-world-shapes.yaml", "kennel-swagger2.yaml"])
    func aPolymorphicParentGeneratesSwiftThatCompiles(name: String) async throws {
        var (document, section) = try Self.document(name)
        var random = SeededGenerator(state: 7)
        // A target with properties, so that it is an object the mutation makes a parent of.
        for _ in 0..<8 where !document.jsonText.contains("Kid\"") {
            Mutation.polymorphicParent.apply(to: &document, schemas: section, using: &random)
        }
        let json = document.jsonText
        try #require(json.contains("Kid\""), "no schema with properties was drawn")
        for flavours: Set<API.Flavour> in [[.async], [.server]] {
            let output = Pipeline.generate(
                text: json,
                path: "polymorphic.json",
                overrides: Pipeline.Overrides(flavours: flavours)
            ) { _ in nil }
            try #require(!output.hasErrors, "\(output.diagnostics)")
            // A client keeps a value of an unknown kind when it is the base; a server refuses it.
            let swift = output.files.map(\.contents).joined()
            #expect(swift.contains(flavours == [.server] ? "Base: Codable" : "Base(from: decoder)"), "\(json)")
            let module = "Polymorphic" + name.filter(\.isLetter) + (flavours == [.server] ? "Server" : "")
            let check = try await SwiftCompiler.compile(output, module: module, typeCheckOnly: flavours == [.server])
            #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)\n\(json)")
        }
    }

    /// The test document `name` and the path of its schemas (`definitions` in Swagger 2).
    static func document(_ name: String) throws -> (YAMLValue, [String]) {
        let text = try String(
            contentsOf: TestSupport.fixtures.appendingPathComponent("OpenAPI/\(name)"),
            encoding: .utf8
        )
        var diagnostics = Diagnostics()
        let document = try #require(YAMLReader.read(text, file: name, diagnostics: &diagnostics))
        return (document, name.contains("swagger2") ? ["definitions"] : ["components", "schemas"])
    }

    /// What a mutation does to a document's schemas.
    enum Mutation: CaseIterable {
        case selfUnion, deepItems, hugeEnum, digitNamedSchema, keptKeys, clashingKeys, intOrString
        case referenceInExample, inlineAlternativeOfDigitSchema, caselessNames, nullable, allRequired
        case polymorphicParent

        func apply(to document: inout YAMLValue, schemas section: [String], using random: inout SeededGenerator) {
            let names = document.keys(at: section)
            guard let target = names.randomElement(using: &random) else { return }
            let reference = "#/" + section.joined(separator: "/") + "/"
            let path = section + [target]
            switch self {
            case .selfUnion:
                let original = document.value(at: path)?.jsonText ?? "{}"
                document.set(path, #"{"oneOf": [{"$ref": "\#(reference)\#(target)"}, \#(original)], "example": 1}"#)
            case .deepItems:
                var schema = #"{"type": "integer"}"#
                for _ in 0..<Int.random(in: 17...30, using: &random) {
                    schema = #"{"type": "array", "items": \#(schema)}"#
                }
                document.addProperty("deep", schema, to: path)
            case .hugeEnum:
                let values = (0..<2_000).map { "\"v\($0)\"" }.joined(separator: ", ")
                document.addProperty("big", #"{"type": "string", "enum": [\#(values)]}"#, to: path)
            case .digitNamedSchema:
                document.set(section + ["3DSecure"], #"{"type": "object", "properties": {"url": {"type": "string"}}}"#)
                document.addProperty("3DSecure", #"{"$ref": "\#(reference)3DSecure"}"#, to: path)
                document.addProperty("brand", #"{"type": "string", "default": "visa"}"#, to: path)
            case .keptKeys:
                document.set(path + ["additionalProperties"], "{}")
                document.addProperty("id", #"{"type": "string"}"#, to: path)
            case .clashingKeys:
                for key in ["+1", "-1", "total_count", "totalCount"] {
                    document.addProperty(key, #"{"type": "integer"}"#, to: path)
                }
            case .intOrString:
                document.addProperty("port", #"{"type": "string", "format": "int-or-string"}"#, to: path)
                document.addProperty("surge", #"{"x-kubernetes-int-or-string": true}"#, to: path)
            case .referenceInExample:
                document.addProperty(
                    "members",
                    #"{"type": "array", "items": {"type": "object"}, "example": [{"$ref": "https://x.example/1"}]}"#,
                    to: path
                )
            case .inlineAlternativeOfDigitSchema:
                document.set(
                    section + ["2FA"],
                    #"{"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "integer"}]}"#
                )
                document.addProperty("2FA", #"{"$ref": "\#(reference)2FA"}"#, to: path)
            case .caselessNames:
                document.set(section + ["日本"], #"{"type": "object", "properties": {"日本": {"type": "string"}}}"#)
                document.set(section + ["名前"], #"{"oneOf": [{"$ref": "\#(reference)日本"}, {"type": "string"}]}"#)
                document.addProperty("日本", #"{"$ref": "\#(reference)日本"}"#, to: path)
                document.addProperty("名前", #"{"$ref": "\#(reference)名前", "default": "x"}"#, to: path)
            case .nullable:
                document.set(path + ["nullable"], "true")
            case .polymorphicParent:
                // A parent told apart from its children by a discriminator of its own (issue 59): where used,
                // the union of its children; its properties `<Name>Base`, which they include.
                guard document.value(at: path + ["properties"]) != nil else { return }
                document.addProperty("kind", #"{"type": "string"}"#, to: path)
                let required = document.value(at: path + ["required"])?.jsonText ?? "[]"
                document.set(path + ["required"], required == "[]" ? #"["kind"]"# : required.dropLast() + #", "kind"]"#)
                document.set(
                    path + ["discriminator"],
                    #"{"propertyName": "kind", "mapping": {"one": "\#(reference)\#(target)Kid"}}"#
                )
                document.set(
                    section + [target + "Kid"],
                    #"{"allOf": [{"$ref": "\#(reference)\#(target)"}, {"type": "object", "properties": {"extra": {"type": "string"}}}]}"#
                )
                document.set(
                    section + [target + "Other"],
                    #"{"allOf": [{"$ref": "\#(reference)\#(target)"}, {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}]}"#
                )
            case .allRequired:
                let keys = document.keys(at: path + ["properties"]).map { "\"\($0)\"" }
                if !keys.isEmpty { document.set(path + ["required"], "[\(keys.joined(separator: ", "))]") }
            }
        }
    }
}

extension YAMLValue {
    /// The value at `path` (keys of mappings), if there is one.
    func value(at path: [String]) -> YAMLValue? {
        var value = self
        for key in path {
            guard case .mapping(let entries) = value.kind, let found = entries.first(where: { $0.key.value == key })
            else { return nil }
            value = found.value
        }
        return value
    }

    /// The keys of the mapping at `path`.
    func keys(at path: [String]) -> [String] {
        guard case .mapping(let entries)? = value(at: path)?.kind else { return [] }
        return entries.map(\.key.value)
    }

    /// Sets the value at `path` to the JSON `json`, adding the mappings on the way that are missing.
    mutating func set(_ path: [String], _ json: String) {
        var diagnostics = Diagnostics()
        guard let value = YAMLReader.read(json, file: "mutation.json", diagnostics: &diagnostics) else { return }
        set(path[...], value)
    }

    private mutating func set(_ path: ArraySlice<String>, _ new: YAMLValue) {
        guard let key = path.first else {
            self = new
            return
        }
        var entries: [Entry] = []
        if case .mapping(let existing) = kind { entries = existing }
        if let index = entries.firstIndex(where: { $0.key.value == key }) {
            entries[index].value.set(path.dropFirst(), new)
        } else {
            var child = YAMLValue(kind: .mapping([]), location: location)
            child.set(path.dropFirst(), new)
            entries.append(Entry(key: Located(key, at: location), value: child))
        }
        kind = .mapping(entries)
    }

    /// Adds a property to the object schema at `path` (making it one if it is not).
    mutating func addProperty(_ key: String, _ json: String, to path: [String]) {
        if value(at: path + ["$ref"]) != nil { return }
        set(path + ["type"], "\"object\"")
        set(path + ["properties", key], json)
    }
}
