import Foundation
import SpecsmithRuntime

/// One request a client sent and the response it got, as bytes: what the checks compare the decoded value with.
public struct Exchange: Sendable {
    /// The operation's name in the description (its `operationId`, or the name the generator gave it).
    public var operation: String
    /// The method and URL, for messages.
    public var request: String
    /// The body sent, if any.
    public var requestBody: Data?
    /// The status, or `nil` when no response came.
    public var status: Int?
    /// The body received.
    public var responseBody: Data
}

/// The exchanges of a client, in order: a middleware that records each one.
public final class Exchanges: Middleware, @unchecked Sendable {
    private let lock = NSLock()
    private var all: [Exchange] = []

    /// An empty record.
    public init() {}

    /// How many exchanges there are so far.
    public var count: Int { lock.withLock { all.count } }

    /// The exchanges from `start` on.
    public func since(_ start: Int) -> [Exchange] {
        lock.withLock { Array(all[min(start, all.count)...]) }
    }

    /// Sends `request` on and records it with its response.
    public func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        var exchange = Exchange(
            operation: request.operationName,
            request: "\(request.method.rawValue) \(request.url.absoluteString)",
            requestBody: request.body,
            status: nil,
            responseBody: Data()
        )
        do {
            let response = try await next(request)
            exchange.status = response.status
            exchange.responseBody = response.body
            lock.withLock { all.append(exchange) }
            return response
        } catch {
            lock.withLock { all.append(exchange) }
            throw error
        }
    }
}
