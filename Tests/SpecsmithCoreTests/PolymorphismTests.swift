import Foundation
import Testing

@testable import SpecsmithCore

/// A parent schema that tells its `allOf` children apart by a discriminator of its own is, where it is used, a
/// union of its children (issue 59, item 14): read as the parent alone, a dog lost its `bark` without a word.
@Suite struct PolymorphismTests {
    static let fixture = "polymorphism-by-allOf.yaml"

    @Test func theParentIsTheUnionOfItsKindsAndItsChildrenIncludeItsBase() throws {
        let output = try UnionTagsTests.generate(fixture: Self.fixture)
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let (resolved, diagnostics) = try Pipeline.resolve(
            specAt: OpenAPITests.directory.appendingPathComponent(Self.fixture).path
        )
        let api = try #require(resolved, "\(diagnostics)")
        let pet = try #require(api.models.first { $0.name == "Pet" })
        guard case .union(let union) = pet.shape else {
            Issue.record("Pet is not a union: \(pet.shape)")
            return
        }
        #expect(union.alternatives.map { TranslationSupport.typeText($0.type) } == ["Dog", "PetBase", "Cat"])
        #expect(union.discriminator == "petType")
        let dog = try #require(api.models.first { $0.name == "Dog" })
        guard case .object(let properties) = dog.shape else {
            Issue.record("Dog is not an object: \(dog.shape)")
            return
        }
        #expect(properties.map(\.name) == ["petType", "name", "bark"])
        let client = output.files.map(\.contents).joined()
        #expect(client.contains("func getPet(id: String) async throws(APIError<Never>) -> Pet {"), "\(client)")
        #expect(client.contains("public var pet: Pet"), "\(client)")
    }

    /// A filter reads the kinds the mapping names (not those it leaves out, which nothing it reads refers to);
    /// at a depth that leaves every kind out, the parent is the object it is without children.
    @Test func aFilterKeepsTheKindsItReads() throws {
        let text = try String(contentsOf: OpenAPITests.directory.appendingPathComponent(Self.fixture), encoding: .utf8)
        func generate(_ filter: String) -> (Pipeline.Output, String) {
            let config = Pipeline.ConfigSource(text: "filter:\n" + filter, path: "specsmith-config.yaml")
            let output = Pipeline.generate(text: text, path: Self.fixture, config: config) { _ in nil }
            return (output, output.files.map(\.contents).joined())
        }
        let (owner, ownerSwift) = generate("  operations: [getOwner]\n")
        #expect(!owner.hasErrors, "\(owner.diagnostics)")
        #expect(ownerSwift.contains("case dog(Dog)") && ownerSwift.contains("case pet(PetBase)"), "\(ownerSwift)")
        #expect(!ownerSwift.contains("Cat"))
        let (shallow, shallowSwift) = generate("  operations: [getPet]\n  depth: 1\n")
        #expect(!shallow.hasErrors, "\(shallow.diagnostics)")
        #expect(shallowSwift.contains("public struct Pet: Codable"), "\(shallowSwift)")
        #expect(!shallowSwift.contains("PetBase"))
    }

    /// The import writes the union's `base:`, which a spec in the format checks: it needs a discriminator and
    /// names an object model.
    @Test func theSpecFormatSaysTheBase() throws {
        let text = try String(contentsOf: OpenAPITests.directory.appendingPathComponent(Self.fixture), encoding: .utf8)
        let imported = try #require(Importer.importOpenAPI(text: text, path: Self.fixture).spec)
        #expect(imported.contains("    base: PetBase\n"), "\(imported)")
        let fromDocument = Pipeline.generate(text: text, path: Self.fixture) { _ in nil }
        let fromSpec = Pipeline.generate(text: imported, path: Self.fixture) { _ in nil }
        #expect(fromSpec.files.map(\.contents) == fromDocument.files.map(\.contents))
        let bad = """
            specsmith: 1
            name: Kennel
            baseURL: https://kennel.example.com
            models:
              Base:
                properties: {name: String}
              Tag:
                enum: [a, b]
              A:
                includes: [Base]
                properties: {kind: String}
              Shaped:
                oneOf: [A]
                base: Base
              Tagged:
                oneOf: [A]
                discriminator: kind
                base: Tag
            """
        #expect(
            TestSupport.lines(TestSupport.generate(bad).diagnostics) == [
                "14:11: error: the `base` of union `Shaped` needs a `discriminator`: a value of an unknown kind is one whose tag is not listed",
                "18:11: error: the `base` of union `Tagged` must be an object model, not `Tag`",
            ]
        )
    }

    @Test func eachKindIsReadAsItselfAndWrittenBackWhole() async throws {
        let output = try UnionTagsTests.generate(fixture: Self.fixture)
        let main = """
            import Foundation

            func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T {
                try! JSONDecoder().decode(T.self, from: Data(text.utf8))
            }
            let pets = decode([Pet].self, #"[{"petType":"dog","name":"Rex","bark":"woof"},{"petType":"Cat","name":"Tom","lives":9},{"petType":"pet","name":"Pip"},{"petType":"bird","name":"Tweety","wings":2}]"#)
            for pet in pets {
                switch pet {
                case .dog(let dog): print("dog", dog.name, dog.bark)
                case .cat(let cat): print("cat", cat.name, cat.lives ?? 0)
                case .pet(let base): print("pet", base.name)
                default: print("unknown kind kept")
                }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try! encoder.encode(pets), as: UTF8.self))
            let owner = decode(Owner.self, #"{"name":"Ann","pet":{"petType":"dog","name":"Rex","bark":"woof"}}"#)
            if case .dog(let dog) = owner.pet { print("owner's dog", dog.bark) }
            // Two levels: a lizard is an animal's kind too.
            for text in [#"{"kind":"Lizard","tail":1.5,"scales":true}"#, #"{"kind":"Reptile"}"#, #"{"kind":"Bird","wings":2}"#] {
                switch decode(Animal.self, text) {
                case .lizard(let lizard): print("lizard", lizard.tail ?? 0, lizard.scales ?? false)
                case .reptile: print("reptile")
                case .bird(let bird): print("bird", bird.wings ?? 0)
                default: print("unknown animal")
                }
            }
            // A value of an unknown kind is kept only when it is a pet: with its tag and what every pet has.
            for text in [#"{"name":"Nobody"}"#, #"{"petType":"bird"}"#] {
                print((try? JSONDecoder().decode(Pet.self, from: Data(text.utf8))) == nil ? "refused" : "kept")
            }
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "Polymorphism")
        #expect(
            lines == [
                "dog Rex woof", "cat Tom 9", "pet Pip", "unknown kind kept",
                #"[{"bark":"woof","name":"Rex","petType":"dog"},{"lives":9,"name":"Tom","petType":"Cat"},{"name":"Pip","petType":"pet"},{"name":"Tweety","petType":"bird","wings":2}]"#,
                "owner's dog woof", "lizard 1.5 true", "reptile", "bird 2", "refused", "refused",
            ]
        )
    }
}
