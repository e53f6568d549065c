import Foundation
import Shop
import SpecsmithRuntime
import Testing

/// The Shop client's flows, against the mock of `Specs/Shop.yaml`: credentials per scope, another documented
/// answer chosen with `Prefer`, and paging that ends.
@Suite struct ShopMockTests {
    @Test func loginThenACustomerClient() async throws {
        try await withMock("Shop") { url, _ in
            let shop = ShopClient(baseURL: url)
            let session = try await shop.login(email: "john@example.com", password: "secret")
            #expect(session.token == "sample-token")
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            let profile = try await customer.profile()
            #expect(profile.email == "email")
            let categories = try await customer.categories()
            #expect(categories.map(\.name) == ["Books", "Music"])
            var products: [Product] = []
            for try await product in customer.allProducts() { products.append(product) }
            #expect(products.count == 1, "the made-up page is the last")
        }
    }

    @Test func missingCredentialsAndChosenErrorsAreTypedErrors() async throws {
        try await withMock("Shop") { url, _ in
            // A guest endpoint called without credentials: the compiler stops the generated client, so by hand.
            let client = APIClient(baseURL: url)
            let endpoint = APIEndpoint<[Category], ApiErrorMessage>("categories", method: .get, path: "/categories")
            let unauthorized = await #expect(throws: APIError<ApiErrorMessage>.self) { try await client.send(endpoint) }
            #expect(unauthorized?.status == 401)

            let failing = ShopClient(baseURL: url, middleware: [Prefer(value: "code=404")])
            let notFound = await #expect(throws: APIError<ApiErrorMessage>.self) {
                try await failing.login(email: "nobody@example.com", password: "secret")
            }
            #expect(notFound?.status == 404)
            #expect(notFound?.errorBody == ApiErrorMessage(errorMessage: "error_message"))
        }
    }
}
