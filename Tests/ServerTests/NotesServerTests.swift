import Foundation
import LoopbackServer
import Notes
import SpecsmithRuntime
import SpecsmithServer
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Notes client against the Notes server, both generated from `Specs/Notes.yaml`: every endpoint, with
/// path, query, header, cookie, form and JSON values, an optional answer and answers without a body.
@Suite struct NotesServerTests {
    @Test(arguments: TestTransport.allCases)
    func theClientCallsEveryEndpointOfTheServer(transport: TestTransport) async throws {
        let desk = NotesDesk()
        try await withLoopbackServer(register(desk)) { url, log in
            let notes = NotesClient(baseURL: url, transport: transport.make())
            let token = try await notes.session.login(email: "ann@example.com", password: "p&ss word")
            #expect(token.token == "token-ann@example.com" && token.expiresIn == 3600)

            let first = try await notes.createNote(body: NewNote(title: "Groceries", tags: ["home", "todo"]))
            #expect(first.state == .draft && first.tags == ["home", "todo"])
            #expect(first.createdAt == desk.created)
            let second = try await notes.createNote(body: NewNote(title: "Taxes", body: "Before May", tags: ["todo"]))

            let page = try await notes.listNotes(tags: ["todo"], perPage: 1, xRequestID: "r-1")
            #expect(page.items.map(\.title) == ["Groceries"] && page.next == 2)
            let drafts = try await notes.listNotes(state: .draft, tags: ["home", "todo"])
            #expect(drafts.items.map(\.id) == [first.id])

            let renamed = try await notes.updateNote(id: second.id, title: "Taxes 2026", state: .inReview)
            #expect(renamed?.title == "Taxes 2026" && renamed?.state == .inReview)
            // Nothing to change: 204, which the client reads as nil.
            #expect(try await notes.updateNote(id: second.id) == nil)

            try await notes.deleteNote(id: first.id)
            let restored = try await notes.restoreNote(id: first.id, session: "s-1", theme: "dark")
            #expect(restored.title == "Restored" && restored.state == .published)
            _ = try await notes.restoreNote(id: first.id, body: NewNote(title: "Back"))
            try await notes.notesOptions()
            try await notes.session.logout()

            let seen = desk.seen.withLock { $0 }
            #expect(seen.logins.map(\.password) == ["p&ss word"])
            #expect(seen.requestIDs == ["r-1", nil])
            #expect(seen.filters.map(\.perPage) == [1, 20])
            #expect(seen.filters.last?.state == .draft && seen.filters.last?.tags == ["home", "todo"])
            #expect(seen.restores.map(\.session) == ["s-1", nil])
            #expect(seen.restores.map(\.theme) == ["dark", "light"])
            #expect(seen.logouts == 1)
            let methods = await log.requests.map(\.method)
            #expect(methods.contains("OPTIONS") && methods.contains("PATCH"))
        }
    }

