import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

/// How each auth scheme puts credentials on the wire, and what middleware may and may not send.
@Suite struct AuthSchemeTests {
    static func echo(_ router: Router<BasicRequestContext>) {
        router.get("/echo") { _, _ -> Response in .json("{}") }
    }

    static let endpoint = Endpoint<Void>("echo", method: .get, path: "/echo", requiresAuthorization: true)

    @Test(arguments: [
        (AuthScheme.bearer(), Credential.token("t0k"), "authorization", "Bearer t0k"),
        (.bearer(header: "X-Token", prefix: nil), .token("t0k"), "x-token", "t0k"),
        (.apiKey(name: "X-API-Key", in: .header), .token("k3y"), "x-api-key", "k3y"),
        (.basic, .basic(user: "ann", password: "pa:ss"), "authorization", "Basic YW5uOnBhOnNz"),
    ])
    func headerSchemes(scheme: AuthScheme, credential: Credential, header: String, value: String) async throws {
        try await withLoopbackServer(Self.echo) { baseURL, log in
            let client = APIClient(baseURL: baseURL, authScheme: scheme, credentials: Credentials(credential))
            try await client.send(Self.endpoint)
            #expect(await log.requests.first?.headers[header] == value)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func anAPIKeyInTheQueryIsAppendedAndPercentEncoded(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.echo) { baseURL, log in
            let client = APIClient(
                baseURL: baseURL,
                transport: transport.make(),
                authScheme: .apiKey(name: "api_key", in: .query),
                credentials: .token("a b&c")
            )
            var endpoint = Self.endpoint
            endpoint.query = [QueryItem("q", "x")]
            try await client.send(endpoint)
            #expect(await log.requests.first?.uri == "/echo?q=x&api_key=a%20b%26c")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func publicEndpointsGetNoCredentials(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.echo) { baseURL, log in
            let client = APIClient(baseURL: baseURL, transport: transport.make(), credentials: .token("secret"))
            try await client.send(Endpoint<Void>("echo", method: .get, path: "/echo"))
            #expect(await log.requests.first?.headers["authorization"] == nil)
        }
    }

    struct AddHeader: Middleware {
        var name: String
        var value: String

        func intercept(
            _ request: TransportRequest,
            next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
        ) async throws(TransportError) -> RawResponse {
            var request = request
            request.setHeader(name, value)
            return try await next(request)
        }
    }

    @Test(
        arguments: [("X-Trace", "1\r\nX-Admin: yes"), ("X-Trace", "1\nX"), ("Bad Name", "1")],
        TestTransport.allCases
    )
    func middlewareCannotSendABrokenHeader(header: (name: String, value: String), transport: TestTransport) async throws
    {
        try await withLoopbackServer(Self.echo) { baseURL, log in
            let client = APIClient(
                baseURL: baseURL,
                transport: transport.make(),
                middleware: [AddHeader(name: header.name, value: header.value)]
            )
            let error = await #expect(throws: APIError<Never>.self) {
                try await client.send(Endpoint<Void>("echo", method: .get, path: "/echo"))
            }
            guard case .invalidRequest = error else {
                Issue.record("expected an invalid request, got \(String(describing: error))")
                return
            }
            #expect(await log.requests.isEmpty)
        }
    }
}

@Suite struct RedactionTests {
    static let request = TransportRequest(
        operationName: "login",
        method: .post,
        url: URL(string: "https://shop.example.com/login?api_key=k3y&page=2")!,
        headers: [
            ("Authorization", "Bearer t0k"), ("Cookie", "session=1"), ("X-Secret", "s"),
            ("Content-Type", "application/json"),
        ],
        body: Data(#"{"email":"a@b.c","password":"hunter2","nested":{"refresh_token":"r"}}"#.utf8)
    )

    @Test func curlHidesSecretsByDefault() {
        var request = Self.request
        request.sensitiveNames = ["x-secret"]
        let curl = request.curlCommand()
        #expect(
            curl == """
                curl \\
                  -X POST \\
                  'https://shop.example.com/login?api_key=<redacted>&page=2' \\
                  -H 'Authorization: <redacted>' \\
                  -H 'Cookie: <redacted>' \\
                  -H 'X-Secret: <redacted>' \\
                  -H 'Content-Type: application/json' \\
                  --data-binary '{"email":"a@b.c","nested":{"refresh_token":"<redacted>"},"password":"<redacted>"}'
                """
        )
    }

