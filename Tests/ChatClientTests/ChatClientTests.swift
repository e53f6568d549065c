import Chat
import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

/// The generated Chat client against a real server on loopback that answers as a chat-completions service
/// does: text or typed parts, tool calls with arguments of any JSON, and kinds of parts, tool calls, roles and
/// finish reasons this version of the spec does not know.
@Suite struct ChatClientTests {
    /// An answer with two tool calls (one of a kind the spec does not list), a message with a part of an unknown
    /// kind, and a message of an unknown role with an unknown finish reason.
    static let completion = #"""
        {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-test",
         "system_fingerprint": "fp_1",
         "choices": [
          {"index": 0, "finish_reason": "tool_calls", "logprobs": null,
           "message": {"role": "assistant", "content": null, "tool_calls": [
             {"id": "call_1", "type": "function",
              "function": {"name": "get_weather",
                           "arguments": {"city": "Berlin", "days": 3, "units": null, "ids": [9007199254740993]}}},
             {"id": "call_2", "type": "web_search", "web_search": {"query": "Berlin weather", "recency": 7}}]}},
          {"index": 1, "finish_reason": "stop",
           "message": {"role": "assistant", "content": [
             {"type": "text", "text": "Sunny."},
             {"type": "audio", "audio": {"id": "au_1", "transcript": "Sunny.", "seconds": 1.25}}]}},
          {"index": 2, "finish_reason": "moderated", "message": {"role": "critic", "content": "Hmm."}}],
         "usage": {"prompt_tokens": 31, "completion_tokens": 12, "total_tokens": 43}}
        """#

    static let models = #"""
        {"object": "list", "data": [
          {"id": "gpt-test", "object": "model", "created": 1690000000, "owned_by": "lab"},
          {"id": "gpt-mini", "object": "model", "created": 1690000001, "owned_by": "lab"}]}
        """#

    static func configure(_ router: Router<BasicRequestContext>) {
        router.post("/chat/completions") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
            switch object["model"] as? String {
            case "missing":
                return .json(
                    #"{"error": {"message": "The model `missing` does not exist.", "type": "invalid_request_error", "param": "model", "code": "model_not_found"}}"#,
                    status: .notFound
                )
            case "broken":
                // A known part whose required field is missing: an error with its place, not a silent fallback.
                return .json(
                    #"{"id": "x", "object": "chat.completion", "created": 1, "model": "broken", "choices": [{"index": 0, "message": {"role": "assistant", "content": [{"type": "text"}]}}]}"#
                )
            case "wrong-object":
                return .json(
                    #"{"id": "x", "object": "embedding", "created": 1, "model": "m", "choices": []}"#
                )
            default:
                return .json(completion)
            }
        }
        router.get("/models") { _, _ -> Response in .json(models) }
        router.get("/models/:model") { _, context -> Response in
            let id = context.parameters.get("model")?.removingPercentEncoding ?? ""
            return .json(#"{"id": "\#(id)", "object": "model", "created": 1690000000, "owned_by": "lab"}"#)
        }
    }

    static func client(_ baseURL: URL, _ transport: TestTransport = .urlSession) -> ChatClient<Scope.Authorized> {
        ChatClient<Scope.Authorized>(baseURL: baseURL, credentials: .token("sk-test"), transport: transport.make())
    }

    /// The spec's `headers: {Chat-Organization: {parameter: organization}, …}` are initializer parameters, sent
    /// with every request when given, and not at all when not.
    @Test(arguments: TestTransport.allCases)
    func headersTheClientTakesAreSentWhenGiven(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let lab = ChatClient<Scope.Authorized>(
                baseURL: baseURL,
                credentials: .token("sk-test"),
                organization: "org-lab",
                transport: transport.make()
            )
            _ = try await lab.listModels()
            _ = try await Self.client(baseURL, transport).listModels()
            let requests = await log.requests
            #expect(requests.count == 2)
            #expect(requests.first?.headers["chat-organization"] == "org-lab")
            #expect(requests.first.map { $0.headers["chat-project"] == nil } == true)
            #expect(requests.last.map { $0.headers["chat-organization"] == nil } == true)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func sendsTypedPartsToolsAndFreeFormJSONAsTheServiceExpects(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let weatherParameters: [String: JSON] = [
                "type": "object", "properties": ["city": ["type": "string"]], "required": ["city"],
            ]
            _ = try await Self.client(baseURL, transport).createChatCompletion(
                model: "gpt-test",
                messages: [
                    Message(role: .system, content: .text("You are terse.")),
                    Message(
                        role: .user,
                        content: .parts([
                            .text(TextPart(text: "Weather?")),
                            .image(
                                ImagePart(imageUrl: ImageURL(url: URL(string: "https://x.test/a.png")!, detail: .low))
                            ),
                        ])
                    ),
                ],
                tools: [Tool(function: FunctionDefinition(name: "get_weather", parameters: weatherParameters))],
                toolChoice: .function(NamedToolChoice(function: FunctionName(name: "get_weather"))),
                responseFormat: .text(TextFormat()),
                seed: 9_007_199_254_740_993,
                metadata: ["order_id": 6735, "vip": true, "note": nil]
            )
            let request = try #require(await log.requests.first)
            #expect(request.headers["authorization"] == "Bearer sk-test")
            #expect(request.headers["content-type"] == "application/json")
            let expected = #"""
                {"messages":[{"content":"You are terse.","role":"system"},\#
                {"content":[{"text":"Weather?","type":"text"},{"image_url":{"detail":"low","url":"https://x.test/a.png"},"type":"image_url"}],"role":"user"}],\#
                "metadata":{"note":null,"order_id":6735,"vip":true},"model":"gpt-test","response_format":{"type":"text"},\#
                "seed":9007199254740993,"tool_choice":{"function":{"name":"get_weather"},"type":"function"},\#
                "tools":[{"function":{"name":"get_weather","parameters":{"properties":{"city":{"type":"string"}},"required":["city"],"type":"object"}},"type":"function"}]}
                """#
            // `strict` (default `false`) is not sent: it was not set, and the default is the server's.
            #expect(String(decoding: request.body, as: UTF8.self) == expected)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func decodesWhatItKnowsAndKeepsWhatItDoesNot(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let completion = try await Self.client(baseURL, transport).createChatCompletion(
                model: "gpt-test",
                messages: [Message(role: .user, content: .text("Weather in Berlin?"))],
                toolChoice: .mode(.auto)
            )
            #expect(completion.object == "chat.completion")
            #expect(completion.created == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(completion.usage?.totalTokens == 43)
            try #require(completion.choices.count == 3)

            // Tool calls: a function call with arguments of any JSON, exact to the last digit, and a kind of
            // call the spec does not list, kept whole.
            let calls = try #require(completion.choices[0].message.toolCalls)
            #expect(completion.choices[0].finishReason == .toolCalls)
            #expect(completion.choices[0].message.content == nil)
            guard case .function(let weather) = calls[0] else {
                Issue.record("expected a function call, got \(calls[0])")
                return
            }
            #expect(weather.function.name == "get_weather")
            #expect(weather.function.arguments["city"]?.string == "Berlin")
            #expect(weather.function.arguments["days"]?.int == 3)
            #expect(weather.function.arguments["units"] == .null)
            #expect(weather.function.arguments["ids"][0]?.int64 == 9_007_199_254_740_993)
            guard case .unknown(let search) = calls[1] else {
                Issue.record("expected an unknown tool call, got \(calls[1])")
                return
            }
            #expect(search["type"] == "web_search")
            #expect(search["web_search"]["query"]?.string == "Berlin weather")

            // Content parts: known and unknown.
            #expect(
                completion.choices[1].message.content
                    == .parts([
                        .text(TextPart(text: "Sunny.")),
                        .unknown(["type": "audio", "audio": ["id": "au_1", "transcript": "Sunny.", "seconds": 1.25]]),
                    ])
            )
            // A role and a finish reason of a newer version of the API.
            #expect(completion.choices[2].message.role == .unknown("critic"))
            #expect(completion.choices[2].finishReason == .unknown("moderated"))
            #expect(completion.choices[2].message.content == .text("Hmm."))
        }
    }

    /// Apps send the assistant's messages back as the conversation goes on: what the client did not
    /// understand must go back exactly as it came.
    @Test(arguments: TestTransport.allCases)
    func unknownPartsAndCallsGoBackUnchanged(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let first = try await client.createChatCompletion(
                model: "gpt-test",
                messages: [Message(role: .user, content: .text("Weather in Berlin?"))]
            )
            _ = try await client.createChatCompletion(
                model: "gpt-test",
                messages: first.choices.map(\.message)
            )
            let requests = await log.requests
            try #require(requests.count == 2)
            let sent = try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any]
            let received = try JSONSerialization.jsonObject(with: Data(Self.completion.utf8)) as? [String: Any]
            let sentMessages = try #require(sent?["messages"] as? [Any])
            let receivedMessages = try #require(
                (received?["choices"] as? [[String: Any]])?.map { $0["message"] as Any }
            )
            // `"content": null` is left out when sent back: an absent optional.
            var expected = receivedMessages
            var firstMessage = try #require(expected[0] as? [String: Any])
            firstMessage["content"] = nil
            expected[0] = firstMessage
            #expect(NSArray(array: sentMessages).isEqual(to: expected))
        }
    }

    /// The README's snippet, as app code on the main actor.
    @MainActor @Test func readmeSnippet() async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let key = "sk-test"
            let photo = ImagePart(imageUrl: ImageURL(url: URL(string: "https://x.test/a.png")!))
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            // Refused, not processed: sent again, POSTs too.
            let retry = RetryMiddleware(unprocessedStatuses: [429, 503])
            let chat = ChatClient<Scope.Authorized>(baseURL: baseURL, credentials: .token(key), middleware: [retry])
            let reply = try await chat.createChatCompletion(
                model: "gpt-test",
                messages: [
                    Message(
                        role: .user,
                        content: .parts([.text(TextPart(text: "What is in this photo?")), .image(photo)])
                    )
                ]
            )
            switch reply.choices[0].message.content {
            case .text(let text)?: print(text)
            case .parts(let parts)?: print(parts.count, "parts")
            case .unknown(let json)?: print("a new kind of content:", json)  // kept, not a decoding error
            case nil: print("tool calls:", reply.choices[0].message.toolCalls ?? [])
            }
            #expect(printed.count == 1 && printed[0].hasPrefix("tool calls: [Chat.ToolCall.function("))
        }
    }

    @Test(arguments: TestTransport.allCases)
    func documentedErrorsArriveTyped(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            do throws(APIError<ErrorResponse>) {
                _ = try await Self.client(baseURL, transport).createChatCompletion(model: "missing", messages: [])
                Issue.record("a 404 did not throw")
            } catch {
                guard case .expected(let expected) = error else {
                    Issue.record("expected a documented error, got \(error)")
                    return
                }
                #expect(expected.status == 404)
                #expect(expected.body.error.code == "model_not_found")
                #expect(expected.body.error.param == "model")
            }
        }
    }

    @Test(
        arguments: [
            ("broken", "choices[0].message.content[0].text"),
            ("wrong-object", "object"),
        ],
        TestTransport.allCases
    )
    func undecodableAnswersSayWhere(answer: (model: String, codingPath: String), transport: TestTransport) async throws
    {
        let (model, codingPath) = answer
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            do throws(APIError<ErrorResponse>) {
                _ = try await Self.client(baseURL, transport).createChatCompletion(model: model, messages: [])
                Issue.record("an answer that does not fit decoded")
            } catch {
                guard case .undecodableBody(let failure) = error else {
                    Issue.record("expected an undecodable body, got \(error)")
                    return
                }
                #expect(failure.codingPath == codingPath)
            }
        }
    }

    @Test(arguments: TestTransport.allCases)
    func listsAndRetrievesModels(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let list = try await client.listModels()
            #expect(list.data.map(\.id) == ["gpt-test", "gpt-mini"])
            #expect(list.data[1].created == Date(timeIntervalSince1970: 1_690_000_001))
            let model = try await client.retrieveModel("ft:gpt-test:lab/v2")
            #expect(model.id == "ft:gpt-test:lab/v2")
            #expect(await log.requests.last?.uri == "/models/ft:gpt-test:lab%2Fv2")
        }
    }
}
