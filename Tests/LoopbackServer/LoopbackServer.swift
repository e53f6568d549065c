public import Foundation
public import Hummingbird
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Requests whose handler or response body is still running.
    private(set) var inFlight = 0

    func started() { inFlight += 1 }
    func ended() { inFlight -= 1 }

    /// Returns once no handler or response body runs, or after `limit`: stopping the server while a body is
    /// being written traps in SwiftNIO ("Deinited NIOAsyncWriter without calling finish()"), and a body the
    /// client left fails at its next write, which on a loaded machine may take seconds (a CI run trapped so
    /// with 2).
    func settled(within limit: Duration = .seconds(10)) async {
        let deadline = ContinuousClock.now + limit
        while inFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
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
        let buffer = hasBody ? try await request.collectBody(upTo: 1 << 23) : ByteBuffer()
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
        await log.started()
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            await log.ended()
            throw error
        }
        // The request ends once its body is written, or fails to be.
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { [log] writer in
            do {
                try await body.write(writer)
                await log.ended()
            } catch {
                await log.ended()
                throw error
            }
        }
        return response
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
            await log.settled()
            group.cancelAll()
            return value
        } catch {
            await log.settled()
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

/// Runs `body` with the URL of a loopback port that refuses connections: bound, so that no server another test
/// starts meanwhile can take it (a port whose server had just stopped was once taken so, and answered), but
/// not listening.
public func withRefusingPort<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw RefusingPortError() }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
        throw RefusingPortError()
    }
    return try await body(url)
}

/// A loopback port could not be bound.
struct RefusingPortError: Error {}
