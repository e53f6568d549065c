import Chat
import Foundation
import LoopbackServer
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Chat client against the Chat server, both generated from `Specs/Chat.yaml`: each stream's values
/// arrive as the server produces them (server-sent events, named events, JSON Lines), the route tells an
/// endpoint from its stream method, and an error event ends a stream with the documented error.
@Suite struct ChatServerTests {
    static func client(_ url: URL, _ transport: TestTransport) -> ChatClient<Scope.Authorized> {
        ChatClient<Scope.Authorized>(baseURL: url, credentials: .token("sk-test"), transport: transport.make())
    }

    static let question = [Message(role: .user, content: .text("Hi?"))]

    @Test(arguments: TestTransport.allCases)
    func everyEndpointAndStreamOfTheServer(transport: TestTransport) async throws {
        let desk = ChatDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            let chat = Self.client(url, transport)
            // One route, two endpoints: the plain answer, and with `"stream": true` its chunks.
            let completion = try await chat.createChatCompletion(model: "gpt-test", messages: Self.question)
            #expect(completion.choices.first?.message.content == .text("Hello there"))
            var text = ""
            for try await chunk in chat.createChatCompletionStream(model: "gpt-test", messages: Self.question) {
                text += chunk.choices.first?.delta.content ?? ""
            }
            #expect(text == "Hello there")

            var names: [String] = []
            for try await event in chat.createResponseStream(model: "m", input: "Hi") {
                switch event {
                case .created: names.append("created")
                case .textDelta(let delta): names.append("delta " + delta.delta)
                case .completed(let event): names.append("completed " + (event.response.outputText ?? ""))
                case .unknown(let other): names.append("unknown " + other.event)
                }
            }
            #expect(names == ["created", "delta Hello", "unknown response.in_progress", "completed Hello"])

            var messageEvents = 0
            var stopped = false
            for try await event in chat.createMessageStream(model: "m", maxTokens: 8, messages: Self.question) {
                messageEvents += 1
                if case .messageStop = event { stopped = true }
            }
            #expect(messageEvents == 4 && stopped)

            #expect(try await chat.listLogs().count == 2)
            var followed: [LogEntry] = []
            for try await entry in chat.followLogs(level: .warning) { followed.append(entry) }
            #expect(followed.map(\.requestId) == ["r2"])

            #expect(try await chat.createSpeech(model: "tts", input: "abc", voice: "v") == Data("abc".utf8))
            var chunks: [SpeechChunk] = []
            for try await chunk in chat.createSpeechStream(model: "tts", input: "abc", voice: "v") {
                chunks.append(chunk)
            }
            #expect(chunks.map(\.type) == ["speech.audio.delta", "speech.audio.done"])

            // A multipart body, and its stream method told apart by its `stream` part.
            let audio = FileUpload(Data("hi".utf8), filename: "a.mp3", contentType: "audio/mpeg")
            #expect(
                try await chat.createTranscription(file: audio, model: "w", language: "en").text == "a.mp3: hi (en)"
            )
            var transcript: [String] = []
            for try await event in chat.createTranscriptionStream(file: audio, model: "w") {
                transcript.append(event.type)
            }
            #expect(transcript == ["transcript.text.delta", "transcript.text.done"])

