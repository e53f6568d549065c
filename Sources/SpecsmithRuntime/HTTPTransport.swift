public import Foundation

/// Sends requests and returns responses: URLSession by default, stubs in tests and previews.
///
/// A transport of your own sends ``TransportRequest/bodyFile`` (the contents of that file) when it is set
/// instead of ``TransportRequest/body``, and may honour ``TransportRequest/downloadsToFile`` by answering
/// with ``RawResponse/bodyFile``; when it answers in memory, the client writes the file itself. Likewise it may
/// honour ``TransportRequest/streamsBody`` by answering with ``RawResponse/bodyStream``.
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
    /// A body too large to hold in memory: the file whose contents are the body, which the transport streams
    /// (``body`` is then `nil`). A transport that cannot stream reads it itself.
    public var bodyFile: URL?
    /// Whether a 2xx response's body goes to a temporary file (``RawResponse/bodyFile``) rather than into
    /// memory: a large download. A transport that does not support it answers in memory, and the client
    /// writes the file itself.
    public var downloadsToFile = false
    /// Whether a 2xx response's body is handed over as it arrives (``RawResponse/bodyStream``) rather than
    /// collected: a stream of events. The transport returns as soon as the status and headers are in, and
    /// ``timeout`` covers only that wait. A transport that cannot stream answers in memory, and the client reads
    /// the whole body as one chunk.
    public var streamsBody = false
    /// Told how far the body has gone out and the response's body has come in, as they move: transports that
    /// can tell report it (``URLSessionTransport`` does, ``StubTransport`` reports its answer at once); `nil`
    /// for none.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// Whether ``bodyFile`` was written for this request (a multipart body), and is removed once it is sent.
    var ownsBodyFile = false
    /// The endpoint's sample response body, for stub transports.
    public var sampleData: Data?
    /// How long to wait for a response, in seconds.
    public var timeout: TimeInterval
    /// Lower-cased names of headers and query parameters that carry secrets, such as the credential's header;
    /// logs and cURL renderings redact them, besides the usual ones (see ``Redaction``).
    public var sensitiveNames: Set<String> = []

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

    /// Sets the header `name` to `value`, replacing any header of that name.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// Why this request must not be sent: a header name that is not a token, or a header value containing a
    /// line break (CR or LF), which would let it smuggle more headers; `nil` when it is fine.
    public var headerProblem: String? {
        for (name, value) in headers {
            if name.isEmpty || name.unicodeScalars.contains(where: { !Self.tokenCharacters.contains($0) }) {
                return "The header name '\(name)' is not a valid HTTP header name."
            }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
                return "The value of the header '\(name)' contains a line break (CR or LF); it was not sent."
            }
            if value.unicodeScalars.contains("\0") {
                return "The value of the header '\(name)' contains a NUL character; it was not sent."
            }
        }
        return nil
    }

    private static let tokenCharacters = CharacterSet(
        charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    )
}
