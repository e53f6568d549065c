public import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore
public import SpecsmithRuntime

/// How a route reads its request's body.
public enum BodyReading: Sendable {
    /// Into memory, up to ``ServerOptions/maxBodySize``: JSON, bytes, text.
    case collect
    /// Into memory like ``collect``, then split into its `application/x-www-form-urlencoded` fields once.
    case form
    /// Like ``form``, or, sent as `application/json`, a JSON object whose members are the fields (an API whose
    /// methods take either, as Slack's do): text as it is, numbers and Booleans as their JSON text, each value
    /// of a list of them as a field of its own, objects and lists of objects as their JSON text.
    case formOrJSON
    /// Streamed to a temporary file, up to ``ServerOptions/maxUploadSize``: a file upload.
    case file
    /// Streamed to a temporary file, then split into its parts, each file part a temporary file of its own.
    case multipart
}

/// One part of a `multipart/form-data` body as the server received it.
struct ReceivedPart: Sendable {
    var name: String
    var filename: String?
    var contentType: String?
    /// A file part's contents, in a temporary file.
    var file: URL?
    /// Any other part's bytes.
    var data: Data
}

/// A file a request uploaded, which the route deletes once the handler has answered (unless the handler moved
/// it away).
final class Uploads: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory.appendingPathComponent("specsmith-upload-\(UUID().uuidString)")
    }

    func create() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func newFile() -> URL {
        directory.appendingPathComponent(UUID().uuidString)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension ServerRequest {
    /// The uploaded file of an endpoint whose body is a file: a temporary file, deleted once the handler has
    /// answered; move it to keep it.
    public func upload() -> Parsed<URL> {
        guard let uploadedFile else {
            return Parsed(problem: RequestProblems.Problem(in: .body, name: nil, message: "The body is missing."))
        }
        return Parsed(value: uploadedFile)
    }

    /// The text part `name` of a multipart body (every part of that name, for a list), or `default`.
    public func part<Value: ParameterField>(
        _ name: String,
        as type: Value.Type,
        default: Value? = nil
    ) -> Parsed<Value> {
        let texts = parts.filter { $0.name == name }.map { String(decoding: $0.data, as: UTF8.self) }
        switch Value.read(texts, separator: nil) {
        case .value(let value): return Parsed(value: value)
        case .missing:
            if let `default` { return Parsed(value: `default`) }
            return Parsed(problem: RequestProblems.Problem(in: .body, name: name, message: "The part is required."))
        case .invalid(let why): return Parsed(problem: RequestProblems.Problem(in: .body, name: name, message: why))
        }
    }

    /// The file part (or parts) `name` of a multipart body, each in a temporary file deleted once the handler
    /// has answered.
    public func filePart<Value: FilePartField>(_ name: String, as type: Value.Type) -> Parsed<Value> {
        let files = parts.filter { $0.name == name }.map { part in
            var upload = FileUpload(
                contentsOf: part.file ?? URL(fileURLWithPath: "/dev/null"),
                filename: part.filename,
                contentType: part.contentType ?? "application/octet-stream"
            )
            if part.file == nil {
                upload = FileUpload(part.data, filename: part.filename, contentType: upload.contentType)
            }
            return upload
        }
        guard let value = Value.read(files) else {
            return Parsed(
                problem: RequestProblems.Problem(in: .body, name: name, message: "The file part is required.")
            )
        }
        return Parsed(value: value)
    }

    /// The JSON part `name` of a multipart body, as `type`: for an optional `type`, `nil` without one;
    /// otherwise a problem.
    public func jsonPart<Value: Decodable & Sendable>(_ name: String, as type: Value.Type) -> Parsed<Value> {
        guard let part = parts.first(where: { $0.name == name }) else {
            if let missing = Value.missingValue { return Parsed(value: missing) }
            return Parsed(problem: RequestProblems.Problem(in: .body, name: name, message: "The part is required."))
        }
        return decodePart(Value.self, part, name: name)
    }

    private func decodePart<Value: Decodable & Sendable>(
        _ type: Value.Type,
        _ part: ReceivedPart,
        name: String
    ) -> Parsed<Value> {
        decode(Value.self, from: part.data, name: name)
    }

    /// The local file at `url`, streamed from disk a chunk at a time as the client takes it, of media type
    /// `contentType`. The file stays where it is.
    public func file(_ url: URL, contentType: String, status: Int = 200) throws -> Response {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        let handle = try FileHandle(forReadingFrom: url)
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: headers,
            body: ResponseBody(contentLength: size) { writer in
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.finish(nil)
            }
        )
    }
}

