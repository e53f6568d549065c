import Bookshelf
import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

/// The client generated from an OpenAPI document (`Specs/Bookshelf.yaml`), not from a spec in the format,
/// against a real server on loopback that checks what it receives and answers as the document says.
@Suite struct BookshelfClientTests {
    static let bookID = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

    static let book = #"""
        {"id": "\#(bookID)", "title": "Moby-Dick", "subtitle": null, "pages": 635, "format": "hardcover",
         "added": "2026-01-02T03:04:05Z", "published": "1851-10-18", "ratings": {"critics": 4.5},
         "shelf": {"id": "s1", "name": "Classics"}, "author": {"name": "Herman Melville", "born": 1819},
         "extra": {"translations": 40}}
        """#

    static func configure(_ router: Router<BasicRequestContext>) {
        router.get("/v2/books") { request, _ -> Response in
            var response = Response.json("[\(book)]")
            // Two pages: the first links to the second, which links nowhere.
            if request.uri.query?.contains("page=2") != true {
                response.headers[.init("Link")!] = #"</v2/books?page=2>; rel="next""#
            }
            response.headers[.init("X-Total-Count")!] = "41"
            if request.uri.query?.contains("limit=0") == true {
                return .json(#"{"title": "Bad limit", "status": 400}"#, status: .badRequest)
            }
            return response
        }
        router.post("/v2/books") { _, _ -> Response in .json(book, status: .created) }
        router.get("/v2/books/:id") { request, _ -> Response in
            if request.headers[.ifNoneMatch] == "\"7\"" { return Response(status: .notModified) }
            var response = Response.json(book)
            response.headers[.eTag] = "\"7\""
            return response
        }
        router.patch("/v2/books/:id") { _, _ -> Response in .json(book) }
        router.delete("/v2/books/:id") { _, _ -> Response in Response(status: .noContent) }
        router.put("/v2/books/:id/cover") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(status: .noContent)
        }
        router.get("/v2/books/:id/cover") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "image/jpeg"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xE0]))
            )
        }
        router.post("/v2/shelves") { _, _ -> Response in .json(#"{"id": "s2", "name": "To read"}"#, status: .created) }
        router.get("/v2/export") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/csv; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "title,pages\nMoby-Dick,635\n"))
            )
        }
    }

    /// A client of the OAuth 2 scope `books:read`, which the document's operations need by default.
    static func client(_ baseURL: URL, _ transport: TestTransport = .urlSession) -> BookshelfClient<Scope.BooksRead> {
        BookshelfClient<Scope.BooksRead>(
            baseURL: baseURL.appendingPathComponent("v2"),
            credentials: .token("reader-token"),
            transport: transport.make()
        )
    }

    /// The document's list answers an array with a `Link` header, so the client pages by it: the next page's
    /// link, relative to the response, is followed with the same credentials until a page has none.
    @Test(arguments: TestTransport.allCases)
    func pagesFollowTheLinkHeaderTheDocumentDescribes(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let books = try await Self.client(baseURL, transport).allBooks(limit: 1).collect()
            #expect(books.map(\.title) == ["Moby-Dick", "Moby-Dick"])
            let requests = await log.requests
            #expect(requests.map(\.uri) == ["/v2/books?limit=1", "/v2/books?page=2"])
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer reader-token" })
        }
    }

    @Test(arguments: TestTransport.allCases)
    func readsWhatTheDocumentDescribes(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let page = try await client.listBooksWithHeaders(
                tags: ["sea", "whales"],
                published: DateRange(from: CalendarDate(year: 1800, month: 1, day: 1))
            )
            let book = try #require(page.body.first)
            #expect(book.title == "Moby-Dick")
            #expect(book.format == .hardcover)
            #expect(book.published == CalendarDate(year: 1851, month: 10, day: 18))
            #expect(book.shelf == .shelf(Shelf(id: "s1", name: "Classics")))
            #expect(book.author?.born == 1819)
            #expect(book.extra?["translations"]?.int == 40)
            #expect(page.headers.xTotalCount == 41)
            #expect(page.headers.link?["next"]?.path == "/v2/books")

            let first = try await client.bookWithHeaders(id: UUID(uuidString: Self.bookID)!)
            #expect(first.headers.eTag == "\"7\"")
            #expect(try await client.book(id: UUID(uuidString: Self.bookID)!, ifNoneMatch: "\"7\"") == .notModified)
            #expect(try await client.bookCover(id: UUID(uuidString: Self.bookID)!) == Data([0xFF, 0xD8, 0xFF, 0xE0]))
            #expect(try await client.exportShelf() == "title,pages\nMoby-Dick,635\n")

            let requests = await log.requests
            // `explode: false` joins the array; `deepObject` brackets the object.
            #expect(
                requests.first?.uri == "/v2/books?tags=sea,whales&published%5Bfrom%5D=1800-01-01&limit=20"
            )
            // The cover is public (`security: []`): no credentials; the others send the token (for `book`, whose
            // credentials are optional, because the client has one).
            #expect(
                requests.map { $0.headers["authorization"] } == [
                    "Bearer reader-token", "Bearer reader-token", "Bearer reader-token", nil, "Bearer reader-token",
                ]
            )
            #expect(requests.suffix(2).map { $0.headers["accept"] } == ["image/jpeg", "text/csv"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func writesWhatTheDocumentDescribes(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let id = UUID(uuidString: Self.bookID)!
            let added = try await client.addBook(
                body: Book(title: "Moby-Dick", format: .hardcover, added: Date(timeIntervalSince1970: 0))
            )
            guard case .created(let book) = added else {
                Issue.record("expected 201, got \(added)")
                return
            }
            #expect(book.id == id)
            // `updateBook` needs `books:write`: a `books:read` client does not have the method.
            let writer = client.authorized(as: Scope.BooksWrite.self, credentials: .token("reader-token"))
            _ = try await writer.updateBook(id: id, body: UpdateBookRequest(title: "Moby Dick"))
            try await client.uploadCover(
                id: id,
                image: FileUpload(Data([1, 2]), filename: "c.jpg", contentType: "image/jpeg")
            )
            let shelf = try await client.createShelf(name: "To read", public: true)
            #expect(shelf.name == "To read")
            try await client.removeBook(id: id)

            let requests = await log.requests
            #expect(requests.map(\.method) == ["POST", "PATCH", "PUT", "POST", "DELETE"])
            #expect(requests[1].headers["content-type"] == "application/merge-patch+json")
            #expect(String(decoding: requests[1].body, as: UTF8.self) == #"{"title":"Moby Dick"}"#)
            #expect(requests[2].headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(String(decoding: requests[3].body, as: UTF8.self) == "name=To%20read&public=true")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func documentedErrorsAreTyped(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            do throws(APIError<Problem>) {
                _ = try await Self.client(baseURL, transport).listBooks(limit: 0)
                Issue.record("a 400 was taken as an answer")
            } catch {
                #expect(error.errorBody?.title == "Bad limit")
            }
        }
    }
}