            #expect(try await chat.listModels().data.map(\.id) == ["gpt-test"])
            #expect(try await chat.retrieveModel("gpt-x").id == "gpt-x")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func anErrorEventEndsTheStreamWithTheDocumentedError(transport: TestTransport) async throws {
        try await withLoopbackServer(register(ChatDesk())) { url, _ in
            var received = 0
            do throws(APIError<ErrorResponse>) {
                for try await _ in Self.client(url, transport).createResponseStream(model: "m", input: "fail") {
                    received += 1
                }
                Issue.record("the stream ended without its error")
            } catch {
                #expect(error.errorBody?.error.type == "overloaded")
            }
            #expect(received == 2)
        }
    }

    /// A stream that marks its errors by a key (`errorKey: error`): a `StreamFailure` is written as a value that
    /// is the error body, an unnamed event or a line, which the client throws as the documented error.
    @Test(arguments: TestTransport.allCases)
    func anErrorValueEndsTheStreamWithTheDocumentedError(transport: TestTransport) async throws {
        try await withLoopbackServer(register(ChatDesk())) { url, _ in
            let chat = Self.client(url, transport)
            var text = ""
            do throws(APIError<ErrorResponse>) {
                for try await chunk in chat.createChatCompletionStream(model: "overloaded", messages: Self.question) {
                    text += chunk.choices.first?.delta.content ?? ""
                }
                Issue.record("the stream ended without its error")
            } catch {
                #expect(error.category == .expected)
                #expect(error.errorBody?.error.type == "server_error", "\(error)")
            }
            #expect(text == "Hello there")

            var lines = 0
            do throws(APIError<ErrorResponse>) {
                for try await _ in chat.followLogs(level: .debug) { lines += 1 }
                Issue.record("the stream ended without its error")
            } catch {
                #expect(error.errorBody?.error.message == "Debug entries are not kept.", "\(error)")
            }
            #expect(lines == 2)
        }
    }

    @Test func theServerProducesNoMoreThanTheClientReads() async throws {
        let desk = ChatDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            let chat = Self.client(url, .asyncHTTPClient)
            // A million chunks asked for; the client reads 3 and stops.
            var read = 0
            for try await _ in chat.createChatCompletionStream(
                model: "gpt-test",
                messages: Self.question,
                maxCompletionTokens: 1_000_000
            ) {
                read += 1
                if read == 3 { break }
            }
            // Until the server stops producing (or 30 s, for a loaded machine): with backpressure it stops once the
            // socket's and the transport's buffers are full; without, it would go on to a million (some 100 s here).
            var produced = -1
            var stopped = false
            for _ in 0..<150 {
                try await Task.sleep(for: .milliseconds(200))
                let now = desk.produced.value.withLock { $0 }
                if now == produced {
                    stopped = true
                    break
                }
                produced = now
            }
            #expect(stopped, "the server went on producing: \(produced) chunks")
            print("ChatServerTests: produced \(produced) chunks for a client that read 3")
            // What the socket buffers hold at most, far from all of them.
            #expect(produced < 200_000, "the server produced \(produced) chunks for a client that read 3")
        }
    }

    @Test func aRequestWithoutCredentialsOrWithAWrongBodyIsRefusedInTheErrorType() async throws {
        try await withLoopbackServer(register(ChatDesk())) { url, _ in
            let anonymous = ChatClient<Scope.Authorized>(baseURL: url, credentials: .token("wrong"))
            do throws(APIError<ErrorResponse>) {
                _ = try await anonymous.listModels()
                Issue.record("a wrong key was accepted")
            } catch {
                #expect(error.status == 401)
                #expect(error.errorBody?.error.type == "invalid_request_error")
            }
            do throws(APIError<ErrorResponse>) {
                _ = try await Self.client(url, .urlSession).createChatCompletion(model: "nope", messages: [])
                Issue.record("an unknown model was answered")
            } catch {
                #expect(error.status == 404)
            }
            // Found by schemathesis: a body refused before the handler runs (not multipart) came as
            // `application/problem+json`; it is in the endpoint's documented error body like every refusal.
            var transcription = URLRequest(url: url.appending(path: "audio/transcriptions"))
            transcription.httpMethod = "POST"
            transcription.setValue("Bearer sk-test", forHTTPHeaderField: "Authorization")
            transcription.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            transcription.httpBody = Data("not a form".utf8)
            let (data, response) = try await URLSession.shared.data(for: transcription)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 400)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let body = try JSONDecoder().decode(JSON.self, from: data)
            #expect(body["error"]?["type"] == "invalid_request_error")
            #expect(body["error"]?["message"]?.string?.contains("multipart") == true)
            // A server's unions are closed: a content part of a type the spec does not list is refused, naming
            // the types it does (a client keeps such a value as JSON; a server cannot act on it).
            var completion = URLRequest(url: url.appending(path: "chat/completions"))
            completion.httpMethod = "POST"
            completion.setValue("Bearer sk-test", forHTTPHeaderField: "Authorization")
            completion.setValue("application/json", forHTTPHeaderField: "Content-Type")
            completion.httpBody = Data(
                #"{"model":"gpt-test","messages":[{"role":"user","content":[{"type":"audio","data":"…"}]}]}"#.utf8
            )
            let (refusal, refused) = try await URLSession.shared.data(for: completion)
            #expect((refused as? HTTPURLResponse)?.statusCode == 400)
            let message = try JSONDecoder().decode(JSON.self, from: refusal)["error"]?["message"]?.string ?? ""
            #expect(
                message.contains(#"Expected a tag of ContentPart ("text", "image_url"), found "audio""#),
                "\(message)"
            )
        }
    }

    /// A JSON body with several problems is refused naming each (a decoder stops at the first), in the wire's
    /// terms: a missing key, a value of another kind, an enumeration's value it does not list.
    @Test func aJSONBodyWithSeveralProblemsIsRefusedNamingEach() async throws {
        try await withLoopbackServer(register(ChatDesk())) { url, _ in
            var request = URLRequest(url: url.appending(path: "chat/completions"))
            request.httpMethod = "POST"
            request.setValue("Bearer sk-test", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(
                #"{"messages":[{"role":"sideways","content":"hi"},{"content":"x"}],"temperature":"hot","seed":1}"#.utf8
            )
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            let message = try JSONDecoder().decode(JSON.self, from: data)["error"]?["message"]?.string ?? ""
            let problems = message.components(separatedBy: "; ")
            #expect(
                problems == [
                    "body: The key `model` is missing.",
                    #"body: "sideways" is not one of "system", "developer", "user", "assistant", "tool" at `messages[0].role`."#,
                    "body: The key `role` is missing at `messages[1]`.",
                    "body: Expected a number at `temperature`.",
                ],
                "\(message)"
            )
        }
    }

    /// A body with a comma after its last entry or item is not JSON (RFC 8259), though Foundation's reader takes
    /// it: refused with the message of any other malformed body, as the API would; the same body without the
    /// comma is served (issue 59, item 1).
    @Test(arguments: [
        #"{"model":"gpt-test","messages":[{"role":"user","content":"hi"}],}"#,
        #"{"model":"gpt-test","messages":[{"role":"user","content":"hi"},]}"#,
        #"{"model":"gpt-test","messages":[{"role":"user","content":"hi",}]}"#,
    ])
    func aTrailingCommaIsNotJSON(body: String) async throws {
        try await withLoopbackServer(register(ChatDesk())) { url, _ in
            func send(_ text: String) async throws -> (Int?, String) {
                var request = URLRequest(url: url.appending(path: "chat/completions"))
                request.httpMethod = "POST"
                request.setValue("Bearer sk-test", forHTTPHeaderField: "Authorization")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(text.utf8)
                let (data, response) = try await URLSession.shared.data(for: request)
                let message = (try? JSONDecoder().decode(JSON.self, from: data))?["error"]?["message"]?.string ?? ""
                return ((response as? HTTPURLResponse)?.statusCode, message)
            }
            let (status, message) = try await send(body)
            #expect(status == 400 && message == "body: The body is not valid JSON.", "\(message)")
            let fixed = body.replacingOccurrences(of: ",}", with: "}").replacingOccurrences(of: ",]", with: "]")
            #expect(try await send(fixed).0 == 200)
        }
    }
}
