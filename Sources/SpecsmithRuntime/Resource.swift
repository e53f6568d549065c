public import Foundation

/// An API resource described by its parts, usually an enumeration with one case per endpoint.
///
/// Send one with ``APIClient/send(_:)`` after wrapping it in an ``Endpoint`` that names the response type.
public protocol Resource: Sendable {
    /// The endpoint's name in the spec, used by stubs and logs.
    var operationName: String { get }
    /// The HTTP method.
    var method: HTTPMethod { get }
    /// The path below the client's base URL, with path parameters already percent-encoded.
    var path: String { get }
    /// The name of the server the resource is on, when not on the client's base URL.
    var server: String? { get }
    /// The query parameters.
    var query: [QueryItem] { get }
    /// The headers of this resource.
    var headers: [HeaderField] { get }
    /// The body, if any.
    var body: RequestBody? { get }
    /// A sample response body, answered by ``StubTransport``.
    var sampleData: Data? { get }
    /// Whether the client's credentials are sent with this resource.
    var requiresAuthorization: Bool { get }
    /// Whether the client's credentials, when it has any, are sent although the resource needs none.
    var acceptsAuthorization: Bool { get }
}

extension Resource {
    /// The client's base URL.
    public var server: String? { nil }
    /// No query parameters.
    public var query: [QueryItem] { [] }
    /// No headers.
    public var headers: [HeaderField] { [] }
    /// No body.
    public var body: RequestBody? { nil }
    /// No sample data.
    public var sampleData: Data? { nil }
    /// No credentials.
    public var requiresAuthorization: Bool { false }
    /// No credentials.
    public var acceptsAuthorization: Bool { false }
}
