public import Foundation

/// The values of a streamed answer, decoded one by one as its body arrives: the events of a
/// `text/event-stream`, or the lines of JSON Lines.
///
/// It is what a streaming endpoint's ``ResponseDecoding`` makes of the response; ``APIClient/stream(_:)`` wraps
/// it in an ``APIStream``, which is what generated clients return. Failures are ``APIError`` without an error
/// body: `noResponse` when the connection breaks (or a line is longer than ``maxEventSize``) and
/// `undecodableBody` for a value that does not decode, whose response holds that value's bytes. After a
/// failure, or once the stream's terminator arrived, the connection is closed and the sequence ends.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    /// Why the stream ended early: failures without an error body (the status was already accepted).
    public typealias Failure = APIError<Never>

    /// How the body is cut into values.
    public enum Framing: Sendable {
        /// Server-sent events, each decoded by `decode` (`nil` skips the event); an event whose data is
        /// `terminator` ends the stream, and an event named `errorEvent` ends it with its data as an error body
        /// (`unexpected` here; ``APIStream`` decodes it as the endpoint's documented error body).
        case serverSentEvents(
            terminator: String?,
            errorEvent: String? = nil,
            decode: @Sendable (ServerSentEvent, JSONDecoder) throws -> Element?
        )
        /// One value per line; blank lines are skipped.
        case lines(decode: @Sendable (Data, JSONDecoder) throws -> Element)
    }

    /// The response whose body is read.
    public var response: RawResponse
    /// How the body is cut into values.
    public var framing: Framing
    /// The decoder of the values.
    public var decoder: JSONDecoder
    /// The longest line, and the largest event, in bytes: past it the stream fails with
    /// ``TransportError/Kind/responseTooLarge``, so that a server can never make the client hold an endless
    /// line. ``APIClient/maxEventSize`` sets it for the client's streams.
    public var maxEventSize = APIClient.defaultMaxEventSize
    /// How long the stream may go without a value (an event, whatever its name, or a line) before it fails with
    /// ``TransportError/Kind/timeout`` and its connection is closed; `nil` for no limit. Comments and parts of
    /// a value do not count: a server that sends only `: keep-alive`, or a byte now and then, times out.
    /// ``APIClient/stream(_:)`` sets it to the client's ``APIClient/streamIdleTimeout``.
    public var idleTimeout: Duration?
    /// The key that marks a value as an error: a value (an event's data, or a line) that is a JSON object with
    /// this key at its top level, not `null`, ends the stream with the value as an error body (`unexpected`
    /// here; ``APIStream`` decodes it as the endpoint's documented error body). LLM APIs send a failure
    /// mid-stream so, as `data: {"error": {…}}`; `nil` when no value is an error.
    public var errorKey: String? {
        didSet { errorKeyBytes = errorKey.map { Array("\"\($0)\"".utf8) } }
    }
    /// ``errorKey`` quoted, as JSON writes it: a value that does not hold these bytes is no error.
    private var errorKeyBytes: [UInt8]?

    /// The values of `response`'s body, cut as `framing` says.
    public init(response: RawResponse, framing: Framing, decoder: JSONDecoder) {
        self.response = response
        self.framing = framing
        self.decoder = decoder
    }

    /// Reads the values in order.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads the values of a ``ResponseStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let stream: ResponseStream
        private var body: ResponseBodyStream.AsyncIterator?
        private var splitter: LineSplitter
        private var parser: EventParser
        private var ready: [Element] = []
        private var readyIndex = 0
        /// The failure that ends the stream once the values before it are read.
        private var failure: APIError<Never>?
        /// Fails the body past the stream's ``idleTimeout`` without a value.
        private let idleWatch: IdleWatch?
        /// Whether an event (or a line of JSON Lines) arrived.
        private var sawValue = false
        /// Of server-sent events, before any event: the first line that is no field of one (a JSON document's
        /// `{`), so that an answer that holds no event at all fails saying what came instead of ending empty.
        private var strayLine: [UInt8]?

        init(stream: ResponseStream) {
            self.stream = stream
            let body = stream.response.bodyChunks.makeAsyncIterator()
            self.body = body
            self.splitter = LineSplitter(maxLength: stream.maxEventSize)
            self.parser = EventParser(maxSize: stream.maxEventSize)
            self.idleWatch = stream.idleTimeout.map { IdleWatch(timeout: $0, handle: body.handle) }
        }

        /// The next value, or `nil` at the end of the stream.
        public mutating func next() async throws(APIError<Never>) -> Element? {
            try await next(isolation: nil)
        }

        /// The next value, or `nil` at the end of the stream, read on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<Never>) -> Element? {
            while true {
                if readyIndex < ready.count {
                    defer { readyIndex += 1 }
                    return ready[readyIndex]
                }
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if let failure {
                    self.failure = nil
                    end()
                    throw failure
                }
                guard var reading = body else { return nil }
                let chunk: Data?
                do {
                    chunk = try await reading.next(isolation: actor)
                } catch {
                    end()
                    throw .noResponse(error)
                }
                body = reading
                if let chunk {
                    let (lines, tooLong) = splitter.lines(in: chunk)
                    take(lines)
                    if let tooLong, failure == nil { failure = .noResponse(tooLong) }
                } else {
                    take(splitter.remainder().map { [$0] } ?? [])
                    body = nil
                    if !sawValue, failure == nil, let strayLine {
                        let text = String(decoding: strayLine.prefix(60), as: UTF8.self)
                        failure = .undecodableBody(
                            decodingFailure(
                                ResponseReadingError(
                                    "The answer holds no server-sent event: it begins `\(text)`, which is no event's field."
                                ),
                                bytes: Data(strayLine)
                            )
                        )
                    }
                }
                if failure != nil { body?.handle.cancel() }
            }
        }

        /// Closes the connection: nothing more is read.
        private mutating func end() {
            body?.handle.cancel()
            body = nil
        }

        /// Decodes the values `lines` complete into ``ready``, until the terminator or a failure (kept in
        /// ``failure``, to be thrown once the values before it are read).
        private mutating func take(_ lines: [[UInt8]]) {
            guard failure == nil, body != nil else { return }
            // The idle time starts again once per chunk that completes a value, not at each value.
            var completed = false
            defer {
                if completed { idleWatch?.touch() }
            }
            switch stream.framing {
            case .serverSentEvents(let terminator, let errorEvent, let decode):
                for line in lines {
                    let event: ServerSentEvent?
                    do {
                        event = try parser.event(after: line)
                    } catch {
                        failure = .noResponse(error)
                        return
                    }
                    if !sawValue, strayLine == nil, Self.isStray(line) { strayLine = line }
                    guard let event else { continue }
                    completed = true
                    sawValue = true
                    if let terminator, event.data == terminator {
                        end()
                        return
                    }
                    if let errorEvent, event.event == errorEvent {
                        failure = .unexpected(UnexpectedResponse(response: response(holding: Data(event.data.utf8))))
                        return
                    }
                    if isError(event.dataBytes) {
                        failure = .unexpected(UnexpectedResponse(response: response(holding: event.dataBytes)))
                        return
                    }
                    do {
                        if let value = try decode(event, stream.decoder) { ready.append(value) }
                    } catch {
                        failure = .undecodableBody(decodingFailure(error, bytes: event.dataBytes))
                        return
                    }
                }
            case .lines(let decode):
                for line in lines where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    completed = true
                    sawValue = true
                    let data = Data(line)
                    if isError(data) {
                        failure = .unexpected(UnexpectedResponse(response: response(holding: data)))
                        return
                    }
                    do {
                        ready.append(try decode(data, stream.decoder))
                    } catch {
                        failure = .undecodableBody(decodingFailure(error, bytes: data))
                        return
                    }
                }
            }
        }

        /// Whether `value` is an error body: a JSON object with the stream's ``ResponseStream/errorKey`` at its
        /// top level, not `null`. The key's bytes are looked for first, so that values without them are not
        /// parsed twice.
        private func isError(_ value: Data) -> Bool {
            guard let key = stream.errorKey, let quoted = stream.errorKeyBytes,
                value.firstRange(of: quoted) != nil,
                let object = try? JSONSerialization.jsonObject(with: value) as? [String: Any],
                let found = object[key]
            else { return false }
            return !(found is NSNull)
        }

        /// Whether `line` is neither blank, a comment, nor a field of an event (`data`, `event`, `id`, `retry`).
        private static func isStray(_ line: [UInt8]) -> Bool {
            var line = line[...]
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard let first = line.first, first != UInt8(ascii: ":") else { return false }
            let field = line.prefix { $0 != UInt8(ascii: ":") }
            return !["data", "event", "id", "retry"].contains { field.elementsEqual($0.utf8) }
        }

        /// A decoding failure of one value, whose response holds that value's bytes.
        private func decodingFailure(_ error: any Error, bytes: Data) -> DecodingFailure {
            DecodingFailure(error, response: response(holding: bytes))
        }

        /// The stream's response, holding one value's (or event's) bytes as its body.
        private func response(holding bytes: Data) -> RawResponse {
            var response = stream.response
            response.body = bytes
            response.bodyStream = nil
            return response
        }
    }
}

