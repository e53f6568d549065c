import Foundation
import Hummingbird
import NotesServer
import SpecsmithServer
import Synchronization

/// A Notes server written as an app would: the generated protocol over notes in memory. It keeps what each
/// request carried that the answer does not show, for the tests to check.
final class NotesDesk: NotesService {
    struct Seen: Sendable {
        var requestIDs: [String?] = []
        var filters: [(state: State?, tags: [String]?, page: Int, perPage: Int)] = []
        var restores: [(session: String?, theme: String)] = []
        var logins: [(email: String, password: String)] = []
        var logouts = 0
    }

    private let notes = Mutex<[UUID: Note]>([:])
    let seen = Mutex(Seen())
    let created = Date(timeIntervalSince1970: 1_700_000_000.25)

    func listNotes(state: State?, tags: [String]?, page: Int, perPage: Int, xRequestID: String?) async throws -> Page {
        seen.withLock {
            $0.requestIDs.append(xRequestID)
            $0.filters.append((state, tags, page, perPage))
        }
        let all = notes.withLock { Array($0.values) }.sorted { $0.title < $1.title }.filter { note in
            (state == nil || note.state == state) && (tags ?? []).allSatisfy(note.tags.contains)
        }
        let (slice, more) = ExampleServices.page(all, number: page, size: perPage)
        return Page(items: slice, next: more ? page + 1 : nil)
    }

    func createNote(body: NewNote) async throws -> Note {
        let note = Note(
            id: UUID(),
            title: body.title,
            body: body.body,
            state: .draft,
            tags: body.tags,
            createdAt: created
        )
        notes.withLock { $0[note.id] = note }
        return note
    }

    func updateNote(id: UUID, title: String?, state: State?) async throws -> Note? {
        notes.withLock { notes -> Note? in
            guard var note = notes[id], title != nil || state != nil else { return nil }
            if let title { note.title = title }
            if let state { note.state = state }
            notes[id] = note
            return note
        }
    }

    func deleteNote(id: UUID) async throws {
        _ = notes.withLock { $0.removeValue(forKey: id) }
    }

    func noteExists(id: UUID) async throws {
        guard notes.withLock({ $0[id] }) != nil else { throw ServerRefusal(.notFound, "No such note.") }
    }

    func login(email: String, password: String) async throws -> Token {
        seen.withLock { $0.logins.append((email, password)) }
        return Token(token: "token-" + email, expiresIn: 3600)
    }

    func logout() async throws {
        seen.withLock { $0.logouts += 1 }
    }

    func restoreNote(id: UUID, body: NewNote?, session: String?, theme: String) async throws -> Note {
        seen.withLock { $0.restores.append((session, theme)) }
        let note = Note(id: id, title: body?.title ?? "Restored", state: .published, createdAt: created)
        notes.withLock { $0[id] = note }
        return note
    }

    func notesOptions() async throws {}
}

/// Adds `desk`'s routes.
func register(_ desk: NotesDesk) -> (Router<BasicRequestContext>) -> Void {
    { router in desk.registerRoutes(on: router) }
}
