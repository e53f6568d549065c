public import Foundation

/// A file to upload in a `multipart/form-data` body: bytes in memory, or a file on disk that is streamed
/// (a 200 MB video never needs 200 MB of memory), with the file name and media type the server sees.
public struct FileUpload: Sendable, Hashable {
    /// Where the bytes come from.
    public enum Content: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// The contents of a local file, read in chunks as the body is sent.
        case file(URL)
    }

    /// The bytes.
    public var content: Content
    /// The file name sent in the part's `Content-Disposition`, if any.
    public var filename: String?
    /// The part's `Content-Type`.
    public var contentType: String

    /// Bytes in memory, sent as a file named `filename`, of the media type `contentType`, or else the one its
    /// name's extension says (``mediaType(ofFileNamed:)``).
    public init(_ data: Data, filename: String? = nil, contentType: String? = nil) {
        self.content = .data(data)
        self.filename = filename
        self.contentType = contentType ?? filename.map(Self.mediaType(ofFileNamed:)) ?? Self.unknownMediaType
    }

    /// The contents of the local file at `url`, streamed from disk, sent under its own name unless
    /// `filename` says otherwise, of the media type `contentType`, or else the one the name's extension says
    /// (`trip.mp4` is `video/mp4`: ``mediaType(ofFileNamed:)``).
    public init(contentsOf url: URL, filename: String? = nil, contentType: String? = nil) {
        self.content = .file(url)
        let name = filename ?? url.lastPathComponent
        self.filename = name
        self.contentType = contentType ?? Self.mediaType(ofFileNamed: name)
    }

    /// What a file of no known kind is sent as.
    public static let unknownMediaType = "application/octet-stream"

    /// The media type a file's name says by its extension, compared without regard to case (`photo.PNG` is
    /// `image/png`), for the kinds of file apps upload: images, audio and video, documents, text and data,
    /// archives; `application/octet-stream` for any other. The same on every platform (no system lookup).
    public static func mediaType(ofFileNamed name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return unknownMediaType }
        return mediaTypes[name[name.index(after: dot)...].lowercased()] ?? unknownMediaType
    }

    /// Media types by file extension, as IANA registers them (or as browsers send them, where it registers none).
    static let mediaTypes: [String: String] = [
        // Images
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "heif": "image/heif", "avif": "image/avif", "bmp": "image/bmp", "tif": "image/tiff",
        "tiff": "image/tiff", "svg": "image/svg+xml", "ico": "image/vnd.microsoft.icon",
        // Audio and video
        "mp3": "audio/mpeg", "mpga": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav",
        "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/opus", "flac": "audio/flac", "mp4": "video/mp4",
        "m4v": "video/mp4", "mpeg": "video/mpeg", "mov": "video/quicktime", "webm": "video/webm",
        // Documents
        "pdf": "application/pdf", "rtf": "application/rtf",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text", "epub": "application/epub+zip",
        // Text and data
        "txt": "text/plain", "text": "text/plain", "md": "text/markdown", "markdown": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "tsv": "text/tab-separated-values", "vtt": "text/vtt", "srt": "application/x-subrip",
        "js": "text/javascript", "json": "application/json", "jsonl": "application/jsonl",
        "ndjson": "application/x-ndjson", "xml": "application/xml", "yaml": "application/yaml",
        "yml": "application/yaml", "swift": "text/x-swift", "py": "text/x-python",
        // Archives
        "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "7z": "application/x-7z-compressed",
    ]
}

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable {
    /// What the part holds.
    public enum Content: Sendable {
        /// Bytes (or text as UTF-8).
        case data(Data)
        /// The contents of a local file, streamed.
        case file(URL)
        /// A value encoded as JSON with the client's encoder.
        case json(any Encodable & Sendable)
    }

    /// The field name.
    public var name: String
    /// The file name, for a file part.
    public var filename: String?
    /// The part's `Content-Type`; `nil` for a plain text field.
    public var contentType: String?
    /// The content.
    public var content: Content

    /// A part with these parts.
    public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }
}

/// The parts one field of a generated multipart body sends: none (an optional left `nil`), one, or one per
/// element of an array (the field's name repeated).
public struct MultipartField: Sendable {
    /// The parts, in order.
    public var parts: [MultipartPart]

    /// These parts.
    public init(parts: [MultipartPart]) {
        self.parts = parts
    }

