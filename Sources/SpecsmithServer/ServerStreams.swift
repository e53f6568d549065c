import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore
public import SpecsmithRuntime

/// The values a streaming endpoint answers with, written as they are produced: what the handler of a stream
/// of server-sent events or of JSON Lines returns. Each value is written when the client has taken the one
/// before (the connection's backpressure), so a slow client never makes the server hold more than a value.
///
/// ```swift
/// func followLogs(service: String) async throws -> ServerStream<LogEntry> {
///     ServerStream(logs.entries(of: service))  // any AsyncSequence of LogEntry
/// }
/// ```
public struct ServerStream<Element: Sendable>: AsyncSequence, Sendable {
    /// Reads the values one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let nextValue: () async throws -> Element?

        /// The next value, or `nil` at the end.
        public mutating func next() async throws -> Element? {
            try await nextValue()
        }
    }

    private let make: @Sendable () -> AsyncIterator

    /// The values of `base`, as it produces them.
    public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Element {
        make = {
            nonisolated(unsafe) var iterator = base.makeAsyncIterator()
            return AsyncIterator { try await iterator.next() }
        }
    }

    /// These values.
    public init(_ values: [Element]) {
        make = {
            var remaining = values[...]
            return AsyncIterator { remaining.popFirst() }
        }
    }

    /// Starts reading the values.
    public func makeAsyncIterator() -> AsyncIterator {
        make()
    }
}

/// Thrown by a stream's values to end it with the endpoint's documented error: its error event, whose data is
/// `body`, or `body` as the stream's last value when the stream marks errors by a key (`errorKey`).
public struct StreamFailure: Error, Sendable {
    /// The error body, written as the error event's data, or as a value.
    public var body: any Encodable & Sendable

    /// A failure whose error event carries `body`.
    public init(_ body: some Encodable & Sendable) {
        self.body = body
    }
}

/// One event of a stream of named events: its name and data.
public struct NamedEvent: Sendable {
    /// The `event` field.
    public var name: String
    /// The data: JSON, or `nil` for an event whose data is empty.
    public var data: (any Encodable & Sendable)?
    /// The data as text, for an event passed on as it arrived.
    var rawData: String?

    /// An event `name` whose data is `data` as JSON.
    public init(_ name: String, _ data: some Encodable & Sendable) {
        self.name = name
        self.data = data
    }

    /// An event `name` without data.
    public init(_ name: String) {
        self.name = name
    }

    /// `event` as it is: a value of a name the spec does not list.
    public init(_ event: ServerSentEvent) {
        self.name = event.event
        self.rawData = event.data
    }
}

extension ServerRequest {
    /// A `text/event-stream` answer: each value of `stream` as an event whose data is its JSON, then an event
    /// whose data is `terminator`, if any. A ``StreamFailure`` thrown by the values ends the stream with the
    /// event `errorEvent`, or, for a stream whose errors are values with the key `errorKey`, with an unnamed
    /// event whose data is the error body; any other error ends it where it is (logged).
    public func events<Element: Encodable & Sendable>(
        _ stream: ServerStream<Element>,
        terminator: String? = nil,
        errorEvent: String? = nil,
        errorKey: String? = nil
    ) -> Response {
        let encoder = coders.encoder
        return eventStream(stream, terminator: terminator, errorEvent: errorEvent, errorKey: errorKey) { value in
            Self.event(name: nil, data: String(decoding: try encoder.encode(value), as: UTF8.self))
        }
    }

    /// A `text/event-stream` answer of named events: `event` names each value of `stream` and gives its data.
    public func namedEvents<Element: Sendable>(
        _ stream: ServerStream<Element>,
        terminator: String? = nil,
        errorEvent: String? = nil,
        errorKey: String? = nil,
        _ event: @escaping @Sendable (Element) -> NamedEvent
    ) -> Response {
        let encoder = coders.encoder
        return eventStream(stream, terminator: terminator, errorEvent: errorEvent, errorKey: errorKey) { value in
            let named = event(value)
            let data =
                try named.rawData ?? named.data.map { String(decoding: try encoder.encode($0), as: UTF8.self) } ?? ""
            return Self.event(name: named.name, data: data)
        }
    }

    /// An `application/x-ndjson` answer: the JSON of each value of `stream` on a line of its own. A
    /// ``StreamFailure`` thrown by the values ends the stream with its error body as the last line, when the
    /// stream's errors are lines with the key `errorKey`; any other error ends it where it is (logged).
    public func jsonLines<Element: Encodable & Sendable>(
        _ stream: ServerStream<Element>,
        errorKey: String? = nil
    ) -> Response {
        let encoder = coders.encoder
        let log = options.log
        let operation = operation
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                do {
                    for try await value in stream {
                        var line = try encoder.encode(value)
                        line.append(UInt8(ascii: "\n"))
                        try await writer.write(ByteBuffer(bytes: line))
                    }
                } catch let failure as StreamFailure {
                    if errorKey != nil, var line = try? encoder.encode(failure.body) {
                        line.append(UInt8(ascii: "\n"))
                        try await writer.write(ByteBuffer(bytes: line))
                    } else {
                        log(
                            "\(operation): the stream failed, and the endpoint documents no error line: \(failure.body)"
                        )
                    }
                } catch {
                    log("\(operation): the stream failed: \(error)")
                }
                try await writer.finish(nil)
            }
        )
    }

    private func eventStream<Element: Sendable>(
        _ stream: ServerStream<Element>,
        terminator: String?,
        errorEvent: String?,
        errorKey: String?,
        _ text: @escaping @Sendable (Element) throws -> String
    ) -> Response {
        let encoder = coders.encoder
        let log = options.log
        let operation = operation
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                do {
                    for try await value in stream {
                        try await writer.write(ByteBuffer(string: try text(value)))
                    }
                    if let terminator {
                        try await writer.write(ByteBuffer(string: Self.event(name: nil, data: terminator)))
                    }
                } catch let failure as StreamFailure {
                    if errorEvent != nil || errorKey != nil, let data = try? encoder.encode(failure.body) {
                        // The error event, or a value that is the error body.
                        let event = Self.event(name: errorEvent, data: String(decoding: data, as: UTF8.self))
                        try await writer.write(ByteBuffer(string: event))
                    } else {
                        log(
                            "\(operation): the stream failed, and the endpoint documents no error event: \(failure.body)"
                        )
                    }
                } catch {
                    log("\(operation): the stream failed: \(error)")
                }
                try await writer.finish(nil)
            }
        )
    }

    /// An event's text: `event: name`, a `data:` line per line of `data`, and a blank line.
    static func event(name: String?, data: String) -> String {
        var text = name.map { "event: \($0)\n" } ?? ""
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }

    /// Whether the JSON body's field `name` is `value` (a stream's `"stream": true`).
    public func bodyField(_ name: String, is value: JSON) -> Bool {
        guard let body, let json = try? JSONDecoder().decode(JSON.self, from: Data(buffer: body)) else { return false }
        return json[name] == value
    }

    /// Whether the form field or query parameter `name` is `value` (`?follow=true`, `stream_format=sse`).
    public func parameter(_ name: String, in place: RequestProblems.Place, is value: String) -> Bool {
        let parsed: Parsed<String?> =
            place == .query
            ? query(name, as: String?.self)
            : parts.isEmpty ? field(name, as: String?.self) : part(name, as: String?.self)
        return parsed.value??.lowercased() == value.lowercased()
    }
}
