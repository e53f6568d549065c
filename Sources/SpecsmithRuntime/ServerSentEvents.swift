import Foundation

/// One event of a `text/event-stream` answer, as the server-sent events standard (WHATWG HTML, §9.2) defines it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The type of an event without an `event` field: `message`.
    public static let defaultType = "message"

    /// The event's type: its `event` field, or `message` when it has none.
    public var event: String
    /// Its `data` fields, joined with line feeds.
    public var data: String
    /// The last event ID: the latest `id` field of this or an earlier event of the stream, if any.
    public var id: String?
    /// The reconnection time in milliseconds, when this event set one (`retry`).
    public var retry: Int?
    /// The data's bytes as they came, when they are not valid UTF-8: as the standard says, ``data`` has the
    /// invalid bytes replaced by U+FFFD, but an event decoded as JSON fails on them, as a JSON body does.
    var invalidUTF8: Data?

    /// The data's bytes as they came.
    var dataBytes: Data { invalidUTF8 ?? Data(data.utf8) }

    /// An event with these parts.
    public init(event: String = ServerSentEvent.defaultType, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Splits bytes into lines as they arrive: at CR LF, LF or CR (one CR LF split over two chunks is one break),
/// never holding more than `maxLength` bytes of one line.
struct LineSplitter {
    let maxLength: Int
    private var partial: [UInt8] = []
    private var skipLineFeed = false

    init(maxLength: Int) {
        self.maxLength = maxLength
    }

    /// The lines `chunk` completes, in order, and whether a line grew past `maxLength` (after which nothing
    /// more may be read).
    mutating func lines(in chunk: Data) -> (lines: [[UInt8]], tooLong: TransportError?) {
        var lines: [[UInt8]] = []
        var longest = 0
        chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            var index = 0
            if skipLineFeed, !bytes.isEmpty {
                skipLineFeed = false
                if bytes[0] == 0x0A {
                    start = 1
                    index = 1
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    partial.append(contentsOf: bytes[start..<index])
                    longest = max(longest, partial.count)
                    lines.append(partial)
                    partial = []
                    if byte == 0x0D {
                        if index + 1 < bytes.count {
                            if bytes[index + 1] == 0x0A { index += 1 }
                        } else {
                            skipLineFeed = true
                        }
                    }
                    start = index + 1
                }
                index += 1
            }
            if start < bytes.count {
                partial.append(contentsOf: bytes[start..<bytes.count])
            }
        }
        if max(longest, partial.count) > maxLength {
            return (lines.filter { $0.count <= maxLength }, tooLong)
        }
        return (lines, nil)
    }

    /// The last line, when the bytes ended without a line break after it.
    mutating func remainder() -> [UInt8]? {
        defer { partial = [] }
        return partial.isEmpty ? nil : partial
    }

    private var tooLong: TransportError {
        TransportError(.responseTooLarge, "A line of the stream is longer than \(maxLength) bytes.")
    }
}

/// Reads events from the lines of a `text/event-stream`, field by field, as the standard's parsing rules say:
/// comments (lines starting with `:`) and unknown fields are ignored, `data` lines are joined, an `id` holding
/// NUL is ignored, a `retry` that is not all digits is ignored, and an event is dispatched at a blank line
/// (one without data is not). What follows the last blank line is discarded at the end of the stream.
struct EventParser {
    let maxSize: Int
    private var type = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var retry: Int?
    private var lastEventID: String?
    private var atStart = true

    init(maxSize: Int) {
        self.maxSize = maxSize
    }

    /// The event `line` completes, if any; throws when an event's data grows past `maxSize`.
    mutating func event(after line: [UInt8]) throws(TransportError) -> ServerSentEvent? {
        var line = line[...]
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line
            value = []
        }
        // Compared as bytes: this runs for every line of the stream.
        if field.elementsEqual("data".utf8) {
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maxSize {
                throw TransportError(.responseTooLarge, "An event of the stream is larger than \(maxSize) bytes.")
            }
        } else if field.elementsEqual("event".utf8) {
            type = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            type = ""
            data = []
            hasData = false
            retry = nil
        }
        guard hasData else { return nil }
        // Decoding puts U+FFFD for each invalid sequence, so the text is the data exactly when it is valid UTF-8.
        // (Rather than `String(validating:as:)`, which needs macOS 15 and iOS 18.)
        let text = String(decoding: data, as: UTF8.self)
        var event = ServerSentEvent(
            event: type.isEmpty ? ServerSentEvent.defaultType : type,
            data: text,
            id: lastEventID,
            retry: retry
        )
        if !text.utf8.elementsEqual(data) { event.invalidUTF8 = Data(data) }
        return event
    }
}
