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

    /// The `Content-Type` header value for this body.
    public var contentType: String {
        switch self {
        case .json(_, let contentType): contentType
        case .form: "application/x-www-form-urlencoded"
        case .data(_, let contentType): contentType
        }
    }

    /// The bytes of this body.
    public func encoded(with encoder: JSONEncoder) throws -> Data {
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
        }
    }
}

/// Why a body could not be encoded.
struct RequestBodyError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
