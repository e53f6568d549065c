import Foundation

/// Logs each request and its outcome: method, URL, status and duration, with secrets redacted.
///
/// ```swift
/// LoggingMiddleware { line in logger.debug("\(line)") }
/// ```
/// prints `→ GET https://api.example.com/customer/profile` and `← 200 GET https://… (12 ms)`. Headers and
/// bodies are logged only when asked for, and their secrets are masked by ``Redaction``.
public struct LoggingMiddleware: Middleware {
    /// What to log besides method, URL, status and duration.
    public struct Detail: OptionSet, Sendable, Hashable {
        /// The bits of the set.
        public let rawValue: Int

        /// A set from its bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Request headers, redacted.
        public static let headers = Detail(rawValue: 1)
        /// Request bodies, redacted.
        public static let bodies = Detail(rawValue: 2)
    }

    /// What is hidden.
    public var redaction: Redaction
    /// What is logged besides the summary lines.
    public var detail: Detail
    /// Receives each line.
    public var log: @Sendable (String) -> Void

    /// Logs each request's summary (and `detail`) to `log`, hiding what `redaction` names.
    public init(
        redaction: Redaction = .default,
        detail: Detail = [],
        log: @escaping @Sendable (String) -> Void
    ) {
        self.redaction = redaction
        self.detail = detail
        self.log = log
    }

    /// Logs `request`, sends it with `next`, and logs the response or the failure with the duration.
    public func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        let summary = "\(request.method.rawValue) \(redaction.url(of: request))"
        var lines = ["→ \(summary)"]
        if detail.contains(.headers) {
            lines += redaction.headers(of: request).map { "  \($0.name): \($0.value)" }
        }
        if detail.contains(.bodies), let body = redaction.body(of: request) {
            lines.append("  \(body)")
        }
        log(lines.joined(separator: "\n"))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            log("← \(response.status) \(summary) (\(Self.milliseconds(clock.now - start)) ms)")
            return response
        } catch {
            log("← \(error.kind.rawValue) \(summary) (\(Self.milliseconds(clock.now - start)) ms): \(error.message)")
            throw error
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
