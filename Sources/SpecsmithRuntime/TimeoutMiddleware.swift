/// Gives up on a request, everything after this middleware included (retries too), once `limit` has passed.
///
/// Put it first to bound the whole exchange; a single attempt is also bounded by the client's timeout and
/// the endpoint's ``APIEndpoint/timeout``.
public struct TimeoutMiddleware: Middleware {
    /// The time allowed.
    public var limit: Duration

    /// Bounds each request at `limit`.
    public init(_ limit: Duration) {
        self.limit = limit
    }

    /// Sends `request` with `next`, cancelling it with a timeout error if `limit` passes first.
    public func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        try await withTimeout(limit) { () async throws(TransportError) in try await next(request) }
    }
}

/// Runs `operation`, cancelling it and failing with a timeout if `limit` passes first.
func withTimeout(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws(TransportError) -> RawResponse
) async throws(TransportError) -> RawResponse {
    let outcome = await withTaskGroup(of: Swift.Result<RawResponse, TransportError>?.self) { group in
        group.addTask {
            do throws(TransportError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        group.addTask {
            do {
                try await Task.sleep(for: limit)
            } catch {
                return nil
            }
            return .failure(TransportError(.timeout, "No response within \(limit)."))
        }
        var first: Swift.Result<RawResponse, TransportError>?
        while first == nil, let next = await group.next() {
            first = next
        }
        group.cancelAll()
        return first ?? .failure(TransportError(.cancelled, "The request was cancelled."))
    }
    return try outcome.get()
}