/// The file parts of a multipart body: one (`FileUpload`), maybe one (`FileUpload?`) or a list.
public protocol FilePartField: Sendable {
    /// The value of `files`, the parts of the name in order; `nil` when a required part is missing.
    static func read(_ files: [FileUpload]) -> Self?
}

extension FileUpload: FilePartField {
    /// The first.
    public static func read(_ files: [FileUpload]) -> FileUpload? { files.first }
}

extension Optional: FilePartField where Wrapped: FilePartField {
    /// `nil` without parts.
    public static func read(_ files: [FileUpload]) -> Self? { .some(Wrapped.read(files)) }
}

extension Array: FilePartField where Element == FileUpload {
    /// Every part.
    public static func read(_ files: [FileUpload]) -> [FileUpload]? { files }
}

/// Reads a request body into a temporary file, and a multipart body's parts out of it.
enum UploadReader {
    /// Streams `body` into `file`, failing past `limit` bytes.
    static func write(_ body: RequestBody, to file: URL, limit: Int) async throws -> Bool {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var written = 0
        for try await buffer in body {
            written += buffer.readableBytes
            guard written <= limit else { return false }
            try handle.write(contentsOf: buffer.readableBytesView)
        }
        return true
    }

    /// The parts of the multipart body in `file`, split at `boundary`; file parts (those with a file name)
    /// written to files of their own from `uploads`.
    static func parts(of file: URL, boundary: String, uploads: Uploads) throws -> [ReceivedPart]? {
        let data = try Data(contentsOf: file, options: .alwaysMapped)
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [ReceivedPart] = []
        guard var start = data.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: `--` ends the body, else a line break and the part's headers.
            if data[start...].starts(with: Data("--".utf8)) { return parts }
            guard let headersStart = data[start...].range(of: Data("\r\n".utf8))?.upperBound,
                let headersEnd = data[headersStart...].range(of: Data("\r\n\r\n".utf8)),
                let next = data[headersEnd.upperBound...].range(of: Data("\r\n".utf8) + delimiter)
            else { return nil }
            let headerText = String(decoding: data[headersStart..<headersEnd.lowerBound], as: UTF8.self)
            var part = ReceivedPart(name: "", data: Data())
            for line in headerText.components(separatedBy: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2 else { continue }
                switch pieces[0].lowercased() {
                case "content-disposition":
                    part.name = parameter("name", of: pieces[1]) ?? ""
                    part.filename = parameter("filename", of: pieces[1])
                case "content-type": part.contentType = pieces[1]
                default: break
                }
            }
            let content = data[headersEnd.upperBound..<next.lowerBound]
            if part.filename != nil {
                let url = uploads.newFile()
                // From the mapped file to the part's own: the part is never all in memory.
                try content.write(to: url)
                part.file = url
            } else {
                part.data = Data(content)
            }
            parts.append(part)
            start = next.upperBound
        }
    }

    /// The value of `name="…"` in a header's value.
    static func parameter(_ name: String, of value: String) -> String? {
        for piece in value.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            var text = pair[1]
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                text = String(text.dropFirst().dropLast())
            }
            return text.replacingOccurrences(of: "\\\"", with: "\"")
        }
        return nil
    }
}
