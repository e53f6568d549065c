import ChatServer
import Foundation
import Hummingbird
import SpecsmithServer
import Synchronization

/// A Chat server written as an app would: the generated protocol, its streams produced value by value.
struct ChatDesk: ChatService {
    /// Values of the server's models, from JSON as an LLM API writes it.
    static func value<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value {
        try! DateCoding.secondsSince1970.makeDecoder().decode(Value.self, from: Data(json.utf8))
    }

    /// How many stream values the server produced, for the backpressure test.
    let produced = Counter()
    /// Whether the responses stream sends an event the spec does not list, for the test that clients pass over
    /// it; `example-servers` keeps to the contract.
    var sendsUnlistedEvents = true
    /// The most chunks a completion stream sends, whatever `max_completion_tokens` asks for.
    var maxChunks = 1_000_000

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        credential == .token("sk-test") ? Grant("tester", scope: Scope.Authorized.self) : nil
    }

    func errorBody(for problems: RequestProblems) -> ErrorResponse {
        ErrorResponse(error: APIErrorDetail(message: problems.message, type: "invalid_request_error"))
    }

    func createChatCompletion(
        model: String,
        messages: [Message],
        tools: [Tool]?,
        toolChoice: ToolChoice?,
        responseFormat: ResponseFormat?,
        temperature: Double?,
        maxCompletionTokens: Int?,
        seed: Int64?,
        metadata: [String: JSON]?,
        streamOptions: StreamOptions?,
        user: String?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ChatCompletion, ErrorResponse> {
        guard model == "gpt-test" else {
            return .error(
                ErrorResponse(error: APIErrorDetail(message: "No model \(model).", type: "not_found")),
                status: 404
            )
        }
        return .answer(
            Self.value(
                ChatCompletion.self,
                #"{"id":"chatcmpl-0","object":"chat.completion","created":1767225600,"model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"Hello there"},"finish_reason":"stop"}]}"#
            )
        )
    }

    func createChatCompletionStream(
        model: String,
        messages: [Message],
        tools: [Tool]?,
        toolChoice: ToolChoice?,
        responseFormat: ResponseFormat?,
        temperature: Double?,
        maxCompletionTokens: Int?,
        seed: Int64?,
        metadata: [String: JSON]?,
        streamOptions: StreamOptions?,
        user: String?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<ChatCompletionChunk>, ErrorResponse> {
        if model == "overloaded" {
            // Two chunks, then the documented error as a chunk of its own (`errorKey: error`).
            let chunks = ["Hello", " there"].map { word in
                Self.value(
                    ChatCompletionChunk.self,
                    #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"overloaded","choices":[{"index":0,"delta":{"content":"\#(word)"}}]}"#
                )
            }
            let failure = StreamFailure(
                ErrorResponse(error: APIErrorDetail(message: "The server is overloaded.", type: "server_error"))
            )
            return .answer(ServerStream(FailingAfter(values: chunks, failure: failure)))
        }
        // Produced on demand: a chunk each time the route's writer asks for the next, a token each.
        let count = min(max(maxCompletionTokens ?? 2, 0), maxChunks)
        return .answer(
            ServerStream(
                Words(count: count, produced: self.produced).map { word in
                    Self.value(
                        ChatCompletionChunk.self,
                        #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"gpt-test","choices":[{"index":0,"delta":{"content":"\#(word)"}}]}"#
                    )
                }
            )
        )
    }

    func createResponseStream(
        model: String,
        input: String,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<CreateResponseStreamEvent>, ErrorResponse> {
        var events: [CreateResponseStreamEvent] = [
            .created(
                Self.value(
                    ResponseCreated.self,
                    #"{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"in_progress"}}"#
                )
            ),
            .textDelta(
                Self.value(
                    TextDelta.self,
                    #"{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hello"}"#
                )
            ),
        ]
        if input == "fail" {
            // The documented error event, mid-stream.
            let failure = StreamFailure(
                ErrorResponse(error: APIErrorDetail(message: "Overloaded.", type: "overloaded"))
            )
            return .answer(ServerStream(FailingAfter(values: events, failure: failure)))
        }
        if sendsUnlistedEvents {
            events.append(.unknown(ServerSentEvent(event: "response.in_progress", data: #"{"note":"unlisted"}"#)))
        }
        events.append(
            .completed(
                Self.value(
                    ResponseCompleted.self,
                    #"{"type":"response.completed","sequence_number":2,"response":{"id":"resp_1","status":"completed","output_text":"Hello"}}"#
                )
            )
        )
        return .answer(ServerStream(events))
    }

    func createMessageStream(
        model: String,
        maxTokens: Int,
        messages: [Message],
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<CreateMessageStreamEvent>, ErrorResponse> {
        .answer(
            ServerStream([
                .messageStart(
                    Self.value(MessageStart.self, #"{"message":{"id":"msg_1","model":"chat-test","role":"assistant"}}"#)
                ),
                .ping(Self.value(Ping.self, #"{"type":"ping"}"#)),
                .contentBlockDelta(
                    Self.value(ContentBlockDelta.self, #"{"index":0,"delta":{"type":"text_delta","text":"Hi"}}"#)
                ),
                .messageStop(Self.value(MessageStop.self, #"{"type":"message_stop"}"#)),
            ])
        )
    }

    static let entries = [
        LogEntry(time: Date(timeIntervalSince1970: 1_767_225_600), level: .info, message: "GET /v1/models 200"),
        LogEntry(time: Date(timeIntervalSince1970: 1_767_225_601), level: .warning, message: "slow", requestId: "r2"),
    ]

    func listLogs(
        level: LogLevel?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<[LogEntry], ErrorResponse> {
        .answer(Self.entries.filter { level == nil || $0.level == level })
    }

    func followLogs(
        level: LogLevel?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<LogEntry>, ErrorResponse> {
        let entries = Self.entries.filter { level == nil || $0.level == level }
        if level == .debug {
            // The entries, then the documented error as a line of its own (`errorKey: error`).
            let failure = StreamFailure(
                ErrorResponse(
                    error: APIErrorDetail(message: "Debug entries are not kept.", type: "invalid_request_error")
                )
            )
            return .answer(ServerStream(FailingAfter(values: Self.entries, failure: failure)))
        }
        return .answer(ServerStream(entries))
    }

    func createSpeech(
        model: String,
        input: String,
        voice: String,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Data, ErrorResponse> {
        .answer(Data(input.utf8))
    }

    func createSpeechStream(
        model: String,
        input: String,
        voice: String,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<SpeechChunk>, ErrorResponse> {
        .answer(
            ServerStream([
                SpeechChunk(type: "speech.audio.delta", audio: Data(input.utf8).base64EncodedString()),
                SpeechChunk(type: "speech.audio.done"),
            ])
        )
    }

    func createTranscription(
        file: FileUpload,
        model: String,
        language: String?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Transcription, ErrorResponse> {
        // A file part arrives as a temporary file.
        guard case .file(let url) = file.content else { return .answer(Transcription(text: "(in memory)")) }
        let bytes = try Data(contentsOf: url)
        return .answer(
            Transcription(
                text: "\(file.filename ?? "-"): \(String(decoding: bytes, as: UTF8.self)) (\(language ?? "-"))"
            )
        )
    }

    func createTranscriptionStream(
        file: FileUpload,
        model: String,
        language: String?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ServerStream<TranscriptEvent>, ErrorResponse> {
        .answer(
            ServerStream([
                TranscriptEvent(type: "transcript.text.delta", delta: "Hello"),
                TranscriptEvent(type: "transcript.text.done", text: "Hello"),
            ])
        )
    }

    func listModels(caller: Caller<Scope.Authorized, String>) async throws -> Reply<ModelList, ErrorResponse> {
        .answer(ModelList(data: [ModelInfo(id: "gpt-test", created: Date(timeIntervalSince1970: 1), ownedBy: "tests")]))
    }

    func retrieveModel(
        _ model: String,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ModelInfo, ErrorResponse> {
        .answer(ModelInfo(id: model, created: Date(timeIntervalSince1970: 1), ownedBy: "tests"))
    }
}

/// A count shared by the requests.
final class Counter: Sendable {
    let value = Mutex(0)
}

/// `count` words (`Hello`, then ` there`), produced one at a time, counted as they are.
struct Words: AsyncSequence, Sendable {
    let count: Int
    let produced: Counter

    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let count: Int
        let produced: Counter

        mutating func next() async throws -> String? {
            guard next < count else { return nil }
            next += 1
            produced.value.withLock { $0 += 1 }
            return next == 1 ? "Hello" : " there"
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count, produced: produced) }
}

/// `values`, then `failure`.
struct FailingAfter<Element: Sendable>: AsyncSequence, Sendable {
    let values: [Element]
    let failure: StreamFailure

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Element>
        let failure: StreamFailure

        mutating func next() async throws -> Element? {
            guard let value = remaining.popFirst() else { throw failure }
            return value
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: values[...], failure: failure) }
}

/// Adds `desk`'s routes.
func register(_ desk: ChatDesk) -> (Router<BasicRequestContext>) -> Void {
    { router in desk.registerRoutes(on: router) }
}
