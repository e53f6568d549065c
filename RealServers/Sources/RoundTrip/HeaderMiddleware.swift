import SpecsmithRuntime

/// Adds a header to every request: the credentials of a server whose description names no security scheme
/// (jupyter-server takes `Authorization: token …` though its description does not say so).
public struct HeaderMiddleware: Middleware {
    /// The header's name.
    public var name: String
    /// Its value.
    public var value: String

    /// Adds `name: value` to every request.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Sends `request` on with the header.
    public func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        var request = request
        request.headers.append((name, value))
        return try await next(request)
    }
}