extension ResponseDecoding {
    /// A `text/event-stream` answer whose events' data are JSON decoded as `Value`; an event whose data is
    /// `terminator` (such as `[DONE]`) ends the stream, and an event named `errorEvent`, or an event whose data
    /// has the top-level key `errorKey` (`{"error": {…}}`), ends it with its data as the endpoint's error body.
    ///
    /// As a browser's `EventSource` gives `onmessage` only, the values are the events without a name or named
    /// `message`: events of other names (a server's `event: ping` between its values) are skipped, not decoded
    /// as `Value`. A stream whose events all have names of their own is described by name
    /// (``serverSentEvents(terminator:errorEvent:errorKey:decode:)``, a spec's `events:` map).
    public static func serverSentEvents<Value: Decodable & Sendable>(
        of value: Value.Type,
        terminator: String? = nil,
        errorEvent: String? = nil,
        errorKey: String? = nil
    ) -> Self where Response == ResponseStream<Value> {
        streaming(
            .serverSentEvents(terminator: terminator, errorEvent: errorEvent) { event, decoder in
                guard event.event == ServerSentEvent.defaultType else { return nil }
                try event.requireValidUTF8()
                return try decoder.decode(Value.self, from: Data(event.data.utf8))
            },
            errorKey: errorKey
        )
    }

