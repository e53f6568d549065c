import Foundation
import Hummingbird
import ShopServer
import SpecsmithServer
import Synchronization

/// A Shop server written as an app would: the generated protocol, its callers typed by scope.
final class ShopDesk: ShopService {
    static let guestToken = "guest-token"
    static let password = "secret"

    /// Whether the refresh endpoint answers a status its spec does not document, for the test that the route
    /// answers `500` instead; `example-servers` keeps to the contract.
    let breaksContract: Bool

    init(breaksContract: Bool = true) {
        self.breaksContract = breaksContract
    }

    /// The signed-in customers' profiles, by their token.
    private let profiles = Mutex<[String: Customer]>([:])

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        guard case .token(let token) = credential else { return nil }
        if token == Self.guestToken { return Grant("guest", scope: Scope.Guest.self) }
        if profiles.withLock({ $0[token] }) != nil { return Grant(token, scope: Scope.Customer.self) }
        return nil
    }

    func errorBody(for problems: RequestProblems) -> ApiErrorMessage {
        ApiErrorMessage(errorMessage: problems.message)
    }

    func login(email: String, password: String) async throws -> Reply<LoginResponse, ApiErrorMessage> {
        guard password == Self.password else {
            return .error(ApiErrorMessage(errorMessage: "Wrong email or password."), status: 401)
        }
        let token = "customer-" + email
        profiles.withLock { $0[token] = Customer(id: email, email: email) }
        return .answer(LoginResponse(userId: email, token: token, refreshToken: "refresh-" + email))
    }

    func refreshToken(refreshToken: String) async throws -> Reply<LoginResponse, ApiErrorMessage> {
        // Answers a status the endpoint does not document: the route answers 500 instead.
        guard !breaksContract else { return .error(ApiErrorMessage(errorMessage: "Refresh is off."), status: 503) }
        return .answer(LoginResponse(userId: "guest", token: Self.guestToken, refreshToken: refreshToken))
    }

    func sendFeedback(
        email: String,
        message: String,
        caller: Caller<Scope.Guest, String>
    ) async throws -> Reply<Void, ApiErrorMessage> {
        message.isEmpty ? .error(ApiErrorMessage(errorMessage: "Say something."), status: 400) : .answer(())
    }

    func categories(caller: Caller<Scope.Guest, String>) async throws -> Reply<[ShopServer.Category], ApiErrorMessage> {
        .answer([ShopServer.Category(id: 1, name: "Tea"), ShopServer.Category(id: 2, name: "Cups")])
    }

    func products(
        offset: Int,
        limit: Int,
        caller: Caller<Scope.Guest, String>
    ) async throws -> Reply<ProductList, ApiErrorMessage> {
        let all = (1...5).map { Product(id: $0, name: "Product \($0)", price: $0 * 100) }
        return .answer(
            ProductList(products: Array(all.dropFirst(max(offset, 0)).prefix(max(limit, 0))), total: all.count)
        )
    }

    func orders(
        page: Int,
        perPage: Int?,
        caller: Caller<Scope.Customer, String>
    ) async throws -> Reply<OrderPage, ApiErrorMessage> {
        .answer(OrderPage(orders: [Order(id: "\(caller.identity)-\(page)", total: perPage ?? 0)], totalPages: 1))
    }

    func profile(caller: Caller<Scope.Customer, String>) async throws -> Reply<Customer, ApiErrorMessage> {
        guard let profile = profiles.withLock({ $0[caller.identity] }) else {
            return .error(ApiErrorMessage(errorMessage: "No profile."), status: 404)
        }
        return .answer(profile)
    }

    func updateProfile(
        firstName: String?,
        lastName: String?,
        avatarId: String?,
        caller: Caller<Scope.Customer, String>
    ) async throws -> Reply<Customer, UpdateProfileError> {
        if firstName?.isEmpty == true {
            let errors = ValidationErrors(errors: [FieldError(field: "firstName", message: "Must not be empty.")])
            return .error(.validationErrors(errors), status: 422)
        }
        let updated = profiles.withLock { profiles -> Customer? in
            guard var profile = profiles[caller.identity] else { return nil }
            if let firstName { profile.firstName = firstName }
            if let lastName { profile.lastName = lastName }
            if let avatarId { profile.avatarId = avatarId }
            profiles[caller.identity] = profile
            return profile
        }
        guard let updated else {
            return .error(.apiErrorMessage(ApiErrorMessage(errorMessage: "No profile.")), status: 404)
        }
        return .answer(updated)
    }

    func uploadImage(
        _ data: Data,
        caller: Caller<Scope.Customer, String>
    ) async throws -> Reply<ImageUpload, ApiErrorMessage> {
        .answer(ImageUpload(imageId: "image-\(data.count)"))
    }
}

/// Adds a new Shop server's routes.
func registerShop(on router: Router<BasicRequestContext>) {
    ShopDesk().registerRoutes(on: router)
}
