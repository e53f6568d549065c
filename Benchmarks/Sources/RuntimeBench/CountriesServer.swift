import BenchSupport
import Foundation
import Hummingbird
import NIOCore

/// Runs `body` while a Hummingbird server on an ephemeral port of 127.0.0.1 answers
/// `GET /v1/regions/{region}/countries` with `countries`, then stops the server.
func withCountriesServer<Value: Sendable>(
    countries: Data,
    _ body: @Sendable (URL) async throws -> Value
) async throws -> Value {
    let buffer = ByteBuffer(bytes: countries)
    return try await withLoopbackRouter { router in
        router.get("v1/regions/:region/countries") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: buffer)
            )
        }
    } _: { port in
        try await body(URL(string: "http://127.0.0.1:\(port)/v1")!)
    }
}
