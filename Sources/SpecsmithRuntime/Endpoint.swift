public import Foundation

/// A request to an API together with the type of its response: every fact about one endpoint in one value.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The endpoint's name in the spec, used by stubs and logs.
    public var operationName: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the client's base URL, with path parameters already percent-encoded.
    public var path: String
    /// The query parameters.
    public var query: [QueryItem]
    /// The headers of this endpoint, sent after the client's default headers.
    public var headers: [HeaderField]
    /// The body, if any.
    public var body: RequestBody?
    /// A sample response body, answered by ``StubTransport``.
    public var sampleData: Data?
    /// Turns a successful response body into the response value.
    public var decode: @Sendable (Data, JSONDecoder) throws -> Response

    /// An endpoint whose response is decoded by `decode`.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil,
        decode: @escaping @Sendable (Data, JSONDecoder) throws -> Response
    ) {
        self.operationName = operationName
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.sampleData = sampleData
        self.decode = decode
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose response body is JSON decoded as `Response`.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil
    ) {
        self.init(
            operationName,
            method: method,
            path: path,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            decode: { data, decoder in try decoder.decode(Response.self, from: data) }
        )
    }

    /// The endpoint that sends `resource` and decodes its response as `Response`.
    public init(_ resource: some Resource, decoding _: Response.Type = Response.self) {
        self.init(
            resource.operationName,
            method: resource.method,
            path: resource.path,
            query: resource.query,
            headers: resource.headers,
            body: resource.body,
            sampleData: resource.sampleData
        )
    }
}

extension Endpoint where Response == Void {
    /// An endpoint whose response body, if any, is ignored.
    public init(
        _ operationName: String,
        method: HTTPMethod,
        path: String,
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        body: RequestBody? = nil,
        sampleData: Data? = nil
    ) {
        self.init(
            operationName,
            method: method,
            path: path,
            query: query,
            headers: headers,
            body: body,
            sampleData: sampleData,
            decode: { _, _ in }
        )
    }

    /// The endpoint that sends `resource` and ignores its response body.
    public init(_ resource: some Resource) {
        self.init(
            resource.operationName,
            method: resource.method,
            path: resource.path,
            query: resource.query,
            headers: resource.headers,
            body: resource.body,
            sampleData: resource.sampleData
        )
    }
}
