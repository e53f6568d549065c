public import Foundation

/// Sends endpoints to one API: a base URL, a transport, middleware, credentials, default headers and JSON coders.
///
/// Generated clients wrap one of these; it is also usable alone with hand-written ``APIEndpoint`` values.
public struct APIClient: Sendable {
    /// The URL every endpoint's path is appended to, but for endpoints on another server.
    public var baseURL: URL
    /// The URLs of the API's other servers by name, such as `"uploads"`: an endpoint on one of them is sent
    /// below its URL (see ``APIEndpoint/server``).
    public var servers: [String: URL]
    /// What sends the requests.
    public var transport: any HTTPTransport
    /// The steps every request passes through before the transport, first to last.
    public var middleware: [any Middleware]
    /// Headers sent with every request, before the endpoint's own.
    public var headers: [HeaderField]
    /// How credentials travel in a request.
    public var authScheme: AuthScheme
    /// The credentials sent with endpoints that require authorization; `nil` sends none.
    public var credentials: Credentials?
    /// How long to wait for each response, in seconds, unless the endpoint says otherwise.
    public var timeout: TimeInterval
    /// Decodes response bodies.
    public var decoder: JSONDecoder
    /// Encodes JSON request bodies.
    public var encoder: JSONEncoder
    /// Where the Combine and RxSwift flavours deliver responses and failures: the main queue by default, so
    /// that closures written in main-actor code (view models, top-level code), which Swift 6 isolates to the
    /// main actor, may be called by their operators. A program that never runs the main queue (a command-line
    /// tool that blocks its main thread) sets another. `async` methods return to their caller as usual.
    public var callbackQueue: DispatchQueue = .main
    /// The longest line, and the largest event, of a streamed answer, in bytes: past it the stream fails with
    /// `noResponse(.responseTooLarge)`, so a server cannot make the client hold an endless line.
    public var maxEventSize = APIClient.defaultMaxEventSize
    /// How long a streamed answer may go without a value (an event or a line), in seconds, before it fails
    /// with `noResponse(.timeout)` and its connection is closed: comments (`: keep-alive`) and a byte now and
    /// then do not count. `nil` (the default) takes the request's timeout (the endpoint's, or ``timeout``);
    /// `.infinity` waits for ever.
    public var streamIdleTimeout: TimeInterval?
    /// The most pages one iteration of a paged list fetches: past them the iteration fails with
    /// `invalidRequest`, so that a server whose next page never ends (a cursor that counts up forever) cannot
    /// keep a loop sending requests. 10,000 by default.
    public var maxPages = APIClient.defaultMaxPages
    /// The most empty pages in a row an iteration of a paged list's items fetches: past them it fails with
    /// `invalidRequest`, so that a server whose empty pages always lead to another cannot keep the loop sending
    /// requests without ever running its body (where the caller could `break`). 16 by default.
    public var maxEmptyPages = APIClient.defaultMaxEmptyPages

    /// A client for the API at `baseURL`, with coders for `dateCoding`.
    public init(
        baseURL: URL,
        servers: [String: URL] = [:],
        transport: any HTTPTransport = URLSessionTransport(),
        middleware: [any Middleware] = [],
        headers: [HeaderField] = [],
        authScheme: AuthScheme = .bearer(),
        credentials: Credentials? = nil,
        dateCoding: DateCoding = .iso8601,
        timeout: TimeInterval = 60
    ) {
        self.baseURL = baseURL
        self.servers = servers
        self.transport = transport
        self.middleware = middleware
        self.headers = headers
        self.authScheme = authScheme
        self.credentials = credentials
        self.timeout = timeout
        self.decoder = dateCoding.makeDecoder()
        self.encoder = dateCoding.makeEncoder()
    }

