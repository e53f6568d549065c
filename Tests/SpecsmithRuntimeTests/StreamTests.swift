import AsyncHTTPClient
import Foundation
import Hummingbird
import LoopbackServer
import NIOCore
import SpecsmithAsyncHTTPClient
import Synchronization
import Testing

@testable import SpecsmithRuntime

/// A value of the streams below.
struct StreamDelta: Codable, Sendable, Hashable {
    var n: Int
    var text: String
}

/// An error body of the streams below.
struct StreamProblem: Codable, Sendable, Hashable {
    var message: String
}

/// When the server saw the client close an endless stream: after how many events.
final class Closed: Sendable {
    let n = Mutex<Int?>(nil)
}

/// Streamed answers: server-sent events and JSON Lines cut and decoded as they arrive, in any chunking, and
/// over real connections on loopback: incremental, cancellable, bounded, with typed failures.
@Suite struct StreamTests {
    /// The values of `stream`, read to the end.
    func values<Element>(_ stream: ResponseStream<Element>) async throws(APIError<Never>) -> [Element] {
        var values: [Element] = []
        for try await value in stream { values.append(value) }
        return values
    }

    /// A stream whose body arrives as `chunks`.
    func response(_ chunks: [String], status: Int = 200) -> RawResponse {
        let source = ChunkSource()
        for chunk in chunks { source.yield(Data(chunk.utf8)) }
        source.finish()
        return RawResponse(status: status, bodyStream: ResponseBodyStream(source: source))
    }

    func events(_ chunks: [String]) async throws(APIError<Never>) -> [ServerSentEvent] {
        let decoding = ResponseDecoding<ResponseStream<ServerSentEvent>>.serverSentEvents
        return try await values(try! decoding.decode(response(chunks), JSONDecoder()))
    }

    // MARK: Server-sent events, as the standard reads them

    @Test func eventsAreReadFieldByFieldWhateverTheChunks() async throws {
        let text =
            "\u{FEFF}: a comment\r\nevent: delta\r\ndata: {\"n\":1,\r\ndata:  \"text\":\"a\"}\r\nid: 7\r\nretry: 1500\r\n\r\n"
            + "data\n\ndata: second\rid: 8\0x\rretry: soon\r\r"
            + "field-we-do-not-know: x\ndata: third\n\n"
            + "data: never dispatched"
        let expected = [
            ServerSentEvent(event: "delta", data: "{\"n\":1,\n \"text\":\"a\"}", id: "7", retry: 1500),
            ServerSentEvent(event: "message", data: "", id: "7"),
            ServerSentEvent(event: "message", data: "second", id: "7"),
            ServerSentEvent(event: "message", data: "third", id: "7"),
        ]
        #expect(try await events([text]) == expected)
        // Every byte a chunk of its own: CR LF split over two chunks is still one line break.
        let byByte = Array(text.utf8).map { Data([$0]) }
        let source = ChunkSource()
        for byte in byByte { source.yield(byte) }
        source.finish()
        let decoding = ResponseDecoding<ResponseStream<ServerSentEvent>>.serverSentEvents
        let stream = try decoding.decode(
            RawResponse(status: 200, bodyStream: ResponseBodyStream(source: source)),
            JSONDecoder()
        )
        #expect(try await values(stream) == expected)
    }

    @Test func eventsDecodeAsModelsUntilTheTerminator() async throws {
        let decoding = ResponseDecoding<ResponseStream<StreamDelta>>.serverSentEvents(
            of: StreamDelta.self,
            terminator: "[DONE]"
        )
        #expect(decoding.streamsBody)
        let body = [
            "data: {\"n\":1,\"text\":\"Hel\"}\n\ndata: {\"n\":2,",
            "\"text\":\"lo\"}\n\n: keep-alive\n\ndata: [DONE]\n\ndata: {\"n\":3,\"text\":\"after the end\"}\n\n",
        ]
        let values = try await values(try decoding.decode(response(body), JSONDecoder()))
        #expect(values == [StreamDelta(n: 1, text: "Hel"), StreamDelta(n: 2, text: "lo")])
    }

