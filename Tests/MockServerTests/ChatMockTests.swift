import Chat
import Foundation
import SpecsmithRuntime
import Testing

/// The Chat client against the mock of `Specs/Chat.yaml`: a JSON answer made from its model, and streams
/// answered with their samples.
@Suite struct ChatMockTests {
    /// The stream whose every event is named reads the sample's events as their cases; `Prefer: error-event=1`
    /// makes it fail after its first event with the error event's typed body, as the server can.
    @Test func aStreamOfNamedEventsAndItsErrorEvent() async throws {
        try await withMock("Chat") { url, _ in
            let chat = ChatClient<Scope.Authorized>(baseURL: url, credentials: .token("sk-test"))
            let question = [Message(role: .user, content: .text("Hello?"))]
            var text = ""
            var names: [String] = []
            for try await event in chat.createMessageStream(model: "chat-test", maxTokens: 16, messages: question) {
                switch event {
                case .contentBlockDelta(let piece):
                    if case .text(let delta) = piece.delta { text += delta.text }
                    names.append("delta")
                case .ping: names.append("ping")
                case .messageStop: names.append("stop")
                default: names.append("other")
                }
            }
            #expect(text == "Hello there")
            #expect(names == ["other", "other", "ping", "delta", "delta", "other", "other", "stop"])

            let failing = ChatClient<Scope.Authorized>(
                baseURL: url,
                credentials: .token("sk-test"),
                middleware: [Prefer(value: "error-event=1")]
            )
            var read = 0
            do throws(APIError<ErrorResponse>) {
                for try await _ in failing.createMessageStream(model: "chat-test", maxTokens: 16, messages: question) {
                    read += 1
                }
                Issue.record("the error event must end the stream")
            } catch {
                #expect(error.category == .expected)
                #expect(error.errorBody != nil)
            }
            #expect(read == 1)
        }
    }

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
