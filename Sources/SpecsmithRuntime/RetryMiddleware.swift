import Foundation

/// Sends an idempotent request again when it failed for a reason that may pass: no connectivity, or status
/// 429, 502, 503 or 504. Waits between attempts with exponential backoff and full jitter, or as long as a
/// `Retry-After` header asks (capped at ``maxDelay``).
///
/// A `POST` or `PATCH` is retried only when the answer says the server did not act on it: a status among
/// ``unprocessedStatuses`` (`429 Too Many Requests` unless given: a rate limit refuses a request before it is
/// processed), never after a lost connection or a `502`/`504`, when the server may have acted on the first
/// attempt. For an API whose `503` also says the request was not processed (a server that answers `503` when its
/// database is busy, or an LLM API that is overloaded), add it to ``unprocessedStatuses``; to retry a method's
/// every failure, add it to ``methods``.
public struct RetryMiddleware: Middleware {
    /// How many times a request is sent at most, the first attempt included.
    public var maxAttempts: Int
    /// The delay before the first retry, doubled for each later one (before jitter).
    public var baseDelay: Duration
    /// The longest wait between attempts, whatever backoff or `Retry-After` says.
    public var maxDelay: Duration
    /// The statuses that are retried.
    public var statuses: Set<Int>
    /// The methods that are retried on any of ``statuses`` and on connectivity errors: ``idempotentMethods``
    /// unless given.
    public var methods: Set<HTTPMethod>
    /// The statuses that say the server did not process the request, retried whatever the method: `[429]` unless
    /// given.
    public var unprocessedStatuses: Set<Int>
    /// Waits between attempts; replaceable so tests need not wait.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A random fraction in 0...1 for each wait; replaceable for deterministic tests.
    public var random: @Sendable () -> Double

    /// Retries requests of `methods` (and any request answered one of `unprocessedStatuses`) up to
    /// `maxAttempts - 1` times, starting at `baseDelay` and never waiting longer than `maxDelay`.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(30),
        statuses: Set<Int> = [429, 502, 503, 504],
        methods: Set<HTTPMethod> = RetryMiddleware.idempotentMethods,
        unprocessedStatuses: Set<Int> = [429],
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.statuses = statuses
        self.methods = methods
        self.unprocessedStatuses = unprocessedStatuses
        self.sleep = sleep
        self.random = random
    }

    /// The methods that may be sent twice with the effect of once.
    public static let idempotentMethods: Set<HTTPMethod> = [.get, .head, .put, .delete]

    /// Sends `request`, again after a wait while it fails in a retryable way and attempts remain.
    public func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        let anyFailure = methods.contains(request.method)
        guard anyFailure || !unprocessedStatuses.isEmpty else {
            return try await next(request)
        }
        var attempt = 1
        while true {
            let wait: Duration
            do {
                let response = try await next(request)
                let retried =
                    unprocessedStatuses.contains(response.status) || (anyFailure && statuses.contains(response.status))
                guard retried, attempt < maxAttempts else { return response }
                wait = delay(afterAttempt: attempt, retryAfter: response.header("Retry-After"))
            } catch {
                // A lost connection may have lost the answer to a request the server acted on.
                guard anyFailure, error.kind == .connectivity, attempt < maxAttempts else { throw error }
                wait = delay(afterAttempt: attempt, retryAfter: nil)
            }
            do {
                try await sleep(wait)
            } catch {
                throw TransportError(.cancelled, "The request was cancelled while waiting to retry.")
            }
            attempt += 1
        }
    }

    /// How long to wait after `attempt` failed: what `Retry-After` asks for, else `baseDelay × 2^(attempt-1)`
    /// scaled by a random fraction (full jitter); never more than `maxDelay`.
    public func delay(afterAttempt attempt: Int, retryAfter: String?) -> Duration {
        // Clamped as a number first: `Duration` traps on values as large as `1e300`, and `inf` or `nan` mean
        // nothing; those fall back to backoff, and so do a negative number and a date already past, which would
        // otherwise retry at once, however often the server asks.
        if let retryAfter, let seconds = Self.seconds(retryAfter: retryAfter), seconds.isFinite, seconds > 0 {
            let cap = Double(maxDelay.components.seconds) + Double(maxDelay.components.attoseconds) / 1e18
            return seconds >= cap ? maxDelay : .seconds(seconds)
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 30))
        return min(exponential, maxDelay) * random()
    }

    /// The seconds a `Retry-After` value asks for: a number of seconds, or an HTTP date.
    static func seconds(retryAfter value: String, now: Date = Date()) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return date.timeIntervalSince(now)
    }
}
