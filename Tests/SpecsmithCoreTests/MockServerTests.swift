import Foundation
import Testing

@testable import SpecsmithCore

/// The mock server's answers, without a network: routing, the checks of what a request sends, credentials,
/// the answers it chooses and the values it makes up.
@Suite struct MockServerTests {
    static func mock(_ name: String) throws -> MockServer {
        let path = TestSupport.packageRoot.appendingPathComponent("Specs/\(name).yaml").path
        let (api, diagnostics) = try Pipeline.resolve(specAt: path)
        return MockServer(api: try #require(api, "\(diagnostics)"))
    }

    static func mock(spec: String) throws -> MockServer {
        let (api, diagnostics) = Pipeline.resolve(text: spec, path: "spec.yaml") { _ in nil }
        return MockServer(api: try #require(api, "\(diagnostics)"))
    }

    /// The JSON of a response's body.
    static func json(_ response: MockResponse) -> Any? {
        try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
    }

    /// The `problems` a refusal names: in the mock's own body, or, where the endpoint documents the body of
    /// that status, in `X-Mock-Problems`.
    static func problems(_ response: MockResponse) -> [String] {
        if let problems = (json(response) as? [String: Any])?["problems"] as? [String] { return problems }
        let header = response.headers.first { $0.name == "X-Mock-Problems" }?.value
        return header.map { $0.components(separatedBy: "; ") } ?? []
    }

    static let bearer = MockHeader("Authorization", "Bearer token")

    @Test func routesByPathAndMethodTheMostLiteralFirst() throws {
        let mock = try Self.mock(
            spec: """
                name: Routes
                baseURL: https://api.example.com
                endpoints:
                  user: {method: GET, path: "/users/{id}", pathParameters: {id: Int}, response: String}
                  me: {method: GET, path: /users/me, response: String}
                  file: {method: GET, path: "/files/{name}.json", pathParameters: {name: String}, response: String}
                  deleteUser: {method: DELETE, path: "/users/{id}", pathParameters: {id: Int}}
                """
        )
        #expect(mock.respond(to: MockRequest(method: "GET", target: "/users/me")).endpoint == "me")
        #expect(mock.respond(to: MockRequest(method: "GET", target: "/users/42")).endpoint == "user")
        #expect(mock.respond(to: MockRequest(method: "DELETE", target: "/users/42")).status == 204)
        let file = mock.respond(to: MockRequest(method: "GET", target: "/files/a%20b.json"))
        #expect(file.endpoint == "file")
        #expect(file.status == 200)

        let notFound = mock.respond(to: MockRequest(method: "GET", target: "/groups/1"))
        #expect(notFound.status == 404)
        #expect(Self.problems(notFound) == ["no endpoint of the spec has the path `/groups/1`"])
        let wrongMethod = mock.respond(to: MockRequest(method: "PUT", target: "/users/42"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers.contains(MockHeader("Allow", "DELETE, GET")))
        let notAnInt = mock.respond(to: MockRequest(method: "GET", target: "/users/x"))
        #expect(notAnInt.status == 400)
        #expect(Self.problems(notAnInt) == ["the path parameter `id` must be an integer, not `x`"])
    }

    @Test func answersWithTheSampleOrAValueOfTheType() throws {
        let mock = try Self.mock("Countries")
        let germany = mock.respond(to: MockRequest(method: "GET", target: "/name/Germany?fullText=true"))
        #expect(germany.status == 200)
        #expect(germany.headers.contains(MockHeader("Content-Type", "application/json")))
        let first = (Self.json(germany) as? [[String: Any]])?.first
        #expect(first?["name"] as? String == "Germany")
        // No sample: a country made from the model, every required key there.
        let region = mock.respond(to: MockRequest(method: "GET", target: "/region/Europe"))
        let made = try #require((Self.json(region) as? [[String: Any]])?.first)
        #expect(made["region"] as? String == "Africa")
        #expect(made["name"] as? String == "name")
        // `Prefer: dynamic=true` makes one for an endpoint with a sample too.
        let dynamic = mock.respond(
            to: MockRequest(
                method: "GET",
                target: "/name/Germany",
                headers: [MockHeader("Prefer", "dynamic=true")]
            )
        )
        #expect((Self.json(dynamic) as? [[String: Any]])?.first?["name"] as? String == "name")
        let lowercase = mock.respond(to: MockRequest(method: "GET", target: "/region/europe"))
        #expect(lowercase.status == 400)
        #expect(
            Self.problems(lowercase) == [
                "the path parameter `region` must be one of `Africa`, `Americas`, `Asia`, `Europe`, `Oceania`, `Polar`, not `europe`"
            ]
        )
    }

    @Test func credentialsForTheEndpointsScope() throws {
        let shop = try Self.mock("Shop")
        let missing = shop.respond(to: MockRequest(method: "GET", target: "/categories"))
        #expect(missing.status == 401)
        #expect(missing.headers.contains(MockHeader("WWW-Authenticate", #"Bearer realm="mock""#)))
        #expect(
            Self.problems(missing) == [
                "`categories` needs the credentials of scope `guest`: a token in `Authorization` after `Bearer `"
            ]
        )
        #expect(
            shop.respond(to: MockRequest(method: "GET", target: "/categories", headers: [Self.bearer])).status == 200
        )
        #expect(shop.respond(to: MockRequest(method: "POST", target: "/login")).status == 400, "public: no 401")

        // Files has three schemes: an app key is not what an operator's endpoint takes.
        let files = try Self.mock("Files")
        let wrongScheme = files.respond(
            to: MockRequest(method: "DELETE", target: "/files/1", headers: [MockHeader("X-API-Key", "key")])
        )
        #expect(wrongScheme.status == 403, "\(Self.problems(wrongScheme))")
        let operatorCredentials = Data("ops:secret".utf8).base64EncodedString()
        let allowed = files.respond(
            to: MockRequest(
                method: "DELETE",
                target: "/files/1",
                headers: [MockHeader("Authorization", "Basic \(operatorCredentials)")]
            )
        )
        #expect(allowed.status < 300, "\(Self.problems(allowed))")
    }