    /// A text field, or none when `value` is `nil`.
    public static func text<Value: ParameterValue>(_ name: String, _ value: Value?) -> MultipartField {
        MultipartField(
            parts: value.map { [MultipartPart(name: name, content: .data(Data($0.parameterText.utf8)))] } ?? []
        )
    }

    /// A text part per value, each under `name`.
    public static func text<Value: ParameterValue>(_ name: String, _ values: [Value]?) -> MultipartField {
        MultipartField(parts: (values ?? []).flatMap { text(name, $0).parts })
    }

    /// A file part, or none when `file` is `nil`.
    public static func file(_ name: String, _ file: FileUpload?) -> MultipartField {
        guard let file else { return MultipartField(parts: []) }
        let content: MultipartPart.Content
        switch file.content {
        case .data(let data): content = .data(data)
        case .file(let url): content = .file(url)
        }
        return MultipartField(
            parts: [MultipartPart(name: name, filename: file.filename, contentType: file.contentType, content: content)]
        )
    }

    /// A file part per file, each under `name`.
    public static func file(_ name: String, _ files: [FileUpload]?) -> MultipartField {
        MultipartField(parts: (files ?? []).flatMap { file(name, $0).parts })
    }

    /// A part holding `value` as JSON (`Content-Type: application/json`), or none when it is `nil`.
    public static func json<Value: Encodable & Sendable>(_ name: String, _ value: Value?) -> MultipartField {
        MultipartField(
            parts: value.map { [MultipartPart(name: name, contentType: "application/json", content: .json($0))] } ?? []
        )
    }
}

/// Writes `multipart/form-data` bodies (RFC 7578): in memory when every part is, and otherwise into a
/// temporary file, copying file parts in chunks so that memory stays small whatever their size.
enum MultipartEncoder {
    /// The size of the chunks file parts are copied in.
    static let chunkSize = 1 << 20

    /// A boundary: 128 random bits, which no part's content holds but by design.
    static func boundary() -> String {
        "specsmith-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The body of `parts` with `boundary`: bytes, or a temporary file when a part is a file.
    static func encode(
        _ parts: [MultipartPart],
        boundary: String,
        encoder: JSONEncoder
    ) throws -> (data: Data?, file: URL?) {
        var segments: [Segment] = []
        for part in parts {
            segments.append(.bytes(try header(of: part, boundary: boundary)))
            switch part.content {
            case .data(let data): segments.append(.bytes(data))
            case .json(let value): segments.append(.bytes(try encoder.encode(value)))
            case .file(let url): segments.append(.file(url))
            }
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        segments.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        guard segments.contains(where: \.isFile) else {
            return (segments.reduce(into: Data()) { if case .bytes(let data) = $1 { $0.append(data) } }, nil)
        }
        let url = TemporaryFiles.newFile(.upload)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw MultipartError(
                "could not create a temporary file for the body in \(url.deletingLastPathComponent().path)"
            )
        }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            for segment in segments {
                switch segment {
                case .bytes(let data):
                    try output.write(contentsOf: data)
                case .file(let source):
                    let input: FileHandle
                    do {
                        input = try FileHandle(forReadingFrom: source)
                    } catch {
                        throw MultipartError(
                            "cannot read the file to upload at \(source.path): \(error.localizedDescription)"
                        )
                    }
                    defer { try? input.close() }
                    while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                        try output.write(contentsOf: chunk)
                    }
                }
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return (nil, url)
    }

    /// `--boundary` and the part's headers, refusing names that would break them.
    private static func header(of part: MultipartPart, boundary: String) throws -> Data {
        var text =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(try quoted(part.name, what: "field name"))\""
        if let filename = part.filename {
            text += "; filename=\"\(try quoted(filename, what: "file name"))\""
        }
        text += "\r\n"
        if let contentType = part.contentType {
            if contentType.contains(where: { $0 == "\r" || $0 == "\n" }) {
                throw MultipartError("the content type of the part '\(part.name)' holds a line break")
            }
            text += "Content-Type: \(contentType)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    /// `text` for a quoted header parameter: a line break would end the part's headers and is refused; a
    /// quote is written `%22`, as browsers do.
    private static func quoted(_ text: String, what: String) throws -> String {
        if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw MultipartError("the \(what) '\(text.debugDescription.dropFirst().dropLast())' holds a line break")
        }
        return text.replacingOccurrences(of: "\"", with: "%22")
    }

    private enum Segment {
        case bytes(Data)
        case file(URL)

        var isFile: Bool {
            if case .file = self { return true }
            return false
        }
    }
}

/// Why a multipart body could not be written.
struct MultipartError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
