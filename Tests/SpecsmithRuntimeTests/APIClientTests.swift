import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Synchronization
import Testing

private struct Note: Codable, Sendable, Hashable {
    var text: String
    var date: Date
}

@Suite struct APIClientTests {
    @Test func buildsURLHeadersAndJSONBody() throws {
        let client = APIClient(
            baseURL: URL(string: "https://example.com/api/")!,
            headers: [HeaderField("Accept", "application/json"), HeaderField("X-Absent", String?.none)]
        )
        let endpoint = Endpoint<Void>(
            "post",
            method: .post,
            path: "/notes/\(PathSegment("a b"))",
            query: [QueryItem("draft", true)],
            headers: [HeaderField("X-Trace", "1")],
            body: .json(Note(text: "hi", date: Date(timeIntervalSince1970: 0)))
        )
        let request = try client.request(for: endpoint)
        #expect(request.url.absoluteString == "https://example.com/api/notes/a%20b?draft=true")
        #expect(request.method == .post)
        #expect(request.headers.map(\.name) == ["Accept", "X-Trace", "Content-Type"])
        #expect(request.header("content-type") == "application/json")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self) == #"{"date":"1970-01-01T00:00:00Z","text":"hi"}"#
        )
    }

    @Test(arguments: ["2024-05-01T10:20:30Z", "2024-05-01T10:20:30.123Z", "2024-05-01T12:20:30+02:00"])
    func decodesISO8601WithAndWithoutFractionalSeconds(text: String) throws {
        let decoder = DateCoding.iso8601.makeDecoder()
        let date = try decoder.decode([Date].self, from: Data(#"["\#(text)"]"#.utf8))[0]
        #expect(abs(date.timeIntervalSince1970 - 1_714_558_830) < 1)
    }

    @Test func rejectsANonDate() {
        let decoder = DateCoding.iso8601.makeDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode([Date].self, from: Data(#"["yesterday"]"#.utf8)) }
    }

    @Test(arguments: TestTransport.allCases)
    func cancellingAnInFlightRequestCancelsIt(transport: TestTransport) async throws {
        try await withLoopbackServer({ router in
            router.get("/slow") { _, _ -> Response in
                try await Task.sleep(for: .seconds(10))
                return .json("[]")
            }
        }) { baseURL, log in
            let client = APIClient(baseURL: baseURL, transport: transport.make())
            let task = Task { try await client.send(Endpoint<[String]>("slow", method: .get, path: "/slow")) }
            // Wait until the server has the request, then cancel.
            #expect(await eventually { await !log.requests.isEmpty }, "the request must reach the server")
            task.cancel()
            let result = await task.result
            guard case .failure(let error as APIError<Never>) = result, case .noResponse(let failure) = error else {
                Issue.record("expected a cancelled request, got \(result)")
                return
            }
            #expect(failure.kind == .cancelled)
            #expect(error.isCancellation)
        }
    }

    @Test func onlyACancelledRequestIsACancellation() {
        #expect(APIError<Never>.noResponse(TransportError(.cancelled, "cancelled")).isCancellation)
        #expect(!APIError<Never>.noResponse(TransportError(.timeout, "timed out")).isCancellation)
        #expect(!APIError<Never>.invalidRequest("no URL").isCancellation)
    }

    @Test(arguments: TestTransport.allCases)
    func aCancelledTaskSendsNothing(transport: TestTransport) async throws {
        try await withLoopbackServer({ router in
            router.get("/items") { _, _ -> Response in .json("[]") }
        }) { baseURL, log in
            let client = APIClient(baseURL: baseURL, transport: transport.make())
            let task = Task {
                // Cancelled before it sends: the next page of a reader that stopped, say.
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.send(Endpoint<[String]>("items", method: .get, path: "/items"))
            }
            let result = await task.result
            guard case .failure(let error as APIError<Never>) = result, case .noResponse(let failure) = error else {
                Issue.record("expected a cancelled request, got \(result)")
                return
            }
            #expect(failure.kind == .cancelled)
            #expect(error.isCancellation)
            // Asked again outside the cancelled task, the server answers: it was up, and saw nothing before.
            let answer = try await client.send(Endpoint<[String]>("items", method: .get, path: "/items"))
            #expect(answer == [])
            #expect(await log.requests.count == 1)
        }
    }

    /// A JSON answer is asked for as such over every transport (AsyncHTTPClient sends no `Accept` of its own,
    /// URLSession on Linux `*/*`); an endpoint or a client that names its own `Accept` keeps it, and an answer
    /// without a body asks for nothing.
    @Test(arguments: TestTransport.allCases)
    func jsonAnswersAreAskedForAsJSON(transport: TestTransport) async throws {
        try await withLoopbackServer({ router in
            router.get("/items") { _, _ -> Response in .json("[]") }
        }) { baseURL, log in
            let client = APIClient(baseURL: baseURL, transport: transport.make())
            _ = try await client.send(Endpoint<[String]>("items", method: .get, path: "/items"))
            let vendor = HeaderField("Accept", "application/vnd.items+json")
            _ = try await client.send(Endpoint<[String]>("items", method: .get, path: "/items", headers: [vendor]))
            var versioned = client
            versioned.headers = [HeaderField("accept", "application/vnd.items.v2+json")]
            _ = try await versioned.send(Endpoint<[String]>("items", method: .get, path: "/items"))
            try await client.send(Endpoint<Void>("items", method: .get, path: "/items"))
            let accepts = await log.requests.map { $0.headers["accept"] }
            #expect(
                accepts.prefix(3) == [
                    "application/json", "application/vnd.items+json", "application/vnd.items.v2+json",
                ]
            )
            #expect(accepts.last != "application/json")
        }
    }

    /// A transport of an app's own that sends whatever it is given, cancelled or not.
    final class CountingTransport: HTTPTransport {
        let sent = Mutex(0)

        func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
            sent.withLock { $0 += 1 }
            return RawResponse(status: 200, headers: [:], body: Data("[]".utf8), url: request.url)
        }
    }

    @Test func aCancelledTaskSendsNothingWhateverTheTransport() async throws {
        let transport = CountingTransport()
        let client = APIClient(baseURL: URL(string: "https://api.example")!, transport: transport)
        let endpoint = Endpoint<[String]>("items", method: .get, path: "/items")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(endpoint)
        }
        await #expect(throws: APIError<Never>.self) { try await task.value }
        #expect(transport.sent.withLock { $0 } == 0)
        let answer = try await client.send(endpoint)
        #expect(answer == [])
        #expect(transport.sent.withLock { $0 } == 1)
    }

    @Test(arguments: TestTransport.allCases)
    func timeoutIsNoResponse(transport: TestTransport) async throws {
        try await withLoopbackServer({ router in
            router.get("/slow") { _, _ -> Response in
                try await Task.sleep(for: .seconds(10))
                return .json("[]")
            }
        }) { baseURL, _ in
            let client = APIClient(baseURL: baseURL, transport: transport.make(), timeout: 0.5)
            let error = await #expect(throws: APIError<Never>.self) {
                try await client.send(Endpoint<[String]>("slow", method: .get, path: "/slow"))
            }
            guard case .noResponse(let failure) = error else {
                Issue.record("expected no response, got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .timeout)
        }
    }
}
