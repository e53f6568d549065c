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

    /// The bytes of this body, read whole; a multipart body gets a new boundary, named on its first line
    /// (``APIClient`` streams file bodies and multipart bodies with files instead).
    public func encoded(with encoder: JSONEncoder) throws -> Data {
        let payload = try payload(with: encoder)
        guard let file = payload.file else { return payload.data ?? Data() }
        defer { if payload.temporary { try? FileManager.default.removeItem(at: file) } }
        return try Data(contentsOf: file)
    }

    /// What a request sends: bytes, or a file to stream (`temporary` when written for this request), and the
    /// `Content-Type` (for multipart, with its boundary).
    func payload(with encoder: JSONEncoder) throws -> (data: Data?, file: URL?, temporary: Bool, contentType: String) {
        switch self {
        case .json(let value, let contentType):
            return (try encoder.encode(value), nil, false, contentType)
        case .form(let fields):
            if let problem = fields.lazy.compactMap(\.problem).first {
                throw RequestBodyError(message: problem)
            }
            let pairs = fields.flatMap(\.pairs).map {
                "\(PercentEncoding.formComponent($0.name))=\(PercentEncoding.formComponent($0.value))"
            }
            return (Data(pairs.joined(separator: "&").utf8), nil, false, contentType)
        case .data(let data, let contentType):
            return (data, nil, false, contentType)
        case .file(let url, let contentType):
            return (nil, url, false, contentType)
        case .multipart(let fields):
            let boundary = MultipartEncoder.boundary()
            let encoded = try MultipartEncoder.encode(fields.flatMap(\.parts), boundary: boundary, encoder: encoder)
            return (encoded.data, encoded.file, encoded.file != nil, "multipart/form-data; boundary=\(boundary)")
        }
    }
}

/// Why a body could not be encoded.
struct RequestBodyError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A JSON body with fields added to its object: the stream method of an endpoint whose body is a model sends
/// the model with `"stream": true`. The value's own keys come first, then these, which replace a key of the
/// same name.
public struct JSONBodyWithFields: Encodable, Sendable {
    /// The body.
    public var value: any Encodable & Sendable
    /// The fields added to it.
    public var fields: [String: JSON]

    /// `value`, with `fields` added to its JSON object.
    public init(_ value: any Encodable & Sendable, adding fields: [String: JSON]) {
        self.value = value
        self.fields = fields
    }

    /// Encodes the value, then the fields into the same object.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: FieldKey.self)
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            try container.encode(field, forKey: FieldKey(name))
        }
    }

    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
