import Foundation
import LoopbackServer
import Shop
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Shop client against the Shop server, both generated from `Specs/Shop.yaml`: scopes, documented
/// errors, and the bodies of refused requests in the spec's error type.
@Suite struct ShopServerTests {
    @Test(arguments: TestTransport.allCases)
    func scopedEndpointsServeTheirCallersAndRefuseOthers(transport: TestTransport) async throws {
        try await withLoopbackServer(registerShop) { url, _ in
            let shop = ShopClient<Scope.Public>(baseURL: url, transport: transport.make())
            let guest = shop.authorized(as: Scope.Guest.self, credentials: .token("guest-token"))
            #expect(try await guest.categories().map(\.name) == ["Tea", "Cups"])
            #expect(try await guest.products(offset: 1, limit: 2).products.map(\.id) == [2, 3])
            try await guest.sendFeedback(email: "a@example.com", message: "Nice tea.")

            // A wrong password: the documented 401 and its body.
            do throws(APIError<ApiErrorMessage>) {
                _ = try await shop.login(email: "ann@example.com", password: "wrong")
                Issue.record("login succeeded with a wrong password")
            } catch {
                #expect(error.status == 401)
                #expect(error.errorBody?.errorMessage == "Wrong email or password.")
            }
            let session = try await shop.login(email: "ann@example.com", password: "secret")
            let customer = shop.authorized(as: Scope.Customer.self, credentials: .token(session.token))
            #expect(try await customer.profile().email == "ann@example.com")
            #expect(try await customer.orders(page: 2, perPage: 5).orders.first?.id == "customer-ann@example.com-2")
            let renamed = try await customer.updateProfile(firstName: "Ann", lastName: "Lee")
            #expect(renamed.firstName == "Ann" && renamed.lastName == "Lee")
            #expect(try await customer.uploadImage(Data(count: 300)).imageId == "image-300")
            // A customer has the guest's endpoints too.
            #expect(try await customer.categories().count == 2)

            // The documented 422, of the other error type.
            do throws(APIError<UpdateProfileError>) {
                _ = try await customer.updateProfile(firstName: "")
                Issue.record("an empty first name was accepted")
            } catch {
                #expect(error.status == 422)
                if case .validationErrors(let errors)? = error.errorBody {
                    #expect(errors.errors.map(\.field) == ["firstName"])
                } else {
                    Issue.record("expected the validation errors, got \(error)")
                }
            }

            // A guest's token on a customer endpoint: 403; no token or an unknown one: 401; each in the
            // spec's error type.
            let guestAsCustomer = shop.authorized(as: Scope.Customer.self, credentials: .token("guest-token"))
            do throws(APIError<ApiErrorMessage>) {
                _ = try await guestAsCustomer.profile()
                Issue.record("a guest's token reached a customer endpoint")
            } catch {
                #expect(error.status == 403)
                #expect(error.errorBody?.errorMessage.contains("scope") == true)
            }
            let stranger = shop.authorized(as: Scope.Customer.self, credentials: .token("nobody"))
            do throws(APIError<ApiErrorMessage>) {
                _ = try await stranger.profile()
                Issue.record("an unknown token was accepted")
            } catch {
                #expect(error.status == 401)
            }
        }
    }

    /// A method a path does not have is `405` in the API's documented error body (the spec's `errors:`), as the
    /// mock answers it, not in `application/problem+json` (issue 59, item 7).
    @Test func anotherMethodIsRefusedInTheAPIsErrorBody() async throws {
        try await withLoopbackServer(registerShop) { url, _ in
            var request = URLRequest(url: url.appending(path: "products"))
            request.httpMethod = "DELETE"
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 405)
            #expect(http.value(forHTTPHeaderField: "Allow") == "GET")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let message = try JSONDecoder().decode([String: String].self, from: data)["error_message"]
            #expect(message == "path: /products is not served for DELETE; it is for GET.")
        }
    }

    /// A path no route has is `404` in the API's documented error body, as the mock answers it.
    @Test func aPathNoRouteHasIsRefusedInTheAPIsErrorBody() async throws {
        try await withLoopbackServer(registerShop) { url, _ in
            let (data, response) = try await URLSession.shared.data(from: url.appending(path: "orders/7"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 404)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let message = try JSONDecoder().decode([String: String].self, from: data)["error_message"]
            #expect(message == "path: The API has no route for GET /orders/7.")
        }
    }

    @Test func refusalsAndBrokenContractsOverPlainHTTP() async throws {
        try await withLoopbackServer(registerShop) { url, _ in
            // No credentials at all: 401 with a challenge, in the spec's error body.
            let (data, response) = try await URLSession.shared.data(from: url.appending(path: "categories"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 401)
            #expect(http.value(forHTTPHeaderField: "WWW-Authenticate") == "Bearer")
            #expect(try JSONDecoder().decode([String: String].self, from: data)["error_message"] != nil)

            // A body that is not the endpoint's: 400 naming the problem, in the spec's error body.
            var login = URLRequest(url: url.appending(path: "login"))
            login.httpMethod = "POST"
            login.setValue("application/json", forHTTPHeaderField: "Content-Type")
            login.httpBody = Data(#"{"email": "ann@example.com"}"#.utf8)
            let (invalid, invalidResponse) = try await URLSession.shared.data(for: login)
            #expect((invalidResponse as? HTTPURLResponse)?.statusCode == 400)
            let message = try JSONDecoder().decode([String: String].self, from: invalid)["error_message"]
            #expect(message == "body: The key `password` is missing.")

            // A handler answering a status its endpoint does not document: 500, not the handler's answer.
            var refresh = URLRequest(url: url.appending(path: "auth/refresh"))
            refresh.httpMethod = "POST"
            refresh.httpBody = Data(#"{"refresh_token": "r"}"#.utf8)
            let (_, refreshResponse) = try await URLSession.shared.data(for: refresh)
            #expect((refreshResponse as? HTTPURLResponse)?.statusCode == 500)
        }
    }
}
