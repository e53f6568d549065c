import Files
import Foundation
import LoopbackServer
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Files client against the Files server, both generated from `Specs/Files.yaml`: several answers,
/// response headers, several auth schemes, uploads streamed to disk (a file body, a multipart body with file,
/// text and JSON parts), and a download streamed from disk.
@Suite struct FilesServerTests {
    @Test(arguments: TestTransport.allCases)
    func theClientCallsEveryEndpointOfTheServer(transport: TestTransport) async throws {
        let desk = FilesDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            let writer = FilesClient<Scope.FilesWrite>(
                baseURL: url,
                uploadsURL: url,
                credentials: .token("writer"),
                transport: transport.make()
            )
            let created = try await writer.createFileWithHeaders(
                body: NewFile(name: "a.txt", contentType: "text/plain", text: "Hello, files")
            )
            guard case .created(let info) = created.body else {
                Issue.record("expected 201, got \(created.body)")
                return
            }
            #expect(created.status == 201)
            #expect(created.headers.location.absoluteString == "https://files.example.com/v1/files/\(info.id)")

            let fetched = try await writer.fileWithHeaders(id: info.id)
            #expect(fetched.body == .ok(info))
            #expect(fetched.headers.eTag == info.etag && fetched.headers.lastModified == desk.modified)
            #expect(try await writer.file(id: info.id, ifNoneMatch: info.etag) == .notModified)

            #expect(try await writer.fileContents(id: info.id) == Data("Hello, files".utf8))
            #expect(try await writer.filePreview(id: info.id) == "Hello, files")

            // A local file streamed up, and streamed to disk on the server.
            let local = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
            let big = Data((0..<300_000).map { UInt8($0 % 251) })
            try big.write(to: local)
            defer { try? FileManager.default.removeItem(at: local) }
            let replaced = try await writer.uploadContents(id: "big1", file: local)
            #expect(replaced.size == Int64(big.count))
            #expect(try await writer.fileContents(id: "big1") == big)

            // A multipart body: a file part from disk, text parts, a JSON part, a list of file parts.
            let uploaded = try await writer.uploadFileWithHeaders(
                FileUpload(contentsOf: local, filename: "photo.png", contentType: "image/png"),
                name: "Photo",
                tags: ["holiday", "beach"],
                labels: FileLabels(color: "red", starred: true),
                thumbnails: [FileUpload(Data([1, 2]), filename: "small.png", contentType: "image/png")]
            )
            #expect(uploaded.body.name == "Photo" && uploaded.body.size == Int64(big.count))
            #expect(uploaded.headers.location.lastPathComponent == uploaded.body.id)
            #expect(
                desk.uploads.withLock { $0 }
                    == [
                        "photo.png image/png tags=[\"holiday\", \"beach\"] color=red starred=true thumbnails=[\"small.png\"]"
                    ]
            )

            let listed = try await writer.listFilesWithHeaders(perPage: 2, page: 1)
            #expect(listed.body.count == 2 && listed.headers.totalCount == 3)
            #expect(listed.headers.link?["next"]?.absoluteString == "https://files.example.com/v1/files?page=2")
            #expect(listed.headers.rateLimitReset == desk.modified)

            let archive = try await writer.downloadArchive()
            defer { try? FileManager.default.removeItem(at: archive) }
            #expect(String(decoding: try Data(contentsOf: archive), as: UTF8.self).hasPrefix("PK archive"))

            // Another scheme: an app's key lists files; the operator's user and password delete them.
            let app = FilesClient<Scope.App>(baseURL: url, credentials: .token("app-key"), transport: transport.make())
            #expect(try await app.listFiles(perPage: 10).count == 3)
            let operatorClient = FilesClient<Scope.Public>(baseURL: url, transport: transport.make())
                .authorized(as: Scope.Operator.self, credentials: .basic(user: "ops", password: "pw"))
            #expect(try await operatorClient.deleteFile(id: info.id) == .noContent)
            #expect(try await operatorClient.deleteFile(id: "big1") == .scheduled(Job(id: "job-1", state: .running)))
            // A writer's token on the operator's endpoint (which its client cannot even name): 403.
            var delete = URLRequest(url: url.appending(path: "files/\(uploaded.body.id)"))
            delete.httpMethod = "DELETE"
            delete.setValue("Bearer writer", forHTTPHeaderField: "Authorization")
            let (_, refused) = try await URLSession.shared.data(for: delete)
            #expect((refused as? HTTPURLResponse)?.statusCode == 403)
        }
    }

    @Test func anUploadLargerThanTheLimitIsRefusedAndNothingIsLeftOnDisk() async throws {
        let desk = FilesDesk()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withLoopbackServer(register(desk, maxUploadSize: 100_000, uploadsDirectory: folder)) { url, _ in
            let writer = FilesClient<Scope.FilesWrite>(baseURL: url, uploadsURL: url, credentials: .token("writer"))
            do throws(APIError<Problem>) {
                _ = try await writer.uploadFile(FileUpload(Data(count: 200_000), filename: "big.bin"))
                Issue.record("an upload over the limit was taken")
            } catch {
                #expect(error.status == 413)
            }
            _ = try await writer.uploadFile(FileUpload(Data(count: 50_000), filename: "small.bin"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}