    /// Sends `endpoint` and returns its decoded response.
    ///
    /// When the endpoint requires authorization, the current credential is added. If the server answers 401
    /// and the credentials can be refreshed, they are refreshed (once, however many requests are waiting) and
    /// the request is sent once more with the new credential.
    public func send<Response, ErrorBody>(
        _ endpoint: APIEndpoint<Response, ErrorBody>
    ) async throws(APIError<ErrorBody>) -> Response {
        let unauthorized = try request(for: endpoint)
        defer {
            // A multipart body written to a temporary file for this request.
            if unauthorized.ownsBodyFile, let file = unauthorized.bodyFile {
                try? FileManager.default.removeItem(at: file)
            }
        }
        var credential: Credential?
        if endpoint.requiresAuthorization || endpoint.acceptsAuthorization, let credentials {
            do {
                credential = try await credentials.credential()
            } catch {
                let failure: APIError<ErrorBody> = error.retyped()
                throw failure
            }
        }
        let sentAt = ContinuousClock.now
        var response = try await send(unauthorized, with: credential, for: endpoint)
        if response.status == 401, let refused = credential, let credentials, credentials.canRefresh {
            let fresh: Credential
            do {
                fresh = try await credentials.renew(replacing: refused, sentAt: sentAt)
            } catch {
                let failure: APIError<ErrorBody> = error.retyped()
                throw failure
            }
            response = try await send(unauthorized, with: fresh, for: endpoint)
        }
        return try interpret(response, for: endpoint)
    }

