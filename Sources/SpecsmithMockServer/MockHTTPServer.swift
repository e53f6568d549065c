import Foundation
public import SpecsmithCore

#if MockServer
    import HTTPTypes
    import Hummingbird
    import Logging
    import NIOCore
#else
    #error(
        "SpecsmithMockServer needs the package trait MockServer: in Package.swift, `.package(url: …, from: …, traits: [\"MockServer\"])`; in Xcode, tick MockServer among the package's traits; Specsmith's own build: `swift build --enable-all-traits`"
    )
#endif

/// A ``MockServer`` served over HTTP (Hummingbird, on SwiftNIO): what `specsmith-mock` runs, and what tests
/// start on an ephemeral port to run generated clients against.
public struct MockHTTPServer: Sendable {
    /// What answers the requests.
    public var mock: MockServer
    /// The address to listen on, such as `127.0.0.1` or `0.0.0.0`.
    public var host: String
    /// The port to listen on; 0 for any free one.
    public var port: Int
    /// Latency added to every answer, beside what a request asks for with `Prefer: latency=…`.
    public var latency: Duration
    /// Receives a line per request: `GET /countries/name/Germany → 200 countryByName (0.4 ms)`.
    public var log: @Sendable (String) -> Void

    /// The largest request body read; a larger one is answered with 413.
    public static let maxBody = 64 << 20

    /// A server of `mock` on `host`:`port`.
    public init(
        mock: MockServer,
        host: String = "127.0.0.1",
        port: Int = 8080,
        latency: Duration = .zero,
        log: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.mock = mock
        self.host = host
        self.port = port
        self.latency = latency
        self.log = log
    }

    /// Serves until the task is cancelled; `onRunning` gets the port it listens on.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let mock = self.mock
        let latency = self.latency
        let log = self.log
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let started = ContinuousClock.now
            let target = request.uri.description
            var answer: MockResponse
            do {
                let body = try await request.body.collect(upTo: Self.maxBody)
                let headers = request.headers.map { MockHeader($0.name.rawName, $0.value) }
                answer = mock.respond(
                    to: MockRequest(
                        method: request.method.rawValue,
                        target: target,
                        headers: headers,
                        body: Data(buffer: body)
                    )
                )
            } catch {
                answer = MockResponse(status: 413)
            }
            let delay = answer.delay + latency
            if delay > .zero { try await Task.sleep(for: delay) }
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            log(
                "\(request.method.rawValue) \(target) → \(answer.status) \(answer.endpoint ?? "-") (\(String(format: "%.1f", milliseconds)) ms)"
            )
            var fields = HTTPFields()
            for header in answer.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            return Response(
                status: HTTPResponse.Status(code: answer.status),
                headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
            )
        }
        var logger = Logger(label: "specsmith-mock")
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "specsmith-mock"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await app.runService(gracefulShutdownSignals: [])
    }
}
