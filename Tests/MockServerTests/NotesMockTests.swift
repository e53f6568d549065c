import Foundation
import Notes
import SpecsmithRuntime
import Testing

/// The Notes client against the mock of `Specs/Notes.yaml`: a form body, JSON bodies, and cursor paging.
@Suite struct NotesMockTests {
    @Test func notesFlow() async throws {
        try await withMock("Notes") { url, log in
            let notes = NotesClient(baseURL: url)
            let token = try await notes.session.login(email: "a@b.c", password: "secret")
            #expect(token.token == "sample-token")
            var all: [Note] = []
            for try await note in notes.allNotes(state: .draft, tags: ["a", "b"]) { all.append(note) }
            #expect(all.isEmpty, "the sample page has no notes")
            let created = try await notes.createNote(body: NewNote(title: "Groceries"))
            let updated = try await notes.updateNote(id: created.id, title: "Shopping", state: .published)
            #expect(updated?.id == created.id)
            try await notes.deleteNote(id: created.id)
            let lines = log.lines
            #expect(lines.allSatisfy { $0.contains(" → 2") }, "\(lines)")
        }
    }
}
