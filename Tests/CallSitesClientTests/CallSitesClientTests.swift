import CallSites
import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

/// The call sites of issue 57, written as a person says them, against the client generated from an OpenAPI
/// document shaped like a chat API's (`Specs/CallSites.yaml`): a union's cases named by their tags, "a string
/// or one of these values" as one type written as a literal, and a JSON body's properties as the method's
/// parameters. Each is sent over loopback to a real server, which checks the JSON it receives.
@Suite struct CallSitesClientTests {
    static func configure(_ router: Router<BasicRequestContext>) {
        router.post("/v1/chat/completions") { _, _ -> Response in
            .json(#"{"id": "c1", "choices": [{"message": {"content": "A model."}}]}"#)
        }
        router.post("/v1/audio/speech") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "audio/mpeg"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: [0x49, 0x44, 0x33]))
            )
        }
    }

    static func client(_ baseURL: URL) -> CallSitesClient {
        CallSitesClient(baseURL: baseURL.appendingPathComponent("v1"))
    }

    /// The JSON a request sent, parsed.
    static func json(_ request: RecordedRequest?) throws -> NSDictionary {
        let body = try #require(request?.body)
        return try #require(try JSONSerialization.jsonObject(with: body) as? NSDictionary)
    }

    /// The goal lines of issue 57, as written there: the required properties in the order the description's
    /// `required` lists them, the others left out of the JSON (their defaults are the server's).
    @Test func theGoalLinesSendWhatTheAPITakes() async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let openai = Self.client(baseURL)
            let reply = try await openai.createChatCompletion(
                model: "gpt-4o",
                messages: [.system(.init(content: "You are terse.")), .user(.init(content: "Who are you?"))]
            )
            let audio = try await openai.createSpeech(model: .gpt4oMiniTts, input: "Hello", voice: .alloy)
            #expect(reply.choices.first?.message.content == "A model.")
            #expect(audio == Data([0x49, 0x44, 0x33]))

            let requests = await log.requests
            let chat = try Self.json(requests.first)
            let expectedChat: NSDictionary = [
                "model": "gpt-4o",
                "messages": [
                    ["role": "system", "content": "You are terse."], ["role": "user", "content": "Who are you?"],
                ],
            ]
            #expect(chat == expectedChat)
            let speech = try Self.json(requests.dropFirst().first)
            let expectedSpeech: NSDictionary = ["model": "gpt-4o-mini-tts", "input": "Hello", "voice": "alloy"]
            #expect(speech == expectedSpeech)
        }
    }

    /// The same requests built elsewhere go with `body:`, and the other spellings of a value (a literal for a
    /// listed value or one the description does not list, a custom voice, a list of parts) are what the API
    /// takes.
    @Test func everySpellingOfAValueIsSentAsTheAPITakesIt() async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let openai = Self.client(baseURL)
            let request = CreateChatCompletionRequest(
                messages: [
                    .user(.init(content: .contentPartList([.text(.init(text: "What is this?"))]))),
                    .tool(.init(content: "42", toolCallId: "call_1")),
                ],
                model: .o3
            )
            _ = try await openai.createChatCompletion(body: request)
            _ = try await openai.createSpeech(model: "tts-2", input: "Hi", voice: "verse", speed: 1.5)
            _ = try await openai.createSpeech(model: .tts1, input: "Hi", voice: .id(.init(id: "voice_1")))

            let requests = await log.requests
            let chat = try Self.json(requests.first)
            let expectedChat: NSDictionary = [
                "model": "o3",
                "messages": [
                    ["role": "user", "content": [["type": "text", "text": "What is this?"]]],
                    ["role": "tool", "content": "42", "tool_call_id": "call_1"],
                ],
            ]
            #expect(chat == expectedChat)
            let unlisted: NSDictionary = ["model": "tts-2", "input": "Hi", "voice": "verse", "speed": 1.5]
            #expect(try Self.json(requests.dropFirst().first) == unlisted)
            let custom: NSDictionary = ["model": "tts-1", "input": "Hi", "voice": ["id": "voice_1"]]
            #expect(try Self.json(requests.dropFirst(2).first) == custom)
        }
    }

    /// The goal lines from main-actor code, as a view model writes them: the client is `Sendable`, the call
    /// leaves the main actor while the request is out, and the literals are the model's values.
    @MainActor @Test func theGoalLinesWorkFromAViewModel() async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let model = ChatModel(client: Self.client(baseURL))
            await model.ask("Who are you?")
            #expect(model.reply == "A model.")
            let sent = try Self.json(await log.requests.first)
            #expect(sent["model"] as? String == "gpt-4o-mini")
        }
    }

    /// A value the description does not list is kept as it is, read and written: any string is a model's id.
    @Test func anUnlistedValueOfAnExtensibleEnumerationIsAValue() throws {
        let model: ModelIds = "o9-preview"
        #expect(model == .unknown("o9-preview"))
        #expect(model.rawValue == "o9-preview")
        let listed: ModelIds = "gpt-4o"
        #expect(listed == .gpt4o)
        let voices = try JSONDecoder().decode(
            [VoiceIdsOrCustomVoice].self,
            from: Data(#"["ash", "verse", {"id": "v"}]"#.utf8)
        )
        #expect(voices == [.ash, "verse", .id(.init(id: "v"))])
    }
}

/// A view model as an app writes one: main-actor state, the client's calls awaited from it.
@MainActor final class ChatModel {
    let client: CallSitesClient
    var reply = ""

    init(client: CallSitesClient) {
        self.client = client
    }

    func ask(_ question: String) async {
        do {
            let answer = try await client.createChatCompletion(
                model: .gpt4oMini,
                messages: [.system(.init(content: "You are terse.")), .user(.init(content: .string(question)))]
            )
            reply = answer.choices.first?.message.content ?? ""
        } catch {
            reply = "failed: \(error)"
        }
    }
}
