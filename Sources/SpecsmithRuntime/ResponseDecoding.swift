public import Foundation

/// How a response becomes an endpoint's value: which statuses are answers rather than errors, and how an
/// answer is read.
///
/// Generated endpoints pick one: ``json`` for a JSON model, ``ignoringBody`` for `Void`, ``bytes`` for `Data`,
/// ``text`` for `String`, or a generated enumeration's own (`GetFileResponse.decoding`) for an endpoint with
/// several documented answers, such as `200` with a body and `304 Not Modified` without one.
public struct ResponseDecoding<Response: Sendable>: Sendable {
    /// The statuses that are answers; every other status is an error, expected or unexpected.
    public var statuses: [StatusPattern]
    /// Turns an answer into the value.
    public var decode: @Sendable (RawResponse, JSONDecoder) throws -> Response
    /// Whether answers are downloads: their bodies go to a file rather than into memory.
    public var downloadsToFile = false
    /// Whether answers are streams: their bodies are handed over as they arrive (``ResponseStream``).
    public var streamsBody = false
    /// The media type the request asks for (`Accept`) when the endpoint's headers name none: `application/json`
    /// for ``json``; `nil` sends no `Accept` of the client's own.
    public var accept: String?

    /// Answers of `statuses` (every 2xx status by default) read by `decode`.
    public init(
        statuses: [StatusPattern] = [.successful],
        decode: @escaping @Sendable (RawResponse, JSONDecoder) throws -> Response
    ) {
        self.statuses = statuses
        self.decode = decode
    }

    /// Whether a response of `status` is an answer.
    public func accepts(_ status: Int) -> Bool {
        statuses.contains { $0.matches(status) }
    }
}

extension ResponseDecoding where Response: Decodable {
    /// A 2xx body that is JSON, decoded as `Response` with the client's decoder. When `Response` is optional,
    /// an answer without a body (`204 No Content`, or an empty 2xx) is `nil`.
    public static var json: Self {
        var decoding = Self { response, decoder in
            if response.body.isEmpty, let optional = Response.self as? any AbsentValue.Type,
                let none = optional.absent as? Response
            {
                return none
            }
            return try decoder.decode(Response.self, from: response.body)
        }
        decoding.accept = "application/json"
        return decoding
    }
}

/// A type with a value that stands for nothing: `Optional`'s `nil`, which an answer without a body decodes as.
protocol AbsentValue {
    /// The value that stands for nothing.
    static var absent: Self { get }
}

extension Optional: AbsentValue {
    static var absent: Self { nil }
}

extension ResponseDecoding where Response == Void {
    /// Any 2xx response; its body, if any, is ignored.
    public static var ignoringBody: Self {
        Self { _, _ in }
    }
}

extension ResponseDecoding where Response == Data {
    /// The bytes of a 2xx body as they arrived: an image, a PDF, an archive.
    public static var bytes: Self {
        Self { response, _ in response.body }
    }
}

extension ResponseDecoding where Response == URL {
    /// A 2xx body downloaded to a temporary file, never held in memory whole: the file is the caller's to
    /// move or delete.
    public static var file: Self {
        var decoding = Self { response, _ in try response.savedBody() }
        decoding.downloadsToFile = true
        return decoding
    }
}

extension RawResponse {
    /// The file holding the body: the transport's download, or a temporary file written now from ``body``
    /// (for transports that answer in memory, such as stubs).
    public func savedBody() throws -> URL {
        if let bodyFile { return bodyFile }
        let url = TemporaryFiles.newFile(.download)
        try body.write(to: url)
        return url
    }
}

extension ResponseDecoding where Response == String {
    /// A 2xx body as text, in the charset its `Content-Type` names (UTF-8 when it names none). Bytes that are
    /// not valid in that charset, or a charset this runtime does not know, fail rather than lose characters.
    public static var text: Self {
        Self { response, _ in try response.text() }
    }
}

extension StatusPattern {
    /// Every successful status, 200–299.
    public static let successful = StatusPattern.statusClass(2)
}

/// Why a response body is not text, or a documented response header is missing or malformed.
public struct ResponseReadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: `header ETag`, or empty for the body.
    public var place: String
    /// What is wrong.
    public var message: String

    /// An error at `place` described by `message`.
    public init(place: String = "", _ message: String) {
        self.place = place
        self.message = message
    }

    /// The message, after its place.
    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
}

extension RawResponse {
    /// The body as text in the charset the `Content-Type` header names, UTF-8 by default.
    public func text() throws(ResponseReadingError) -> String {
        let charset = header("Content-Type").flatMap { MediaType.parameter("charset", of: $0) } ?? "utf-8"
        guard let encoding = MediaType.encoding(forCharset: charset) else {
            throw ResponseReadingError("The body is in the charset '\(charset)', which this client cannot read.")
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw ResponseReadingError("The body is not valid \(charset) text.")
        }
        return text
    }
}

/// Reading media types such as `text/plain; charset=ISO-8859-1`.
enum MediaType {
    /// The value of the parameter `name` (compared without regard to case), unquoted.
    static func parameter(_ name: String, of value: String) -> String? {
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].caseInsensitiveCompare(name) == .orderedSame else { continue }
            var text = pair[1]
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            return text
        }
        return nil
    }

    /// The encoding of a charset name, for the charsets web APIs use.
    static func encoding(forCharset charset: String) -> String.Encoding? {
        switch charset.lowercased() {
        case "utf-8", "utf8": .utf8
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": .isoLatin1
        case "iso-8859-2", "latin2": .isoLatin2
        case "windows-1252", "cp1252": .windowsCP1252
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "utf-32": .utf32
        default: nil
        }
    }
}
