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
            var chunks = 0
            for try await _ in chat.createChatCompletionStream(model: "gpt-test", messages: question) { chunks += 1 }
            #expect(chunks > 0)
            var entries: [LogEntry] = []
            for try await entry in chat.followLogs() { entries.append(entry) }
            #expect(entries.map(\.message) == ["GET /v1/models 200", "slow request"])
        }
    }
}