    @Test func everyProblemOfARequestIsNamedAtOnce() async throws {
        try await withLoopbackServer(register(NotesDesk())) { url, _ in
            var request = URLRequest(url: URL(string: url.absoluteString + "/notes/not-a-uuid/restore")!)
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"title": 5}"#.utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            let body = try JSONDecoder().decode(JSON.self, from: data)
            #expect(body["problems"]?[0]?["in"] == "path")
            #expect(body["problems"]?[0]?["name"] == "id")
            #expect(body["problems"]?[1]?["in"] == "body")
            #expect(body["problems"]?[1]?["message"]?.string?.contains("title") == true)

            var listing = URLRequest(url: URL(string: url.absoluteString + "/notes?page=two&per_page=x")!)
            listing.httpMethod = "GET"
            let (listed, listResponse) = try await URLSession.shared.data(for: listing)
            #expect((listResponse as? HTTPURLResponse)?.statusCode == 400)
            let problems = try JSONDecoder().decode(JSON.self, from: listed)["problems"]
            #expect(problems?[0]?["name"] == "page" && problems?[1]?["name"] == "per_page")
        }
    }

    /// A `+` in a query is a space, as Python's SDKs (and most clients) send it and as servers in Go, Django and
    /// Rails read it; `%2B` is a plus. (The server took `+` literally, so an official SDK's filters failed.)
    @Test func aPlusInAQueryIsASpace() async throws {
        let desk = NotesDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            let listing = URLRequest(
                url: URL(string: url.absoluteString + "/notes?tag=new+idea&tag=c%2B%2B&tag=a%20b")!
            )
            let (_, response) = try await URLSession.shared.data(for: listing)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(desk.seen.withLock { $0.filters.last?.tags } == ["new idea", "c++", "a b"])
        }
    }

    /// A method no endpoint of a served path has is `405 Method Not Allowed` naming the path's methods in `Allow`,
    /// not the router's empty `404`, which a client cannot tell from "no such note" (issue 59, item 3); a served
    /// method on that path is still served.
    @Test func anotherMethodOnAServedPathIs405WithAllow() async throws {
        try await withLoopbackServer(register(NotesDesk())) { url, _ in
            func send(_ method: String, _ path: String) async throws -> HTTPURLResponse? {
                var request = URLRequest(url: url.appending(path: path))
                request.httpMethod = method
                return try await URLSession.shared.data(for: request).1 as? HTTPURLResponse
            }
            let put = try await send("PUT", "notes/3F2504E0-4F89-41D3-9A0C-0305E82C3301")
            #expect(put?.statusCode == 405)
            #expect(put?.value(forHTTPHeaderField: "Allow") == "PATCH, DELETE, HEAD")
            #expect(put?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            let get = try await send("GET", "notes/3F2504E0-4F89-41D3-9A0C-0305E82C3301/restore")
            #expect(get?.statusCode == 405 && get?.value(forHTTPHeaderField: "Allow") == "POST")
            #expect(try await send("DELETE", "session")?.statusCode != 405)
        }
    }

    /// A path no route has is `404` with a problem body naming it, not the router's empty `404` (issue 59, item 3);
    /// a handler's own `404` is its own; routes registered only on a group leave the root's answer alone, and
    /// `answersUnmatchedPaths: false` keeps the router's.
    @Test func aPathNoRouteHasIs404NamingIt() async throws {
        func send(_ url: URL, _ method: String, _ path: String) async throws -> (Data, HTTPURLResponse?) {
            var request = URLRequest(url: url.appending(path: path))
            request.httpMethod = method
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, response as? HTTPURLResponse)
        }
        try await withLoopbackServer(register(NotesDesk())) { url, _ in
            let (data, response) = try await send(url, "GET", "notebooks/1")
            #expect(response?.statusCode == 404)
            #expect(response?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            let body = try JSONDecoder().decode(JSON.self, from: data)
            #expect(body["title"] == "The API has no route for GET /notebooks/1.")
            #expect(body["status"] == 404)
            // A handler's 404 (`noteExists` of a note that is not there) is the handler's.
            let (_, missing) = try await send(url, "HEAD", "notes/3F2504E0-4F89-41D3-9A0C-0305E82C3301")
            #expect(missing?.statusCode == 404)
        }
        let desk = NotesDesk()
        try await withLoopbackServer({ router in desk.registerRoutes(on: router.group("v1")) }) { url, _ in
            let (data, response) = try await send(url, "GET", "v1/notebooks/1")
            #expect(response?.statusCode == 404 && data.isEmpty)
        }
        try await withLoopbackServer({ router in
            desk.registerRoutes(on: router, options: ServerOptions(answersUnmatchedPaths: false))
        }) { url, _ in
            let (data, response) = try await send(url, "GET", "notebooks/1")
            #expect(response?.statusCode == 404 && data.isEmpty)
        }
    }

    /// Found by schemathesis: a form pair without a name (`=x`, or a lone `=`) crashed the server.
    @Test func formPairsWithoutNamesAreFieldsNamedEmpty() async throws {
        let desk = NotesDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            var request = URLRequest(url: url.appending(path: "session"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("=X&=&email=ann%40example.com&novalue&password=p%3Dq".utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(desk.seen.withLock { $0.logins.map(\.email) } == ["ann@example.com"])
            #expect(desk.seen.withLock { $0.logins.map(\.password) } == ["p=q"])
        }
    }

    /// Found by schemathesis: a value the spec's enumeration does not list was kept (and answered back); the
    /// server's enumerations are closed, so it is a problem the `400` names.
    @Test func valuesTheSpecDoesNotListAreRefused() async throws {
        try await withLoopbackServer(register(NotesDesk())) { url, _ in
            var patch = URLRequest(url: url.appending(path: "notes/\(UUID())"))
            patch.httpMethod = "PATCH"
            patch.setValue("application/json", forHTTPHeaderField: "Content-Type")
            patch.httpBody = Data(#"{"state": "archived"}"#.utf8)
            let (patched, patchResponse) = try await URLSession.shared.data(for: patch)
            #expect((patchResponse as? HTTPURLResponse)?.statusCode == 400)
            let problem = try JSONDecoder().decode(JSON.self, from: patched)["problems"]?[0]
            #expect(problem?["in"] == "body")
            #expect(problem?["message"]?.string?.contains("archived") == true)

            let (listed, listResponse) = try await URLSession.shared.data(
                from: url.appending(path: "notes").appending(queryItems: [.init(name: "state", value: "archived")])
            )
            #expect((listResponse as? HTTPURLResponse)?.statusCode == 400)
            #expect(try JSONDecoder().decode(JSON.self, from: listed)["problems"]?[0]?["name"] == "state")
        }
    }
}
