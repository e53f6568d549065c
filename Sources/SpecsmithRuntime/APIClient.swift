public import Foundation

/// Sends endpoints to one API: a base URL, a transport, default headers and JSON coders.
public struct APIClient: Sendable {
    /// The URL every endpoint's path is appended to.
    public var baseURL: URL
    /// What sends the requests.
    public var transport: any HTTPTransport
    /// Headers sent with every request, before the endpoint's own.
    public var headers: [HeaderField]
    /// How long to wait for each response, in seconds.
    public var timeout: TimeInterval
    /// Decodes response bodies.
    public var decoder: JSONDecoder
    /// Encodes JSON request bodies.
    public var encoder: JSONEncoder

    /// A client for the API at `baseURL`, with coders for `dateCoding`.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        headers: [HeaderField] = [],
        dateCoding: DateCoding = .iso8601,
        timeout: TimeInterval = 60
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.headers = headers
        self.timeout = timeout
        self.decoder = dateCoding.makeDecoder()
        self.encoder = dateCoding.makeEncoder()
    }

    /// Sends `endpoint` and returns its decoded response.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        let request = try request(for: endpoint)
        let response: RawResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .noResponse(error)
        }
        guard (200..<300).contains(response.status) else {
            throw .unacceptableStatus(response)
        }
        do {
            return try endpoint.decode(response.body, decoder)
        } catch {
            throw .undecodableBody(DecodingFailure(error, response: response))
        }
    }

    /// The request `endpoint` is sent as.
    public func request<Response>(for endpoint: Endpoint<Response>) throws(APIError) -> TransportRequest {
        let url = try url(path: endpoint.path, query: endpoint.query)
        var fields: [(name: String, value: String)] = []
        for header in headers + endpoint.headers {
            guard let value = header.value else { continue }
            fields.append((header.name, value))
        }
        var body: Data?
        if let requestBody = endpoint.body {
            do {
                body = try requestBody.encoded(with: encoder)
            } catch {
                throw .invalidRequest("The body of \(endpoint.operationName) could not be encoded: \(error)")
            }
            if !fields.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                fields.append(("Content-Type", requestBody.contentType))
            }
        }
        return TransportRequest(
            operationName: endpoint.operationName,
            method: endpoint.method,
            url: url,
            headers: fields,
            body: body,
            sampleData: endpoint.sampleData,
            timeout: timeout
        )
    }

    private func url(path: String, query: [QueryItem]) throws(APIError) -> URL {
        var text = baseURL.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        let pairs = query.flatMap(\.encodedPairs)
        if !pairs.isEmpty {
            text += "?" + pairs.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest("'\(text)' is not a valid URL.")
        }
        return url
    }
}
