public import Foundation

/// Why a request failed.
public enum APIError: Error, Sendable {
    /// The request could not be built (for example an invalid URL or a body that failed to encode); nothing was sent.
    case invalidRequest(String)
    /// The request never got a response: no connectivity, a timeout, or cancellation.
    case noResponse(TransportError)
    /// The server answered with a status outside 200–299; the whole response is kept.
    case unacceptableStatus(RawResponse)
    /// The server answered 2xx, but the body did not decode as the expected type.
    case undecodableBody(DecodingFailure)

    /// The HTTP status of the response, when there was one.
    public var status: Int? {
        switch self {
        case .unacceptableStatus(let response): response.status
        case .undecodableBody(let failure): failure.response.status
        case .invalidRequest, .noResponse: nil
        }
    }
}

extension APIError: CustomStringConvertible {
    /// A one-line account of the failure.
    public var description: String {
        switch self {
        case .invalidRequest(let reason):
            "invalid request: \(reason)"
        case .noResponse(let failure):
            "no response (\(failure.kind)): \(failure.message)"
        case .unacceptableStatus(let response):
            "unacceptable status \(response.status): \(response.bodyText.prefix(200))"
        case .undecodableBody(let failure):
            "undecodable body at \(failure.codingPath.isEmpty ? "<root>" : failure.codingPath): \(failure.message)"
        }
    }
}

/// Why a transport got no response.
public struct TransportError: Error, Sendable, Hashable {
    /// The kinds of failure that leave a request without a response.
    public enum Kind: String, Sendable, Hashable {
        /// The server could not be reached, or the connection broke.
        case connectivity
        /// No response arrived in time.
        case timeout
        /// The request was cancelled before its response arrived.
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// A description from the layer that failed.
    public var message: String

    /// A failure of `kind`, described by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// A response as it arrived: status, headers and body bytes.
public struct RawResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The response headers; names as the server sent them.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// A response with these parts.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text, with invalid bytes replaced.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The value of the header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A response body that did not decode as the expected type.
public struct DecodingFailure: Sendable, Hashable {
    /// Where in the JSON decoding failed, as a dotted path such as `[0].borders[2]`; empty for the root.
    public var codingPath: String
    /// What the decoder reported.
    public var message: String
    /// The response whose body failed to decode.
    public var response: RawResponse

    /// A failure at `codingPath` described by `message`.
    public init(codingPath: String, message: String, response: RawResponse) {
        self.codingPath = codingPath
        self.message = message
        self.response = response
    }

    /// The failure described by a decoder's error.
    public init(_ error: any Error, response: RawResponse) {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            self.init(
                codingPath: Self.render(context.codingPath),
                message: context.debugDescription,
                response: response
            )
        case .keyNotFound(let key, let context):
            self.init(
                codingPath: Self.render(context.codingPath + [key]),
                message: "No value for required key '\(key.stringValue)'.",
                response: response
            )
        default:
            self.init(codingPath: "", message: String(describing: error), response: response)
        }
    }

    private static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
