import Foundation

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
///
/// The deadline is a dispatch timer cancelled as soon as `operation` ends: `Task.sleep` would keep each
/// request's timer alive until its deadline even after a cancellation, about 0.7 KB per request for the
/// timeout's length.
func withTimeout(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws(TransportError) -> RawResponse
) async throws(TransportError) -> RawResponse {
    let work = Task { () async -> Swift.Result<RawResponse, TransportError> in
        do throws(TransportError) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
    let deadline = Deadline(after: limit) { work.cancel() }
    let outcome = await withTaskCancellationHandler {
        await work.value
    } onCancel: {
        work.cancel()
    }
    let inTime = deadline.cancel()
    if case .failure = outcome, !inTime {
        throw TransportError(.timeout, "No response within \(limit).")
    }
    return try outcome.get()
}

/// A dispatch timer that runs an action once at a deadline unless cancelled first.
final class Deadline: @unchecked Sendable {
    /// Counts the deadlines scheduled and neither passed nor cancelled, for tests: a test sets one for the
    /// requests it sends (`Deadline.$pending.withValue(counter) { … }`).
    @TaskLocal static var pending: Counter?

    /// A count that deadlines move from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        /// The count now.
        var value: Int { lock.withLock { count } }

        func add(_ change: Int) { lock.withLock { count += change } }
    }

    private let lock = NSLock()
    private var timer: (any DispatchSourceTimer)?
    private var passed = false
    private let counter: Counter?

    /// Runs `action` once `limit` has passed, unless ``cancel()`` comes first.
    init(after limit: Duration, action: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        let timer = DispatchSource.makeTimerSource(queue: .global())
        self.timer = timer
        counter = Self.pending
        counter?.add(1)
        timer.setEventHandler { [weak self] in
            guard let self, self.end(passed: true) else { return }
            action()
        }
        timer.schedule(deadline: .now() + .nanoseconds(Int(min(nanoseconds, 1e18))))
        timer.resume()
    }

    /// Cancels the deadline; returns `false` when it had already passed.
    @discardableResult
    func cancel() -> Bool {
        end(passed: false)
        return lock.withLock { !passed }
    }

    /// Ends the deadline once; returns whether this call ended it.
    @discardableResult
    private func end(passed: Bool) -> Bool {
        let timer: (any DispatchSourceTimer)? = lock.withLock {
            defer { self.timer = nil }
            if passed && self.timer != nil { self.passed = true }
            return self.timer
        }
        guard let timer else { return false }
        timer.cancel()
        counter?.add(-1)
        return true
    }

    deinit {
        end(passed: false)
    }
}
