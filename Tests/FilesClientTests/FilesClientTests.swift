import Files
import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Synchronization
import Testing

/// The generated Files client against a real server on loopback that answers as cloud storage APIs do:
/// `201` or `202` with a `Location`, conditional reads answered `304`, pages with a `Link` header and counts
/// and rate limits in headers, contents as bytes or as text in a charset, and problem details for errors.
/// Serialized: some tests check that no temporary file of an upload or a download is left behind.
@Suite(.serialized) struct FilesClientTests {
    static let fileInfo = #"""
        {"id": "f1", "name": "notes.txt", "size": 5, "content_type": "text/plain", "etag": "\"v2\"",
         "created": "2026-01-02T03:04:05Z"}
        """#

    /// Every byte value, and then some, so that nothing may be read as text or JSON on the way.
    static let contents = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// A download larger than any one read, in a pattern that shows any byte out of place.
    static let archive = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 8)) })

    static func configure(_ router: Router<BasicRequestContext>) {
        router.post("/v1/files") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            if String(buffer: body).contains("big.bin") {
                var response = Response.json(#"{"id": "job_1", "state": "queued"}"#, status: .accepted)
                response.headers[.location] = "https://jobs.example.com/jobs/job_1"
                return response
            }
            var response = Response.json(fileInfo, status: .created)
            response.headers[.location] = "/v1/files/f1"  // relative: resolves against the request's URL
            return response
        }
        router.get("/v1/files/:id") { request, context -> Response in
            if context.parameters.get("id") == "missing" {
                return .json(#"{"title": "Not Found", "status": 404, "detail": "No file missing."}"#, status: .notFound)
            }
            if request.headers[.ifNoneMatch] == "\"v2\"" {
                return Response(status: .notModified, headers: [.eTag: "\"v2\""])
            }
            var response = Response.json(fileInfo)
            response.headers[.eTag] = "\"v2\""
            response.headers[.lastModified] = "Sun, 06 Nov 1994 08:49:37 GMT"
            return response
        }
        router.get("/v1/files") { request, _ -> Response in
            let query = request.uri.query ?? ""
            var response = Response.json("[\(fileInfo)]")
            if query.contains("page=1") {
                response.headers[.init("Link")!] =
                    #"</v1/files?per_page=20&page=2>; rel="next", <https://files.example.com/v1/files?page=9>; rel="last"; title="The end, \"really\"""#
            }
            if !query.contains("per_page=99") {
                response.headers[.init("X-Total-Count")!] = "21"
            }
            response.headers[.init("X-RateLimit-Reset")!] = "1700000000"
            return response
        }
        router.get("/v1/files/:id/contents") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: contents))
            )
        }
        router.get("/v1/files/:id/preview") { _, context -> Response in
            switch context.parameters.get("id") {
            case "latin1":
                // "Grüße" in ISO-8859-1: ü and ß are one byte each, not valid UTF-8.
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/plain; charset=ISO-8859-1"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: [0x47, 0x72, 0xFC, 0xDF, 0x65]))
                )
            case "broken":
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/plain"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: [0x47, 0x72, 0xFC, 0xDF, 0x65]))
                )
            default:
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "Grüße 👋\n"))
                )
            }
        }
        router.put("/uploads/v1/files/:id/contents") { request, context -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let info = fileInfo.replacingOccurrences(of: #""size": 5"#, with: #""size": \#(body.readableBytes)"#)
            return .json(info.replacingOccurrences(of: #""f1""#, with: #""\#(context.parameters.get("id") ?? "")""#))
        }
        router.post("/uploads/v1/uploads") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 16 << 20)
            var response = Response.json(fileInfo, status: .created)
            response.headers[.location] = "/v1/files/f1"
            return response
        }
        router.get("/v1/archive") { request, _ -> Response in
            if request.uri.query == "missing" {
                return .json(#"{"title": "Gone", "status": 404}"#, status: .notFound)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/zip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: archive))
            )
        }
        router.delete("/v1/files/:id") { _, context -> Response in
            switch context.parameters.get("id") {
            case "f1": Response(status: .noContent)
            case "f2": .json(#"{"id": "job_2", "state": "running"}"#, status: .accepted)
            default: .json("{}", status: .ok)  // a success the spec does not document
            }
        }
    }

    /// An operator's client: its scope includes every other but `app`'s.
    static func client(
        _ baseURL: URL,
        _ transport: TestTransport = .urlSession,
        downloadFolder: URL? = nil
    ) -> FilesClient<Scope.Operator> {
        FilesClient<Scope.Operator>(
            baseURL: baseURL.appendingPathComponent("v1"),
            uploadsURL: baseURL.appendingPathComponent("uploads/v1"),
            credentials: .basic(user: "operator", password: "s3cret"),
            transport: transport.make(downloadFolder: downloadFolder)
        )
    }

    /// A folder of its own for one test's downloads, so that what is left in it is that test's alone (the
    /// temporary folder has the downloads of tests running beside it).
    struct DownloadFolder: ~Copyable {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "FilesClientTests-downloads-\(UUID().uuidString)"
            )
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// The files in the folder.
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: url.path)
        }

        /// The files in the folder once it is empty, or after `seconds`: a cancelled download's file goes when
        /// its task ends, which may be a while on a busy machine.
        func filesLeft(waitingUpTo seconds: Int = 30) async throws -> [String] {
            try await eventually(within: .seconds(seconds)) { try files().isEmpty }
            return try files()
        }
    }

    /// A temporary file holding `data`.
    static func temporaryFile(_ data: Data, name: String = "notes.txt") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FilesClientTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// Notes the file each request's body is sent from.
    final class BodyFiles: Middleware {
        let files = Mutex<[URL]>([])

        func intercept(
            _ request: TransportRequest,
            next: @escaping @Sendable (TransportRequest) async throws(TransportError) -> RawResponse
        ) async throws(TransportError) -> RawResponse {
            if let file = request.bodyFile { files.withLock { $0.append(file) } }
            return try await next(request)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func multipartBodiesAreExactlyWhatRFC7578Says(transport: TestTransport) async throws {
        let text = try Self.temporaryFile(Data("hello\r\n--not-a-boundary\r\n".utf8))
        defer { try? FileManager.default.removeItem(at: text.deletingLastPathComponent()) }
        // The body is written to a file of its own folder, which the test watches alone.
        let bodies = text.deletingLastPathComponent().appendingPathComponent("bodies")
        try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let sent = BodyFiles()
            let client = FilesClient<Scope.Operator>(
                baseURL: baseURL.appendingPathComponent("v1"),
                uploadsURL: baseURL.appendingPathComponent("uploads/v1"),
                credentials: .basic(user: "operator", password: "s3cret"),
                transport: transport.make(),
                middleware: [sent]
            )
            let info = try await TemporaryFiles.$folder.withValue(bodies) {
                try await client.uploadFile(
                    FileUpload(contentsOf: text),  // `notes.txt`: `text/plain`, by its extension
                    name: #"a "quoted" name"#,
                    tags: ["x", "y"],
                    labels: FileLabels(color: "red"),
                    thumbnails: [FileUpload(Data([1, 2, 3]), filename: "t\"1\".png")]
                )
            }
            // The body was sent from a file in that folder.
            #expect(sent.files.withLock { $0.map { $0.deletingLastPathComponent().lastPathComponent } } == ["bodies"])
            #expect(info.id == "f1")
            let request = try #require(await log.requests.first)
            #expect(request.uri == "/uploads/v1/uploads")
            let contentType = try #require(request.headers["content-type"])
            #expect(contentType.hasPrefix("multipart/form-data; boundary=specsmith-"))
            let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
            let expected =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"notes.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--not-a-boundary\r\n\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\na \"quoted\" name\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nx\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\ny\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"labels\"\r\nContent-Type: application/json\r\n\r\n"
                + #"{"color":"red"}"# + "\r\n"  // `starred` (default `false`) not set, so not sent
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"thumbnails\"; filename=\"t%221%22.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n\u{1}\u{2}\u{3}\r\n"
                + "--\(boundary)--\r\n"
            #expect(String(decoding: request.body, as: UTF8.self) == expected)
            #expect(request.headers["content-length"] == String(request.body.count))
            // The temporary file the body was written to is gone.
            try await eventually { try FileManager.default.contentsOfDirectory(atPath: bodies.path).isEmpty }
            #expect(try FileManager.default.contentsOfDirectory(atPath: bodies.path) == [])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aLineBreakInAPartsNameIsRefusedBeforeSending(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            do throws(APIError<Problem>) {
                _ = try await Self.client(baseURL, transport).uploadFile(
                    FileUpload(Data("x".utf8), filename: "evil.txt\r\nContent-Type: text/html")
                )
                Issue.record("a file name with a line break was sent")
            } catch {
                guard case .invalidRequest(let reason) = error else {
                    Issue.record("expected invalidRequest, got \(error)")
                    return
                }
                #expect(reason.contains("line break"))
            }
            #expect(await log.requests.isEmpty)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func downloadsGoToAFileNotToMemory(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let file = try await client.downloadArchive()
            defer { try? FileManager.default.removeItem(at: file) }
            let downloaded = try Data(contentsOf: file)
            #expect(downloaded.count == Self.archive.count)
            // Not `==` on the data: a failure would diff 3 MB.
            let firstDifference = zip(downloaded, Self.archive).enumerated().first { $0.element.0 != $0.element.1 }?
                .offset
            #expect(firstDifference == nil)
            #expect(await log.requests.first?.headers["accept"] == "application/zip")
            // An error answer is still the typed error, read from memory.
            var missing = FilesAPI.downloadArchive()
            missing.endpoint.path += "?missing"
            do throws(APIError<Problem>) {
                _ = try await client.send(missing)
                Issue.record("a 404 download was taken as an answer")
            } catch {
                #expect(error.errorBody?.title == "Gone")
            }
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aDownloadPastItsLimitFailsAndLeavesNoFile(transport: TestTransport) async throws {
        let folder = try DownloadFolder()
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let client = FilesClient<Scope.FilesRead>(
                baseURL: baseURL.appendingPathComponent("v1"),
                credentials: .token("t"),
                transport: transport.make(
                    maxResponseSize: 10 << 20,
                    maxDownloadSize: 1 << 20,
                    downloadFolder: folder.url
                )
            )
            do throws(APIError<Problem>) {
                _ = try await client.downloadArchive()
                Issue.record("a download past its limit was accepted")
            } catch {
                guard case .noResponse(let failure) = error else {
                    Issue.record("expected noResponse, got \(error)")
                    return
                }
                #expect(failure.kind == .responseTooLarge)
            }
        }
        #expect(try await folder.filesLeft().isEmpty)
    }

    @Test(arguments: TestTransport.allCases)
    func aDownloadGoesToTheTransportsFolder(transport: TestTransport) async throws {
        let folder = try DownloadFolder()
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let client = Self.client(baseURL, transport, downloadFolder: folder.url)
            let file = try await client.downloadArchive()
            #expect(file.deletingLastPathComponent().standardizedFileURL.path == folder.url.standardizedFileURL.path)
            #expect(try folder.files() == [file.lastPathComponent])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func endpointsOnAnotherServerGoThere(transport: TestTransport) async throws {
        let upload = try Self.temporaryFile(Self.contents, name: "contents.bin")
        defer { try? FileManager.default.removeItem(at: upload.deletingLastPathComponent()) }
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let info = try await Self.client(baseURL, transport).uploadContents(id: "f7", file: upload)
            #expect(info.id == "f7")
            #expect(info.size == Int64(Self.contents.count))
            let request = try #require(await log.requests.first)
            #expect(request.uri == "/uploads/v1/files/f7/contents")
            #expect(request.body == Self.contents)
            #expect(request.headers["content-type"] == "application/octet-stream")
        }
        // A client made from an APIClient without the server's URL refuses, sending nothing.
        let bare = FilesClient<Scope.Operator>(client: APIClient(baseURL: FilesClient<Scope.Public>.defaultBaseURL))
        do throws(APIError<Problem>) {
            _ = try await bare.uploadContents(id: "f7", file: upload)
            Issue.record("an endpoint on an unknown server was sent")
        } catch {
            #expect(error.category == .client)
        }
    }

    @Test func serverVariablesHaveDefaultsAndAllowedValues() throws {
        typealias Client = FilesClient<Scope.Public>
        #expect(Client.defaultBaseURL.absoluteString == "https://eu.files.example.com/v1")
        #expect(Client.defaultUploadsURL.absoluteString == "https://uploads.eu.files.example.com/v1")
        #expect(try Client.baseURL(region: "us").absoluteString == "https://us.files.example.com/v1")
        #expect(try Client.uploadsURL(region: "ap").host == "uploads.ap.files.example.com")
        #expect(try Client.baseURL() == Client.defaultBaseURL)
        // A value the spec does not list, or one that would change the host's structure, is refused.
        #expect(throws: APIError<Never>.self) { try Client.baseURL(region: "mars") }
        let client = Client(baseURL: try Client.baseURL(region: "us"))
        #expect(client.client.baseURL.host == "us.files.example.com")
        #expect(client.client.servers["uploads"] == Client.defaultUploadsURL)
    }

    @Test(arguments: TestTransport.allCases)
    func severalAnswersAreAnEnumerationOfThem(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let new = NewFile(name: "notes.txt", contentType: "text/plain", text: "hello")
            guard case .created(let info) = try await client.createFile(body: new) else {
                Issue.record("expected 201 Created")
                return
            }
            #expect(info.etag == "\"v2\"")
            let big = try await client.createFile(body: NewFile(name: "big.bin", contentType: "", text: ""))
            #expect(big == .processing(Job(id: "job_1", state: .queued)))
            let deleted = try await client.deleteFile(id: "f1")
            #expect(deleted == .noContent)
            let scheduled = try await client.deleteFile(id: "f2")
            #expect(scheduled == .scheduled(Job(id: "job_2", state: .running)))
            // A 200 is a success, but not one of the answers `deleteFile` documents.
            do throws(APIError<Problem>) {
                _ = try await client.deleteFile(id: "f3")
                Issue.record("an undocumented 200 was taken as an answer")
            } catch {
                #expect(error.category == .unexpected)
                #expect(error.status == 200)
            }
            #expect(await log.requests.map(\.method) == ["POST", "POST", "DELETE", "DELETE", "DELETE"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func notModifiedIsAnAnswerNotAnError(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let first = try await client.fileWithHeaders(id: "f1")
            guard case .ok(let info) = first.body else {
                Issue.record("expected 200 OK, got \(first.body)")
                return
            }
            #expect(info.name == "notes.txt")
            #expect(first.headers.eTag == "\"v2\"")
            #expect(first.headers.lastModified == Date(timeIntervalSince1970: 784_111_777))
            #expect(first.status == 200)

            let again = try await client.file(id: "f1", ifNoneMatch: first.headers.eTag)
            #expect(again == .notModified)
            let requests = await log.requests
            #expect(requests.map { $0.headers["if-none-match"] } == [nil, "\"v2\""])

            do throws(APIError<Problem>) {
                _ = try await client.file(id: "missing")
                Issue.record("a 404 was taken as an answer")
            } catch {
                #expect(error.errorBody?.detail == "No file missing.")
            }
        }
    }

    @Test(arguments: TestTransport.allCases)
    func responseHeadersAreTypedWithoutLosingThePlainCall(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let client = Self.client(baseURL, transport)
            // Callers who want only the body keep the plain call.
            let files: [FileInfo] = try await client.listFiles()
            #expect(files.map(\.id) == ["f1"])

            let page = try await client.listFilesWithHeaders()
            #expect(page.body == files)
            #expect(page.headers.totalCount == 21)
            #expect(page.headers.rateLimitReset == Date(timeIntervalSince1970: 1_700_000_000))
            let links = try #require(page.headers.link)
            // The relative link resolves against the URL the response came from.
            #expect(
                links["next"]
                    == baseURL.appendingPathComponent("v1/files").absoluteURL.appending(queryItems: [
                        URLQueryItem(name: "per_page", value: "20"), URLQueryItem(name: "page", value: "2"),
                    ])
            )
            #expect(links["LAST"]?.absoluteString == "https://files.example.com/v1/files?page=9")
            #expect(links.links.last?.parameters["title"] == #"The end, "really""#)

            let second = try await client.listFilesWithHeaders(page: 2)
            #expect(second.headers.link == nil)

            let created = try await client.createFileWithHeaders(
                body: NewFile(name: "notes.txt", contentType: "text/plain", text: "hello")
            )
            #expect(created.headers.location == baseURL.appendingPathComponent("v1/files/f1"))
            #expect(created.status == 201)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aMissingRequiredHeaderIsATypedFailureNamingIt(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            do throws(APIError<Problem>) {
                _ = try await Self.client(baseURL, transport).listFilesWithHeaders(perPage: 99)
                Issue.record("a response without X-Total-Count was accepted")
            } catch {
                guard case .undecodableBody(let failure) = error else {
                    Issue.record("expected undecodableBody, got \(error)")
                    return
                }
                #expect(failure.codingPath == "header X-Total-Count")
            }
            // The plain call does not read headers, so it does not need them.
            let files = try await Self.client(baseURL, transport).listFiles(perPage: 99)
            #expect(files.count == 1)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func rawAnswersAreBytesOrTextInTheirCharset(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let bytes = try await client.fileContents(id: "f1")
            #expect(bytes == Self.contents)
            let utf8 = try await client.filePreview(id: "f1")
            #expect(utf8 == "Grüße 👋\n")
            let latin1 = try await client.filePreview(id: "latin1")
            #expect(latin1 == "Grüße")
            let accepts = await log.requests.map { $0.headers["accept"] }
            #expect(accepts == ["application/octet-stream", "text/plain", "text/plain"])

            // Bytes that are not UTF-8, in a response that names no charset: a failure, not lost characters.
            do throws(APIError<Problem>) {
                _ = try await client.filePreview(id: "broken")
                Issue.record("invalid UTF-8 was accepted")
            } catch {
                guard case .undecodableBody(let failure) = error else {
                    Issue.record("expected undecodableBody, got \(error)")
                    return
                }
                #expect(failure.message.contains("utf-8"))
            }
        }
    }
}
