/// A step every request of a client passes through, in order, on its way to the transport.
///
/// A middleware can change the request, change the response, answer without sending, or send more than once
/// (retry) by calling `next` again. The first middleware of a client's list sees the request first and the
/// response last.
public protocol Middleware: Sendable {
    /// Handles `request`, passing it on with `next`, and returns the response.
    func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse
}

/// Sends through `middleware` in order, then `transport`.
struct MiddlewareChain: Sendable {
    var middleware: [any Middleware]
    var transport: any HTTPTransport

    func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        try await send(request, from: middleware[...])
    }

    private func send(
        _ request: TransportRequest,
        from remaining: ArraySlice<any Middleware>
    ) async throws(TransportError) -> RawResponse {
        guard let first = remaining.first else {
            if let problem = request.headerProblem {
                throw TransportError(.invalidRequest, problem)
            }
            return try await transport.send(request)
        }
        let rest = remaining.dropFirst()
        return try await first.intercept(request) { request throws(TransportError) in
            try await send(request, from: rest)
        }
    }
}