    /// As a browser's `EventSource` gives `onmessage`: the values of `events: T` are the events without a name
    /// or named `message`; a `ping` between them is skipped, not decoded as `T` (which ended the stream with
    /// "No value for required key 'id'" after two values, not naming the event).
    @Test(arguments: TestTransport.allCases)
    func namedSideEventsAreSkipped(transport: TestTransport) async throws {
        let ping = "event: ping\ndata: {\"type\":\"ping\"}\n\n"
        try await withLoopbackServer { router in
            router.post("/events") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: ping))
                        try await writer.write(Self.event(1))
                        try await writer.write(ByteBuffer(string: ping + ping))
                        try await writer.write(ByteBuffer(string: "event: message\n"))
                        try await writer.write(Self.event(2))
                        try await writer.write(ByteBuffer(string: "event: content_block_delta\ndata: {\"n\":99}\n\n"))
                        try await writer.write(Self.event(3))
                        try await writer.write(ByteBuffer(string: ping + "data: [DONE]\n\n"))
                        try await writer.finish(nil)
                    }
                )
            }
        } _: { url, _ in
            var received: [Int] = []
            for try await delta in client(url, transport).stream(eventsEndpoint("/events")) { received.append(delta.n) }
            #expect(received == [1, 2, 3])
        }
    }

    @Test func anUndecodableEventEndsTheStreamWithItsBytes() async throws {
        let decoding = ResponseDecoding<ResponseStream<StreamDelta>>.serverSentEvents(of: StreamDelta.self)
        let stream = try decoding.decode(
            response(["data: {\"n\":1,\"text\":\"a\"}\n\ndata: {\"n\":\"two\"}\n\ndata: {\"n\":3,\"text\":\"c\"}\n\n"]),
            JSONDecoder()
        )
        var seen: [StreamDelta] = []
        var iterator = stream.makeAsyncIterator()
        do {
            while let value = try await iterator.next() { seen.append(value) }
            Issue.record("expected a failure")
        } catch {
            guard case .undecodableBody(let failure) = error else {
                Issue.record("expected undecodableBody, got \(error)")
                return
            }
            #expect(failure.codingPath == "n")
            #expect(failure.response.bodyText == "{\"n\":\"two\"}")
        }
        #expect(seen == [StreamDelta(n: 1, text: "a")])
        #expect(try await iterator.next() == nil)
    }

    @Test func anOverlongLineFailsInsteadOfGrowing() async throws {
        let chunks = [
            "data: short\n\n", "data: " + String(repeating: "x", count: 600), String(repeating: "y", count: 600),
        ]
        var stream = try ResponseDecoding<ResponseStream<ServerSentEvent>>.serverSentEvents.decode(
            response(chunks),
            JSONDecoder()
        )
        stream.maxEventSize = 1_000
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next()?.data == "short")
        await #expect(throws: APIError<Never>.self) { _ = try await iterator.next() }
        var again = try ResponseDecoding<ResponseStream<ServerSentEvent>>.serverSentEvents.decode(
            response(chunks),
            JSONDecoder()
        )
        again.maxEventSize = 1_000
        do {
            _ = try await values(again)
            Issue.record("expected a failure")
        } catch {
            guard case .noResponse(let failure) = error else {
                Issue.record("expected noResponse, got \(error)")
                return
            }
            #expect(failure.kind == .responseTooLarge)
        }
        // Many data lines make one event, bounded the same way.
        var many = try ResponseDecoding<ResponseStream<ServerSentEvent>>.serverSentEvents.decode(
            response([String(repeating: "data: 0123456789\n", count: 200) + "\n"]),
            JSONDecoder()
        )
        many.maxEventSize = 1_000
        await #expect(throws: APIError<Never>.self) { _ = try await values(many) }
    }

    @Test func aSourcePausesItsTransportAndFailsPastItsLimit() async throws {
        let calls = Mutex<[String]>([])
        let source = ChunkSource(
            highWater: 1_000,
            limit: 3_000,
            pause: { calls.withLock { $0.append("pause") } },
            resume: { calls.withLock { $0.append("resume") } },
            overflow: { calls.withLock { $0.append("overflow") } }
        )
        let stream = ResponseBodyStream(source: source) { calls.withLock { $0.append("cancel") } }
        for _ in 0..<5 { source.yield(Data(count: 600)) }  // 1,200 bytes: pause; 3,000: still fits
        #expect(calls.withLock { $0 } == ["pause"])
        var iterator = stream.makeAsyncIterator()
        for _ in 0..<5 { _ = try await iterator.next() }  // nothing left: below half, resume
        #expect(calls.withLock { $0 } == ["pause", "resume"])
        for _ in 0..<6 { source.yield(Data(count: 600)) }  // past 3,000 bytes: the stream fails
        #expect(calls.withLock { $0 } == ["pause", "resume", "pause", "overflow"])
        var read = 0
        do {
            while let chunk = try await iterator.next() { read += chunk.count }
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .responseTooLarge)
        }
        #expect(read == 3_000)
    }

    /// The transport hears `pause` and `resume` in turn, whatever the reader and the transport's thread do at
    /// once: a `resume` that overtook its `pause` left a transport reading on, unbounded, under load.
    @Test func pauseAndResumeAlternateHoweverReaderAndTransportInterleave() async throws {
        let calls = Mutex<[Bool]>([])  // `true` for a pause.
        let source = ChunkSource(
            highWater: 100,
            limit: .max,
            pause: { calls.withLock { $0.append(true) } },
            resume: { calls.withLock { $0.append(false) } }
        )
        let stream = ResponseBodyStream(source: source) {}
        let transport = Task.detached {
            for n in 0..<200_000 {
                source.yield(Data(count: 60))
                if n % 4 == 0 { await Task.yield() }  // So that the reader and the transport take turns.
            }
            source.finish()
        }
        var read = 0
        var iterator = stream.makeAsyncIterator()
        while let chunk = try await iterator.next() { read += chunk.count }
        await transport.value
        #expect(read == 200_000 * 60)
        let log = calls.withLock { $0 }
        #expect(log.count > 2)
        #expect(log.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0) })
    }

    @Test func aModelBodyIsSentWithTheStreamField() throws {
        struct Question: Encodable, Sendable {
            var model: String
            var stream: Bool?
        }
        let client = APIClient(baseURL: URL(string: "https://example.com")!)
        for question in [Question(model: "m", stream: nil), Question(model: "m", stream: false)] {
            let endpoint = APIEndpoint<ResponseStream<StreamDelta>, Never>(
                "ask",
                method: .post,
                path: "/ask",
                body: .json(JSONBodyWithFields(question, adding: ["stream": true])),
                decoding: .serverSentEvents(of: StreamDelta.self)
            )
            let request = try client.request(for: endpoint)
            let sent = try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: Any]
            #expect(sent?["model"] as? String == "m")
            #expect(sent?["stream"] as? Bool == true, "the added field replaces the model's own")
            #expect(request.streamsBody)
        }
    }

    // MARK: JSON Lines

    @Test func jsonLinesDecodeLineByLine() async throws {
        let decoding = ResponseDecoding<ResponseStream<StreamDelta>>.jsonLines(of: StreamDelta.self)
        let stream = try decoding.decode(
            response([
                "{\"n\":1,\"text\":\"a\"}\r\n\n  \n{\"n\":2,",
                "\"text\":\"b\"}\n{\"n\":3,\"text\":\"no final line break\"}",
            ]),
            JSONDecoder()
        )
        #expect(
            try await values(stream) == [
                StreamDelta(n: 1, text: "a"), StreamDelta(n: 2, text: "b"),
                StreamDelta(n: 3, text: "no final line break"),
            ]
        )
    }

    @Test func aTransportThatDoesNotStreamIsReadAsOneChunk() async throws {
        let decoding = ResponseDecoding<ResponseStream<StreamDelta>>.jsonLines(of: StreamDelta.self)
        let stream = try decoding.decode(
            RawResponse(status: 200, body: Data("{\"n\":1,\"text\":\"a\"}\n{\"n\":2,\"text\":\"b\"}\n".utf8)),
            JSONDecoder()
        )
        #expect(try await values(stream).map(\.n) == [1, 2])
    }

    /// LLM APIs send a failure mid-stream as a plain value, `data: {"error": {…}}`: with the stream's `errorKey`,
    /// such a value ends it as an error body (it was `undecodableBody`), in either framing, after the values
    /// before it; a value whose key is `null`, or that only mentions the key in a string, is a value.
    @Test(arguments: [true, false])
    func aValueWithTheErrorKeyEndsTheStreamAsAnErrorBody(events: Bool) async throws {
        struct Line: Codable, Sendable, Hashable {
            var n: Int
            var text: String
            var error: String?
        }
        let values = [
            #"{"n":1,"text":"mentions \"error\" in a string"}"#, #"{"n":2,"text":"b","error":null}"#,
            #"{"error":{"message":"overloaded","type":"server_error"}}"#, #"{"n":3,"text":"after the error"}"#,
        ]
        let decoding: ResponseDecoding<ResponseStream<Line>> =
            events
            ? .serverSentEvents(of: Line.self, terminator: "[DONE]", errorKey: "error")
            : .jsonLines(of: Line.self, errorKey: "error")
        let body = values.map { events ? "data: \($0)\n\n" : "\($0)\n" }.joined()
        var received: [Int] = []
        let stream = try decoding.decode(response([body]), JSONDecoder())
        do throws(APIError<Never>) {
            for try await value in stream { received.append(value.n) }
            Issue.record("expected the error value to end the stream")
        } catch {
            guard case .unexpected(let answer) = error else {
                Issue.record("expected the error value, got \(error)")
                return
            }
            #expect(String(decoding: answer.response.body, as: UTF8.self) == values[2])
        }
        #expect(received == [1, 2])
        // Without the key, the same value is one that does not decode.
        let plain: ResponseDecoding<ResponseStream<StreamDelta>> =
            events ? .serverSentEvents(of: StreamDelta.self) : .jsonLines(of: StreamDelta.self)
        let plainStream = try plain.decode(response([events ? "data: \(values[2])\n\n" : values[2]]), JSONDecoder())
        do throws(APIError<Never>) {
            for try await _ in plainStream {}
            Issue.record("expected a failure")
        } catch {
            guard case .undecodableBody = error else {
                Issue.record("expected undecodableBody, got \(error)")
                return
            }
        }
    }

    // MARK: Over loopback

    /// A client over `transport`: the tests over loopback run over both. Its timeout (and so its streams' idle
    /// timeout) is long, so that a failure a test expects, processed late on a loaded machine, is not taken for
    /// a timeout; tests of timeouts set theirs.
    func client(_ baseURL: URL, _ transport: TestTransport = .urlSession) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport.make(), timeout: 300)
    }

    func eventsEndpoint(_ path: String) -> APIEndpoint<ResponseStream<StreamDelta>, StreamProblem> {
        APIEndpoint(
            "events",
            method: .post,
            path: path,
            headers: [HeaderField("Accept", "text/event-stream")],
            errors: ExpectedErrors(StreamProblem.self, for: [.clientErrors]),
            decoding: .serverSentEvents(of: StreamDelta.self, terminator: "[DONE]")
        )
    }

    static func event(_ n: Int) -> ByteBuffer {
        ByteBuffer(string: "data: {\"n\":\(n),\"text\":\"token \(n)\"}\n\n")
    }

    @Test(arguments: TestTransport.allCases)
    func theFirstEventArrivesWhileTheServerIsStillSending(transport: TestTransport) async throws {
        // The server sends the first event, then waits (at most 60 s: the suite runs compilers beside it on busy
        // cores) for the client to have it before it sends the others: a transport that held events back until
        // the end would keep it waiting the 60 s.
        let firstReceived = Mutex(false)
        let sawFirstInTime = Mutex(false)
        try await withLoopbackServer { router in
            router.post("/slow") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        try await writer.write(Self.event(1))
                        let deadline = ContinuousClock.now + .seconds(60)
                        while !firstReceived.withLock({ $0 }), ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(5))
                        }
                        sawFirstInTime.withLock { $0 = firstReceived.withLock { $0 } }
                        for n in 2...5 { try await writer.write(Self.event(n)) }
                        try await writer.write(ByteBuffer(string: "data: [DONE]\n\n"))
                        try await writer.finish(nil)
                    }
                )
            }
        } _: { url, log in
            var received: [Int] = []
            for try await delta in client(url, transport).stream(eventsEndpoint("/slow")) {
                received.append(delta.n)
                firstReceived.withLock { $0 = true }
            }
            #expect(received == [1, 2, 3, 4, 5])
            #expect(sawFirstInTime.withLock { $0 }, "the first event must arrive before the others are sent")
            #expect(await log.requests.first?.headers["accept"] == "text/event-stream")
        }
    }

    /// The server writes events until a write fails; `closed` tells when the client closed the connection.
    func endless(_ router: Router<BasicRequestContext>, closed: Closed) {
        router.post("/endless") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    var n = 0
                    do {
                        while true {
                            n += 1
                            try await writer.write(Self.event(n))
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    } catch {
                        closed.n.withLock { $0 = n }
                        throw error
                    }
                }
            )
        }
    }

    func waitUntilClosed(_ closed: Closed) async throws -> Int? {
        await eventually { closed.n.withLock { $0 } != nil }
        return closed.n.withLock { $0 }
    }

    @Test(arguments: TestTransport.allCases)
    func leavingTheLoopClosesTheConnection(transport: TestTransport) async throws {
        let closed = Closed()
        try await withLoopbackServer {
            endless($0, closed: closed)
        } _: { url, _ in
            var received = 0
            for try await _ in client(url, transport).stream(eventsEndpoint("/endless")) {
                received += 1
                if received == 3 { break }
            }
            let stoppedAt = try await waitUntilClosed(closed)
            #expect(stoppedAt != nil, "the server must see the connection close")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func cancellingTheTaskClosesTheConnection(transport: TestTransport) async throws {
        let closed = Closed()
        try await withLoopbackServer {
            endless($0, closed: closed)
        } _: { url, _ in
            let client = client(url, transport)
            let endpoint = eventsEndpoint("/endless")
            let started = Atomic<Int>(0)
            let reader = Task { () -> (Int, APIError<StreamProblem>?) in
                var received = 0
                do throws(APIError<StreamProblem>) {
                    for try await _ in client.stream(endpoint) {
                        received += 1
                        started.store(received, ordering: .relaxed)
                    }
                } catch {
                    return (received, error)
                }
                return (received, nil)
            }
            // Bounded: a stream that failed before its third event would otherwise keep this loop for ever (it
            // hung a run under the thread sanitizer).
            let reading = await eventually { started.load(ordering: .relaxed) >= 3 }
            reader.cancel()
            let (received, error) = await reader.value
            #expect(reading, "the stream must deliver three events before it is cancelled")
            #expect(received > 0)
            guard case .noResponse(let failure) = error else {
                Issue.record("expected noResponse(.cancelled), got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .cancelled)
            #expect(error?.isCancellation == true)
            let closedAt = try await waitUntilClosed(closed)
            #expect(closedAt != nil, "the server must see the connection close")
        }
    }

    /// The values reading `stream` got before it failed, and how it failed; a stream that ends without failing
    /// is an issue.
    func failure<Element>(
        of stream: APIStream<Element, StreamProblem>
    ) async -> (values: [Element], error: APIError<StreamProblem>?) {
        var values: [Element] = []
        do throws(APIError<StreamProblem>) {
            for try await value in stream { values.append(value) }
            Issue.record("the stream ended without a failure")
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    /// The kind of transport failure `error` is, recording an issue when it is another error.
    func noResponseKind(_ error: APIError<StreamProblem>?) -> TransportError.Kind? {
        guard case .noResponse(let failure)? = error else {
            Issue.record("expected noResponse, got \(String(describing: error))")
            return nil
        }
        return failure.kind
    }

    /// How a server keeps a stream open without a value.
    enum Stalling: String, CaseIterable, Sendable {
        /// Headers, then nothing.
        case silence
        /// Only `: keep-alive` comments, every 100 ms.
        case comments
        /// One byte of an event every 100 ms, never a whole event.
        case trickle
    }

    /// A stream that sent its headers and then nothing, only comments, or a byte every 100 ms ran forever on
    /// both transports: it now fails with `.timeout` once it goes the client's `streamIdleTimeout` (by default
    /// the request's timeout) without a value, and its connection is closed.
    @Test(.timeLimit(.minutes(3)), arguments: TestTransport.allCases, Stalling.allCases)
    func aStreamWithoutValuesTimesOut(transport: TestTransport, stalling: Stalling) async throws {
        let closed = Closed()
        try await withLoopbackServer { router in
            router.post("/stalled") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        try await writer.write(Self.event(1))
                        let bytes = Array("data: {\"n\":2,\"text\":\"never ends\"}".utf8)
                        var writes = 0
                        do {
                            while writes < 600 {
                                try await Task.sleep(for: .milliseconds(100))
                                switch stalling {
                                case .silence: continue
                                case .comments: try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                                case .trickle: try await writer.write(ByteBuffer(bytes: [bytes[writes % bytes.count]]))
                                }
                                writes += 1
                            }
                        } catch {
                            closed.n.withLock { $0 = writes }
                            throw error
                        }
                    }
                )
            }
        } _: { url, _ in
            var client = client(url, transport)
            client.streamIdleTimeout = 1
            // A `.timeout` ends it, not the server, which goes on for a minute (the test's time limit); no
            // wall-clock bound here: a busy machine may take any time to notice.
            let (received, error) = await failure(of: client.stream(eventsEndpoint("/stalled")))
            #expect(noResponseKind(error) == .timeout)
            #expect(received.map(\.n) == [1])
            if stalling != .silence {
                let closedAt = try await waitUntilClosed(closed)
                #expect(closedAt != nil, "the server must see the connection close")
            }
        }
    }

    /// 16 streams to one host: URLSession opened 6 connections and AsyncHTTPClient 8, and the others failed
    /// without being sent (AsyncHTTPClient's after its own 10 s, as `connectivity`). The default transports
    /// open 64 connections to a host: 64 streams run side by side, each held open by the server until all 64
    /// have arrived.
    ///
    /// Its bounds are a hang's, not a speed's: a loaded two-core machine took over a minute for the 64.
    @Test(.timeLimit(.minutes(5)), arguments: TestTransport.allCases)
    func sixtyFourStreamsRunSideBySide(transport: TestTransport) async throws {
        let streams = 64
        let open = Atomic<Int>(0)
        let allOpen = Atomic<Int>(0)
        try await withLoopbackServer { router in
            router.post("/wide") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        open.add(1, ordering: .relaxed)
                        let deadline = ContinuousClock.now + .seconds(180)
                        while open.load(ordering: .relaxed) < streams, ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                        if open.load(ordering: .relaxed) >= streams { allOpen.add(1, ordering: .relaxed) }
                        for n in 1...200 { try await writer.write(Self.event(n)) }
                        try await writer.write(ByteBuffer(string: "data: [DONE]\n\n"))
                        try await writer.finish(nil)
                    }
                )
            }
        } _: { url, _ in
            // The transports as an app gets them, not the tests' sessions of their own.
            let client = APIClient(
                baseURL: url,
                transport: transport == .urlSession ? URLSessionTransport() : AsyncHTTPClientTransport(),
                timeout: 240
            )
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<streams {
                    group.addTask {
                        var count = 0
                        for try await _ in client.stream(eventsEndpoint("/wide")) { count += 1 }
                        return count
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 200, count: streams))
            #expect(allOpen.load(ordering: .relaxed) == streams, "every stream must be open at once")
        }
    }

    /// A request that waits for a connection of a client whose pool is full failed as `connectivity`
    /// ("getConnectionFromPoolTimeout") after AsyncHTTPClient's own 10 s, and a retry middleware retried it: the
    /// wait is a `.timeout`, and with the shared configuration the request's timeout bounds it.
    @Test(.timeLimit(.minutes(5)))
    func aWaitForAConnectionIsATimeout() async throws {
        var configuration = AsyncHTTPClientTransport.sharedConfiguration
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: 1
        )
        // What bounds the wait for the pool (AsyncHTTPClient's getConnectionFromPoolTimeout), and the first
        // stream's connecting: long enough for a loaded machine to connect over loopback (1 s was not).
        configuration.timeout.connect = .seconds(10)
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        // Shut down however the test ends: a client dropped unshut stops the process (an assertion of its own).
        do {
            try await waitForAConnection(over: httpClient)
        } catch {
            try await httpClient.shutdown()
            throw error
        }
        try await httpClient.shutdown()
    }

    private func waitForAConnection(over httpClient: HTTPClient) async throws {
        let closed = Closed()
        try await withLoopbackServer {
            endless($0, closed: closed)
        } _: { url, _ in
            var client = APIClient(baseURL: url, transport: AsyncHTTPClientTransport(client: httpClient), timeout: 60)
            // The first stream, which nobody reads after its first event, holds the one connection: its idle
            // timeout (the request's by default) would close it and hand the connection to the waiting request,
            // a race the timeout below could lose on a loaded machine.
            client.streamIdleTimeout = .infinity
            var first = client.stream(eventsEndpoint("/endless")).makeAsyncIterator()
            _ = try await first.next()
            // Its first event, if it has one, tells that it got a connection after all (a loaded run once read
            // the endless answer for five minutes): that is the failure, without waiting for the end.
            var second = client.stream(eventsEndpoint("/endless")).makeAsyncIterator()
            do throws(APIError<StreamProblem>) {
                let event = try await second.next()
                Issue.record(
                    "the second request was answered (\(String(describing: event))) while the first held the pool's one connection"
                )
            } catch {
                #expect(noResponseKind(error) == .timeout)
            }
            _ = first
        }
    }

    /// A gzip-compressed event stream of 256 MB of zeros (260 KB on the wire) fails with `responseTooLarge` (a line
    /// longer than the event limit; with AsyncHTTPClient, decompression past 100 times the compressed size)
    /// instead of filling memory.
    @Test(.timeLimit(.minutes(3)), arguments: TestTransport.allCases)
    func aCompressedStreamBombFails(transport: TestTransport) async throws {
        let bomb = GzipBomb.zeros(count: 256 << 20)
        try await withLoopbackServer { router in
            router.post("/bomb") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream", .contentEncoding: "gzip"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: bomb))
                )
            }
        } _: { url, _ in
            let error = await failure(of: client(url, transport).stream(eventsEndpoint("/bomb"))).error
            #expect(noResponseKind(error) == .responseTooLarge)
        }
    }

    /// URLSession on Linux decompresses whatever comes, faster than a stream's limit can stop it (a 1 MB gzip
    /// stream took a client past 1.1 GB): there a stream asks for its answer uncompressed, and one that comes
    /// compressed anyway fails at its headers, saying why, before a byte is decompressed. AsyncHTTPClient bounds
    /// decompression itself, so there a compressed stream is read.
    @Test(arguments: TestTransport.allCases)
    func aCompressedStreamIsAskedForUncompressedOrBounded(transport: TestTransport) async throws {
        let events = (1...3).map { String(buffer: Self.event($0)) }.joined() + "data: [DONE]\n\n"
        let compressed = GzipBomb.stored(Array(events.utf8))
        try await withLoopbackServer { router in
            router.post("/gzip") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream", .contentEncoding: "gzip"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
                )
            }
        } _: { url, log in
            var received: [StreamDelta] = []
            var error: APIError<StreamProblem>?
            do throws(APIError<StreamProblem>) {
                for try await delta in client(url, transport).stream(eventsEndpoint("/gzip")) { received.append(delta) }
            } catch let failure {
                error = failure
            }
            #if canImport(FoundationNetworking)
                if transport == .urlSession {
                    #expect(await log.requests.first?.headers["accept-encoding"] == "identity")
                    #expect(received.isEmpty)
                    guard case .noResponse(let failure)? = error else {
                        Issue.record("expected noResponse(.responseTooLarge), got \(String(describing: error))")
                        return
                    }
                    #expect(failure.kind == .responseTooLarge)
                    #expect(failure.message.contains("Content-Encoding: gzip"), "\(failure.message)")
                    return
                }
            #endif
            #expect(received.map(\.n) == [1, 2, 3])
            #expect(error == nil, "\(String(describing: error))")
        }
    }

    /// Invalid UTF-8 in an event's data was repaired to U+FFFD while the same bytes in a JSON body failed: an
    /// event decoded as JSON now fails the same way, with its bytes.
    @Test(arguments: TestTransport.allCases)
    func invalidUTF8InAnEventFailsAsInAJSONBody(transport: TestTransport) async throws {
        let value = Array(#"{"n":1,"text":"caf"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        try await withLoopbackServer { router in
            router.post("/events") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: Array("data: ".utf8) + value + [0x0A, 0x0A]))
                )
            }
            router.get("/one") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: value))
                )
            }
        } _: { url, _ in
            let client = client(url, transport)
            guard
                case .undecodableBody(let failure)? = await failure(of: client.stream(eventsEndpoint("/events"))).error
            else {
                Issue.record("expected undecodableBody")
                return
            }
            #expect(failure.response.body == Data(value))
            do throws(APIError<Never>) {
                _ = try await client.send(Endpoint<StreamDelta>("one", method: .get, path: "/one"))
                Issue.record("the body decoded")
            } catch {
                guard case .undecodableBody = error else {
                    Issue.record("expected undecodableBody, got \(error)")
                    return
                }
            }
        }
    }

    /// An answer labelled as an event stream (or not labelled) whose body is one JSON document gave success
    /// with no event: it is `undecodableBody`, saying what came.
    @Test(arguments: TestTransport.allCases, [true, false])
    func aJSONDocumentIsNoEventStream(transport: TestTransport, labelled: Bool) async throws {
        try await withLoopbackServer { router in
            router.post("/events") { _, _ in
                Response(
                    status: .ok,
                    headers: labelled ? [.contentType: "text/event-stream"] : [:],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "{\n  \"n\": 1,\n  \"text\": \"whole\"\n}\n"))
                )
            }
        } _: { url, _ in
            let error = await failure(of: client(url, transport).stream(eventsEndpoint("/events"))).error
            guard case .undecodableBody(let failure)? = error else {
                Issue.record("expected undecodableBody, got \(String(describing: error))")
                return
            }
            #expect(failure.message.contains("holds no server-sent event: it begins `{`"), "\(failure.message)")
        }
    }

    /// An error sent as a plain value (`data: {"message": …}`, the stream's `errorKey` `message`) arrives as the
    /// endpoint's documented error body, after the values before it, over either transport.
    @Test(arguments: TestTransport.allCases)
    func anErrorValueArrivesTyped(transport: TestTransport) async throws {
        try await withLoopbackServer { router in
            router.post("/events") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        try await writer.write(Self.event(1))
                        try await writer.write(ByteBuffer(string: "data: {\"message\":\"overloaded\"}\n\n"))
                        try await writer.write(Self.event(2))
                        try await writer.finish(nil)
                    }
                )
            }
        } _: { url, _ in
            var endpoint = eventsEndpoint("/events")
            endpoint.decoding = .serverSentEvents(of: StreamDelta.self, terminator: "[DONE]", errorKey: "message")
            var received: [Int] = []
            do throws(APIError<StreamProblem>) {
                for try await delta in client(url, transport).stream(endpoint) { received.append(delta.n) }
                Issue.record("expected a failure")
            } catch {
                #expect(error.errorBody == StreamProblem(message: "overloaded"), "\(error)")
            }
            #expect(received == [1])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func errorsArriveTyped(transport: TestTransport) async throws {
        // The server breaks the connection only once the client has read both events (or after 30 s): bytes still
        // unread when it is reset are gone on the client's side too, and a fixed pause was too short under load.
        let (bothRead, signalBothRead) = AsyncStream.makeStream(of: Void.self)
        try await withLoopbackServer { router in
            router.post("/refused") { _, _ in Response.json(#"{"message":"no such model"}"#, status: .badRequest) }
            router.post("/broken") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        try await writer.write(Self.event(1))
                        try await writer.write(Self.event(2))
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { for await _ in bothRead { return } }
                            group.addTask { try await Task.sleep(for: .seconds(30)) }
                            try await group.next()
                            group.cancelAll()
                        }
                        throw CancellationError()
                    }
                )
            }
        } _: { url, _ in
            let client = client(url, transport)
            do throws(APIError<StreamProblem>) {
                for try await _ in client.stream(eventsEndpoint("/refused")) {}
                Issue.record("expected a failure")
            } catch {
                #expect(error.errorBody == StreamProblem(message: "no such model"))
            }
            var received: [Int] = []
            do throws(APIError<StreamProblem>) {
                for try await delta in client.stream(eventsEndpoint("/broken")) {
                    received.append(delta.n)
                    if received.count == 2 { signalBothRead.yield() }
                }
                Issue.record("expected a failure")
            } catch {
                guard case .noResponse(let failure) = error else {
                    Issue.record("expected noResponse, got \(error)")
                    return
                }
                #expect(failure.kind == .connectivity)
            }
            #expect(received == [1, 2])
        }
    }

    /// A server that ignores the request's `"stream": true` and answers JSON: a typed failure naming what came,
    /// not a stream that ends at once with nothing.
    @Test(arguments: TestTransport.allCases)
    func anAnswerThatIsNoEventStreamFails(transport: TestTransport) async throws {
        try await withLoopbackServer { router in
            router.post("/json") { _, _ in Response.json(#"{"n": 1, "text": "all at once"}"#) }
        } _: { url, _ in
            var received = 0
            do throws(APIError<StreamProblem>) {
                for try await _ in client(url, transport).stream(eventsEndpoint("/json")) { received += 1 }
                Issue.record("an answer of JSON read as an empty stream")
            } catch {
                guard case .undecodableBody(let failure) = error else {
                    Issue.record("expected undecodableBody, got \(error)")
                    return
                }
                #expect(failure.message.contains("application/json"))
                #expect(failure.response.status == 200)
            }
            #expect(received == 0)
        }
    }

    /// A reader that stops taking events stops the transport: what the server could write levels off (at what
    /// the client's buffer, SwiftNIO's and the kernel's socket buffers hold) instead of growing for as long as
    /// the reader waits, and the reading goes on when the reader does. Loopback carries hundreds of megabytes
    /// a second, so a transport that read on would be seen growing however loaded the machine. URLSession
    /// cannot pause on Linux: its backlog's limit ends the stream instead, which levels off the writing too.
    @Test(arguments: TestTransport.allCases)
    func aSlowReaderHoldsBoundedMemory(transport: TestTransport) async throws {
        let written = Atomic<Int>(0)
        try await withLoopbackServer { router in
            router.post("/flood") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        let text = String(repeating: "x", count: 16_000)
                        var n = 0
                        while true {
                            n += 1
                            let event = ByteBuffer(string: "data: {\"n\":\(n),\"text\":\"\(text)\"}\n\n")
                            try await writer.write(event)
                            written.add(event.readableBytes, ordering: .relaxed)
                        }
                    }
                )
            }
        } _: { url, _ in
            // A small backlog, so that on Linux the flood ends after a few megabytes rather than 64.
            var urlSession = TestTransport.sharedURLSession()
            urlSession.maxStreamBacklog = 2 << 20
            let client = APIClient(baseURL: url, transport: transport == .urlSession ? urlSession : transport.make())
            var events = client.stream(eventsEndpoint("/flood")).makeAsyncIterator()
            var received: [Int] = []
            do throws(APIError<StreamProblem>) {
                while received.count < 10, let event = try await events.next() { received.append(event.n) }
                // The reader now waits; the writing must stop within seconds and stay stopped. AsyncHTTPClient
                // pauses: what was written is what the buffers on the way hold (11 to 24 MB were seen on a quiet
                // machine). URLSession on Linux reads on until its cancellation takes (over 500 MB once on a loaded
                // machine), but drops what it reads past its backlog.
                let pauses = transport == .asyncHTTPClient
                guard let level = await Self.levelOff(of: written, below: pauses ? 1 << 30 : .max) else {
                    Issue.record("the server was still writing: \(written.load(ordering: .relaxed)) bytes")
                    return
                }
                // The level counts what the server's writer accepted, its own buffers too: on a loaded machine
                // (CI, and a full suite beside a compiler) 291, 336 and 567 MB were seen before the writing
                // stopped, so the bound is what tells a pause from reading on (which never levels off below
                // 1 GiB), not the client's memory.
                if pauses { #expect(level < 768 << 20, "written while the reader waited: \(level)") }
                // And the transport reads again when the reader does: past the 1 MB the client holds.
                while received.count < 300, let event = try await events.next() { received.append(event.n) }
                #expect(received == Array(1...300))
            } catch {
                #expect(transport == .urlSession, "AsyncHTTPClient reads no faster than its reader: \(error)")
                // Or it could not pause (URLSession on Linux), and the server wrote faster than this reader
                // took: the backlog's limit ended the stream instead of growing.
                guard case .noResponse(let failure) = error else {
                    Issue.record("expected noResponse(.responseTooLarge), got \(error)")
                    return
                }
                #expect(failure.kind == .responseTooLarge)
                #expect(written.load(ordering: .relaxed) > 2 << 20)
            }
        }
    }

    /// The count once it has stayed the same for half a second, looked at every 50 ms; `nil` if it passes
    /// `limit` or is still growing after 30 s.
    static func levelOff(of count: borrowing Atomic<Int>, below limit: Int) async -> Int? {
        var last = count.load(ordering: .relaxed)
        var unchanged = Duration.zero
        let clock = ContinuousClock()
        let start = clock.now
        while unchanged < .milliseconds(500) {
            try? await Task.sleep(for: .milliseconds(50))
            let now = count.load(ordering: .relaxed)
            unchanged = now == last ? unchanged + .milliseconds(50) : .zero
            last = now
            if now >= limit || clock.now - start > .seconds(30) { return nil }
        }
        return last
    }

    @Test(arguments: TestTransport.allCases)
    func aLongStreamRuns(transport: TestTransport) async throws {
        let count = 200_000
        try await withLoopbackServer { router in
            router.post("/long") { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        var batch = ByteBuffer()
                        for n in 1...count {
                            batch.writeString("data: \(n)\n\n")
                            if n % 1_000 == 0 {
                                try await writer.write(batch)
                                batch.clear()
                            }
                        }
                        try await writer.write(ByteBuffer(string: "data: [DONE]\n\n"))
                        try await writer.finish(nil)
                    }
                )
            }
        } _: { url, _ in
            // Raw events, so that the test measures the stream rather than JSON decoding (the benchmark's
            // `transfer-bench run --scenario events` decodes a million).
            let endpoint = APIEndpoint<ResponseStream<ServerSentEvent>, Never>(
                "long",
                method: .post,
                path: "/long",
                decoding: .serverSentEvents
            )
            // URLSession on Linux cannot pause a connection: its backlog holds what the reader has not taken. The
            // whole stream (2.4 MB) fits in this one, so that a reader slowed by a loaded machine does not fail.
            var session = TestTransport.sharedURLSession()
            session.maxStreamBacklog = 16 << 20
            let streaming =
                transport == .urlSession ? APIClient(baseURL: url, transport: session) : client(url, transport)
            var received = 0
            var sum = 0
            for try await event in streaming.stream(endpoint) where event.data != "[DONE]" {
                received += 1
                sum &+= Int(event.data) ?? 0
                // Other suites' timers share the two cores' cooperative threads: let them run.
                if received % 1_000 == 0 { await Task.yield() }
            }
            #expect(received == count)
            #expect(sum == count * (count + 1) / 2)
        }
    }
}
