import Files
import Foundation
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

/// The Files API's several auth schemes against a loopback server that is also its OAuth 2 authorization
/// server: an app's API key, a user's OAuth 2 token (client credentials or refresh token grants), an
/// operator's user name and password; an endpoint that takes either of two scopes, and one where credentials
/// are optional.
@Suite struct FilesAuthTests {
    /// Issues `token-1`, `token-2`, … , counts the grants it answered, and knows which tokens expired.
    actor Issuer {
        private(set) var grants: [String] = []
        private var expired: Set<String>

        init(expired: Set<String> = []) { self.expired = expired }

        func issue(_ grant: String) -> Int {
            grants.append(grant)
            return grants.count
        }

        func expire(_ token: String) { expired.insert(token) }
        func hasExpired(_ token: String) -> Bool { expired.contains(token) }
    }

    static func configure(_ router: Router<BasicRequestContext>, issuer: Issuer) {
        FilesClientTests.configure(router)
        router.post("/oauth/token") { request, _ -> Response in
            let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
            let client = "Basic " + Data("files-app:app-secret".utf8).base64EncodedString()
            guard request.headers[.authorization] == client || body.contains("client_id=files-app") else {
                return .json(#"{"error": "invalid_client"}"#, status: .unauthorized)
            }
            let grant = body.split(separator: "&").first { $0.hasPrefix("grant_type=") }.map(String.init) ?? ""
            if grant == "grant_type=refresh_token", !body.contains("refresh_token=refresh-") {
                return .json(#"{"error": "invalid_grant"}"#, status: .badRequest)
            }
            let number = await issuer.issue(body)
            return .json(
                #"{"access_token": "token-\#(number)", "token_type": "bearer", "expires_in": 3600, "refresh_token": "refresh-\#(number)"}"#
            )
        }
        // Contents that need a token that has not expired.
        router.get("/v2/files/:id/contents") { request, _ -> Response in
            guard let authorization = request.headers[.authorization],
                await !issuer.hasExpired(String(authorization.dropFirst("Bearer ".count)))
            else {
                return .json(#"{"title": "Unauthorized", "status": 401}"#, status: .unauthorized)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream"],
                body: .init(byteBuffer: ByteBuffer(string: authorization))
            )
        }
    }

    static func tokenURL(_ baseURL: URL) -> URL { baseURL.appendingPathComponent("oauth/token") }

    @Test(arguments: TestTransport.allCases)
    func eachScopeSendsItsOwnScheme(transport: TestTransport) async throws {
        try await withLoopbackServer({ Self.configure($0, issuer: Issuer()) }) { baseURL, log in
            let v1 = baseURL.appendingPathComponent("v1")
            let app = FilesClient<Scope.App>(baseURL: v1, credentials: .token("app-key-1"), transport: transport.make())
            let reader = FilesClient<Scope.FilesRead>(
                baseURL: v1,
                credentials: .token("user-token"),
                transport: transport.make()
            )
            let operatorClient = FilesClient<Scope.Public>(baseURL: v1, transport: transport.make())
                .authorized(as: Scope.Operator.self, credentials: .basic(user: "ops", password: "pw"))
            // `listFiles` takes an app's key or a reader's token: both clients have it.
            _ = try await app.listFiles()
            _ = try await reader.listFiles()
            // An operator's scope includes files:write and files:read, so it lists files too, with its password.
            _ = try await operatorClient.listFiles()
            let headers = await log.requests.map { ($0.headers["x-api-key"], $0.headers["authorization"]) }
            #expect(headers.map(\.0) == ["app-key-1", nil, nil])
            #expect(
                headers.map(\.1) == [
                    nil, "Bearer user-token", "Basic " + Data("ops:pw".utf8).base64EncodedString(),
                ]
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func optionalCredentialsAreSentWhenTheClientHasThem(transport: TestTransport) async throws {
        try await withLoopbackServer({ Self.configure($0, issuer: Issuer()) }) { baseURL, log in
            let v1 = baseURL.appendingPathComponent("v1")
            _ = try await FilesClient<Scope.Public>(baseURL: v1, transport: transport.make()).file(id: "f1")
            _ = try await FilesClient<Scope.FilesRead>(
                baseURL: v1,
                credentials: .token("user-token"),
                transport: transport.make()
            ).file(id: "f1")
            // A client whose scope is not among the endpoint's still calls it, and sends what it has.
            _ = try await FilesClient<Scope.App>(baseURL: v1, credentials: .token("key"), transport: transport.make())
                .file(id: "f1")
            let requests = await log.requests
            #expect(requests.map { $0.headers["authorization"] } == [nil, "Bearer user-token", nil])
            #expect(requests.map { $0.headers["x-api-key"] } == [nil, nil, "key"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func clientCredentialsAreFetchedOnceAndRefreshedOnceFor401(transport: TestTransport) async throws {
        // The first token the authorization server issues has expired by the time it is used.
        let issuer = Issuer(expired: ["token-1"])
        try await withLoopbackServer({ Self.configure($0, issuer: issuer) }) { baseURL, log in
            let credentials = Credentials.clientCredentials(
                tokenURL: Self.tokenURL(baseURL),
                clientID: "files-app",
                clientSecret: "app-secret",
                scopes: [Scope.FilesRead.oauth2Scope],
                transport: transport.make()
            )
            #expect(await credentials.current == nil)
            let reader = FilesClient<Scope.FilesRead>(
                baseURL: baseURL.appendingPathComponent("v2"),
                credentials: credentials,
                transport: transport.make()
            )
            // Three requests at once: one grant for the first token, and when the server refuses it, one more.
            let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
                for id in ["a", "b", "c"] {
                    group.addTask { try await reader.fileContents(id: id) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies.map { String(decoding: $0, as: UTF8.self) } == Array(repeating: "Bearer token-2", count: 3))
            let grants = await issuer.grants
            #expect(grants.count == 2)
            #expect(grants.allSatisfy { $0 == "grant_type=client_credentials&scope=files%3Aread" })
            #expect(await credentials.current == .token("token-2"))
            let tokenRequests = await log.requests.filter { $0.uri == "/oauth/token" }
            #expect(tokenRequests.allSatisfy { $0.headers["content-type"] == "application/x-www-form-urlencoded" })
        }
    }

    @Test(arguments: TestTransport.allCases)
    func refreshTokensAreUsedAndRotated(transport: TestTransport) async throws {
        let issuer = Issuer(expired: ["old"])
        try await withLoopbackServer({ Self.configure($0, issuer: issuer) }) { baseURL, _ in
            let credentials = Credentials.refreshToken(
                "refresh-0",
                accessToken: "old",
                tokenURL: Self.tokenURL(baseURL),
                clientID: "files-app",
                transport: transport.make()
            )
            let reader = FilesClient<Scope.FilesRead>(
                baseURL: baseURL.appendingPathComponent("v2"),
                credentials: credentials,
                transport: transport.make()
            )
            let first = try await reader.fileContents(id: "a")
            #expect(String(decoding: first, as: UTF8.self) == "Bearer token-1")
            await issuer.expire("token-1")
            let second = try await reader.fileContents(id: "a")
            #expect(String(decoding: second, as: UTF8.self) == "Bearer token-2")
            // The second refresh used the refresh token the first answer rotated in.
            #expect(
                await issuer.grants == [
                    "grant_type=refresh_token&refresh_token=refresh-0&client_id=files-app",
                    "grant_type=refresh_token&refresh_token=refresh-1&client_id=files-app",
                ]
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aFailedGrantIsAnAuthenticationFailure(transport: TestTransport) async throws {
        try await withLoopbackServer({ Self.configure($0, issuer: Issuer()) }) { baseURL, log in
            let reader = FilesClient<Scope.FilesRead>(
                baseURL: baseURL.appendingPathComponent("v2"),
                credentials: .clientCredentials(
                    tokenURL: Self.tokenURL(baseURL),
                    clientID: "intruder",
                    clientSecret: "x",
                    transport: transport.make()
                ),
                transport: transport.make()
            )
            do throws(APIError<Problem>) {
                _ = try await reader.fileContents(id: "a")
                Issue.record("a refused grant was taken for a token")
            } catch {
                #expect(error.category == .authentication)
            }
            // Nothing reached the API without a token.
            #expect(await log.requests.map(\.uri) == ["/oauth/token"])
        }
    }
}

/// The README's Files snippet, as main-actor code (what a view model or top-level code is).
@MainActor @Suite struct FilesReadmeTests {
    @Test func theReadmeSnippetRunsOnTheMainActor() async throws {
        try await withLoopbackServer({ FilesAuthTests.configure($0, issuer: FilesAuthTests.Issuer()) }) {
            baseURL,
            log in
            let (id, secret, userToken) = ("files-app", "app-secret", "user-token")
            let movie = try FilesClientTests.temporaryFile(Data("a short film".utf8), name: "trip.mp4")
            defer { try? FileManager.default.removeItem(at: movie.deletingLastPathComponent()) }
            let files = FilesClient<Scope.FilesRead>(
                baseURL: baseURL.appendingPathComponent("v1"),
                uploadsURL: baseURL.appendingPathComponent("uploads/v1"),
                credentials: .clientCredentials(
                    tokenURL: FilesAuthTests.tokenURL(baseURL),
                    clientID: id,
                    clientSecret: secret,
                    scopes: [Scope.FilesRead.oauth2Scope]
                )
            )
            let first = try await files.fileWithHeaders(id: "f1")
            var outcome = ""
            switch try await files.file(id: "f1", ifNoneMatch: first.headers.eTag) {
            case .ok(let info): outcome = "changed: \(info.name)"
            case .notModified: outcome = "unchanged"
            }
            #expect(outcome == "unchanged")
            let page = try await files.listFilesWithHeaders()
            #expect(page.headers.link?["next"] != nil)
            let archive: URL = try await files.downloadArchive()
            defer { try? FileManager.default.removeItem(at: archive) }
            #expect(try Data(contentsOf: archive).count == FilesClientTests.archive.count)

            let writer = files.authorized(as: Scope.FilesWrite.self, credentials: .token(userToken))
            let stored = try await writer.uploadFile(
                FileUpload(contentsOf: movie),
                tags: ["trip"]
            )
            #expect(stored.id == "f1")
            #expect(Scope.FilesRead.tokenURL.absoluteString == "https://auth.files.example.com/oauth/token")
            let authorizations = await log.requests.map { $0.headers["authorization"] }
            #expect(authorizations.filter { $0 == "Bearer token-1" }.count == 4)
            #expect(authorizations.last == "Bearer user-token")
        }
    }
}