    @Test func formBodiesAreMaskedFieldByField() {
        var request = Self.request
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.body = Data("email=a%40b.c&pass%77ord=hunter2".utf8)
        #expect(Redaction.default.body(of: request) == "email=a%40b.c&pass%77ord=<redacted>")
    }

    @Test func minimalRedactionShowsWhatIsNotMarkedSensitive() {
        let curl = Self.request.curlCommand(redaction: .minimal)
        #expect(curl.contains("'Authorization: Bearer t0k'"))
        #expect(curl.contains("hunter2"))
    }

    @Test func configuredNamesAreHiddenAndQuotesAreShellSafe() {
        var request = Self.request
        request.body = Data(#"{"email":"o'brien@b.c"}"#.utf8)
        let curl = request.curlCommand(redaction: Redaction(bodyFields: ["email"]))
        #expect(curl.contains(#"--data-binary '{"email":"<redacted>"}'"#))
        request.body = Data(#"{"name":"o'brien"}"#.utf8)
        #expect(request.curlCommand().contains(#"'{"name":"o'\''brien"}'"#))
    }
}

@Suite struct RetryDelayTests {
    let retry = RetryMiddleware(baseDelay: .milliseconds(100), maxDelay: .seconds(5), random: { 1 })

    @Test func backoffDoublesUpToTheCap() {
        let delays = (1...8).map { retry.delay(afterAttempt: $0, retryAfter: nil) }
        #expect(delays.prefix(4) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)])
        #expect(delays.last == .seconds(5))
    }

    @Test func jitterScalesTheBackoff() {
        var halved = retry
        halved.random = { 0.5 }
        #expect(halved.delay(afterAttempt: 3, retryAfter: nil) == .milliseconds(200))
    }

    @Test func retryAfterWinsInSecondsOrAsADateButIsCapped() {
        #expect(retry.delay(afterAttempt: 1, retryAfter: "2") == .seconds(2))
        #expect(retry.delay(afterAttempt: 1, retryAfter: "120") == .seconds(5))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let soon = formatter.string(from: Date().addingTimeInterval(3.5))
        let delay = retry.delay(afterAttempt: 1, retryAfter: soon)
        #expect(delay > .seconds(1) && delay <= .seconds(4))
        #expect(retry.delay(afterAttempt: 2, retryAfter: "soon") == .milliseconds(200), "unreadable: backoff")
    }

    /// A negative `Retry-After`, or a date already past, retried at once, however often the server asked.
    @Test func aRetryAfterInThePastIsNoHint() {
        #expect(retry.delay(afterAttempt: 2, retryAfter: "-5") == .milliseconds(200))
        #expect(retry.delay(afterAttempt: 2, retryAfter: "0") == .milliseconds(200))
        #expect(retry.delay(afterAttempt: 3, retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT") == .milliseconds(400))
    }
}

@Suite struct ExpectedErrorsTests {
    struct Body: Decodable, Sendable, Equatable {
        var message: String
    }

    @Test func anExactStatusWinsOverItsClass() throws {
        enum Failure: Sendable, Equatable {
            case specific(Body)
            case general(Body)
        }
        let errors = ExpectedErrors<Failure>([
            .init(.clientErrors, Body.self, Failure.general),
            .init(404, Body.self, Failure.specific),
        ])
        let body = Data(#"{"message":"x"}"#.utf8)
        #expect(try errors.entry(for: 404)?.decode(body, JSONDecoder()) == .specific(Body(message: "x")))
        #expect(try errors.entry(for: 400)?.decode(body, JSONDecoder()) == .general(Body(message: "x")))
        #expect(errors.entry(for: 500) == nil)
    }
}