    /// A `text/event-stream` answer whose events `decode` reads (a generated event enumeration's `decode`, which
    /// picks the type by the event's name); an event whose data is `terminator` ends the stream, and an event
    /// named `errorEvent`, or whose data has the top-level key `errorKey`, ends it with its data as the
    /// endpoint's error body.
    public static func serverSentEvents<Value: Sendable>(
        terminator: String? = nil,
        errorEvent: String? = nil,
        errorKey: String? = nil,
        decode: @escaping @Sendable (ServerSentEvent, JSONDecoder) throws -> Value
    ) -> Self where Response == ResponseStream<Value> {
        streaming(
            .serverSentEvents(terminator: terminator, errorEvent: errorEvent) { event, decoder in
                try event.requireValidUTF8()
                return try decode(event, decoder)
            },
            errorKey: errorKey
        )
    }

    /// A JSON Lines (NDJSON) answer: each line decoded as `Value`; a line whose JSON object has the top-level
    /// key `errorKey` (`{"error": {…}}`) ends the stream with the line as the endpoint's error body.
    public static func jsonLines<Value: Decodable & Sendable>(
        of value: Value.Type,
        errorKey: String? = nil
    ) -> Self where Response == ResponseStream<Value> {
        streaming(.lines { line, decoder in try decoder.decode(Value.self, from: line) }, errorKey: errorKey)
    }

    /// A streamed answer (any 2xx status) cut into values as `framing` says; a value with the top-level key
    /// `errorKey` is an error body (``ResponseStream/errorKey``).
    ///
    /// Server-sent events must come as `text/event-stream` (or with no `Content-Type`), as the standard's
    /// `EventSource` requires: another answer, such as the JSON of a server that ignored the request's
    /// `"stream": true`, is ``APIError/undecodableBody(_:)`` naming its type, not an empty stream.
    public static func streaming<Value>(
        _ framing: ResponseStream<Value>.Framing,
        errorKey: String? = nil
    ) -> Self where Response == ResponseStream<Value> {
        var decoding = Self { response, decoder in
            if case .serverSentEvents = framing, let type = response.header("Content-Type"),
                type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
                    != "text/event-stream"
            {
                throw ResponseReadingError(
                    "The answer is `\(type)`, not the `text/event-stream` of server-sent events: the server did not stream."
                )
            }
            var stream = ResponseStream(response: response, framing: framing, decoder: decoder)
            stream.errorKey = errorKey
            return stream
        }
        decoding.streamsBody = true
        return decoding
    }
}

