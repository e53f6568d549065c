public import Foundation

/// A request to an API together with the types of its response and of its documented error bodies: every fact
/// about one endpoint in one value.
///
/// Most code names it through ``Endpoint`` (an endpoint without documented error bodies) or through
/// ``AuthorizedEndpoint`` (one that needs credentials of a scope).
public struct APIEndpoint<Response: Sendable, ErrorBody: Sendable>: Sendable {
    /// The endpoint's name in the spec, used by stubs and logs.
    public var operationName: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the client's base URL, with path parameters already percent-encoded.
    public var path: String
    /// The name of the server the endpoint is on, when not on the client's base URL: the client sends it
    /// below its URL for that server (``APIClient/servers``).
    public var server: String?
    /// The query parameters.
    public var query: [QueryItem]
    /// An absolute URL sent instead of ``path`` and ``query`` below the client's URL, such as a next page's
    /// link: it must be on the same origin (scheme, host and port) as the URL the endpoint's path is below,
    /// so that the client's credentials never go to another server. `nil` for the usual endpoint.
    public var url: URL?
    /// The headers of this endpoint, sent after the client's default headers.
    public var headers: [HeaderField]
    /// The body, if any.
    public var body: RequestBody?
    /// A sample response body, answered by ``StubTransport``.
    public var sampleData: Data?
    /// Whether the client's credentials are sent with this endpoint.
    public var requiresAuthorization: Bool
    /// Whether the client's credentials, when it has any, are sent with this endpoint although it needs none
    /// (an endpoint whose credentials are optional: it answers more, or with higher limits, with them).
    public var acceptsAuthorization = false
    /// How long to wait for this endpoint's response, in seconds; `nil` uses the client's timeout.
    public var timeout: TimeInterval?
    /// Told the progress of the request's upload and its response's download as they go (see
    /// ``reportingProgress(to:)`` and ``APIClient/transfer(_:)``); `nil` for none.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// The statuses whose bodies decode as an error body.
    public var errors: ExpectedErrors<ErrorBody>
    /// Which statuses are answers, and how an answer becomes the response value.
    public var decoding: ResponseDecoding<Response>

    /// An endpoint whose answers are read as `decoding` says: ``ResponseDecoding/json``,
    /// ``ResponseDecoding/bytes``, ``ResponseDecoding/text``, or a generated enumeration's own for an endpoint
    /// with several documented answers.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        server: String? = nil,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil,
        requiresAuthorization: Bool = false,
        errors: ExpectedErrors<ErrorBody> = .none,
        decoding: ResponseDecoding<Response>
    ) {
        self.operationName = operationName
        self.method = method
        self.path = path
        self.server = server
        self.query = query
        self.headers = headers
        self.body = body
        self.sampleData = sampleData
        self.requiresAuthorization = requiresAuthorization
        self.timeout = nil
        self.errors = errors
        self.decoding = decoding
    }

    /// An endpoint whose 2xx response bodies are turned into the response value by `decode`.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        server: String? = nil,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil,
        requiresAuthorization: Bool = false,
        errors: ExpectedErrors<ErrorBody> = .none,
        decode: @escaping @Sendable (Data, JSONDecoder) throws -> Response
    ) {
        self.init(
            operationName,
            method: method,
            path: path,
            server: server,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            requiresAuthorization: requiresAuthorization,
            errors: errors,
            decoding: ResponseDecoding { response, decoder in try decode(response.body, decoder) }
        )
    }

    /// The endpoint that sends `resource` and reads its answers as `decoding` says.
    public init(
        _ resource: some Resource,
        decoding: ResponseDecoding<Response>,
        errors: ExpectedErrors<ErrorBody> = .none
    ) {
        self.init(
            resource.operationName,
            method: resource.method,
            path: resource.path,
            server: resource.server,
            query: resource.query,
            headers: resource.headers,
            body: resource.body,
            sampleData: resource.sampleData,
            requiresAuthorization: resource.requiresAuthorization,
            errors: errors,
            decoding: decoding
        )
        acceptsAuthorization = resource.acceptsAuthorization
    }

    /// This endpoint, sending the client's credentials when it has any (``acceptsAuthorization``).
    public func acceptingAuthorization() -> Self {
        var endpoint = self
        endpoint.acceptsAuthorization = true
        return endpoint
    }

    /// The same request, with its answers read as `decoding` says.
    public func map<Other>(_ decoding: ResponseDecoding<Other>) -> APIEndpoint<Other, ErrorBody> {
        var other = APIEndpoint<Other, ErrorBody>(
            operationName,
            method: method,
            path: path,
            server: server,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            requiresAuthorization: requiresAuthorization,
            errors: errors,
            decoding: decoding
        )
        other.timeout = timeout
        other.url = url
        other.progress = progress
        other.acceptsAuthorization = acceptsAuthorization
        return other
    }
}

/// An endpoint without documented error bodies: every status outside 200–299 is an unexpected response.
public typealias Endpoint<Response: Sendable> = APIEndpoint<Response, Never>

extension APIEndpoint where Response: Decodable {
    /// An endpoint whose response body is JSON decoded as `Response`.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        server: String? = nil,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil,
        requiresAuthorization: Bool = false,
        errors: ExpectedErrors<ErrorBody> = .none
    ) {
        self.init(
            operationName,
            method: method,
            path: path,
            server: server,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            requiresAuthorization: requiresAuthorization,
            errors: errors,
            decoding: .json
        )
    }

    /// The endpoint that sends `resource` and decodes its response as `Response`.
    public init(
        _ resource: some Resource,
        decoding _: Response.Type = Response.self,
        errors: ExpectedErrors<ErrorBody> = .none
    ) {
        self.init(resource, decoding: .json, errors: errors)
    }
}

extension APIEndpoint where Response == Void {
    /// An endpoint whose response body, if any, is ignored.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        server: String? = nil,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil,
        requiresAuthorization: Bool = false,
        errors: ExpectedErrors<ErrorBody> = .none
    ) {
        self.init(
            operationName,
            method: method,
            path: path,
            server: server,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            requiresAuthorization: requiresAuthorization,
            errors: errors,
            decoding: .ignoringBody
        )
    }

    /// The endpoint that sends `resource` and ignores its response body.
    public init(_ resource: some Resource, errors: ExpectedErrors<ErrorBody> = .none) {
        self.init(resource, decoding: .ignoringBody, errors: errors)
    }
}
