public import Foundation

/// Sends requests and returns responses: URLSession by default, stubs in tests and previews.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response whatever its status; throws only when no response arrived.
    func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse
}

/// A request ready to send.
public struct TransportRequest: Sendable {
    /// The endpoint's name in the spec.
    public var operationName: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// The full URL.
    public var url: URL
    /// The headers in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body bytes, if any.
    public var body: Data?
    /// The endpoint's sample response body, for stub transports.
    public var sampleData: Data?
    /// How long to wait for a response, in seconds.
    public var timeout: TimeInterval

    /// A request with these parts.
    public init(
        operationName: String,
        method: HTTPMethod,
        url: URL,
        headers: [(name: String, value: String)] = [],
        body: Data? = nil,
        sampleData: Data? = nil,
        timeout: TimeInterval = 60
    ) {
        self.operationName = operationName
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.sampleData = sampleData
        self.timeout = timeout
    }

    /// The value of the header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