extension ResponseDecoding where Response == ResponseStream<ServerSentEvent> {
    /// A `text/event-stream` answer, event by event, as the server sent them.
    public static var serverSentEvents: Self {
        streaming(.serverSentEvents(terminator: nil) { event, _ in event })
    }
}

/// The values a streaming endpoint answers, read as they arrive: `for try await chunk in stream { … }`.
///
/// Nothing is sent until the sequence is iterated; each iteration sends the request once. A documented error
/// status, a failed connection or a value that does not decode ends the iteration with an ``APIError``, typed
/// with the endpoint's error body. Leaving the loop, or cancelling the task that iterates, closes the
/// connection.
public struct APIStream<Element: Sendable, ErrorBody: Sendable>: AsyncSequence, Sendable {
    /// Why the stream ended early, typed with the endpoint's error body.
    public typealias Failure = APIError<ErrorBody>

    private let open: @Sendable () async throws(APIError<ErrorBody>) -> ResponseStream<Element>
    private let errors: ExpectedErrors<ErrorBody>

    /// A stream whose iteration calls `open` to send the request and get its values; the data of an error
    /// event (see ``ResponseStream/Framing``) is decoded by the first of `errors` it fits.
    public init(
        errors: ExpectedErrors<ErrorBody> = .none,
        open: @escaping @Sendable () async throws(APIError<ErrorBody>) -> ResponseStream<Element>
    ) {
        self.open = open
        self.errors = errors
    }

    /// Sends the request, then reads its values.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(open: open, errors: errors)
    }

    /// Reads the values of an ``APIStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var open: (@Sendable () async throws(APIError<ErrorBody>) -> ResponseStream<Element>)?
        private var values: ResponseStream<Element>.AsyncIterator?
        private let errors: ExpectedErrors<ErrorBody>
        private var decoder: JSONDecoder?

        init(
            open: @escaping @Sendable () async throws(APIError<ErrorBody>) -> ResponseStream<Element>,
            errors: ExpectedErrors<ErrorBody>
        ) {
            self.open = open
            self.errors = errors
        }

        /// The next value, or `nil` at the end of the stream; the first call sends the request.
        public mutating func next() async throws(APIError<ErrorBody>) -> Element? {
            try await next(isolation: nil)
        }

        /// The next value, or `nil` at the end of the stream, read on `actor`; the first call sends the request.
        public mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(APIError<ErrorBody>) -> Element? {
            if let open {
                self.open = nil
                let stream = try await open()
                decoder = stream.decoder
                values = stream.makeAsyncIterator()
            }
            guard var reading = values else { return nil }
            do {
                let value = try await reading.next(isolation: actor)
                values = value == nil ? nil : reading
                return value
            } catch {
                values = nil
                guard case .unexpected(let event) = error else { throw error.retyped() }
                // An error event: its data is one of the endpoint's documented error bodies.
                for entry in errors.entries {
                    if let body = try? entry.decode(event.response.body, decoder ?? JSONDecoder()) {
                        throw .expected(ExpectedError(body: body, response: event.response))
                    }
                }
                throw .unexpected(event)
            }
        }
    }
}

extension APIClient {
    /// The default ``maxEventSize``: 1 MB.
    public static let defaultMaxEventSize = 1 << 20

    /// The values `endpoint` answers, read as they arrive; nothing is sent until the stream is iterated.
    public func stream<Element, ErrorBody>(
        _ endpoint: APIEndpoint<ResponseStream<Element>, ErrorBody>
    ) -> APIStream<Element, ErrorBody> {
        APIStream(errors: endpoint.errors) { () async throws(APIError<ErrorBody>) in
            var stream = try await send(endpoint)
            stream.maxEventSize = maxEventSize
            // Past 30 years (or infinite, or not a number) is for ever.
            let idle = streamIdleTimeout ?? endpoint.timeout ?? timeout
            stream.idleTimeout = idle > 0 && idle < 1e9 ? .milliseconds(Int64((idle * 1000).rounded(.up))) : nil
            return stream
        }
    }
}

extension ServerSentEvent {
    /// Throws when the event's data was not valid UTF-8, for an event decoded as JSON.
    func requireValidUTF8() throws(ResponseReadingError) {
        guard invalidUTF8 == nil else { throw ResponseReadingError("The event's data is not valid UTF-8.") }
    }
}
