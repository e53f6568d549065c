import Foundation
import Hummingbird
import LoopbackServer

/// A shop server that enforces tokens and scopes the way the spec describes: an app-level guest token,
/// customer tokens from `/login` that can be expired on demand, single-use refresh tokens, and switches that
/// make it fail.
actor ShopState {
    static let guestToken = "guest-app-token"
    static let email = "john@doe.com"
    static let password = "onlyjohnknowsme"

    /// Customer access tokens that are valid now.
    private var customerTokens: Set<String> = []
    /// Refresh tokens that may be exchanged once.
    private var refreshTokens: Set<String> = []
    private var issued = 0
    /// How long a refresh takes, to widen the window in which 401s pile up.
    var refreshDelay: Duration = .milliseconds(100)
    /// When set, refreshing answers 401.
    var refreshFails = false
    /// The next this-many category requests answer 503 with `Retry-After: 1`.
    var unavailableCategories = 0
    /// When set, the profile answers 500 with a plain-text body.
    var profileBreaks = false
    /// When set, categories take this long.
    var categoriesDelay: Duration = .zero
    private(set) var profile: [String: String?] = [
        "id": "42", "email": ShopState.email, "firstName": "John", "lastName": "Doe", "avatarId": nil,
    ]
    private(set) var images: [String: Data] = [:]

    /// When set, a refresh is answered only after this many refused requests were answered (or 10 s passed),
    /// so that a test knows they all arrived while the refresh was in flight, however busy the machine.
    var refreshAwaitsRefusals: Int?
    /// Requests refused for an expired token so far.
    private(set) var refusals = 0

    func set(refreshFails: Bool) { self.refreshFails = refreshFails }
    func set(refreshAwaitsRefusals count: Int) { refreshAwaitsRefusals = count }
    func refused() { refusals += 1 }
    func set(refreshDelay: Duration) { self.refreshDelay = refreshDelay }
    func set(unavailableCategories: Int) { self.unavailableCategories = unavailableCategories }
    func set(profileBreaks: Bool) { self.profileBreaks = profileBreaks }
    func set(categoriesDelay: Duration) { self.categoriesDelay = categoriesDelay }

    /// A new access token and refresh token.
    func issue() -> (token: String, refresh: String) {
        issued += 1
        let pair = ("customer-token-\(issued)", "refresh-token-\(issued)")
        customerTokens.insert(pair.0)
        refreshTokens.insert(pair.1)
        return pair
    }

    /// Makes every customer token issued so far invalid, as if they had expired.
    func expireTokens() {
        customerTokens.removeAll()
    }

    func isCustomer(_ token: String) -> Bool { customerTokens.contains(token) }

    func exchange(_ refreshToken: String) -> (token: String, refresh: String)? {
        guard !refreshFails, refreshTokens.remove(refreshToken) != nil else { return nil }
        return issue()
    }

    func takeUnavailableCategory() -> Bool {
        guard unavailableCategories > 0 else { return false }
        unavailableCategories -= 1
        return true
    }

    func update(_ changes: [String: String]) -> [String: String?] {
        for (key, value) in changes { profile[key] = value }
        return profile
    }

    func store(image: Data) -> String {
        let id = "img-\(images.count + 1)"
        images[id] = image
        return id
    }
}

enum ShopServer {
    enum Access {
        case guest
        case customer
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        .json(json(["error_message": message]), status: status)
    }

    static func json(_ object: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func body(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 20)
        return (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] ?? [:]
    }