    /// The request `endpoint` is sent as, before credentials and middleware.
    ///
    /// A multipart body with a file part is written to a temporary file (``TransportRequest/bodyFile``); a
    /// caller that sends the request itself removes that file afterwards.
    public func request<Response, ErrorBody>(
        for endpoint: APIEndpoint<Response, ErrorBody>
    ) throws(APIError<ErrorBody>) -> TransportRequest {
        if endpoint.path.contains(PathSegment.empty) {
            throw .invalidRequest(
                "A path parameter of \(endpoint.operationName) is empty; the request would address another path."
            )
        }
        let url = try url(for: endpoint)
        var fields: [(name: String, value: String)] = []
        for header in headers + endpoint.headers {
            guard let value = header.value else { continue }
            fields.append((header.name, value))
        }
        // A JSON answer is asked for as such, whatever the transport sends by default (AsyncHTTPClient, nothing).
        if let accept = endpoint.decoding.accept,
            !fields.contains(where: { $0.name.caseInsensitiveCompare("Accept") == .orderedSame })
        {
            fields.append(("Accept", accept))
        }
        var payload: (data: Data?, file: URL?, temporary: Bool, contentType: String)?
        if let requestBody = endpoint.body {
            do {
                payload = try requestBody.payload(with: encoder)
            } catch {
                throw .invalidRequest("The body of \(endpoint.operationName) could not be encoded: \(error)")
            }
            if let payload,
                !fields.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame })
            {
                fields.append(("Content-Type", payload.contentType))
            }
        }
        var request = TransportRequest(
            operationName: endpoint.operationName,
            method: endpoint.method,
            url: url,
            headers: fields,
            body: payload?.data,
            sampleData: endpoint.sampleData,
            timeout: endpoint.timeout ?? timeout
        )
        request.bodyFile = payload?.file
        request.ownsBodyFile = payload?.temporary ?? false
        request.downloadsToFile = endpoint.decoding.downloadsToFile
        request.streamsBody = endpoint.decoding.streamsBody
        request.progress = endpoint.progress
        return request
    }

    /// The URL `endpoint` is sent to: its path and query below the URL of its server, or its own ``APIEndpoint/url``
    /// when it is on that server's origin.
    func url<Response, ErrorBody>(
        for endpoint: APIEndpoint<Response, ErrorBody>
    ) throws(APIError<ErrorBody>) -> URL {
        if let problem = endpoint.query.lazy.compactMap(\.problem).first {
            throw .invalidRequest(problem)
        }
        var base = baseURL
        if let server = endpoint.server {
            guard let url = servers[server] else {
                throw .invalidRequest(
                    "\(endpoint.operationName) is on the server '\(server)', for which this client has no URL."
                )
            }
            base = url
        }
        let (text, url) = url(base: base, path: endpoint.path, query: endpoint.query)
        guard var url else {
            throw .invalidRequest("'\(text)' is not a valid URL.")
        }
        if let absolute = endpoint.url {
            guard RedirectPolicy.isSameOrigin(absolute, base) else {
                throw .invalidRequest(
                    "\(endpoint.operationName) would send a request to \(absolute.absoluteString), which is not on "
                        + "the origin of \(base.absoluteString); the client's requests stay on its servers."
                )
            }
            url = absolute
        }
        return url
    }

    /// Adds `credential` to `request` and sends it through the middleware to the transport.
    private func send<Response, ErrorBody>(
        _ request: TransportRequest,
        with credential: Credential?,
        for endpoint: APIEndpoint<Response, ErrorBody>
    ) async throws(APIError<ErrorBody>) -> RawResponse {
        var request = request
        if let credential {
            do {
                try authScheme.apply(credential, to: &request)
            } catch {
                let failure: APIError<ErrorBody> = error.retyped()
                throw failure
            }
        }
        // Checked before the middleware too, so no logging middleware ever writes a smuggled line; the chain
        // checks again after the last middleware, which may have added headers.
        if let problem = request.headerProblem {
            throw .invalidRequest(problem)
        }
        // A cancelled task sends nothing: a page after its reader stopped, say, or a retry after it gave up.
        if Task.isCancelled {
            throw .noResponse(TransportError(.cancelled, "The task was cancelled before the request was sent."))
        }
        do {
            return try await MiddlewareChain(middleware: middleware, transport: transport).send(request)
        } catch  where error.kind == .invalidRequest {
            throw .invalidRequest(error.message)
        } catch {
            throw .noResponse(error)
        }
    }

    /// The response value for an answer (a 2xx status, unless the endpoint documents others); otherwise the
    /// expected or unexpected error.
    private func interpret<Response, ErrorBody>(
        _ response: RawResponse,
        for endpoint: APIEndpoint<Response, ErrorBody>
    ) throws(APIError<ErrorBody>) -> Response {
        guard endpoint.decoding.accepts(response.status) else {
            guard let entry = endpoint.errors.entry(for: response.status) else {
                throw .unexpected(UnexpectedResponse(response: response))
            }
            let body: ErrorBody
            do {
                body = try entry.decode(response.body, decoder)
            } catch {
                throw .unexpected(
                    UnexpectedResponse(response: response, bodyFailure: DecodingFailure(error, response: response))
                )
            }
            throw .expected(ExpectedError(body: body, response: response))
        }
        do {
            return try endpoint.decoding.decode(response, decoder)
        } catch {
            throw .undecodableBody(DecodingFailure(error, response: response))
        }
    }

    /// The URL for `path` and `query` below the base URL, and its text (for the error when it is not valid).
    private func url(base: URL, path: String, query: [QueryItem]) -> (text: String, url: URL?) {
        var text = base.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        let pairs = query.flatMap(\.encodedPairs)
        if !pairs.isEmpty {
            text += "?" + pairs.joined(separator: "&")
        }
        return (text, URL(string: text))
    }
}

extension APIError where ErrorBody == Never {
    /// The same failure, typed for an endpoint with error bodies of `Other`: failures without an error body
    /// fit every endpoint.
    func retyped<Other>() -> APIError<Other> {
        switch self {
        case .invalidRequest(let reason): return .invalidRequest(reason)
        case .noResponse(let failure): return .noResponse(failure)
        case .undecodableBody(let failure): return .undecodableBody(failure)
        case .unexpected(let response): return .unexpected(response)
        case .authenticationFailed(let reason): return .authenticationFailed(reason)
        case .expected(let impossible): switch impossible.body {}
        }
    }
}
