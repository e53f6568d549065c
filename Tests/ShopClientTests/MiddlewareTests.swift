import Foundation
import LoopbackServer
import Shop
import SpecsmithRuntime
import Testing

/// Built-in middleware on the Shop client against the loopback server.
@Suite struct MiddlewareTests {
    @Test(arguments: TestTransport.allCases)
    func retriesA503AsLongAsRetryAfterSays(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            await state.set(unavailableCategories: 2)
            let waits = Lines()
            let retry = RetryMiddleware(maxAttempts: 3, sleep: { waits.append("\($0)") })
            let guest = ShopClient<Scope.Guest>(
                baseURL: baseURL,
                credentials: .token(ShopState.guestToken),
                transport: transport.make(),
                middleware: [retry]
            )
            let categories = try await guest.categories()
            #expect(categories.count == 2)
            #expect(await log.requests.count == 3)
            #expect(waits.all == ["1.0 seconds", "1.0 seconds"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func givesUpAfterMaxAttemptsAndNeverRetriesAPost(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            await state.set(unavailableCategories: 5)
            let retry = RetryMiddleware(maxAttempts: 2, sleep: { _ in })
            let guest = ShopClient<Scope.Guest>(
                baseURL: baseURL,
                credentials: .token(ShopState.guestToken),
                transport: transport.make(),
                middleware: [retry]
            )
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) { try await guest.categories() }
            #expect(error?.status == 503)
            #expect(error?.category == .unexpected)
            #expect(await log.requests.count == 2)

            let shop = ShopClient<Scope.Public>(baseURL: baseURL, transport: transport.make(), middleware: [retry])
            _ = try? await shop.login(email: "nobody", password: "x")
            #expect(await log.requests.count == 3, "a POST is sent once")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aTimeoutMiddlewareBoundsTheRequest(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, _ in
            await state.set(categoriesDelay: .seconds(10))
            let guest = ShopClient<Scope.Guest>(
                baseURL: baseURL,
                credentials: .token(ShopState.guestToken),
                transport: transport.make(),
                middleware: [TimeoutMiddleware(.milliseconds(300))]
            )
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) { try await guest.categories() }
            guard case .noResponse(let failure) = error else {
                Issue.record("expected no response, got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .timeout)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func logsNeverShowTokensPasswordsOrRefreshTokens(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, _ in
            let lines = Lines()
            let logging = LoggingMiddleware(detail: [.headers, .bodies]) { lines.append($0) }
            let shop = ShopClient<Scope.Public>(baseURL: baseURL, transport: transport.make(), middleware: [logging])
            let session = try await shop.login(email: ShopState.email, password: ShopState.password)
            let credentials = TokenRefreshTests.refreshingCredentials(session, shop: shop)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: credentials)
            await state.expireTokens()
            _ = try await customer.profile()  // 401, refresh, replay: three more exchanges logged.

            let log = lines.all.joined(separator: "\n")
            let renewed = await credentials.current
            guard case .token(let newToken) = renewed else {
                Issue.record("expected a token, got \(renewed)")
                return
            }
            for secret in [ShopState.password, session.token, session.refreshToken, newToken] {
                #expect(!log.contains(secret), "the log shows a secret")
            }
            #expect(log.contains("→ POST \(baseURL.absoluteString)/login"))
            #expect(log.contains("← 401 GET \(baseURL.absoluteString)/customer/profile"))
            #expect(log.contains("← 200 GET \(baseURL.absoluteString)/customer/profile"))
            #expect(log.contains("Authorization: <redacted>"))
            #expect(log.contains(#""password":"<redacted>""#))
            #expect(log.contains(#""email":"john@doe.com""#), "fields that are not secret stay readable")
        }
    }
}

/// Lines collected from concurrent code.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] { lock.withLock { lines } }
}
