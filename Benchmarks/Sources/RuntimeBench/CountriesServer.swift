import Foundation
import Hummingbird
import Logging
import NIOCore

/// Runs `body` while a Hummingbird server on an ephemeral port of 127.0.0.1 answers
/// `GET /v1/regions/{region}/countries` with `countries`, then stops the server.
func withCountriesServer<Value: Sendable>(
    countries: Data,
    _ body: @Sendable (URL) async throws -> Value
) async throws -> Value {
    let router = Router()
    let buffer = ByteBuffer(bytes: countries)
    router.get("v1/regions/:region/countries") { _, _ in
        Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: buffer)
        )
    }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "CountriesServer")
    logger.logLevel = .critical
    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        },
        logger: logger
    )
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            group.cancelAll()
            throw BaselineClient.Failure(message: "the server did not start")
        }
        defer { group.cancelAll() }
        return try await body(URL(string: "http://127.0.0.1:\(port)/v1")!)
    }
}