    /// `nil` when the request's token grants `needed`; otherwise the refusal.
    static func refusal(_ request: Request, needs needed: Access, state: ShopState) async -> Response? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            return error("Missing token.", status: .unauthorized)
        }
        let token = String(header.dropFirst("Bearer ".count))
        if await state.isCustomer(token) { return nil }
        if token == ShopState.guestToken {
            return needed == .guest ? nil : error("Customers only.", status: .forbidden)
        }
        await state.refused()
        return error("The token has expired.", status: .unauthorized)
    }

    static func profileJSON(_ profile: [String: String?]) -> Data {
        json(profile.mapValues { $0 ?? NSNull() as Any })
    }

    /// Adds the shop's routes to `router`.
    static func configure(_ state: ShopState) -> (Router<BasicRequestContext>) -> Void {
        { router in
            router.post("/login") { request, _ -> Response in
                let body = try await body(request)
                guard body["email"] as? String == ShopState.email else {
                    return error("User doesn't exist.", status: .notFound)
                }
                guard body["password"] as? String == ShopState.password else {
                    return error("Wrong password.", status: .unauthorized)
                }
                let (token, refresh) = await state.issue()
                return .json(json(["user_id": "42", "token": token, "refresh_token": refresh]))
            }
            router.post("/auth/refresh") { request, _ -> Response in
                let body = try await body(request)
                try await Task.sleep(for: state.refreshDelay)
                if let count = await state.refreshAwaitsRefusals {
                    await eventually { await state.refusals >= count }
                    // The last refusal's answer is on its way to the client: let it arrive first.
                    try await Task.sleep(for: .milliseconds(200))
                }
                guard let pair = await state.exchange(body["refresh_token"] as? String ?? "") else {
                    return error("The refresh token is not valid.", status: .unauthorized)
                }
                return .json(json(["user_id": "42", "token": pair.token, "refresh_token": pair.refresh]))
            }
            router.post("/feedback") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .guest, state: state) { return refusal }
                let body = try await body(request)
                if body["message"] as? String == "<html>" {
                    return Response(
                        status: .badRequest,
                        headers: [.contentType: "text/html"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>Bad request</body></html>"))
                    )
                }
                guard (body["message"] as? String)?.isEmpty == false else {
                    return error("The message is empty.", status: .badRequest)
                }
                return Response(status: .noContent)
            }
            router.get("/categories") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .guest, state: state) { return refusal }
                if await state.takeUnavailableCategory() {
                    return Response(status: .serviceUnavailable, headers: [.retryAfter: "1"])
                }
                let delay = await state.categoriesDelay
                if delay > .zero { try await Task.sleep(for: delay) }
                return .json(json([["id": 1, "name": "Books"], ["id": 2, "name": "Music"]]))
            }
            router.get("/products") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .guest, state: state) { return refusal }
                // 45 products, a slice of `limit` (20 unless asked) from `offset` on.
                let query = request.uri.queryParameters
                let offset = query.get("offset").flatMap(Int.init) ?? 0
                let limit = query.get("limit").flatMap(Int.init) ?? 20
                let products = (offset..<min(45, offset + limit)).map {
                    ["id": $0 + 1, "name": "Product \($0 + 1)", "price": 100 * ($0 + 1)]
                }
                return .json(json(["products": products, "total": 45]))
            }
            router.get("/customer/orders") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .customer, state: state) { return refusal }
                // 7 orders, `per_page` (3 unless asked) to a page.
                let query = request.uri.queryParameters
                let page = query.get("page").flatMap(Int.init) ?? 1
                let perPage = query.get("per_page").flatMap(Int.init) ?? 3
                let first = (page - 1) * perPage
                let orders = (first..<max(first, min(7, first + perPage))).map { ["id": "o\($0 + 1)", "total": 999] }
                return .json(json(["orders": orders, "total_pages": (7 + perPage - 1) / perPage]))
            }
            router.get("/customer/profile") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .customer, state: state) { return refusal }
                if await state.profileBreaks {
                    return Response(
                        status: .internalServerError,
                        headers: [.contentType: "text/plain"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "upstream exploded"))
                    )
                }
                return .json(profileJSON(await state.profile))
            }
            router.patch("/customer/profile") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .customer, state: state) { return refusal }
                let body = try await body(request)
                var changes: [String: String] = [:]
                var problems: [[String: String]] = []
                for key in ["firstName", "lastName", "avatarId"] {
                    guard let value = body[key] as? String else { continue }
                    if value.isEmpty { problems.append(["field": key, "message": "must not be empty"]) }
                    changes[key] = value
                }
                if !problems.isEmpty {
                    return .json(json(["errors": problems]), status: .unprocessableContent)
                }
                return .json(profileJSON(await state.update(changes)))
            }
            router.post("/resources/images") { request, _ -> Response in
                if let refusal = await refusal(request, needs: .customer, state: state) { return refusal }
                guard request.headers[.contentType] == "image/png" else {
                    return error("Only PNG images.", status: .unsupportedMediaType)
                }
                var request = request
                let buffer = try await request.collectBody(upTo: 1 << 20)
                let id = await state.store(image: Data(buffer.readableBytesView))
                return .json(json(["imageId": id]), status: .created)
            }
        }
    }
}
