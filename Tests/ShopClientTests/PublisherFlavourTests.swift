import Foundation
import LoopbackServer
import Shop
import SpecsmithCombine
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The Combine flavour of a scoped client: the same scopes, the same typed errors, `Void` responses, and
/// token refresh underneath.
@Suite struct PublisherFlavourTests {
    @Test(arguments: TestTransport.allCases)
    func scopedPublishersDeliverVoidAndTypedErrorsLikeTheAsyncMethods(transport: TestTransport) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            let shop = ShopClient(baseURL: baseURL, transport: transport.make())
            var sessions: [LoginResponse] = []
            for try await session in shop.loginPublisher(email: ShopState.email, password: ShopState.password).values {
                sessions.append(session)
            }
            let session = try #require(sessions.first)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))

            // A `Void` endpoint publishes one `()` and finishes.
            var feedback = 0
            for try await _ in customer.sendFeedbackPublisher(email: "a@b.c", message: "Nice.").values {
                feedback += 1
            }
            #expect(feedback == 1)
            #expect(await log.requests.last?.uri == "/feedback")

            // A publisher for an endpoint value, with the scope check of `send(_:)`.
            var profiles: [Customer] = []
            for try await profile in customer.publisher(for: ShopAPI.profile()).values { profiles.append(profile) }
            #expect(profiles.map(\.email) == [ShopState.email])

            // 422: the same `UpdateProfileError` case as the async method.
            var published: APIError<UpdateProfileError>?
            do {
                for try await _ in customer.updateProfilePublisher(firstName: "").values {}
            } catch let error as APIError<UpdateProfileError> {
                published = error
            }
            let thrown = await #expect(throws: APIError<UpdateProfileError>.self) {
                try await customer.updateProfile(firstName: "")
            }
            #expect(published?.status == 422)
            #expect(published?.errorBody == thrown?.errorBody)
            guard case .validationErrors = published?.errorBody else {
                Issue.record("expected validation errors, got \(String(describing: published))")
                return
            }
        }
    }
}
