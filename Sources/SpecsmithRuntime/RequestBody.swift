public import Foundation

/// The body of a request.
public enum RequestBody: Sendable {
    /// A value encoded as JSON with the client's encoder, sent as `contentType`: `application/json`, or another
    /// JSON media type such as `application/merge-patch+json`.
    case json(any Encodable & Sendable, contentType: String = "application/json")
    /// Fields encoded as `application/x-www-form-urlencoded`.
    case form([QueryItem])
    /// Bytes sent as they are, with their content type.
    case data(Data, contentType: String)
    /// The contents of a local file sent as they are, streamed from disk, with their content type.
    case file(URL, contentType: String)
    /// Fields and files as `multipart/form-data`; written to a temporary file and streamed when a part is a
    /// file, so that memory stays small.
    case multipart([MultipartField])

    /// The `Content-Type` header value for this body.
    public var contentType: String {
        switch self {
        case .json(_, let contentType): contentType
        case .form: "application/x-www-form-urlencoded"
        case .data(_, let contentType), .file(_, let contentType): contentType
        case .multipart: "multipart/form-data"
        }
    }

    /// The bytes of this body; a multipart body is written in memory, with a new boundary, and a file body
    /// read whole (``APIClient`` streams both instead).
    public func encoded(with encoder: JSONEncoder) throws -> Data {
        switch self {
        case .file(let url, _):
            return try Data(contentsOf: url)
        case .multipart(let fields):
            let encoded = try MultipartEncoder.encode(
                fields.flatMap(\.parts),
                boundary: MultipartEncoder.boundary(),
                encoder: encoder
            )
            if let file = encoded.file {
                defer { try? FileManager.default.removeItem(at: file) }
                return try Data(contentsOf: file)
            }
            return encoded.data ?? Data()
        default:
            return try encodedInMemory(with: encoder)
        }
    }

    /// What a request sends: bytes, or a file to stream (``temporary`` when written for this request), and the
    /// `Content-Type`.
    func payload(with encoder: JSONEncoder) throws -> (data: Data?, file: URL?, temporary: Bool, contentType: String) {
        switch self {
        case .file(let url, let contentType):
            return (nil, url, false, contentType)
        case .multipart(let fields):
            let boundary = MultipartEncoder.boundary()
            let encoded = try MultipartEncoder.encode(fields.flatMap(\.parts), boundary: boundary, encoder: encoder)
            return (encoded.data, encoded.file, encoded.file != nil, "multipart/form-data; boundary=\(boundary)")
        default:
            return (try encodedInMemory(with: encoder), nil, false, contentType)
        }
    }

    private func encodedInMemory(with encoder: JSONEncoder) throws -> Data {
        switch self {
        case .json(let value, _):
            return try encoder.encode(value)
        case .form(let fields):
            if let problem = fields.lazy.compactMap(\.problem).first {
                throw RequestBodyError(message: problem)
            }
            let pairs = fields.flatMap(\.pairs).map {
                "\(PercentEncoding.formComponent($0.name))=\(PercentEncoding.formComponent($0.value))"
            }
            return Data(pairs.joined(separator: "&").utf8)
        case .data(let data, _):
            return data
        case .file, .multipart:
            return try encoded(with: encoder)
        }
    }
}

/// Why a body could not be encoded.
struct RequestBodyError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
