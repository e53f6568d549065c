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
/// Which came first is decided where `operation` ends, not where its caller resumes: a failure `operation`
/// met before the deadline (a refused connection) is reported as itself even when the caller's task runs
/// again only after the deadline, and only a failure that ended after the deadline is a timeout.
///
/// The deadline is a dispatch timer cancelled as soon as `operation` ends: `Task.sleep` would keep each
/// request's timer alive until its deadline even after a cancellation, about 0.7 KB per request for the
/// timeout's length.
func withTimeout(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws(TransportError) -> RawResponse
) async throws(TransportError) -> RawResponse {
    let deadline = Deadline()
    let work = Task { () async -> (outcome: Swift.Result<RawResponse, TransportError>, inTime: Bool) in
        let outcome: Swift.Result<RawResponse, TransportError>
        do throws(TransportError) {
            outcome = .success(try await operation())
        } catch {
            outcome = .failure(error)
        }
        return (outcome, deadline.cancel())
    }
    deadline.start(after: limit) { work.cancel() }
    let ended = await withTaskCancellationHandler {
        await work.value
    } onCancel: {
        work.cancel()
    }
    if case .failure = ended.outcome, !ended.inTime {
        throw TransportError(.timeout, "No response within \(limit).")
    }
    return try ended.outcome.get()
}

/// A dispatch timer that runs an action once at a deadline unless cancelled first.
///
/// It is made first and started later, so that the work it bounds can hold it: ``cancel()`` before
/// ``start(after:action:)`` ends it, and the start then schedules nothing.
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

    /// Where a deadline is.
    private enum State {
        case waiting
        case scheduled(any DispatchSourceTimer)
        case ended(passed: Bool)
    }

    private let lock = NSLock()
    private var state = State.waiting
    private let counter: Counter?

    /// A deadline not yet started.
    init() {
        counter = Self.pending
    }

    /// Runs `action` once `limit` has passed, unless ``cancel()`` comes first (or came already).
    func start(after limit: Duration, action: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        // A timer is made only to be resumed, and resumed before anyone can cancel it: dispatch stops the
        // process when a suspended one is released.
        lock.withLock {
            guard case .waiting = state else { return }
            counter?.add(1)
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.setEventHandler { [weak self] in
                guard let self, self.end(passed: true) else { return }
                action()
            }
            timer.schedule(deadline: .now() + .nanoseconds(Int(min(nanoseconds, 1e18))))
            state = .scheduled(timer)
            timer.resume()
        }
    }

    /// Cancels the deadline; returns `false` when it had already passed.
    @discardableResult
    func cancel() -> Bool {
        end(passed: false)
        return lock.withLock {
            if case .ended(passed: true) = state { return false }
            return true
        }
    }

    /// Ends the deadline once; returns whether this call ended a scheduled deadline.
    @discardableResult
    private func end(passed: Bool) -> Bool {
        let timer: (any DispatchSourceTimer)? = lock.withLock {
            switch state {
            case .waiting:
                state = .ended(passed: false)
                return nil
            case .scheduled(let timer):
                state = .ended(passed: passed)
                return timer
            case .ended:
                return nil
            }
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
