import Bookshelf
import Foundation
import SpecsmithRuntime
import Testing

/// The Bookshelf client (of an OpenAPI document) against the mock of the same document.
@Suite struct BookshelfMockTests {
    @Test func booksFromTheDocumentsMock() async throws {
        try await withMock("Bookshelf") { url, log in
            let shelf = BookshelfClient<Scope.BooksRead>(baseURL: url, credentials: .token("reader-token"))
            var books: [Book] = []
            for try await book in shelf.allBooks(tags: ["swift"]) { books.append(book) }
            #expect(books.count == 1)
            let lines = log.lines
            #expect(lines.first?.contains(" → 200 ") == true, "\(lines)")
        }
    }
}
