import Foundation
import LoopbackServer
import Shop
import SpecsmithRuntime
import Testing

/// The Shop client against a real server on loopback that enforces tokens and scopes.
@Suite struct ShopClientTests {
    /// Runs `body` with a fresh server, its state, and a public client for it.
    func withShop(
        _ transport: TestTransport = .urlSession,
        _ body: (ShopClient<Scope.Public>, ShopState, RequestLog, URL) async throws -> Void
    ) async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            try await body(ShopClient(baseURL: baseURL, transport: transport.make()), state, log, baseURL)
        }
    }

    /// Logs in as the fixture customer and returns the session.
    func login(_ shop: ShopClient<Scope.Public>) async throws -> LoginResponse {
        try await shop.login(email: ShopState.email, password: ShopState.password)
    }

    @Test(arguments: TestTransport.allCases)
    func loginGivesACustomerClient(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, log, _ in
            let session = try await login(shop)
            #expect(session.userId == "42")
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let profile = try await customer.profile()
            #expect(profile.firstName == "John")
            let requests = await log.requests
            #expect(requests.first?.headers["authorization"] == nil, "login is public: no credentials sent")
            #expect(requests.last?.headers["authorization"] == "Bearer \(session.token)")
        }
    }

    @Test(
        arguments: [
            ("nobody@example.com", ShopState.password, 404, "User doesn't exist."),
            (ShopState.email, "guess", 401, "Wrong password."),
        ],
        TestTransport.allCases
    )
    func loginFailuresAreExpectedAPIErrors(
        failure: (email: String, password: String, status: Int, message: String),
        transport: TestTransport
    ) async throws {
        let (email, password, status, message) = failure
        try await withShop(transport) { shop, _, _, _ in
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) {
                try await shop.login(email: email, password: password)
            }
            #expect(error?.category == .expected)
            #expect(error?.status == status)
            #expect(error?.errorBody?.errorMessage == message)
            // The same outcome as a value.
            let result = await APIResult { () async throws(APIError<ApiErrorMessage>) in
                try await shop.login(email: email, password: password)
            }
            guard case .apiError(let body, let resultStatus) = result else {
                Issue.record("expected an API error, got \(result)")
                return
            }
            #expect(body == ApiErrorMessage(errorMessage: message))
            #expect(resultStatus == status)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func guestCallsGuestEndpointsAndTheServerRefusesItCustomerOnes(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, log, baseURL in
            let guest = shop.authorized(as: Scope.Guest.self, credentials: .token(ShopState.guestToken))
            let categories = try await guest.categories()
            #expect(categories.map(\.name) == ["Books", "Music"])
            try await guest.sendFeedback(email: "a@b.c", message: "Nice shop.")
            #expect(await log.requests.last?.headers["authorization"] == "Bearer \(ShopState.guestToken)")

            // The compiler stops `guest.profile()`; a hand-built request shows the server would refuse it too.
            let client = APIClient(baseURL: baseURL, credentials: .token(ShopState.guestToken))
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) {
                try await client.send(ShopAPI.profile().endpoint)
            }
            #expect(error?.status == 403)
            #expect(error?.errorBody?.errorMessage == "Customers only.")

            let session = try await login(shop)
            let customer = guest.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let customerCategories = try await customer.categories()
            #expect(customerCategories.count == 2, "customer includes guest")
            let sent = try await customer.send(ShopAPI.categories())
            #expect(sent.count == 2)
        }
    }

    /// The catalogue pages by offset: each slice starts where the last ended, and a short slice ends.
    @Test(arguments: TestTransport.allCases)
    func productsPageByOffsetUntilAShortSlice(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, log, _ in
            let guest = shop.authorized(as: Scope.Guest.self, credentials: .token(ShopState.guestToken))
            let products = try await guest.allProducts().collect()
            #expect(products.map(\.id) == Array(1...45))
            #expect(
                await log.requests.map(\.uri) == [
                    "/products?offset=0&limit=20", "/products?offset=20&limit=20", "/products?offset=40&limit=20",
                ]
            )
            // With slices that fill the catalogue exactly, the reported total ends it without an empty slice.
            var sizes: [Int] = []
            for try await slice in guest.productsPages(offset: 5, limit: 10) { sizes.append(slice.products.count) }
            #expect(sizes == [10, 10, 10, 10])
            #expect(await log.requests.count == 7)
        }
    }

    /// Orders page by number, counted up until the last of the reported `total_pages`; credentials go with
    /// every page.
    @Test(arguments: TestTransport.allCases)
    func ordersPageByNumberUntilTheLastPage(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, log, _ in
            let session = try await login(shop)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let orders = try await customer.allOrders().collect()
            #expect(orders.map(\.id) == ["o1", "o2", "o3", "o4", "o5", "o6", "o7"])
            let requests = await log.requests.dropFirst()
            #expect(
                requests.map(\.uri) == [
                    "/customer/orders?page=1", "/customer/orders?page=2", "/customer/orders?page=3",
                ]
            )
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer \(session.token)" })

            // A page shorter than the size asked for is the last.
            var pages: [[String]] = []
            for try await page in customer.ordersPages(page: 2, perPage: 4) { pages.append(page.orders.map(\.id)) }
            #expect(pages == [["o5", "o6", "o7"]])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func uploadThenPatchTheAvatar(transport: TestTransport) async throws {
        try await withShop(transport) { shop, state, log, _ in
            let session = try await login(shop)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
            let upload = try await customer.uploadImage(png)
            let profile = try await customer.updateProfile(avatarId: upload.imageId)
            #expect(profile.avatarId == upload.imageId)
            #expect(await state.images[upload.imageId] == png)
            let uploadRequest = await log.requests.first { $0.uri == "/resources/images" }
            #expect(uploadRequest?.headers["content-type"] == "image/png")
            let patch = await log.requests.last
            #expect(patch?.method == "PATCH")
            #expect(String(decoding: patch?.body ?? Data(), as: UTF8.self) == #"{"avatarId":"\#(upload.imageId)"}"#)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func validationErrorsAreTheirOwnCase(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, _, _ in
            let session = try await login(shop)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let error = await #expect(throws: APIError<UpdateProfileError>.self) {
                try await customer.updateProfile(firstName: "")
            }
            guard case .validationErrors(let validation) = error?.errorBody else {
                Issue.record("expected validation errors, got \(String(describing: error))")
                return
            }
            #expect(validation.errors == [FieldError(field: "firstName", message: "must not be empty")])
            #expect(error?.status == 422)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func undocumentedStatusesAndUndecodableErrorBodiesAreUnexpected(transport: TestTransport) async throws {
        try await withShop(transport) { shop, state, _, _ in
            let session = try await login(shop)
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            await state.set(profileBreaks: true)
            let serverError = await #expect(throws: APIError<ApiErrorMessage>.self) { try await customer.profile() }
            guard case .unexpected(let unexpected) = serverError else {
                Issue.record("expected an unexpected response, got \(String(describing: serverError))")
                return
            }
            #expect(serverError?.category == .unexpected)
            #expect(unexpected.response.status == 500)
            #expect(unexpected.response.bodyText == "upstream exploded")
            #expect(unexpected.response.header("Content-Type") == "text/plain")
            #expect(unexpected.bodyFailure == nil)

            // 400 is documented (every 4XX is an `ApiErrorMessage`), but this server answers it with HTML.
            let garbled = await #expect(throws: APIError<ApiErrorMessage>.self) {
                try await customer.sendFeedback(email: "a@b.c", message: "<html>")
            }
            guard case .unexpected(let badBody) = garbled else {
                Issue.record("expected an unexpected response, got \(String(describing: garbled))")
                return
            }
            #expect(badBody.response.status == 400)
            #expect(badBody.bodyFailure != nil)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func clientSideFailuresAreTheirOwnCategory(transport: TestTransport) async throws {
        // The discard port, where nothing listens on loopback.
        var shop = ShopClient<Scope.Public>(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport.make())
        // A refused connection fails at once; on a loaded machine its task may wait long for a thread, and a
        // failure processed past the request's timeout is a `.timeout` (60 s went so in a loaded run).
        shop.client.timeout = 600
        let error = await #expect(throws: APIError<ApiErrorMessage>.self) {
            try await shop.login(email: "a", password: "b")
        }
        #expect(error?.category == .client)
        guard case .noResponse(let failure) = error else {
            Issue.record("expected no response, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .connectivity)
    }

    @Test(arguments: TestTransport.allCases)
    func cancellingAnInFlightRequest(transport: TestTransport) async throws {
        try await withShop(transport) { shop, state, log, _ in
            await state.set(categoriesDelay: .seconds(10))
            let guest = shop.authorized(as: Scope.Guest.self, credentials: .token(ShopState.guestToken))
            let task = Task { () async throws(APIError<ApiErrorMessage>) -> [Shop.Category] in
                try await guest.categories()
            }
            #expect(await eventually { await !log.requests.isEmpty }, "the request must reach the server")
            task.cancel()
            let result = await task.result
            guard case .failure(let error as APIError<ApiErrorMessage>) = result, case .noResponse(let failure) = error
            else {
                Issue.record("expected a cancelled request, got \(result)")
                return
            }
            #expect(failure.kind == .cancelled)
            #expect(error.isCancellation)
        }
    }

    /// docs/AuthenticationAndErrors.md's cancellation snippet, in a main-actor model as an app writes it.
    @MainActor final class CategoriesModel {
        let guest: ShopClient<Scope.Guest>
        var categories: [Shop.Category] = []
        var message: String?

        init(guest: ShopClient<Scope.Guest>) { self.guest = guest }

        func load() async {
            do {
                categories = try await guest.categories()
            } catch  where error.isCancellation {
                return  // the screen went away: nothing to show
            } catch {
                message = error.description
            }
        }
    }

    @Test @MainActor func theCancellationSnippetShowsNothingForACancelledCall() async throws {
        let state = ShopState()
        try await withLoopbackServer(ShopServer.configure(state)) { baseURL, log in
            let shop = ShopClient<Scope.Public>(baseURL: baseURL)
            let guest = shop.authorized(as: Scope.Guest.self, credentials: .token(ShopState.guestToken))
            let model = CategoriesModel(guest: guest)
            await state.set(categoriesDelay: .seconds(10))
            let loading = Task { await model.load() }
            let arrived = await eventually { @Sendable in await !log.requests.isEmpty }
            #expect(arrived, "the request must reach the server")
            loading.cancel()
            await loading.value
            #expect(model.categories.isEmpty && model.message == nil)
            await state.set(categoriesDelay: .zero)
            await model.load()
            #expect(!model.categories.isEmpty && model.message == nil)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func headerValuesWithLineBreaksAreNeverSent(transport: TestTransport) async throws {
        try await withShop(transport) { shop, _, log, _ in
            let smuggler = shop.authorized(
                as: Scope.Guest.self,
                credentials: .token("guest-app-token\r\nX-Admin: yes")
            )
            let error = await #expect(throws: APIError<ApiErrorMessage>.self) { try await smuggler.categories() }
            guard case .invalidRequest(let reason) = error else {
                Issue.record("expected an invalid request, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("line break"))
            #expect(await log.requests.isEmpty)
        }
    }
}
