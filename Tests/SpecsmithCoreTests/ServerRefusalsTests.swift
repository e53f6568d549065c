import Testing

@testable import SpecsmithCore

/// What a generated server answers for a method no endpoint of a path has: `405` with `Allow` (issue 59,
/// item 3), for paths as the router matches them.
@Suite struct ServerRefusalsTests {
    /// Paths the router matches alike (`/notes/{id}`, `/notes/{noteId}`) are one path: a refusal of `DELETE` on
    /// the first would take the second's route.
    @Test func pathsTheRouterMatchesAlikeAreOnePath() throws {
        let spec = """
            name: Notes
            baseURL: https://notes.example.com
            endpoints:
              note: {method: GET, path: "/notes/{id}", pathParameters: {id: String}}
              deleteNote: {method: DELETE, path: "/notes/{noteId}", pathParameters: {noteId: String}}
              restore: {method: POST, path: "/notes/{id}/restore", pathParameters: {id: String}}
            """
        let output = Pipeline.generate(text: spec, path: "Notes.yaml", overrides: .init(flavours: [.server])) { _ in
            nil
        }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let server = output.files.first { $0.name == "Server.swift" }?.contents ?? ""
        #expect(
            server.contains(
                #"routes.refuseOtherMethods(["/notes/{id}": [.get, .delete], "/notes/{id}/restore": [.post]])"#
            ),
            "\(server)"
        )
    }
}
