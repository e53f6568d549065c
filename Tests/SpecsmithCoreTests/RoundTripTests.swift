import Foundation
import Testing

@testable import SpecsmithCore

/// What a generated client read or wrote silently otherwise than the API meant, found by round trips with a real
/// server and real deliveries (issue 56): each fixture is cut from a real description (`Fixtures/OpenAPI/
/// round-trips`), each program decodes the API's answers and prints what it read, and encodes what a caller makes.
@Suite struct RoundTripTests {
    static let directory = OpenAPITests.directory.appendingPathComponent("round-trips")

    static func generate(_ name: String) throws -> Pipeline.Output {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return NullabilityTests.generate(text, path: name)
    }

    /// What every program starts with: a decoding helper and an encoder that sorts keys.
    static let prelude = """
        import Foundation
        import SpecsmithRuntime

        func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T {
            do { return try JSONDecoder().decode(T.self, from: Data(text.utf8)) } catch { fatalError("\\(error)") }
        }
        func encoded<T: Encodable>(_ value: T) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try! encoder.encode(value), as: UTF8.self)
        }

        """

    /// Alternatives told apart by an optional `const` tag (pydantic's `Literal[...] = ...` in FastAPI's `anyOf`):
    /// each value reads as the alternative its tag names, keeping its other keys, and re-encodes as it came; a
    /// tag is a constant, which the model cannot hold otherwise and always writes.
    @Test func anOptionalConstTagDecidesTheAlternative() async throws {
        let output = try Self.generate("01-const-tag-union.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public var type: String {\n        return \"abort_details\"\n    }"))
        #expect(!swift.contains("type: String? = \"abort_details\""))
        let main =
            Self.prelude + """
                for text in [
                    #"{"status":"ABORT","details":{"type":"abort_details","reason":"the run was deleted"}}"#,
                    #"{"status":"REJECT","details":{"type":"reject_details","reason":"already running"}}"#,
                    #"{"status":"WAIT","details":{"type":"wait_details","delay_seconds":30}}"#,
                    #"{"status":"ACCEPT","details":{"type":"accept_details"}}"#,
                    #"{"status":"ACCEPT","details":{"type":"brand_new_details","x":1}}"#,
                ] {
                    let result = decode(OrchestrationResult.self, text)
                    switch result.details {
                    case .abortDetails(let details): print("abort", details.reason ?? "-")
                    case .rejectDetails(let details): print("reject", details.reason ?? "-")
                    case .waitDetails(let details): print("wait", details.delaySeconds)
                    case .acceptDetails: print("accept")
                    case .unknown(let json): print("unknown", json["type"]?.string ?? "-")
                    }
                    print(encoded(result) == encoded(decode(JSON.self, text)) ? "same" : encoded(result))
                }
                // The tag is written though the caller never sets it, and a value whose tag is another fails.
                print(encoded(StateAbortDetails(reason: "r")))
                do {
                    _ = try JSONDecoder().decode(StateAbortDetails.self, from: Data(#"{"type":"wait_details"}"#.utf8))
                    print("misread")
                } catch { print("refused") }
                print(decode(StateAbortDetails.self, "{}").type)
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "ConstTags")
        #expect(
            lines == [
                "abort the run was deleted", "same", "reject already running", "same", "wait 30", "same", "accept",
                "same",
                "unknown brand_new_details", "same", #"{"reason":"r","type":"abort_details"}"#, "refused",
                "abort_details",
            ]
        )
    }

    /// A value of any JSON kind (`anyOf` of every kind): each kind reads as its own alternative, a list as the
    /// list, an object as the object (`[String: JSON]`), an integer as `Int` and a fraction as `Double`.
    @Test func aValueOfAnyKindReadsAsItsOwnAlternative() async throws {
        let output = try Self.generate("02-any-value-union.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main =
            Self.prelude + """
                for value in [#"[1,"two",{"three":3}]"#, #"{"a":1}"#, "7", "2.5", "true", #""text""#, "null"] {
                    let variable = decode(VariableCreate.self, #"{"name":"v","value":"# + value + "}")
                    switch variable.value {
                    case .jsonList(let list)?: print("list", list.count)
                    case .jsonMap(let map)?: print("object", map.keys.sorted())
                    case .int(let number)?: print("int", number)
                    case .double(let number)?: print("double", number)
                    case .bool(let flag)?: print("bool", flag)
                    case .string(let text)?: print("string", text)
                    case .unknown(let json)?: print("unknown", json)
                    case nil: print("none")
                    default: print("other")
                    }
                }
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "AnyValue")
        #expect(
            lines == ["list 3", #"object ["a"]"#, "int 7", "double 2.5", "bool true", "string text", "none"]
        )
    }

    /// A property with a `default` is not sent unless set (the server applies its default when the key is
    /// absent: sending it reset a paused deployment), and reads as the default when the API leaves it out.
    @Test func aDefaultIsNotSentUnlessSet() async throws {
        let output = try Self.generate("03-patch-defaults.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main =
            Self.prelude + """
                print(encoded(DeploymentUpdate(description: "new")))
                print(encoded(DeploymentUpdate(paused: false)))
                var update = DeploymentUpdate()
                print(update.paused, encoded(update))
                update.paused = true
                print(update.paused, encoded(update))
                let received = decode(DeploymentUpdate.self, "{}")
                print(received.paused, encoded(received))
                print(decode(DeploymentUpdate.self, #"{"paused":true}"#).paused)
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "Defaults")
        #expect(
            lines == [
                #"{"description":"new"}"#, #"{"paused":false}"#, "false {}", #"true {"paused":true}"#, "false {}",
                "true",
            ]
        )
    }

    /// An answer the description allows to be `null` (`anyOf: [number, null]`) is optional: `null` is `nil`,
    /// with no warning at generation.
    @Test func aNullableAnswerIsOptional() throws {
        let output = try Self.generate("04-nullable-answer.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public func averageLateness() async throws(APIError<Never>) -> Double? {"))
        #expect(swift.contains("public static func averageLateness() -> Endpoint<Double?> {"))
    }

    /// A `oneOf` of one alternative told by its tag stays a union: a value with another tag is kept as unknown,
    /// not read as that alternative with an unknown tag (48 of 70 of GitHub's deliveries were, before).
    @Test func aLoneTaggedAlternativeDoesNotTakeOtherTags() async throws {
        let output = try Self.generate("05-single-alternative-tag.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main =
            Self.prelude + """
                for text in [#"{"event":{"action":"opened","number":1}}"#, #"{"event":{"action":"closed","number":2}}"#] {
                    switch decode(Envelope.self, text).event {
                    case .issuesOpened(let event): print("opened", event.number, event.action)
                    case .unknown(let json): print("unknown", json["action"]?.string ?? "-")
                    }
                }
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "LoneTag")
        #expect(lines == ["opened 1 opened", "unknown closed"])
    }

    /// A nested union that can only keep a value as unknown rules its outer alternative out when another reads the
    /// value typed: a `content` object only the second message allows reads as that message.
    @Test func aNestedUnknownLosesToATypedAlternative() async throws {
        let output = try Self.generate("07-nested-union-fallback.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        // The two messages are alike but for `content`: the description cannot tell them apart by tags or keys.
        #expect(output.diagnostics.contains { $0.message.contains("cannot tell `EasyMessage` and `EvalMessage`") })
        let main =
            Self.prelude + """
                let template = decode(
                    GetTemplateResponse.self,
                    #"{"template":[{"role":"user","content":{"type":"input_text","text":"hi"}},{"role":"user","content":[{"type":"input_text","text":"a"}]},{"role":"user","content":"plain"}]}"#
                )
                for item in template.template {
                    switch item {
                    case .easyMessage(let message): print("easy", message.content)
                    case .evalMessage(let message): print("eval", message.content)
                    case .unknown: print("unknown")
                    }
                }
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "NestedUnions")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("eval inputText("), "\(lines)")
        #expect(lines[1].hasPrefix("easy textPartList("), "\(lines)")
        #expect(lines[2].hasPrefix("easy string("), "\(lines)")
    }

    /// Open alternatives without tags or required keys (DigitalOcean's page links): a value reads as the one that
    /// reads the most of its keys, not as the first, which would read none of `{first, prev}` and drop both; a
    /// value with the keys of both reads as the first, as the warning says.
    @Test func theAlternativeThatReadsMoreOfTheKeysWins() async throws {
        let output = try Self.generate("08-links-by-keys.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(output.diagnostics.contains { $0.message.contains("cannot tell `ForwardLinks` and `BackwardLinks`") })
        let main =
            Self.prelude + """
                for pages in [
                    #"{"last":"l","next":"n"}"#, #"{"first":"f","prev":"p"}"#, #"{"prev":"p"}"#, #"{"next":"n"}"#,
                    #"{"first":"f","prev":"p","next":"n","last":"l"}"#, #"{}"#, #"{"other":1}"#,
                ] {
                    let page = decode(Page.self, #"{"links":{"pages":"# + pages + "}}")
                    switch page.links?.pages {
                    case .forwardLinks(let links)?: print("forward", links.last ?? "-", links.next ?? "-")
                    case .backwardLinks(let links)?: print("backward", links.first ?? "-", links.prev ?? "-")
                    case .json(let json)?: print("json", encoded(json))
                    case nil: print("none")
                    default: print("other")
                    }
                }
                """
        let lines = try await SwiftCompiler.run(output, main: main, module: "LinksByKeys")
        #expect(
            lines == [
                "forward l n", "backward f p", "backward - p", "forward - n", "forward l n", "forward - -",
                "forward - -",
            ]
        )
    }
}

/// Examples and statuses as descriptions write them, and queries as clients send them.
@Suite struct RoundTripSamplesTests {
    /// An example given by `$ref` to `components/examples` (as GitHub writes nearly all of its examples) is the
    /// endpoint's sample; the mock answers it with the one success status the description documents, `201`.
    @Test func anExampleByReferenceIsTheSampleAnsweredWithItsStatus() throws {
        let text = try String(
            contentsOf: RoundTripTests.directory.appendingPathComponent("06-ref-examples-and-201.yaml"),
            encoding: .utf8
        )
        let (resolved, diagnostics) = Pipeline.resolve(text: text, path: "06.yaml") { _ in nil }
        let api = try #require(resolved, "\(diagnostics)")
        let operation = try #require(api.operations.first)
        #expect(operation.sample?.contains("Me too") == true)
        #expect(operation.successStatus == 201)
        let answer = MockServer(api: api).respond(
            to: MockRequest(
                method: "POST",
                target: "/issues/7/comments",
                headers: [MockHeader("Content-Type", "application/json")],
                body: Data(#"{"body":"Me too"}"#.utf8)
            )
        )
        #expect(answer.status == 201)
        let body = MockServerTests.json(answer) as? [String: Any]
        #expect(body?["id"] as? Int == 1_081_119_451 && body?["body"] as? String == "Me too")
        let output = NullabilityTests.generate(text, path: "06.yaml")
        #expect(output.files.contains { $0.name == "Samples.swift" && $0.contents.contains("1081119451") })
    }

    /// The mock reads `+` in a query as a space, as clients send it: a listed value with a space is accepted,
    /// and `%2B` stays a plus (not listed, so refused).
    @Test func theMockReadsAPlusInAQueryAsASpace() throws {
        let mock = try MockServerTests.mock(
            spec: """
                name: Plus
                baseURL: https://api.example.com
                models:
                  Kind: {enum: [new idea, c++]}
                endpoints:
                  search: {method: GET, path: /search, query: {kind: Kind}, response: String}
                """
        )
        #expect(mock.respond(to: MockRequest(method: "GET", target: "/search?kind=new+idea")).status == 200)
        #expect(mock.respond(to: MockRequest(method: "GET", target: "/search?kind=c%2B%2B")).status == 200)
        #expect(mock.respond(to: MockRequest(method: "GET", target: "/search?kind=c++")).status == 400)
    }
}
