import Chat
import Foundation
import Hummingbird
import LoopbackServer
import NIOCore
import SpecsmithCombine
import SpecsmithRuntime
import Synchronization
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// When the loopback server wrote what, for the streams below.
final class StreamTimeline: Sendable {
    /// Set by a test's client when the first chunk arrives; the server waits for it (at most 60 s: the suite
    /// runs compilers beside it on busy cores) before it sends the others, and records whether it came in time.
    let firstChunkReceived = Mutex(false)
    let sawFirstChunkInTime = Mutex(false)
    /// Whether the server waits for `firstChunkReceived`.
    let waitsForFirstChunk: Bool

    init(waitsForFirstChunk: Bool = false) {
        self.waitsForFirstChunk = waitsForFirstChunk
    }
    let logFollowerLeft = Mutex<Bool>(false)
}

/// The Chat client's streamed answers against a loopback server that streams as chat-completions services do:
/// server-sent events with pauses between them, text and tool-call fragments, ending with `[DONE]`; and a
/// request log followed as JSON Lines.
@Suite struct ChatStreamTests {
    /// The chunks of an answer that says "Hello there" and calls a tool whose arguments come in three fragments.
    static let chunks = [
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"content":"Hello"}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"content":" there"}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ty\":\"Ber"}}]}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"lin\"}"}}]}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":7,"total_tokens":16}}"#,
    ]

    static func configure(_ timeline: StreamTimeline) -> (Router<BasicRequestContext>) -> Void {
        { router in
            router.post("/chat/completions") { request, _ -> Response in
                let body = try await request.body.collect(upTo: 1 << 20)
                let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
                guard object["stream"] as? Bool == true else {
                    return .json(
                        #"{"error": {"message": "stream must be true here", "type": "test"}}"#,
                        status: .badRequest
                    )
                }
                if object["model"] as? String == "overloaded" {
                    // As a chat-completions service fails mid-way: its error body as a chunk of its own.
                    let events =
                        Self.chunks.prefix(3).map { "data: \($0)\n\n" }
                        + [
                            #"data: {"error": {"message": "The server had an error while processing your request.", "type": "server_error", "param": null, "code": null}}\#n\#n"#,
                            "data: \(Self.chunks[3])\n\n", "data: [DONE]\n\n",
                        ]
                    return Response(
                        status: .ok,
                        headers: [.contentType: "text/event-stream"],
                        body: ResponseBody { writer in
                            for event in events { try await writer.write(ByteBuffer(string: event)) }
                            try await writer.finish(nil)
                        }
                    )
                }
                if object["model"] as? String == "missing" {
                    return .json(
                        #"{"error": {"message": "The model `missing` does not exist.", "type": "invalid_request_error"}}"#,
                        status: .notFound
                    )
                }
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: ": connected\n\n"))
                        for (index, chunk) in Self.chunks.enumerated() {
                            // Some chunks split mid-line, as they may arrive from a real service.
                            let event = "data: \(chunk)\n\n"
                            let middle = event.index(event.startIndex, offsetBy: event.count / 2)
                            try await writer.write(ByteBuffer(string: String(event[..<middle])))
                            try await writer.write(ByteBuffer(string: String(event[middle...])))
                            if index == 0 && timeline.waitsForFirstChunk {
                                // A client that reads as the server writes has the first chunk before the rest
                                // is sent; one that held chunks back would keep the server waiting the 60 s.
                                let deadline = ContinuousClock.now + .seconds(60)
                                while !timeline.firstChunkReceived.withLock({ $0 }), ContinuousClock.now < deadline {
                                    try await Task.sleep(for: .milliseconds(5))
                                }
                                let inTime = timeline.firstChunkReceived.withLock { $0 }
                                timeline.sawFirstChunkInTime.withLock { $0 = inTime }
                            }
                            try await Task.sleep(for: .milliseconds(150))
                        }
                        try await writer.write(ByteBuffer(string: "data: [DONE]\n\n"))
                        try await writer.finish(nil)
                    }
                )
            }
            router.post("/responses") { _, _ -> Response in
                let events = [
                    #"event: response.created\#ndata: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"in_progress"}}\#n\#n"#,
                    // An event this version of the spec does not list, kept as it arrived.
                    #"event: response.in_progress\#nid: 7\#ndata: {"id":"resp_1"}\#n\#n"#,
                    #"event: response.output_text.delta\#ndata: {"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hel"}\#n\#n"#,
                    #": a comment between events\#n"#,
                    #"event: response.output_text.delta\#ndata: {"type":"response.output_text.delta","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"lo"}\#n\#n"#,
                    #"event: response.completed\#ndata: {"type":"response.completed","sequence_number":4,"response":{"id":"resp_1","status":"completed","output_text":"Hello"}}\#n\#n"#,
                    #"event: error\#ndata: {"error":{"message":"Rate limited.","type":"rate_limit_error"}}\#n\#n"#,
                    #"event: response.output_text.delta\#ndata: {"type":"response.output_text.delta","sequence_number":5,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"never read"}\#n\#n"#,
                ]
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        for event in events {
                            try await writer.write(ByteBuffer(string: event))
                            try await Task.sleep(for: .milliseconds(10))
                        }
                        try await writer.finish(nil)
                    }
                )
            }
            router.post("/messages") { request, _ -> Response in
                let body = try await request.body.collect(upTo: 1 << 20)
                let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
                // `"model": "overloaded"` fails mid-stream, with the messages API's error event.
                let fails = object["model"] as? String == "overloaded"
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        for event in fails ? Self.failingMessageEvents : Self.messageEvents {
                            try await writer.write(ByteBuffer(string: event))
                        }
                        try await writer.finish(nil)
                    }
                )
            }
            router.get("/logs") { request, _ -> Response in
                let level = request.uri.queryParameters.get("level")
                guard request.uri.queryParameters.get("follow") == "true" else {
                    // Without `follow=true`, the latest entries in one piece.
                    return Response.json(
                        #"[{"time":1700000000,"level":"\#(level ?? "info")","message":"request 1"},"#
                            + #"{"time":1700000001,"level":"\#(level ?? "info")","message":"request 2"}]"#
                    )
                }
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/x-ndjson"],
                    body: ResponseBody { writer in
                        var n = 0
                        do {
                            while true {
                                n += 1
                                let entry =
                                    #"{"time":1700000000,"level":"\#(level ?? "info")","message":"request \#(n)","request_id":"req_\#(n)"}"#
                                try await writer.write(ByteBuffer(string: entry + "\n"))
                                try await Task.sleep(for: .milliseconds(20))
                            }
                        } catch {
                            timeline.logFollowerLeft.withLock { $0 = true }
                            throw error
                        }
                    }
                )
            }
        }
    }

    /// Speech: the whole audio, or with `"stream_format": "sse"` its pieces as events.
    static func speech(_ router: Router<BasicRequestContext>) {
        router.post("/audio/speech") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 16)
            let json = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
            guard json?["stream_format"] as? String == "sse" else {
                return Response(
                    status: .ok,
                    headers: [.contentType: "audio/mpeg"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: [0x49, 0x44, 0x33, 0x04]))
                )
            }
            let events = ["SUQz", "BA=="].map { #"data: {"type":"speech.audio.delta","audio":"\#($0)"}"# + "\n\n" }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: events.joined()))
            )
        }
    }

    /// Transcriptions: the whole text, or, with the multipart text part `stream` of `true`, its pieces as events.
    static func transcriptions(_ router: Router<BasicRequestContext>) {
        router.post("/audio/transcriptions") { request, _ -> Response in
            var request = request
            let body = String(
                decoding: Data(try await request.collectBody(upTo: 1 << 16).readableBytesView),
                as: UTF8.self
            )
            let contentType = request.headers[.contentType] ?? ""
            guard let boundary = contentType.components(separatedBy: "boundary=").last,
                contentType.contains("boundary=")
            else { return Response(status: .badRequest) }
            // The parts by name: each `--boundary`, a head, an empty line, the contents.
            var parts: [String: String] = [:]
            for section in body.components(separatedBy: "--" + boundary).dropFirst().dropLast() {
                guard let split = section.range(of: "\r\n\r\n"),
                    let name = section[..<split.lowerBound].components(separatedBy: "name=\"").dropFirst().first?
                        .prefix(while: { $0 != "\"" })
                else { continue }
                var contents = String(section[split.upperBound...])
                if contents.hasSuffix("\r\n") { contents.removeLast() }  // One `Character`, CR LF.
                parts[String(name)] = contents
            }
            guard parts["file"] == "RIFF....WAVE", parts["model"] == "whisper-test" else {
                return .json(#"{"error": {"message": "bad parts", "type": "test"}}"#, status: .badRequest)
            }
            guard parts["stream"] == "true" else { return .json(#"{"text": "Hello there"}"#) }
            let events = [
                #"{"type":"transcript.text.delta","delta":"Hello"}"#,
                #"{"type":"transcript.text.delta","delta":" there"}"#,
                #"{"type":"transcript.text.done","text":"Hello there"}"#,
            ]
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    for event in events {
                        try await writer.write(ByteBuffer(string: "data: \(event)\n\n"))
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    try await writer.finish(nil)
                }
            )
        }
    }

    /// A message streamed as a messages API streams it: every event named, `ping`s between them, a delta of
    /// each kind, and an event this version of the spec does not list.
    static let messageEvents = [
        #"event: message_start\#ndata: {"type":"message_start","message":{"id":"msg_1","model":"chat-test","role":"assistant"}}\#n\#n"#,
        #"event: content_block_start\#ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\#n\#n"#,
        #"event: ping\#ndata: {"type": "ping"}\#n\#n"#,
        #"event: content_block_delta\#ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}\#n\#n"#,
        #"event: content_block_delta\#ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" there"}}\#n\#n"#,
        #"event: content_block_stop\#ndata: {"type":"content_block_stop","index":0}\#n\#n"#,
        #"event: content_block_start\#ndata: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use"}}\#n\#n"#,
        #"event: content_block_delta\#ndata: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": "}}\#n\#n"#,
        #"event: ping\#ndata: {"type": "ping"}\#n\#n"#,
        #"event: content_block_delta\#ndata: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"Berlin\"}"}}\#n\#n"#,
        #"event: content_block_stop\#ndata: {"type":"content_block_stop","index":1}\#n\#n"#,
        #"event: message_delta\#ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}\#n\#n"#,
        #"event: content_block_citation\#ndata: {"type":"content_block_citation","index":0}\#n\#n"#,
        #"event: message_stop\#ndata: {"type":"message_stop"}\#n\#n"#,
    ]

    /// The start of the same message, then the messages API's error event.
    static let failingMessageEvents =
        Array(messageEvents.prefix(4)) + [
            #"event: error\#ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\#n\#n"#
        ]

    /// What a client reads of `messageEvents`: the text of each block, the tool call's arguments, the stop
    /// reason, the pings, and the names of the events it does not know.
    struct ReadMessage: Equatable {
        var id = ""
        var blocks: [Int: String] = [:]
        var arguments: [Int: String] = [:]
        var stopReason: String?
        var pings = 0
        var unknown: [String] = []
        var stopped = false

        mutating func read(_ event: CreateMessageStreamEvent) {
            switch event {
            case .messageStart(let start): id = start.message.id
            case .contentBlockStart(let start): blocks[start.index] = start.contentBlock.text
            case .contentBlockDelta(let piece):
                switch piece.delta {
                case .text(let text): blocks[piece.index, default: ""] += text.text
                case .inputJSON(let json): arguments[piece.index, default: ""] += json.partialJson
                case .unknown(let other): unknown.append("delta \(other)")
                }
            case .contentBlockStop: break
            case .ping: pings += 1
            case .messageUpdate(let update): stopReason = update.delta.stopReason
            case .messageStop: stopped = true
            case .unknown(let event): unknown.append(event.event)
            }
        }

        static let expected = ReadMessage(
            id: "msg_1",
            blocks: [0: "Hello there"],
            arguments: [1: #"{"city": "Berlin"}"#],
            stopReason: "tool_use",
            pings: 2,
            unknown: ["content_block_citation"],
            stopped: true
        )
    }

    /// A stream whose every event is named, as a messages API sends it: each event its case (`ping` too, as the
    /// spec lists it), each delta its kind, an unlisted event kept as it came; the error event ends it typed.
    @Test(arguments: TestTransport.allCases)
    func everyNamedEventOfAMessagesStreamIsItsCase(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, log in
            let chat = Self.client(baseURL, transport)
            var message = ReadMessage()
            for try await event in chat.createMessageStream(model: "chat-test", maxTokens: 64, messages: Self.question)
            {
                message.read(event)
            }
            #expect(message == ReadMessage.expected)
            let sent = try JSONSerialization.jsonObject(with: try #require(await log.requests.last).body)
            #expect((sent as? [String: Any])?["stream"] as? Bool == true)
            #expect((sent as? [String: Any])?["max_tokens"] as? Int == 64)

            var partial = ReadMessage()
            do throws(APIError<ErrorResponse>) {
                for try await event in chat.createMessageStream(model: "overloaded", maxTokens: 64, messages: []) {
                    partial.read(event)
                }
                Issue.record("the error event must end the stream with an error")
            } catch {
                #expect(error.category == .expected)
                #expect(error.errorBody?.error.type == "overloaded_error")
            }
            #expect(partial.blocks == [0: "Hello"] && partial.pings == 1)

            // The Combine flavour reads the same events.
            var published = ReadMessage()
            for try await event in chat.createMessageStreamPublisher(
                model: "chat-test",
                maxTokens: 64,
                messages: Self.question
            ).values {
                published.read(event)
            }
            #expect(published == ReadMessage.expected)
        }
    }

    static func client(_ baseURL: URL, _ transport: TestTransport = .urlSession) -> ChatClient<Scope.Authorized> {
        ChatClient<Scope.Authorized>(baseURL: baseURL, credentials: .token("sk-test"), transport: transport.make())
    }

    static let question = [Message(role: .user, content: .text("Weather in Berlin?"))]

    /// The answer the chunks add up to: its text, and each tool call's name and arguments.
    static func assemble(_ chunks: [ChatCompletionChunk]) -> (text: String, calls: [String: String]) {
        var text = ""
        var names: [Int: String] = [:]
        var arguments: [Int: String] = [:]
        for chunk in chunks {
            for choice in chunk.choices {
                text += choice.delta.content ?? ""
                for call in choice.delta.toolCalls ?? [] {
                    if let name = call.function?.name { names[call.index] = name }
                    arguments[call.index, default: ""] += call.function?.arguments ?? ""
                }
            }
        }
        var calls: [String: String] = [:]
        for (index, name) in names { calls[name] = arguments[index] }
        return (text, calls)
    }

    @Test(arguments: TestTransport.allCases)
    func chunksArriveAsTheModelWritesThem(transport: TestTransport) async throws {
        let timeline = StreamTimeline(waitsForFirstChunk: true)
        try await withLoopbackServer(Self.configure(timeline)) { baseURL, log in
            let chat = Self.client(baseURL, transport)
            var chunks: [ChatCompletionChunk] = []
            for try await chunk in chat.createChatCompletionStream(model: "gpt-test", messages: Self.question) {
                timeline.firstChunkReceived.withLock { $0 = true }
                chunks.append(chunk)
            }
            let (text, calls) = Self.assemble(chunks)
            #expect(text == "Hello there")
            #expect(calls == ["get_weather": #"{"city":"Berlin"}"#])
            #expect(chunks.last?.choices.first?.finishReason == .toolCalls)
            #expect(chunks.last?.usage?.totalTokens == 16)
            #expect(
                timeline.sawFirstChunkInTime.withLock { $0 },
                "the first chunk must arrive while the server is still writing"
            )

            let request = try #require(await log.requests.last)
            #expect(request.headers["accept"] == "text/event-stream")
            #expect(request.headers["authorization"] == "Bearer sk-test")
            let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
            #expect(sent?["stream"] as? Bool == true)
            #expect(sent?["model"] as? String == "gpt-test")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func eventsOfSeveralKindsArriveAsTheirCases(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, log in
            var text = ""
            var seen: [String] = []
            do throws(APIError<ErrorResponse>) {
                for try await event in Self.client(baseURL, transport).createResponseStream(
                    model: "gpt-test",
                    input: "Hi"
                ) {
                    switch event {
                    case .created(let created): seen.append("created \(created.response.status)")
                    case .textDelta(let delta): text += delta.delta
                    case .completed(let completed): seen.append("completed \(completed.response.outputText ?? "")")
                    case .unknown(let event): seen.append("unknown \(event.event) \(event.id ?? "")")
                    }
                }
                Issue.record("the error event must end the stream with an error")
            } catch {
                // The `error` event: the endpoint's documented error body, typed.
                #expect(error.errorBody?.error.type == "rate_limit_error")
                #expect(error.errorBody?.error.message == "Rate limited.")
                #expect(error.category == .expected)
            }
            #expect(text == "Hello")
            #expect(seen == ["created inProgress", "unknown response.in_progress 7", "completed Hello"])
            let sent = try JSONSerialization.jsonObject(with: try #require(await log.requests.last).body)
            #expect((sent as? [String: Any])?["stream"] as? Bool == true)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func thePlainMethodLeavesTheStreamFieldOut(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, log in
            // This server streams only when asked to; the plain method's request does not ask.
            let error = await #expect(throws: APIError<ErrorResponse>.self) {
                try await Self.client(baseURL, transport).createChatCompletion(
                    model: "gpt-test",
                    messages: Self.question
                )
            }
            #expect(error?.status == 400)
            let sent = try JSONSerialization.jsonObject(with: try #require(await log.requests.last).body)
            #expect((sent as? [String: Any])?["stream"] == nil)
            #expect((sent as? [String: Any])?["model"] as? String == "gpt-test")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func nothingIsSentUntilTheStreamIsRead(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, log in
            let chat = Self.client(baseURL, transport)
            let stream = chat.createChatCompletionStream(model: "gpt-test", messages: Self.question)
            try await Task.sleep(for: .milliseconds(100))
            #expect(await log.requests.isEmpty)
            // Each iteration sends the request again.
            for _ in 0..<2 {
                var count = 0
                for try await _ in stream { count += 1 }
                #expect(count == Self.chunks.count)
            }
            #expect(await log.requests.count == 2)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aDocumentedErrorEndsTheStreamTyped(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, _ in
            do throws(APIError<ErrorResponse>) {
                for try await _ in Self.client(baseURL, transport).createChatCompletionStream(
                    model: "missing",
                    messages: []
                ) {
                    Issue.record("expected no chunk")
                }
                Issue.record("expected a failure")
            } catch {
                #expect(error.status == 404)
                #expect(error.errorBody?.error.type == "invalid_request_error")
            }
        }
    }

    @Test(arguments: TestTransport.allCases)
    func followingTheLogStopsWhenTheReaderLeaves(transport: TestTransport) async throws {
        let timeline = StreamTimeline()
        try await withLoopbackServer(Self.configure(timeline)) { baseURL, log in
            var entries: [LogEntry] = []
            for try await entry in Self.client(baseURL, transport).followLogs(level: .warning) {
                entries.append(entry)
                if entries.count == 5 { break }
            }
            #expect(entries.map(\.message) == (1...5).map { "request \($0)" })
            #expect(entries.allSatisfy { $0.level == .warning })
            #expect(entries.first?.time == Date(timeIntervalSince1970: 1_700_000_000))
            let request = try #require(await log.requests.last)
            #expect(request.uri == "/logs?level=warning&follow=true")
            #expect(request.headers["accept"] == "application/x-ndjson")
            let left = await eventually { timeline.logFollowerLeft.withLock { $0 } }
            #expect(left, "the server must see the connection close")
        }
    }

    /// The plain method of a stream asked for in the query leaves the parameter out, and gets one answer.
    @Test(arguments: TestTransport.allCases)
    func theLatestLogsComeInOnePiece(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, log in
            let entries = try await Self.client(baseURL, transport).listLogs(level: .error)
            #expect(entries.map(\.message) == ["request 1", "request 2"])
            #expect(entries.allSatisfy { $0.level == .error })
            let request = try #require(await log.requests.last)
            #expect(request.uri == "/logs?level=error")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func thePublisherDeliversTheSameChunks(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, _ in
            let chat = Self.client(baseURL, transport)
            var chunks: [ChatCompletionChunk] = []
            for try await chunk in chat.createChatCompletionStreamPublisher(model: "gpt-test", messages: Self.question)
                .values
            {
                chunks.append(chunk)
            }
            #expect(Self.assemble(chunks).text == "Hello there")
            #expect(chunks.count == Self.chunks.count)

            // A subscriber that wants two chunks gets two, and the connection is closed.
            var two: [ChatCompletionChunk] = []
            for try await chunk in chat.createChatCompletionStreamPublisher(model: "gpt-test", messages: Self.question)
                .prefix(2).values
            {
                two.append(chunk)
            }
            #expect(two.count == 2)

            var failure: APIError<ErrorResponse>?
            do {
                for try await _ in chat.createChatCompletionStreamPublisher(model: "missing", messages: []).values {}
            } catch let error as APIError<ErrorResponse> {
                failure = error
            }
            #expect(failure?.status == 404)
        }
    }

    /// An error sent mid-stream as a chunk that is the error body (`data: {"error": {…}}`, the stream's
    /// `errorKey`): the documented error, typed, after the chunks before it, in the async and Combine flavours
    /// (it was `undecodableBody`).
    @Test(arguments: TestTransport.allCases)
    func anErrorSentAsAChunkArrivesTyped(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, _ in
            let chat = Self.client(baseURL, transport)
            var chunks: [ChatCompletionChunk] = []
            do throws(APIError<ErrorResponse>) {
                for try await chunk in chat.createChatCompletionStream(model: "overloaded", messages: Self.question) {
                    chunks.append(chunk)
                }
                Issue.record("the error chunk must end the stream with an error")
            } catch {
                #expect(error.category == .expected)
                #expect(error.errorBody?.error.type == "server_error", "\(error)")
                #expect(error.status == 200)
            }
            #expect(Self.assemble(chunks).text == "Hello there")

            var published: [ChatCompletionChunk] = []
            var failure: APIError<ErrorResponse>?
            do {
                for try await chunk in chat.createChatCompletionStreamPublisher(
                    model: "overloaded",
                    messages: Self.question
                ).values {
                    published.append(chunk)
                }
            } catch let error as APIError<ErrorResponse> {
                failure = error
            }
            #expect(published.count == 3)
            #expect(failure?.errorBody?.error.message == "The server had an error while processing your request.")
        }
    }

    /// The snippet of docs/Streams.md, in main-actor code as an app writes it.
    /// A stream asked for with another value than `true` (`stream_format: sse`): the plain method leaves the
    /// field out and gets the audio whole; the stream method sends `sse` and gets its pieces.
    @Test(arguments: TestTransport.allCases)
    func aStreamAskedForWithAFormatValue(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.speech) { baseURL, log in
            let chat = Self.client(baseURL, transport)
            let audio = try await chat.createSpeech(model: "tts", input: "Hallo", voice: "alloy")
            #expect(audio == Data([0x49, 0x44, 0x33, 0x04]))
            var pieces = Data()
            for try await chunk in chat.createSpeechStream(model: "tts", input: "Hallo", voice: "alloy") {
                pieces += Data(base64Encoded: chunk.audio ?? "") ?? Data()
            }
            #expect(pieces == audio)
            let bodies = await log.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(bodies.count == 2)
            #expect(!bodies[0].contains("stream_format"))
            #expect(bodies[1].contains(#""stream_format":"sse""#))
            #expect(await log.requests.map { $0.headers["accept"] } == ["audio/mpeg", "text/event-stream"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aStreamAskedForByAMultipartPart(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.transcriptions) { baseURL, log in
            let chat = Self.client(baseURL, transport)
            let audio = FileUpload(Data("RIFF....WAVE".utf8), filename: "hello.wav", contentType: "audio/wav")
            let whole = try await chat.createTranscription(file: audio, model: "whisper-test")
            #expect(whole.text == "Hello there")
            var text = ""
            var done: String?
            for try await event in chat.createTranscriptionStream(file: audio, model: "whisper-test") {
                text += event.delta ?? ""
                if event.type == "transcript.text.done" { done = event.text }
            }
            #expect(text == "Hello there")
            #expect(done == "Hello there")
            let bodies = await log.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(bodies.count == 2)
            #expect(!bodies[0].contains(#"name="stream""#))
            #expect(bodies[1].contains("Content-Disposition: form-data; name=\"stream\"\r\n\r\ntrue\r\n"))
            let accepts = await log.requests.map { $0.headers["accept"] }
            // The plain method asks for nothing in particular (URLSession adds `*/*`); the stream method for events.
            #expect(accepts.first != "text/event-stream" && accepts.last == "text/event-stream")
        }
    }

    /// Streams 5,000 JSON Lines, one to a chunk, all there at once: a stream read only as far as its reader
    /// decodes it.
    struct LinesTransport: HTTPTransport {
        func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
            let source = ChunkSource(limit: .max)
            for n in 1...5_000 { source.yield(Data("\(n)\n".utf8)) }
            source.finish()
            return RawResponse(
                status: 200,
                headers: ["Content-Type": "application/x-ndjson"],
                body: Data(),
                url: request.url,
                bodyStream: ResponseBodyStream(source: source)
            )
        }
    }

    /// A value that counts how many were decoded: how far a stream was read.
    struct Counted: Decodable, Sendable {
        static let decoded = Atomic<Int>(0)

        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer().decode(Int.self)
            Self.decoded.add(1, ordering: .relaxed)
        }
    }

    /// A publisher's subscriber slower than the stream holds the reading back, even with a `sink`'s unlimited
    /// demand: at most `APIClient.streamReadAhead` values wait on the callback queue, and no more are read
    /// until the subscriber takes them. (Before, the publisher read on: a server wrote 263 MB in 2 s to a
    /// subscriber taking 50 values a second.)
    @Test func aSlowSubscriberHoldsTheStreamBack() async throws {
        var client = APIClient(baseURL: URL(string: "https://logs.example")!, transport: LinesTransport())
        client.callbackQueue = DispatchQueue(label: "slow subscriber")
        let endpoint = APIEndpoint<ResponseStream<Counted>, Never>(
            "counted",
            method: .get,
            path: "/counted",
            decoding: .jsonLines(of: Counted.self)
        )
        let count = Mutex(0)
        // Kept until the end; written once, before the publisher delivers anything.
        nonisolated(unsafe) var subscription: AnyCancellable?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            subscription = client.publisher(streaming: endpoint)
                .prefix(10)
                .sink(
                    receiveCompletion: { _ in done.resume() },
                    receiveValue: { _ in
                        Thread.sleep(forTimeInterval: 0.005)
                        count.withLock { $0 += 1 }
                    }
                )
        }
        subscription?.cancel()
        #expect(count.withLock { $0 } == 10)
        // The 10 taken, at most the read-ahead waiting, and the one being handed over when the subscriber left.
        #expect(Counted.decoded.load(ordering: .relaxed) <= 10 + APIClient.streamReadAhead + 1)
    }

    /// Stubs stream the spec's samples as the server would: events by name, JSON Lines line by line.
    @Test func stubsStreamTheSamples() async throws {
        let chat = ChatClient<Scope.Authorized>(credentials: .token("sk-test"), transport: StubTransport())
        var text = ""
        var completed: ResponseSnapshot?
        for try await event in chat.createResponseStream(model: "gpt-test", input: "Hi") {
            switch event {
            case .textDelta(let delta): text += delta.delta
            case .completed(let event): completed = event.response
            default: break
            }
        }
        #expect(text == "Hello there")
        #expect(completed?.outputText == "Hello there")
        let levels = try await chat.followLogs().reduce(into: [LogLevel]()) { $0.append($1.level) }
        #expect(levels == [.info, .warning])
        #expect(try await chat.listLogs().map(\.level) == [.info])
        // The stream of a `stream:` variant has its own sample, ended by its terminator.
        var chunks: [ChatCompletionChunk] = []
        for try await chunk in chat.createChatCompletionStream(model: "gpt-test", messages: Self.question) {
            chunks.append(chunk)
        }
        #expect(chunks.compactMap { $0.choices.first?.delta.content }.joined() == "Hello there")
        #expect(chunks.last?.choices.first?.finishReason == .stop)
        let audio = FileUpload(Data("RIFF".utf8), filename: "a.wav", contentType: "audio/wav")
        let pieces = try await chat.createTranscriptionStream(file: audio, model: "whisper-test")
            .reduce(into: "") { $0 += $1.delta ?? "" }
        #expect(pieces == "Hello there")
    }

    @MainActor @Test func docsSnippet() async throws {
        try await withLoopbackServer(Self.configure(StreamTimeline())) { baseURL, _ in
            let chat = ChatClient<Scope.Authorized>(baseURL: baseURL, credentials: .token("sk-test"))
            var answer = ""
            let messages = [Message(role: .user, content: .text("Say hello."))]
            for try await chunk in chat.createChatCompletionStream(model: "gpt-test", messages: messages) {
                answer += chunk.choices.first?.delta.content ?? ""
            }
            #expect(answer == "Hello there")
        }
    }
}
