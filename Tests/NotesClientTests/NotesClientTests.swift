import Foundation
import Hummingbird
import LoopbackServer
import Notes
import SpecsmithRuntime
import Testing

/// The generated Notes client (resources style, namespaces, bodies, headers) against a real server on loopback.
@Suite struct NotesClientTests {
    static let noteID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    static let noteJSON = """
        {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Groceries", "state": "archived",
         "created_at": "2024-05-01T10:20:30.250Z", "updated_at": "2024-05-02T08:00:00Z",
         "default": true, "1st-reader": "ana", "größe": 42, "legacy_id": 7,
         "links": {"self": "https://notes.example.com/api/v2/notes/1"},
         "attachments": [{"name": "list.txt", "size": 5, "data": "aGVsbG8="}]}
        """

    static func configure(_ router: Router<BasicRequestContext>) {
        router.get("/notes") { request, _ -> Response in
            // Three pages of one note each; the last names no next page.
            let page = request.uri.queryParameters.get("page").flatMap(Int.init) ?? 1
            return .json(#"{"items": [\#(noteJSON)], "next": \#(page < 3 ? String(page + 1) : "null")}"#)
        }
        router.post("/notes") { request, context -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
            let title = object["title"] as? String ?? "?"
            return .json(noteJSON.replacingOccurrences(of: "Groceries", with: title), status: .created)
        }
        router.patch("/notes/:id") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
            // Nothing to change: no body, as servers answer such a PATCH.
            guard !object.isEmpty else { return Response(status: .noContent) }
            let title = object["title"] as? String ?? "Groceries"
            return .json(noteJSON.replacingOccurrences(of: "Groceries", with: title))
        }
        router.delete("/notes/:id") { _, _ -> Response in Response(status: .noContent) }
        router.post("/notes/:id/restore") { _, _ -> Response in .json(noteJSON) }
        router.on("/notes", method: .options) { _, _ -> Response in
            Response(status: .noContent, headers: [.allow: "GET, POST, OPTIONS"])
        }
        router.head("/notes/:id") { _, context -> Response in
            context.parameters.get("id") == noteID.uuidString.lowercased()
                ? Response(status: .ok) : Response(status: .notFound)
        }
        router.post("/session") { _, _ -> Response in .json(#"{"token": "t0k3n", "expires_in": 60}"#) }
        router.delete("/session") { _, _ -> Response in Response(status: .noContent) }
    }

    @Test(arguments: TestTransport.allCases)
    func listSendsQueryAndHeadersAndDecodesEveryKindOfField(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = NotesClient(baseURL: baseURL, transport: transport.make())
            let page = try await client.listNotes(state: .inReview, tags: ["a b", "c"], xRequestID: "req-1")
            #expect(page.next == 2)
            let note = try #require(page.items.first)
            #expect(note.id == Self.noteID)
            #expect(note.state == .unknown("archived"))
            #expect(note.createdAt == Date(timeIntervalSince1970: 1_714_558_830.25))
            #expect(note.default)
            #expect(note._1stReader == "ana")
            #expect(note.große == 42)
            #expect(note.links["self"]?.host == "notes.example.com")
            #expect(note.attachments.first?.data == Data("hello".utf8))
            #expect(note.tags == [], "a missing key takes its default")

            let request = try #require(await log.requests.first)
            #expect(request.uri == "/notes?state=in-review&tag=a%20b&tag=c&page=1&per_page=20")
            #expect(request.headers["x-request-id"] == "req-1")
            #expect(request.headers["user-agent"] == "Specsmith-Notes/1.0")
        }
    }

    /// The pages of `listNotes` follow the cursor each page names (`next`, sent back as `page`), with the
    /// request's other parameters and headers on every page, until a page names none.
    @Test(arguments: TestTransport.allCases)
    func pagesFollowTheCursorEachPageNames(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = NotesClient(baseURL: baseURL, transport: transport.make())
            let notes = try await client.allNotes(state: .inReview, xRequestID: "req-2").collect()
            #expect(notes.map(\.id) == [Self.noteID, Self.noteID, Self.noteID])
            let requests = await log.requests
            #expect(
                requests.map(\.uri) == [
                    "/notes?state=in-review&page=1&per_page=20",
                    "/notes?state=in-review&page=2&per_page=20",
                    "/notes?state=in-review&page=3&per_page=20",
                ]
            )
            #expect(requests.allSatisfy { $0.headers["x-request-id"] == "req-2" })

            var cursors: [Int?] = []
            for try await page in client.notesPages(page: 2) { cursors.append(page.next) }
            #expect(cursors == [3, nil])
        }
    }

    /// An optional body left `nil` sends no body and no `Content-Type`; cookie parameters go in one `Cookie`
    /// header, their values percent-encoded so they cannot end the cookie; `OPTIONS` is a method.
    @Test(arguments: TestTransport.allCases)
    func optionalBodiesCookiesAndOptions(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = NotesClient(baseURL: baseURL, transport: transport.make())
            _ = try await client.restoreNote(id: Self.noteID)
            _ = try await client.restoreNote(
                id: Self.noteID,
                body: NewNote(title: "Back"),
                session: "s1; admin=1",
                theme: "dark"
            )
            try await client.notesOptions()
            let requests = await log.requests
            try #require(requests.count == 3)
            #expect(requests[0].body.isEmpty)
            #expect(requests[0].headers["content-type"] == nil)
            #expect(requests[0].headers["cookie"] == "theme=light")
            // `tags` (default `[]`) was not given: not sent, the server's default applies.
            #expect(String(decoding: requests[1].body, as: UTF8.self) == #"{"title":"Back"}"#)
            #expect(requests[1].headers["content-type"] == "application/json")
            #expect(requests[1].headers["cookie"] == "session=s1%3B%20admin=1; theme=dark")
            #expect(requests[2].method == "OPTIONS")
            #expect(requests[2].uri == "/notes")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func jsonBodiesModelAndInline(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = NotesClient(baseURL: baseURL, transport: transport.make())
            let created = try await client.createNote(body: NewNote(title: "Ideas", tags: ["x"]))
            #expect(created.title == "Ideas")
            let updated = try await client.updateNote(id: Self.noteID, title: "Renamed")
            #expect(updated?.title == "Renamed")
            // `response: Note?`: the answer without a body (204) is nil.
            let unchanged = try await client.updateNote(id: Self.noteID)
            #expect(unchanged == nil)

            let requests = await log.requests
            #expect(requests.map(\.method) == ["POST", "PATCH", "PATCH"])
            #expect(String(decoding: requests[2].body, as: UTF8.self) == "{}")
            #expect(requests[0].headers["content-type"] == "application/json")
            #expect(String(decoding: requests[0].body, as: UTF8.self) == #"{"tags":["x"],"title":"Ideas"}"#)
            // A UUID is sent in lower case, as RFC 4122 writes it.
            #expect(requests[1].uri == "/notes/6f9619ff-8b86-d011-b42d-00c04fc964ff")
            // Absent optional fields are left out, so a PATCH changes only what it names.
            #expect(String(decoding: requests[1].body, as: UTF8.self) == #"{"title":"Renamed"}"#)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func formBodyVoidAndHeadResponses(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = NotesClient(baseURL: baseURL, transport: transport.make())
            let token = try await client.session.login(email: "ana@example.com", password: "p&ss word")
            #expect(token.token == "t0k3n")
            #expect(token.expiresIn == 60)
            try await client.session.logout()
            try await client.deleteNote(id: Self.noteID)

            let missing = await #expect(throws: APIError<Never>.self) {
                try await client.send(Endpoint(NotesResource.noteExists(id: UUID())))
            }
            #expect(missing?.status == 404)

            let requests = await log.requests
            #expect(requests.map(\.method) == ["POST", "DELETE", "DELETE", "HEAD"])
            #expect(requests[0].headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(
                String(decoding: requests[0].body, as: UTF8.self) == "email=ana%40example.com&password=p%26ss%20word"
            )
        }
    }

    @Test func stubAnswersNamespacedEndpointsFromInlineSamples() async throws {
        let client = NotesClient(transport: StubTransport())
        #expect(
            try await client.session.login(email: "a", password: "b") == Token(token: "sample-token", expiresIn: 3600)
        )
        #expect(try await client.listNotes().items.isEmpty)
    }
}

extension NotesClient {
    /// Sends any resource of the API, for tests that need the resource itself.
    func send(_ endpoint: Endpoint<Void>) async throws(APIError<Never>) {
        try await client.send(endpoint)
    }
}
