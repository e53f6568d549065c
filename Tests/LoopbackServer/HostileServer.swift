public import Foundation
import NIOCore
import NIOPosix

/// A request as the hostile server read it.
public struct RawRequest: Sendable {
    /// The method, such as `POST`.
    public var method: String
    /// The request target: path and query as sent.
    public var target: String
    /// The headers in the order they came, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body, as long as `Content-Length` said.
    public var body: Data
    /// How many requests came on the same connection before this one (after a `keepOpen` reply).
    public var earlierOnItsConnection = 0

    /// The value of the header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// What the hostile server does after reading a request.
public enum HostileReply: Sendable {
    /// Writes these bytes as they are (a status line, headers and a body of its choosing), then closes.
    case bytes(Data)
    /// Writes `head`, then `chunk` every millisecond until the client closes the connection (or a minute
    /// passes). Paced: on Linux, FoundationNetworking queues each chunk it reads for its delegate without
    /// back-pressure, so bytes at loopback speed would pile up in the client faster than it can cancel.
    case endless(head: Data, chunk: Data)
    /// Reads the request and never answers.
    case silence
    /// Writes these bytes as they are, then waits on the same connection for another request: a keep-alive
    /// answer, which the client's pool keeps for its next request.
    case keepOpen(Data)
    /// Reads the request and closes the connection without a byte of answer: what a client meets when the
    /// server closed the idle connection it picked just as the request went out.
    case drop

    /// A response written by hand: `status` with `headers` and `body`, `Content-Length` added unless given.
    public static func response(_ status: Int, headers: [(String, String)] = [], body: Data = Data()) -> HostileReply {
        var text = "HTTP/1.1 \(status) Status\r\n"
        var hasLength = false
        for (name, value) in headers {
            text += "\(name): \(value)\r\n"
            if name.lowercased() == "content-length" || name.lowercased() == "transfer-encoding" { hasLength = true }
        }
        if !hasLength { text += "Content-Length: \(body.count)\r\n" }
        text += "Connection: close\r\n\r\n"
        return .bytes(Data(text.utf8) + body)
    }
}

/// Every request a hostile server read, in order.
public actor RawRequestLog {
    /// The requests so far.
    public private(set) var requests: [RawRequest] = []

    func record(_ request: RawRequest) { requests.append(request) }
}

/// Runs `body` while a misbehaving HTTP server listens on an ephemeral port of 127.0.0.1: it answers each
/// request exactly as `reply` says, down to the bytes (truncated bodies, endless bodies, lying headers,
/// silence), one request per connection unless a reply keeps it open. SwiftNIO, not Hummingbird: a well-behaved server cannot misbehave.
public func withHostileServer<Value: Sendable>(
    _ reply: @escaping @Sendable (RawRequest) -> HostileReply,
    _ body: (URL, RawRequestLog) async throws -> Value
) async throws -> Value {
    let log = RawRequestLog()
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let channel = try await ServerBootstrap(group: group)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(HostileHandler(reply: reply, log: log))
            }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
    let port = channel.localAddress?.port ?? 0
    do {
        let value = try await body(URL(string: "http://127.0.0.1:\(port)")!, log)
        try? await channel.close()
        try? await group.shutdownGracefully()
        return value
    } catch {
        try? await channel.close()
        try? await group.shutdownGracefully()
        throw error
    }
}

/// Reads one request from a connection and answers it as scripted.
private final class HostileHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let reply: @Sendable (RawRequest) -> HostileReply
    let log: RawRequestLog
    private var received = Data()
    private var answered = false
    /// How many requests were answered on this connection and left it open.
    private var keptOpen = 0

    init(reply: @escaping @Sendable (RawRequest) -> HostileReply, log: RawRequestLog) {
        self.reply = reply
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
        guard !answered, let (parsed, length) = parse() else { return }
        var request = parsed
        request.earlierOnItsConnection = keptOpen
        answered = true
        let log = log
        Task { await log.record(request) }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        switch reply(request) {
        case .bytes(let bytes):
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).whenComplete { _ in
                bound.value.close(promise: nil)
            }
        case .endless(let head, let chunk):
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: head)), promise: nil)
            writeForever(ByteBuffer(bytes: chunk), context: bound)
        case .silence:
            break
        case .keepOpen(let bytes):
            received.removeFirst(length)
            keptOpen += 1
            answered = false
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
        case .drop:
            context.close(promise: nil)
        }
    }

    private func writeForever(
        _ chunk: ByteBuffer,
        context: NIOLoopBound<ChannelHandlerContext>,
        remaining: Int = 60_000
    ) {
        context.value.writeAndFlush(wrapOutboundOut(chunk)).whenComplete { result in
            guard case .success = result, context.value.channel.isActive, remaining > 0 else {
                context.value.close(promise: nil)
                return
            }
            context.value.eventLoop.scheduleTask(in: .milliseconds(1)) {
                self.writeForever(chunk, context: context, remaining: remaining - 1)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// The request, once its head and `Content-Length` bytes of body have arrived, and how many bytes it took.
    private func parse() -> (RawRequest, Int)? {
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        let body = received[end.upperBound...]
        guard body.count >= length else { return nil }
        let request = RawRequest(
            method: String(requestLine[0]),
            target: String(requestLine[1]),
            headers: headers,
            body: Data(body.prefix(length))
        )
        return (request, received.distance(from: received.startIndex, to: end.upperBound) + length)
    }
}
