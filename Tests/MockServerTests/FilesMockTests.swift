import Files
import Foundation
import SpecsmithRuntime
import Testing

/// The Files client against the mock of `Specs/Files.yaml`: three schemes, multipart uploads, downloads to a
/// file, and several answers.
@Suite struct FilesMockTests {
    @Test func uploadListAndDownload() async throws {
        try await withMock("Files") { url, log in
            let files = FilesClient<Scope.FilesWrite>(baseURL: url, uploadsURL: url, credentials: .token("user-token"))
            let uploaded = try await files.uploadFile(
                FileUpload(Data("hello".utf8), filename: "hello.txt", contentType: "text/plain"),
                tags: ["greeting"],
                labels: FileLabels(color: "red")
            )
            #expect(!uploaded.id.isEmpty)
            guard case .ok(let info) = try await files.file(id: uploaded.id) else {
                Issue.record("expected the file")
                return
            }
            #expect(info.id == uploaded.id)
            let archive = try await files.downloadArchive()
            defer { try? FileManager.default.removeItem(at: archive) }
            #expect(try Data(contentsOf: archive) == Data("mock bytes".utf8))
            let lines = log.lines
            #expect(lines.allSatisfy { $0.contains(" → 2") }, "\(lines)")

            // An app's key lists files, in the header its scheme names.
            let app = FilesClient<Scope.App>(baseURL: url, credentials: .token("app-key"))
            #expect(try await app.listFiles().count == 1)
        }
    }
}
