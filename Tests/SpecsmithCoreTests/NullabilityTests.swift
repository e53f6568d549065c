import Foundation
import Testing

@testable import SpecsmithCore

/// What real APIs send where their descriptions allow `null` or tell alternatives apart by a one-value
/// enumeration: the cases that made generated clients fail on real payloads (issue 45).
@Suite struct NullabilityTests {
    static let fixture = OpenAPITests.directory.appendingPathComponent("required-nullable.yaml")

    static func generate(_ text: String, path: String) -> Pipeline.Output {
        Pipeline.generate(text: text, path: path, overrides: Pipeline.Overrides(flavours: [.async])) { _ in nil }
    }

    /// A required property that may be `null` is `T?`, in every spelling descriptions use (`nullable: true`,
    /// `type: [T, "null"]`, a `null` alternative, `x-nullable`, a `$ref` to a nullable schema, an `allOf`
    /// beside `nullable` or with a `{nullable: true}` part, and a property a later part of `allOf` requires): decoded from `null` (or a missing
    /// key, as real APIs' examples leave such keys out), always written, `null` for `nil`, and required as an
    /// initializer parameter. Optional ones stay `T?`, left out when `nil`. (From 2026-11-22 to this test, such properties were `T`: a later part of `allOf`
    /// making a property required took away the `?` that `null` had given it, for every required property.)
    @Test func aRequiredPropertyThatMayBeNullIsOptionalAndWrittenAsNull() async throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let output = Self.generate(text, path: "required-nullable.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for (name, type) in [
            ("body", "String"), ("closedAt", "Date"), ("labels", "[String]"), ("assignee", "User"),
            ("suspendedBy", "NullableUser"), ("stateReason", "IssueStateReason"), ("milestone", "Milestone"),
            ("score", "Double"), ("refusal", "String"), ("truncation", "Milestone"),
        ] {
            #expect(swift.contains("public var \(name): \(type)?\n"), "\(name)")
            let key = name.replacing(/[A-Z]/) { "_" + $0.output.lowercased() }
            #expect(swift.contains("try container.encode(self.\(name), forKey: \"\(key)\")"), "\(name)")
        }
        // Optional ones, nullable or not, are left out when `nil`.
        #expect(swift.contains("try container.encodeIfPresent(self.locked, forKey: \"locked\")"))
        // The import says the same in the format.
        let imported = try #require(Importer.importOpenAPI(text: text, path: "required-nullable.yaml").spec)
        #expect(imported.contains("      body:\n        type: String\n        nullable: true\n"))
        #expect(imported.contains("      suspended_by:\n        type: NullableUser\n        nullable: true\n"))
        #expect(imported.contains("      locked: \"Bool?\"\n"))

        // `null` decodes and is written back; a missing key reads as `nil` and is written as `null`.
        let everyNull = """
            {"id":1,"title":"t","body":null,"closed_at":null,"labels":null,"assignee":null,"suspended_by":null,\
            "state_reason":null,"milestone":null,"score":null,"refusal":null,"truncation":null}
            """
        let values = """
            {"id":1,"title":"t","body":"b","closed_at":"2024-01-01T00:00:00Z","labels":["bug"],\
            "assignee":{"login":"a"},"suspended_by":{"login":"s"},"state_reason":"completed",\
            "milestone":{"title":"m"},"score":1.5,"refusal":"no","truncation":{"title":"t"},"locked":true,\
            "closed_by":{"login":"c"}}
            """
        let locked = """
            {"id":1,"title":"t","body":null,"closed_at":null,"labels":null,"assignee":null,"suspended_by":null,\
            "state_reason":null,"milestone":null,"score":null,"refusal":null,"truncation":null,"locked":null,\
            "closed_by":null}
            """
        let main =
            Self.roundTrip + """
                    func roundTrip<T: Codable>(_ type: T.Type, _ text: String) -> String {
                        roundTrip(type, base64: Data(text.utf8).base64EncodedString())
                    }
                    print(roundTrip(Issue.self, #"\(everyNull)"#))
                print(roundTrip(Issue.self, #"\(values)"#))
                print(roundTrip(Issue.self, #"{"id":1,"title":"t"}"#))
                print(roundTrip(LockedIssue.self, #"\(locked)"#))
                print(roundTrip(LockedIssue.self, #"\(everyNull)"#))
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "RequiredNullable")
        try #require(lines.count == 5, "\(lines)")
        #expect(try Self.object(lines[0]) == Self.object(everyNull))
        #expect(try Self.object(lines[1]) == Self.object(values))
        #expect(try Self.object(lines[2]) == Self.object(everyNull))
        #expect(try Self.object(lines[3]) == Self.object(locked))
        #expect(try Self.object(lines[4]) == Self.object(locked))  // `locked` and `closed_by` are required there
    }

    /// A property test over seeded random OpenAPI documents: properties of every type, required or not, and
    /// nullable in every spelling or not. For each model, `null` for every nullable property (and a value for
    /// the others) decodes, and so does the same object with every optional property absent; each encodes back
    /// to what the description says is sent: a required nullable property as `null`, an optional one left out
    /// when `nil`.
    @Test(arguments: [UInt64(7), 8])
    func nullsAndAbsencesDecodeAndEncodeBack(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        let spellings: [(String) -> String] = [
            { "{\($0), nullable: true}" },
            { "{\($0), x-nullable: true}" },
            { "{anyOf: [{\($0)}, {type: \"null\"}]}" },
            { "{oneOf: [{type: \"null\"}, {\($0)}]}" },
            { "{allOf: [{\($0)}, {nullable: true}]}" },
        ]
        // Each type as a schema's members, and a value of it as JSON.
        let types: [(schema: String, value: Any)] = [
            ("type: string", "text"), ("type: integer", 7), ("type: number", 1.5), ("type: boolean", true),
            ("type: string, format: date-time", "2024-01-01T00:00:00Z"), ("type: array, items: {type: string}", ["a"]),
            ("$ref: \"#/components/schemas/Leaf\"", ["v": "x"]), ("$ref: \"#/components/schemas/Kind\"", "a"),
            ("$ref: \"#/components/schemas/NullableLeaf\"", ["v": "y"]),
        ]
        var schemas = """
                Leaf: {type: object, required: [v], properties: {v: {type: string}}}
                NullableLeaf: {type: object, nullable: true, required: [v], properties: {v: {type: string}}}
                Kind: {type: string, enum: [a, b]}

