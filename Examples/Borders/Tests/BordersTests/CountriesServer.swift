import Foundation
import Hummingbird
import Logging
import Testing

/// A local REST Countries look-alike on an ephemeral loopback port, answering from `Fixtures/countries.json`
/// the way the public API does (`/name/{name}?fullText=true`, `/alpha?codes=A,B`, 404 for no match), and
/// recording the path and query of every request.
struct CountriesServer {
    /// The requests so far, as `/path?query`, still percent-encoded.
    actor Log {
        private(set) var requests: [String] = []

        func record(_ uri: String) {
            requests.append(uri)
        }
    }

    /// A country in the fixture, with just the fields the server matches on.
    struct Entry: Decodable {
        var name: String
        var nativeName: String
        var alpha2Code: String
        var alpha3Code: String
    }

    /// Runs `body` with the server's base URL and log, then stops the server.
    static func with<Value: Sendable>(_ body: (URL, Log) async throws -> Value) async throws -> Value {
        let fixture = try Data(
            contentsOf: try #require(
                Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Fixtures")
            )
        )
        let entries = try JSONDecoder().decode([Entry].self, from: fixture)
        // Each country's JSON as the fixture has it, served unchanged.
        let objects = try #require(try JSONSerialization.jsonObject(with: fixture) as? [Any]).map {
            try JSONSerialization.data(withJSONObject: $0)
        }
        let log = Log()
        let router = Router()
        router.get("/name/:name") { request, context in
            await log.record(request.uri.description)
            let encoded = try context.parameters.require("name")
            let name = (encoded.removingPercentEncoding ?? encoded).lowercased()
            let fullText = request.uri.queryParameters["fullText"] == "true"
            let matches = entries.indices.filter { index in
                let names = [entries[index].name, entries[index].nativeName].map { $0.lowercased() }
                return fullText ? names.contains(name) : names.contains { $0.contains(name) }
            }
            return try json(matches.map { objects[$0] })
        }
        router.get("/alpha") { request, _ in
            await log.record(request.uri.description)
            let codes = (request.uri.queryParameters["codes"].map(String.init) ?? "").split(separator: ",").map {
                $0.uppercased()
            }
            guard !codes.isEmpty else {
                return try json(["status": 400, "message": "Bad Request"], status: .badRequest)
            }
            let matches = entries.indices.filter {
                codes.contains(entries[$0].alpha3Code) || codes.contains(entries[$0].alpha2Code)
            }
            return try json(matches.map { objects[$0] })
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
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            return try await body(URL(string: "http://127.0.0.1:\(port)")!, log)
        }
    }

    /// 200 with a JSON array of `objects`, or 404 with REST Countries' error body when there are none.
    private static func json(_ objects: [Data]) throws -> Response {
        objects.isEmpty
            ? try json(["status": 404, "message": "Not Found"], status: .notFound)
            : response(Data("[".utf8) + objects.joined(separator: Data(",".utf8)) + Data("]".utf8), status: .ok)
    }

    private static func json(_ object: [String: any Sendable], status: HTTPResponse.Status) throws -> Response {
        response(try JSONSerialization.data(withJSONObject: object), status: status)
    }

    private static func response(_ data: Data, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
