public import Foundation

/// Why a request failed, in the categories a caller handles differently:
///
/// - client-side (``Category/client``): ``invalidRequest(_:)``, ``noResponse(_:)``, ``undecodableBody(_:)``;
/// - an expected API error (``Category/expected``): ``expected(_:)``, a documented status whose body decoded as
///   `ErrorBody`;
/// - an unexpected API error (``Category/unexpected``): ``unexpected(_:)``, any other status, with the whole
///   response kept;
/// - authentication (``Category/authentication``): ``authenticationFailed(_:)``, the credentials could not be
///   refreshed.
public enum APIError<ErrorBody: Sendable>: Error, Sendable {
    /// The request could not be built (an invalid URL, a body that failed to encode, a header value with a line
    /// break); nothing was sent.
    case invalidRequest(String)
    /// The request never got a response it could use: no connectivity, a timeout, cancellation, or a body
    /// larger than the transport accepts.
    case noResponse(TransportError)
    /// The server answered 2xx, but the body did not decode as the expected type.
    case undecodableBody(DecodingFailure)
    /// The server answered a documented error status with a body of the documented type.
    case expected(ExpectedError<ErrorBody>)
    /// The server answered a status outside 200–299 that is not documented, or whose body did not decode as
    /// documented.
    case unexpected(UnexpectedResponse)
    /// The server refused the credentials and fresh ones could not be had.
    case authenticationFailed(String)

    /// The categories of failure.
    public enum Category: String, Sendable, Hashable {
        /// The failure happened on this side: nothing sent, nothing received, or nothing understood.
        case client
        /// The API answered with one of its documented errors.
        case expected
        /// The API answered with an error it does not document.
        case unexpected
        /// The credentials were refused and could not be refreshed.
        case authentication
    }

    /// Which category this failure belongs to.
    public var category: Category {
        switch self {
        case .invalidRequest, .noResponse, .undecodableBody: .client
        case .expected: .expected
        case .unexpected: .unexpected
        case .authenticationFailed: .authentication
        }
    }

    /// The documented error body, for an expected error.
    public var errorBody: ErrorBody? {
        if case .expected(let error) = self { return error.body }
        return nil
    }

    /// The response, when there was one.
    public var response: RawResponse? {
        switch self {
        case .undecodableBody(let failure): failure.response
        case .expected(let error): error.response
        case .unexpected(let unexpected): unexpected.response
        case .invalidRequest, .noResponse, .authenticationFailed: nil
        }
    }

    /// The HTTP status of the response, when there was one.
    public var status: Int? { response?.status }

    /// Whether the request ended because its task was cancelled: `noResponse` of the kind `cancelled`.
    ///
    /// A generated call throws only `APIError` (typed throws), so a cancelled task surfaces as this error, never
    /// as `CancellationError`, and `catch is CancellationError` does not see it. Test this instead:
    ///
    /// ```swift
    /// do {
    ///     results = try await client.search(query)
    /// } catch where error.isCancellation {
    ///     // a newer query took over: nothing to show
    /// } catch {
    ///     message = error.description
    /// }
    /// ```
    public var isCancellation: Bool {
        if case .noResponse(let failure) = self { return failure.kind == .cancelled }
        return false
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
        case .undecodableBody(let failure):
            "undecodable body at \(failure.codingPath.isEmpty ? "<root>" : failure.codingPath): \(failure.message)"
        case .expected(let error):
            "status \(error.status): \(error.body)"
        case .unexpected(let unexpected):
            "unexpected status \(unexpected.response.status): \(unexpected.response.bodyText.prefix(200))"
        case .authenticationFailed(let reason):
            "authentication failed: \(reason)"
        }
    }
}

/// A documented error: the status, the decoded body, and the response it came in.
public struct ExpectedError<Body: Sendable>: Sendable {
    /// The HTTP status.
    public var status: Int { response.status }
    /// The error body, decoded.
    public var body: Body
    /// The response as it arrived.
    public var response: RawResponse

    /// An expected error with `body`, from `response`.
    public init(body: Body, response: RawResponse) {
        self.body = body
        self.response = response
    }
}

/// An error response the API does not document, kept whole for diagnosis.
public struct UnexpectedResponse: Sendable, Hashable {
    /// The response as it arrived: status, headers and raw body.
    public var response: RawResponse
    /// When the status is documented but its body did not decode as documented: why.
    public var bodyFailure: DecodingFailure?

    /// An unexpected `response`, with the reason its documented body failed to decode, if that is why.
    public init(response: RawResponse, bodyFailure: DecodingFailure? = nil) {
        self.response = response
        self.bodyFailure = bodyFailure
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
        /// The request was refused before sending, for example a header value containing a line break.
        case invalidRequest
        /// The response body was larger than the transport accepts (see
        /// ``URLSessionTransport/maxResponseSize``); it was not read further.
        case responseTooLarge
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
    /// The URL the response came from, after any redirects, when the transport knows it; relative URLs in
    /// headers (`Location`, `Link`) resolve against it.
    public var url: URL?
    /// For a download (``TransportRequest/downloadsToFile``): the temporary file holding the body, which
    /// ``body`` then leaves empty.
    public var bodyFile: URL?
    /// For a streamed answer (``TransportRequest/streamsBody``): the body as it arrives, which ``body`` then
    /// leaves empty. Read it with ``bodyChunks``, which also covers transports that answer in memory.
    public var bodyStream: ResponseBodyStream?

    /// A response with these parts.
    public init(
        status: Int,
        headers: [String: String] = [:],
        body: Data = Data(),
        url: URL? = nil,
        bodyFile: URL? = nil,
        bodyStream: ResponseBodyStream? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.bodyFile = bodyFile
        self.bodyStream = bodyStream
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
        let (codingPath, message) = Self.describe(error)
        self.init(codingPath: codingPath, message: message, response: response)
    }

    /// Where a decoder's error happened (a dotted path such as `[0].borders[2]`, empty for the root) and what it
    /// says: what ``init(_:response:)`` keeps, for JSON that is not a response (a webhook's body, say).
    public static func describe(_ error: any Error) -> (codingPath: String, message: String) {
        if let reading = error as? ResponseReadingError {
            return (reading.place, reading.message)
        }
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return (render(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "No value for required key '\(key.stringValue)'.")
        default:
            return ("", String(describing: error))
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