            """
        // For each model: its properties' keys, whether each is required, and whether it may be null.
        var models: [(name: String, properties: [(key: String, required: Bool, nullable: Bool, value: Any)])] = []
        for index in 0..<10 {
            var properties: [(key: String, required: Bool, nullable: Bool, value: Any)] = []
            var lines: [String] = []
            for number in 0..<Int.random(in: 3...8, using: &random) {
                let key = "p\(number)"
                let type = types.randomElement(using: &random)!
                let isNullableRef = type.schema.contains("NullableLeaf")
                let nullable = isNullableRef || Bool.random(using: &random)
                let schema =
                    nullable && !isNullableRef
                    ? spellings.randomElement(using: &random)!(type.schema) : "{\(type.schema)}"
                properties.append((key, Bool.random(using: &random), nullable, type.value))
                lines.append("        \(key): \(schema)")
            }
            let required = properties.filter(\.required).map(\.key)
            schemas += "    M\(index):\n      type: object\n      required: [\(required.joined(separator: ", "))]\n"
            schemas += "      properties:\n" + lines.joined(separator: "\n") + "\n"
            models.append(("M\(index)", properties))
        }
        let document = """
            openapi: 3.0.3
            info: {title: Presence, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /m:
                get:
                  operationId: getM
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/M0"}}}}
            components:
              schemas:
            \(schemas)
            """
        let output = Self.generate(document, path: "presence.yaml")
        try #require(!output.hasErrors, "\(output.diagnostics)")
        var main = Self.roundTrip
        var expected: [[String: Any]] = []
        for model in models {
            // Every nullable property `null`, the others a value, every key there.
            var everyNull: [String: Any] = [:]
            // The same without the optional properties.
            var requiredOnly: [String: Any] = [:]
            var sentBack: [String: Any] = [:]
            for property in model.properties {
                let value: Any = property.nullable ? NSNull() : property.value
                everyNull[property.key] = value
                if property.required {
                    requiredOnly[property.key] = value
                    sentBack[property.key] = value
                }
            }
            for payload in [everyNull, requiredOnly] {
                let data = try JSONSerialization.data(withJSONObject: payload)
                main += "print(roundTrip(\(model.name).self, base64: \"\(data.base64EncodedString())\"))\n"
                // What is written back: required keys (`null` for a nullable one), optional ones left out, as they
                // are `nil` or were `null`, except an optional one that had a value.
                var back = sentBack
                for property in model.properties
                where !property.required && !property.nullable && payload[property.key] != nil {
                    back[property.key] = property.value
                }
                expected.append(back)
            }
        }
        let lines = try await SwiftCompiler.run(output, main: main, module: "Presence\(seed)")
        try #require(lines.count == expected.count, "\(lines)")
        for (line, wanted) in zip(lines, expected) {
            #expect(try Self.object(line) == wanted as NSDictionary, "\(line)")
        }
    }

    /// The start of a program that decodes JSON (its bytes in Base64) as a model and prints what it encodes
    /// to, with keys sorted, or `error …`.
    static let roundTrip = """
        import Foundation
        import SpecsmithRuntime

        let decoder = DateCoding.iso8601.makeDecoder()
        let encoder = DateCoding.iso8601.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        func roundTrip<T: Codable>(_ type: T.Type, base64: String) -> String {
            do {
                let value = try decoder.decode(T.self, from: Data(base64Encoded: base64)!)
                return String(decoding: try encoder.encode(value), as: UTF8.self)
            } catch {
                return "error \\(error)"
            }
        }

        """

    static func object(_ text: String) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }
}
