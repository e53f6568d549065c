import Foundation
import LoopbackServer
import Shop
import SpecsmithRuntime
import Testing

/// OAuth 2-style refresh: on 401, one refresh however many requests were refused, then one replay each.
@Suite struct TokenRefreshTests {
    /// Credentials that refresh through the public client's `refreshToken` endpoint, remembering the latest
    /// refresh token.
    static func refreshingCredentials(
        _ session: LoginResponse,
        shop: ShopClient<Scope.Public>
    ) -> Credentials {
        let refreshToken = RefreshTokenBox(session.refreshToken)
        return .refreshing(token: session.token) { _ in
            let renewed = try await shop.refreshToken(refreshToken: refreshToken.value)
            refreshToken.value = renewed.refreshToken
            return renewed.token
        }
    }

    /// A customer client whose token the server has just expired, and its refreshing credentials.
    static func expiredCustomer(
        baseURL: URL,
        state: ShopState,
        transport: TestTransport = .urlSession
    ) async throws -> (ShopClient<Scope.Customer>, Credentials) {
        let shop = ShopClient<Scope.Public>(baseURL: baseURL, transport: transport.make())
        let session = try await shop.login(email: ShopState.email, password: ShopState.password)
        let credentials = refreshingCredentials(session, shop: shop)
        await state.expireTokens()
        return (shop.authorized(as: Scope.Customer.self, credentials: credentials), credentials)
    }

    @Test(arguments: TestTransport.allCases)
    func aStampedeOfExpiredRequestsCausesExactlyOneRefresh(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            let (customer, credentials) = try await Self.expiredCustomer(
                baseURL: baseURL,
                state: state,
                transport: transport
            )

            let concurrency = 64
            let clock = ContinuousClock()
            let started = clock.now
            let names = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<concurrency {
                    group.addTask { try await customer.profile().firstName }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let elapsed = clock.now - started

            #expect(names.count == concurrency)
            #expect(names.allSatisfy { $0 == "John" })
            let requests = await log.requests
            let refreshes = requests.filter { $0.uri == "/auth/refresh" }.count
            let profileRequests = requests.filter { $0.uri == "/customer/profile" }
            #expect(refreshes == 1)
            #expect(await credentials.refreshCount == 1)
            // Every request was sent at most twice: once refused, once replayed.
            #expect(profileRequests.count <= 2 * concurrency)
            // Each was answered with the new token once. (Counted rather than taken from the end of the log: on
            // a busy machine a refused request may reach the log after another's replay.)
            #expect(
                profileRequests.filter { $0.headers["authorization"] == "Bearer customer-token-2" }.count
                    == concurrency
            )
            print(
                "refresh stampede (\(transport)): \(concurrency) concurrent requests, \(profileRequests.count) profile requests, "
                    + "\(refreshes) refresh, \(elapsed) in all"
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aFailedRefreshFailsEveryWaitingRequestWithoutLooping(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            let (customer, credentials) = try await Self.expiredCustomer(
                baseURL: baseURL,
                state: state,
                transport: transport
            )
            await state.set(refreshFails: true)
            let concurrency = 16
            // Every request's 401 arrives while the one refresh is in flight, however busy the machine: a 401
            // after the failure would start another refresh, rightly.
            await state.set(refreshAwaitsRefusals: concurrency)

            let categories = await withTaskGroup(of: APIError<ApiErrorMessage>.Category?.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        do throws(APIError<ApiErrorMessage>) {
                            _ = try await customer.profile()
                            return nil
                        } catch {
                            return error.category
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(categories == Array(repeating: .authentication, count: concurrency))
            let requests = await log.requests
            #expect(requests.filter { $0.uri == "/auth/refresh" }.count == 1)
            #expect(requests.filter { $0.uri == "/customer/profile" }.count == concurrency, "no replay, no loop")
            #expect(await credentials.refreshCount == 1)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func staticCredentialsDeliverA401AsTheEndpointsError(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            let customer = ShopClient<Scope.Customer>(
                baseURL: baseURL,
                credentials: .token("stale"),
                transport: transport.make()
            )
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) { try await customer.profile() }
            #expect(error?.status == 401)
            #expect(error?.errorBody?.errorMessage == "The token has expired.")
            #expect(await log.requests.count == 1)
        }
    }
}

/// The latest refresh token, shared by concurrent refreshes (the credential store runs one at a time).
final class RefreshTokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String

    init(_ value: String) {
        stored = value
    }

    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
