public import Foundation
public import Hummingbird
import Logging
import NIOCore

/// A request as the loopback server received it.
public struct RecordedRequest: Sendable, Hashable {
    /// The method, such as `GET`.
    public var method: String
    /// The path and query exactly as they arrived, still percent-encoded.
    public var uri: String
    /// The headers, names lower-cased.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
}

/// Every request a loopback server received, in order.
public actor RequestLog {
    /// The requests so far.
    public private(set) var requests: [RecordedRequest] = []

    /// An empty log.
    public init() {}

    func record(_ request: RecordedRequest) {
        requests.append(request)
    }
}

/// Records each request in a ``RequestLog`` before the router handles it.
struct RecordingMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: RequestLog

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        // A request without a body keeps its original body stream, so handlers can still watch for the
        // client closing the connection (`consumeWithCancellationOnInboundClose`).
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        let buffer = hasBody ? try await request.collectBody(upTo: 1 << 20) : ByteBuffer()
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        await log.record(
            RecordedRequest(
                method: request.method.rawValue,
                uri: request.uri.description,
                headers: headers,
                body: Data(buffer.readableBytesView)
            )
        )
        return try await next(request, context)
    }
}

/// Runs `body` while a real HTTP server listens on an ephemeral port of 127.0.0.1, then stops the server.
///
/// `configure` adds routes; `body` gets the server's base URL and its request log, and runs on the caller's
/// actor (a main-actor test's body is main-actor code).
public func withLoopbackServer<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (Router<BasicRequestContext>) -> Void,
    _ body: (URL, RequestLog) async throws -> Value
) async throws -> Value {
    let log = RequestLog()
    let router = Router()
    router.add(middleware: RecordingMiddleware(log: log))
    configure(router)
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "LoopbackServer")
    logger.logLevel = .critical  // Shutting down mid-connection is expected here, not worth a log line.
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
        group.addTask {
            try await app.runService(gracefulShutdownSignals: [])
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            group.cancelAll()
            throw LoopbackServerError.didNotStart
        }
        let url = URL(string: "http://127.0.0.1:\(port)")!
        do {
            let value = try await body(url, log)
            group.cancelAll()
            return value
        } catch {
            group.cancelAll()
            throw error
        }
    }
}

/// Why the loopback server could not be used.
public enum LoopbackServerError: Error {
    /// The server never reported a listening port.
    case didNotStart
}

extension Response {
    /// A response with a JSON body.
    public static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// A response with a JSON body given as text.
    public static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        json(Data(text.utf8), status: status)
    }
}
