import Foundation
import Testing

@testable import SpecsmithCore

/// Unions as real APIs' descriptions write them, which a client misread (it decoded a value as the wrong
/// alternative, or kept it as unknown): found by feeding their payloads to the generated clients (issue 45).
@Suite struct UnionTagsTests {
    /// The fixture of `OpenAPITests.directory` named `fixture`, generated.
    static func generate(fixture: String) throws -> Pipeline.Output {
        let text = try String(contentsOf: OpenAPITests.directory.appendingPathComponent(fixture), encoding: .utf8)
        return NullabilityTests.generate(text, path: fixture)
    }

    /// A union without a discriminator whose alternatives have an enumeration of one value each (Stripe's
    /// `object: {enum: [account]}`) decodes each value as the alternative whose value it has: a client's
    /// enumeration keeps values it does not list, so the first alternative took every value before.
    @Test func aOneValueEnumerationTellsAlternativesApart() async throws {
        let output = try Self.generate(fixture: "one-value-tags.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main = """
            import Foundation

            for text in [
                #"{"deleted":true,"id":"ba_1","object":"bank_account"}"#,
                #"{"id":"acct_1","object":"account"}"#,
                #"{"id":"card_1","object":"card"}"#,
                #"{"id":"x_1"}"#,
            ] {
                switch try JSONDecoder().decode(DeleteSourceResponse.self, from: Data(text.utf8)) {
                case .account(let account): print("account", account.id)
                case .bankAccount(let deleted): print("deleted bank account", deleted.id)
                case .unknown: print("unknown")
                }
            }
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "OneValueTags")
        #expect(lines == ["deleted bank account ba_1", "account acct_1", "unknown", "unknown"])
    }

    /// A union whose alternatives include another union's (`allOf`, to add a property) takes their tags as its
    /// own, and leaves the included models as they are: it wrote their `type` as `String`, and both unions then
    /// told values apart by schema names (OpenAI's 58 Responses stream events and its WebSocket server events
    /// read every payload as unknown).
    @Test func aUnionOfIncludedEventsKeepsTheirTags() async throws {
        let output = try Self.generate(fixture: "included-tags.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main = """
            import Foundation

            let delta = Data(#"{"type":"response.audio.delta","delta":"AAA","stream_id":"s1"}"#.utf8)
            let done = Data(#"{"type":"response.audio.done"}"#.utf8)
            for data in [delta, done] {
                switch try JSONDecoder().decode(StreamEvent.self, from: data) {
                case .responseAudioDelta(let event): print("stream delta", event.delta)
                case .responseAudioDone: print("stream done")
                default: print("stream unknown")
                }
                switch try JSONDecoder().decode(ServerEvent.self, from: data) {
                case .responseAudioDelta(let event): print("ws delta", event.delta, event.streamId ?? "-")
                case .responseAudioDone: print("ws done")
                default: print("ws unknown")
                }
            }
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "IncludedTags")
        #expect(lines == ["stream delta AAA", "ws delta AAA s1", "stream done", "ws done"])
    }

    /// A union of two unions that keep any value tries the second when the first only kept the value as unknown;
    /// an enumeration of one value with a default still tells alternatives apart; a discriminator's
    /// alternative that allows several values takes each as its tag.
    @Test func unionsOfRealAPIsAreToldApart() async throws {
        let output = try Self.generate(fixture: "unions-real-apis-tell-apart.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let main = """
            import Foundation

            func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T {
                try! JSONDecoder().decode(T.self, from: Data(text.utf8))
            }
            for text in [#"{"deleted":true,"id":"card_1","object":"card"}"#, #"{"id":"card_2","object":"card","last4":"4242"}"#] {
                switch decode(DeleteSourceResponse.self, text) {
                case .paymentSource(.card(let card)): print("card", card.id)
                case .deletedPaymentSource(.card(let card)): print("deleted card", card.id)
                default: print("misread")
                }
            }
            let run = decode(
                Run.self,
                #"{"id":"r","data_source":{"type":"completions","model":"m"},"tools":[{"type":"web_search_preview_2025_03_11"},{"type":"function","name":"f"}]}"#
            )
            switch run.dataSource {
            case .completions(let source): print("completions", source.model ?? "")
            default: print("misread")
            }
            for tool in run.tools {
                switch tool {
                case .webSearchPreview: print("web search")
                case .function(let function): print("function", function.name)
                default: print("misread")
                }
            }
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "RealUnions")
        #expect(lines == ["deleted card card_1", "card card_2", "completions m", "web search", "function f"])
    }
}