    /// A value of a union that fits none of its alternatives is told by the alternative that came closest, at
    /// the part at fault: not "must be one of `String`, `[ContentPart]`, not a list" for a list of parts whose
    /// second lacks its `text`.
    @Test func aUnionValueNamesTheClosestAlternativesProblem() throws {
        let chat = try Self.mock("Chat")
        let body = #"""
            {"model": "gpt-test", "messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"},
            {"type": "text"}]}]}
            """#
        let response = chat.respond(
            to: MockRequest(
                method: "POST",
                target: "/chat/completions",
                headers: [MockHeader("Content-Type", "application/json"), Self.bearer],
                body: Data(body.utf8)
            )
        )
        #expect(response.status == 400)
        let problems = Self.problems(response)
        #expect(problems.count == 1, "\(problems)")
        #expect(
            problems.first?.hasPrefix("in the body, the `TextPart` at `messages[0].content[1]` has no `text`") == true,
            "\(problems)"
        )
        #expect(
            problems.first?.hasSuffix(
                "(read as `[ContentPart]`, the closest of `String`, `[ContentPart]`, a `Content`)"
            )
                == true,
            "\(problems)"
        )
    }

    /// Given credentials per scope, the mock tells scopes apart, so that a 403 can be tried: a scope's token
    /// passes where it may call (a scope that includes another's too), another scope's token gets 403, a token
    /// given to no scope 401; without them any token passes.
    @Test func tokensPerScopeAreToldApart() throws {
        var mock = try Self.mock(
            spec: """
                name: Shop
                baseURL: https://example.com
                auth:
                  scheme: {type: bearer}
                  scopes:
                    guest: {}
                    customer: {includes: guest}
                    admin: {}
                  default: customer
                endpoints:
                  products: {method: GET, path: /products, scope: guest, response: "[String]"}
                  orders: {method: GET, path: /orders, scope: customer, response: "[String]"}
                """
        )
        func status(_ path: String, _ token: String) -> Int {
            mock.respond(
                to: MockRequest(method: "GET", target: path, headers: [MockHeader("Authorization", "Bearer \(token)")])
            )
            .status
        }
        #expect(status("/orders", "anything") == 200)
        mock.tokens = ["guest": ["g-1"], "customer": ["c-1"], "admin": ["a-1"]]
        #expect(status("/products", "g-1") == 200)
        #expect(status("/products", "c-1") == 200, "customer includes guest")
        #expect(status("/orders", "c-1") == 200)
        #expect(status("/orders", "g-1") == 403)
        #expect(status("/orders", "a-1") == 403)
        #expect(status("/orders", "unknown") == 401)
        let refused = mock.respond(
            to: MockRequest(method: "GET", target: "/orders", headers: [MockHeader("Authorization", "Bearer g-1")])
        )
        #expect(Self.problems(refused).first?.contains("these credentials are scope `guest`'s") == true)
        // A scope given no credentials of its own still takes any token.
        mock.tokens = ["admin": ["a-1"]]
        #expect(status("/orders", "anything") == 200)
    }

    /// `Prefer: error-event=1` makes a stream fail mid-way as the spec says it can: its first value, then its
    /// error event with a value of the error body, and nothing after; for a stream that marks errors by a key
    /// (`errorKey`), the error body as the next value, an unnamed event or a line; an endpoint whose stream
    /// documents neither says so.
    @Test func preferAsksForAnErrorEventMidStream() throws {
        let chat = try Self.mock("Chat")
        func stream(_ target: String, _ body: String) -> MockResponse {
            chat.respond(
                to: MockRequest(
                    method: "POST",
                    target: target,
                    headers: [
                        MockHeader("Content-Type", "application/json"), Self.bearer,
                        MockHeader("Prefer", "error-event=1"),
                    ],
                    body: Data(body.utf8)
                )
            )
        }
        let failing = stream("/responses", #"{"model": "gpt-test", "input": "Hi", "stream": true}"#)
        #expect(failing.status == 200)
        let events = String(decoding: failing.body, as: UTF8.self).components(separatedBy: "\n\n").filter {
            !$0.isEmpty
        }
        #expect(events.count == 2, "\(events)")
        #expect(events.first?.hasPrefix("event: response.created\n") == true, "\(events)")
        #expect(events.last?.hasPrefix("event: error\ndata: {") == true, "\(events)")
        let chunks = stream("/chat/completions", #"{"model": "gpt-test", "messages": [], "stream": true}"#)
        #expect(chunks.status == 200)
        let values = String(decoding: chunks.body, as: UTF8.self).components(separatedBy: "\n\n").filter {
            !$0.isEmpty
        }
        #expect(values.count == 2, "\(values)")
        #expect(values.first?.hasPrefix("data: {\"") == true && values.first?.contains("\"error\"") == false)
        #expect(values.last?.hasPrefix("data: {\"error\":{") == true, "\(values)")
        // JSON Lines: the first entry, then a line that is the error body.
        let logs = chat.respond(
            to: MockRequest(
                method: "GET",
                target: "/logs?follow=true",
                headers: [Self.bearer, MockHeader("Prefer", "error-event=1")]
            )
        )
        let lines = String(decoding: logs.body, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2 && lines.last?.hasPrefix("{\"error\":{") == true, "\(lines)")
        #expect(lines.first?.hasPrefix("{\"") == true && lines.first?.contains("\"error\"") == false)
        let refused = stream("/audio/speech", #"{"model": "tts", "input": "Hi", "voice": "v", "stream_format": "sse"}"#)
        #expect(refused.status == 400)
        #expect(
            Self.problems(refused).first?.contains("has no `errorEvent` or `errorKey`") == true,
            "\(Self.problems(refused))"
        )
    }

    /// A stream that has both an error event and an error key sends its error event for `error-event=1`, and the
    /// plain value with the key for `error-key=1`; a stream without an `errorKey` refuses `error-key`.
    @Test func preferAsksForTheErrorValueWhenAStreamHasBoth() throws {
        let mock = try Self.mock(
            spec: """
                name: Both
                baseURL: https://example.com
                models:
                  Chunk: {properties: {text: String}}
                  Failure: {properties: {error: String}}
                endpoints:
                  talk:
                    method: GET
                    path: /talk
                    response: {events: Chunk, errorEvent: error, errorKey: error}
                    errors: {400: Failure}
                    sample: [{text: a}, {text: b}]
                  plain:
                    method: GET
                    path: /plain
                    response: {events: Chunk, errorEvent: error}
                    errors: {400: Failure}
                """
        )
        func events(_ target: String, _ prefer: String) -> (status: Int, events: [String]) {
            let response = mock.respond(
                to: MockRequest(method: "GET", target: target, headers: [MockHeader("Prefer", prefer)])
            )
            let text = String(decoding: response.body, as: UTF8.self)
            return (response.status, text.components(separatedBy: "\n\n").filter { !$0.isEmpty })
        }
        let named = events("/talk", "error-event=1")
        #expect(named.status == 200 && named.events.count == 2, "\(named)")
        #expect(named.events.last?.hasPrefix("event: error\ndata: {\"error\":") == true, "\(named)")
        let keyed = events("/talk", "error-key=1")
        #expect(keyed.status == 200 && keyed.events.count == 2, "\(keyed)")
        #expect(keyed.events.first?.hasPrefix("data: {\"text\":") == true, "\(keyed)")
        #expect(keyed.events.last?.hasPrefix("data: {\"error\":") == true, "\(keyed)")
        let refused = events("/plain", "error-key=1")
        #expect(refused.status == 400, "\(refused)")
    }

    @Test func everythingARequestGetsWrongIsNamed() throws {
        let notes = try Self.mock("Notes")
        let id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
        let request = MockRequest(
            method: "PATCH",
            target: "/notes/not-a-uuid",
            headers: [MockHeader("Content-Type", "application/json")],
            body: Data(#"{"title": 3, "state": "shredded"}"#.utf8)
        )
        let response = notes.respond(to: request)
        #expect(response.status == 400)
        #expect(
            Self.problems(response) == [
                "the path parameter `id` must be a UUID, not `not-a-uuid`",
                "in the body, `title` must be a string, not an integer `3`",
                "in the body, `state` must be one of `draft`, `published`, `in-review` (a `State` value), not a string `shredded`",
            ]
        )
        let notJSON = notes.respond(
            to: MockRequest(
                method: "PATCH",
                target: "/notes/\(id)",
                headers: [MockHeader("Content-Type", "text/plain")],
                body: Data("{}".utf8)
            )
        )
        #expect(Self.problems(notJSON) == ["the body must be sent as `application/json`, not `text/plain`"])
        // A comma after the last entry is not JSON, though Foundation's reader takes it (issue 59, item 1).
        let trailing = notes.respond(
            to: MockRequest(
                method: "PATCH",
                target: "/notes/\(id)",
                headers: [MockHeader("Content-Type", "application/json")],
                body: Data(#"{"title": "t",}"#.utf8)
            )
        )
        #expect(trailing.status == 400 && Self.problems(trailing) == ["the body is not valid JSON"])
        let list = notes.respond(to: MockRequest(method: "GET", target: "/notes?page=two&state=draft&tag=a&tag=b"))
        #expect(Self.problems(list) == ["the query parameter `page` must be an integer, not `two`"])
        let form = notes.respond(
            to: MockRequest(
                method: "POST",
                target: "/session",
                headers: [MockHeader("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("email=a%40b.c".utf8)
            )
        )
        #expect(Self.problems(form) == ["the form field `password` is required"])
    }

    /// A refusal is in the API's own error body where it has one, so that its SDKs read it as their typed error:
    /// the endpoint's documented one, else the one the API's other endpoints document (a path no endpoint has,
    /// too). Without any, `application/problem+json` with no top-level `error` text, which SDKs of APIs whose
    /// errors are `{"error": {…}}` misread (the stripe SDK crashed on it).
    @Test func refusalsAreInTheAPIsOwnErrorBody() throws {
        let payments = try Self.mock("Payments")
        let unknown = payments.respond(to: MockRequest(method: "GET", target: "/nowhere", headers: [Self.bearer]))
        #expect(unknown.status == 404)
        let error = (Self.json(unknown) as? [String: Any])?["error"] as? [String: Any]
        #expect(error?["type"] as? String == "api_error", "\(String(decoding: unknown.body, as: UTF8.self))")
        #expect((error?["message"] as? String)?.contains("/nowhere") == true)
        let spec = """
            name: Bare
            baseURL: https://bare.example
            endpoints:
              ping:
                method: GET
                path: /ping
                query: {count: Int}
            """
        let refused = try Self.mock(spec: spec).respond(to: MockRequest(method: "GET", target: "/ping?count=two"))
        #expect(refused.status == 400)
        #expect(refused.headers.contains { $0.name == "Content-Type" && $0.value == "application/problem+json" })
        let body = try #require(Self.json(refused) as? [String: Any])
        #expect(body["error"] == nil && body["title"] as? String == "invalid request" && body["status"] as? Int == 400)
        #expect(Self.problems(refused) == ["the query parameter `count` must be an integer, not `two`"])
    }

    /// `--send-webhook` makes an event whose body is a union as the alternative asked for, by its tag or case
    /// name (GitHub's `issues` as `opened`, where the first alternative was always made), or sends a body given
    /// as it is; an alternative the body does not have is named with those it has (issue 59, item 12).
    @Test func aWebhookDeliveryIsTheAlternativeAskedFor() throws {
        let spec = """
            name: Hooks
            baseURL: https://hooks.example.com
            models:
              Issues:
                oneOf: {assigned: IssuesAssigned, opened: IssuesOpened}
                discriminator: action
              IssuesAssigned:
                properties:
                  action: {const: assigned}
                  assignee: String
              IssuesOpened:
                properties:
                  action: {const: opened}
                  number: Int
            webhooks:
              signature: github
              eventHeader: X-GitHub-Event
              events:
                issues: {body: Issues}
            """
        let (resolved, diagnostics) = Pipeline.resolve(text: spec, path: "Hooks.yaml") { _ in nil }
        let api = try #require(resolved, "\(diagnostics)")
        let first = try MockWebhookDelivery.of("issues", in: api).get()
        #expect(first.body.contains(#""action":"assigned""#), "\(first.body)")
        for asked in ["opened"] {
            let opened = try MockWebhookDelivery.of("issues", in: api, alternative: asked).get()
            #expect(opened.body.contains(#""action":"opened""#) && opened.body.contains(#""number""#), "\(opened.body)")
            #expect(opened.headers.contains(MockHeader("X-GitHub-Event", "issues")))
        }
        let missing = MockWebhookDelivery.of("issues", in: api, alternative: "closed")
        #expect(
            missing.failureMessage
                == "the event `issues` has no alternative `closed`; its alternatives are `assigned`, `opened`"
        )
        let written = #"{"action": "opened", "number": 7}"#
        #expect(try MockWebhookDelivery.of("issues", in: api, body: written).get().body == written)
        #expect(MockWebhookDelivery.of("issues", in: api, body: "{nope").failureMessage == "the body given is not JSON")
    }

    /// A made-up list has one item however deep it is (OpenAI's `data[0].embedding`, a list in an object in a
    /// list), so that clients see the shape of the data.
    @Test func madeUpListsHaveAnItemAtAnyDepth() throws {
        let spec = """
            name: Deep
            baseURL: https://deep.example
            models:
              Embedding: {properties: {embedding: "[Double]", index: Int}}
              Page: {properties: {data: "[Embedding]", tags: "[[String]]"}}
            endpoints:
              embed: {method: POST, path: /embeddings, response: Page}
            """
        let answer = try Self.mock(spec: spec).respond(to: MockRequest(method: "POST", target: "/embeddings"))
        let page = try #require(Self.json(answer) as? [String: Any])
        let first = try #require((page["data"] as? [[String: Any]])?.first)
        #expect(first["embedding"] as? [Double] == [1.5])
        #expect(page["tags"] as? [[String]] == [["tags"]])
    }

    @Test func multipartPartsAreChecked() throws {
        let files = try Self.mock("Files")
        let boundary = "XyZ"
        func upload(_ parts: [(String, String)]) -> MockResponse {
            var body = ""
            for (name, value) in parts {
                body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
            }
            body += "--\(boundary)--\r\n"
            return files.respond(
                to: MockRequest(
                    method: "POST",
                    target: "/uploads",
                    headers: [
                        MockHeader("Content-Type", "multipart/form-data; boundary=\(boundary)"),
                        MockHeader("Authorization", "Bearer user-token"),
                    ],
                    body: Data(body.utf8)
                )
            )
        }
        let missing = upload([])
        #expect(missing.status == 400)
        #expect(Self.problems(missing).contains("the part `file` is required"), "\(Self.problems(missing))")
    }

    @Test func preferChoosesADocumentedAnswerAndLatency() throws {
        let shop = try Self.mock("Shop")
        let login = { (prefer: String) in
            shop.respond(
                to: MockRequest(
                    method: "POST",
                    target: "/login",
                    headers: [MockHeader("Content-Type", "application/json"), MockHeader("Prefer", prefer)],
                    body: Data(#"{"email": "a@b.c", "password": "p"}"#.utf8)
                )
            )
        }
        // A refusal of an endpoint that documents its 4XX bodies is one: the message in its text.
        let refused = shop.respond(to: MockRequest(method: "POST", target: "/login"))
        #expect(refused.status == 400)
        #expect(
            (Self.json(refused) as? [String: Any])?["error_message"] as? String
                == "the request needs a JSON body"
        )
        let notFound = login("code=404, latency=250")
        #expect(notFound.status == 404)
        #expect((Self.json(notFound) as? [String: Any])?["error_message"] as? String == "error_message")
        #expect(notFound.delay == .milliseconds(250))
        #expect(login("code=418").status == 400 + 18, "4XX: the spec's error body")
        let undocumented = login("code=302")
        #expect(undocumented.status == 400)
        #expect(
            Self.problems(undocumented) == [
                "`Prefer: code=302` asks for a status `login` does not document (it documents 200, 401, 404, 4XX)"
            ]
        )
        #expect((Self.json(login("")) as? [String: Any])?["token"] as? String == "sample-token")
    }

    @Test func pagedListsEndAfterTheFirstPage() throws {
        let payments = try Self.mock("Payments")
        let key = MockHeader("Authorization", "Bearer sk_test")
        let first = payments.respond(to: MockRequest(method: "GET", target: "/charges", headers: [key]))
        let page = try #require(Self.json(first) as? [String: Any], "\(String(decoding: first.body, as: UTF8.self))")
        #expect(page["has_more"] as? Bool == false)
        #expect((page["data"] as? [Any])?.count == 1)
        let later = payments.respond(
            to: MockRequest(method: "GET", target: "/charges?starting_after=ch_1", headers: [key])
        )
        #expect(((Self.json(later) as? [String: Any])?["data"] as? [Any])?.isEmpty == true)
    }

    /// Every answer the mock makes up, of every example's endpoints and errors, is a value of its type: the
    /// check the resolver gives samples passes it.
    @Test(arguments: ExportTests.examples)
    func madeUpAnswersFitTheirTypes(name: String) throws {
        let mock = try Self.mock(name)
        let values = MockValues(api: mock.api)
        let models = Dictionary(mock.api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var types: [TypeRef] = []
        for operation in mock.api.operations {
            if case .json(let type) = operation.responseBody { types.append(type) }
            types +=
                operation.answers?.cases.compactMap { answer in
                    if case .json(let type) = answer.body { return type }
                    return nil
                } ?? []
            types += operation.errors.map(\.type)
            types += operation.responseBody.streamElement.map { [$0] } ?? []
        }
        #expect(!types.isEmpty)
        for type in types {
            let text = values.value(type).jsonText()
            var diagnostics = Diagnostics()
            let value = try #require(YAMLReader.read(text, file: "made", diagnostics: &diagnostics))
            var checker = SampleChecker(
                models: models,
                dates: DateCodingName(rawValue: mock.api.dates) ?? .iso8601,
                strict: true
            )
            checker.check(value, as: type, at: "")
            #expect(checker.mismatches.isEmpty, "\(name): \(type): \(checker.mismatches.map(\.message)) in \(text)")
        }
    }
}

extension Swift.Result where Failure == MockWebhookError {
    /// The error's message, `nil` for a success.
    fileprivate var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
