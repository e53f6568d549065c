public import Hummingbird
import Logging

/// Why a benchmark could not run.
public struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Runs `body` with the port of a Hummingbird server on 127.0.0.1 whose routes `configure` adds, then stops the
/// server: what `runtime-bench` and `server-bench` serve from.
public func withLoopbackRouter<Value: Sendable>(
    _ configure: (Router<BasicRequestContext>) throws -> Void,
    _ body: (Int) async throws -> Value
) async throws -> Value {
    let router = Router()
    try configure(router)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "bench-server")
    logger.logLevel = .critical
    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        },
        logger: logger
    )
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            group.cancelAll()
            throw BenchFailure("the server did not start")
        }
        defer { group.cancelAll() }
        return try await body(port)
    }
}
