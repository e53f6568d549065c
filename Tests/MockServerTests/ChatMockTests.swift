import Chat
import Foundation
import SpecsmithRuntime
import Testing

/// The Chat client against the mock of `Specs/Chat.yaml`: a JSON answer made from its model, and streams
/// answered with their samples.
@Suite struct ChatMockTests {
    @Test func completionsAndStreams() async throws {
        try await withMock("Chat") { url, _ in
            let chat = ChatClient<Scope.Authorized>(baseURL: url, credentials: .token("sk-test"))
            let question = [Message(role: .user, content: .text("Hello?"))]
            let completion = try await chat.createChatCompletion(model: "gpt-test", messages: question)
            #expect(!completion.choices.isEmpty)
            // The stream of the `stream:` method is its own sample.
            var text = ""
            for try await chunk in chat.createChatCompletionStream(model: "gpt-test", messages: question) {
                text += chunk.choices.first?.delta.content ?? ""
            }
            #expect(text == "Hello there")
            // A multipart body's `stream` part chooses the stream method; without it, the one-piece answer.
            let audio = FileUpload(Data("RIFF".utf8), filename: "a.wav", contentType: "audio/wav")
            let transcript = try await chat.createTranscription(file: audio, model: "whisper-test")
            #expect(!transcript.text.isEmpty)
            var pieces: [String] = []
            for try await event in chat.createTranscriptionStream(file: audio, model: "whisper-test") {
                pieces.append(event.type)
            }
            #expect(pieces == ["transcript.text.delta", "transcript.text.delta", "transcript.text.done"])
            var entries: [LogEntry] = []
            for try await entry in chat.followLogs() { entries.append(entry) }
            #expect(entries.map(\.message) == ["GET /v1/models 200", "slow request"])
            // `follow=true` in the query chooses the stream method; without it, the one-piece answer.
            #expect(try await chat.listLogs().map(\.message) == ["GET /v1/models 200"])
        }
    }
}
