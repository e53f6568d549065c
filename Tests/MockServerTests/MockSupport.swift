import Foundation
import SpecsmithCore
import SpecsmithMockServer
import SpecsmithRuntime
import Synchronization

/// The lines a mock server logged, one per request, each before its response was sent.
final class MockLog: Sendable {
    private let state = Mutex<[String]>([])

    var lines: [String] { state.withLock { $0 } }

    func append(_ line: String) {
        state.withLock { $0.append(line) }
    }
}

/// Why a mock server could not be used.
enum MockSupportError: Error {
    case specDoesNotResolve([String])
    case didNotStart
}

/// Runs `body` while `specsmith-mock`'s server of `Specs/<spec>.yaml` listens on an ephemeral port of 127.0.0.1,
/// then stops it. `body` gets the server's URL and its log.
func withMock(
    _ spec: String,
    _ body: (URL, MockLog) async throws -> Void
) async throws {
    let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let (api, diagnostics) = try Pipeline.resolve(specAt: packageRoot.appendingPathComponent("Specs/\(spec).yaml").path)
    guard let api else { throw MockSupportError.specDoesNotResolve(diagnostics.map(\.description)) }
    let log = MockLog()
    let server = MockHTTPServer(mock: MockServer(api: api), host: "127.0.0.1", port: 0) { line in
        log.append(line)
    }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            try await server.run { port in
                continuation.yield(port)
                continuation.finish()
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            group.cancelAll()
            throw MockSupportError.didNotStart
        }
        do {
            try await body(URL(string: "http://127.0.0.1:\(port)")!, log)
            group.cancelAll()
        } catch {
            group.cancelAll()
            throw error
        }
    }
}

/// Sends `Prefer: …` with every request: how an app asks the mock for another answer.
struct Prefer: Middleware {
    let value: String

    func intercept(
        _ request: TransportRequest,
        next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
    ) async throws(TransportError) -> RawResponse {
        var request = request
        request.headers.append((name: "Prefer", value: value))
        return try await next(request)
    }
}
