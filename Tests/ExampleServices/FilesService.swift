import FilesServer
import Foundation
import Hummingbird
import SpecsmithServer
import Synchronization

/// A Files server written as an app would: files in memory, uploads read from the files the route wrote.
final class FilesDesk: FilesService {
    struct Stored: Sendable {
        var info: FileInfo
        var contents: Data
    }

    private let files = Mutex<[String: Stored]>([:])
    /// What each upload carried that the answer does not show, for the tests to check.
    let uploads = Mutex<[String]>([])
    let modified = Date(timeIntervalSince1970: 1_767_225_600)

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        switch credential {
        case .token("app-key"): Grant("app", scope: Scope.App.self)
        case .token("reader"): Grant("reader", scope: Scope.FilesRead.self)
        case .token("writer"): Grant("writer", scope: Scope.FilesWrite.self)
        case .basic("ops", "pw"): Grant("ops", scope: Scope.Operator.self)
        default: nil
        }
    }

    func errorBody(for problems: RequestProblems) -> Problem {
        Problem(title: "Bad request", status: 400, detail: problems.message)
    }

    private func store(_ name: String, _ contentType: String, _ contents: Data, id: String? = nil) -> FileInfo {
        let id = id ?? "f\(files.withLock { $0.count } + 1)"
        let info = FileInfo(
            id: id,
            name: name,
            size: Int64(contents.count),
            contentType: contentType,
            etag: "e\(contents.count)",
            created: modified
        )
        files.withLock { $0[id] = Stored(info: info, contents: contents) }
        return info
    }

    private func location(_ id: String) -> URL { URL(string: "https://files.example.com/v1/files/\(id)")! }

    private func missing(_ id: String) -> Problem { Problem(title: "Not found", status: 404, detail: "No file \(id).") }

    func createFile(
        body: NewFile,
        caller: Caller<Scope.FilesWrite, String>
    ) async throws -> Reply<WithHeaders<CreateFileAnswer, CreateFileResponseHeaders>, Problem> {
        let info = store(body.name, body.contentType, Data(body.text.utf8))
        return .answer(WithHeaders(.created(info), headers: CreateFileResponseHeaders(location: location(info.id))))
    }

    func file(
        id: String,
        ifNoneMatch: String?
    ) async throws -> Reply<WithHeaders<FileAnswer, FileResponseHeaders>, Problem> {
        guard let stored = files.withLock({ $0[id] }) else { return .error(missing(id), status: 404) }
        let headers = FileResponseHeaders(eTag: stored.info.etag, lastModified: modified)
        if ifNoneMatch == stored.info.etag { return .answer(WithHeaders(.notModified, headers: headers)) }
        return .answer(WithHeaders(.ok(stored.info), headers: headers))
    }

    func listFiles(
        perPage: Int,
        page: Int,
        caller: Caller<Scope.AppOrFilesRead, String>
    ) async throws -> Reply<WithHeaders<[FileInfo], ListFilesResponseHeaders>, Problem> {
        let all = files.withLock { $0.values.map(\.info) }.sorted { $0.id < $1.id }
        let (slice, more) = ExampleServices.page(all, number: page, size: perPage)
        let next = { URL(string: "https://files.example.com/v1/files?page=\(page + 1)")! }
        let links = more ? Links([Links.Link(url: next(), relations: ["next"])]) : nil
        let headers = ListFilesResponseHeaders(link: links, totalCount: all.count, rateLimitReset: modified)
        return .answer(WithHeaders(slice, headers: headers))
    }

    func fileContents(id: String, caller: Caller<Scope.FilesRead, String>) async throws -> Reply<Data, Problem> {
        guard let stored = files.withLock({ $0[id] }) else { return .error(missing(id), status: 404) }
        return .answer(stored.contents)
    }

    func filePreview(id: String, caller: Caller<Scope.FilesRead, String>) async throws -> Reply<String, Problem> {
        guard let stored = files.withLock({ $0[id] }) else { return .error(missing(id), status: 404) }
        return .answer(String(decoding: stored.contents.prefix(64), as: UTF8.self))
    }

    func deleteFile(id: String, caller: Caller<Scope.Operator, String>) async throws -> Reply<DeleteFileAnswer, Problem>
    {
        guard files.withLock({ $0.removeValue(forKey: id) }) != nil else { return .error(missing(id), status: 404) }
        return .answer(id.hasPrefix("big") ? .scheduled(Job(id: "job-1", state: .running)) : .noContent)
    }

    func uploadContents(
        id: String,
        file: URL,
        caller: Caller<Scope.FilesWrite, String>
    ) async throws -> Reply<FileInfo, Problem> {
        // The route streamed the body to `file`, which it deletes once this answers.
        let contents = try Data(contentsOf: file)
        return .answer(store(id, "application/octet-stream", contents, id: id))
    }

    func uploadFile(
        _ file: FileUpload,
        name: String?,
        tags: [String]?,
        labels: FileLabels?,
        thumbnails: [FileUpload]?,
        caller: Caller<Scope.FilesWrite, String>
    ) async throws -> Reply<WithHeaders<FileInfo, UploadFileResponseHeaders>, Problem> {
        guard case .file(let url) = file.content else { return .error(missing("upload"), status: 400) }
        let contents = try Data(contentsOf: url)
        uploads.withLock {
            $0.append(
                "\(file.filename ?? "-") \(file.contentType) tags=\(tags ?? []) color=\(labels?.color ?? "-") "
                    + "starred=\(labels?.starred ?? false) thumbnails=\((thumbnails ?? []).map { $0.filename ?? "-" })"
            )
        }
        let info = store(name ?? file.filename ?? "upload", file.contentType, contents)
        return .answer(WithHeaders(info, headers: UploadFileResponseHeaders(location: location(info.id))))
    }

    func downloadArchive(caller: Caller<Scope.FilesRead, String>) async throws -> Reply<URL, Problem> {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString).zip")
        let names = files.withLock { $0.keys.sorted() }.joined(separator: "\n")
        try Data(("PK archive\n" + names).utf8).write(to: url)
        return .answer(url)
    }
}

/// Adds `desk`'s routes, with these limits.
func register(
    _ desk: FilesDesk,
    maxUploadSize: Int = 1 << 30,
    uploadsDirectory: URL = FileManager.default.temporaryDirectory
) -> (Router<BasicRequestContext>) -> Void {
    { router in
        desk.registerRoutes(
            on: router,
            options: ServerOptions(maxUploadSize: maxUploadSize, uploadsDirectory: uploadsDirectory)
        )
    }
}
