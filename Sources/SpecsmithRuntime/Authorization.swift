import Foundation

/// A marker for the authorization scopes a generated client is parameterized with, such as `Scope.Customer`.
///
/// Scopes are phantom types: they exist only at compile time, so that a client holding guest credentials
/// cannot even name a customer-only endpoint.
public protocol AuthorizationScope: Sendable {
    /// How a client of this scope sends its credentials, when the API has several schemes (an API key for
    /// some scopes, a bearer token for others); `nil` leaves the client's ``APIClient/authScheme``.
    static var authScheme: AuthScheme? { get }
}

extension AuthorizationScope {
    /// The client's own scheme.
    public static var authScheme: AuthScheme? { nil }
}

/// An endpoint that needs credentials of the scope `Authorization` (or of a scope that includes it).
///
/// Only a client whose scope grants `Authorization` has a `send` method that takes it.
public struct AuthorizedEndpoint<Authorization: AuthorizationScope, Response: Sendable, ErrorBody: Sendable>: Sendable {
    /// The endpoint itself, with ``APIEndpoint/requiresAuthorization`` set.
    public var endpoint: APIEndpoint<Response, ErrorBody>

    /// `endpoint`, requiring credentials of the scope `Authorization`.
    public init(_ endpoint: APIEndpoint<Response, ErrorBody>) {
        var endpoint = endpoint
        endpoint.requiresAuthorization = true
        self.endpoint = endpoint
    }
}

/// How credentials travel in a request, as the spec's `auth.scheme` describes.
public enum AuthScheme: Sendable, Hashable {
    /// A token in a header: `Authorization: Bearer <token>` by default; a `nil` prefix sends the token alone.
    case bearer(header: String = "Authorization", prefix: String? = "Bearer")
    /// A key in a header or a query parameter named `name`.
    case apiKey(name: String, in: APIKeyLocation)
    /// HTTP basic authentication: `Authorization: Basic <base64 of user:password>`.
    case basic

    /// Where an API key goes.
    public enum APIKeyLocation: String, Sendable, Hashable {
        /// In a request header.
        case header
        /// In the query string.
        case query
    }

    /// Adds `credential` to `request` and marks where it went as sensitive.
    func apply(_ credential: Credential, to request: inout TransportRequest) throws(APIError<Never>) {
        switch (self, credential) {
        case (.bearer(let header, let prefix), .token(let token)):
            request.setHeader(header, prefix.map { "\($0) \(token)" } ?? token)
            request.sensitiveNames.insert(header.lowercased())
        case (.apiKey(let name, .header), .token(let key)):
            request.setHeader(name, key)
            request.sensitiveNames.insert(name.lowercased())
        case (.apiKey(let name, .query), .token(let key)):
            let item = "\(PercentEncoding.queryComponent(name))=\(PercentEncoding.queryComponent(key))"
            let text = request.url.absoluteString
            guard let url = URL(string: text + (text.contains("?") ? "&" : "?") + item) else {
                throw .invalidRequest("The API key could not be added to \(request.url).")
            }
            request.url = url
            request.sensitiveNames.insert(name.lowercased())
        case (.basic, .basic(let user, let password)):
            request.setHeader("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
            request.sensitiveNames.insert("authorization")
        case (.basic, .token(let token)):
            request.setHeader("Authorization", "Basic \(token)")
            request.sensitiveNames.insert("authorization")
        case (.bearer, .basic), (.apiKey, .basic):
            throw .invalidRequest("The API authenticates with \(self), which takes a token, not a user and password.")
        }
    }
}

/// A secret a request is authorized with.
public enum Credential: Sendable, Hashable {
    /// A bearer token or an API key.
    case token(String)
    /// A user name and password for HTTP basic authentication.
    case basic(user: String, password: String)
}

extension Credential: CustomStringConvertible {
    /// A description that never shows the secret.
    public var description: String {
        switch self {
        case .token: "token(<redacted>)"
        case .basic(let user, _): "basic(\(user), <redacted>)"
        }
    }
}

/// The credentials a client sends, and how to renew them when the server refuses them with 401.
///
/// Static credentials are never renewed: a 401 is delivered as the endpoint's error. Refreshing credentials
/// ask their refresher once per expired credential, however many requests were refused at the same time
/// (single flight), and every refused request is sent once more with the new credential.
public final class Credentials: Sendable {
    private let store: CredentialStore
    /// Whether a 401 can be answered by asking for a new credential.
    let canRefresh: Bool

    /// Credentials that are `credential` and are renewed by `refresh`, given the refused credential; a `nil`
    /// refresher never renews.
    public init(
        _ credential: Credential,
        refresh: (@Sendable (Credential) async throws -> Credential)? = nil
    ) {
        var refresher: (@Sendable (Credential?) async throws -> Credential)?
        if let refresh {
            refresher = { refused in try await refresh(refused ?? credential) }
        }
        store = CredentialStore(credential, refresher: refresher)
        canRefresh = refresh != nil
    }

    /// Credentials fetched when the first request needs them, and fetched again when the server refuses
    /// them: `fetch` is given the refused credential, or `nil` for the first. One fetch runs at a time, however
    /// many requests wait for it (an OAuth 2 client-credentials grant, for example).
    public init(fetch: @escaping @Sendable (_ refused: Credential?) async throws -> Credential) {
        store = CredentialStore(nil, refresher: fetch)
        canRefresh = true
    }

    /// A bearer token or API key that is never renewed.
    public static func token(_ token: String) -> Credentials {
        Credentials(.token(token))
    }

    /// A user name and password for HTTP basic authentication.
    public static func basic(user: String, password: String) -> Credentials {
        Credentials(.basic(user: user, password: password))
    }

    /// A token renewed by `refresh`, which is given the refused token and returns a new one (an OAuth 2 refresh).
    public static func refreshing(
        token: String,
        refresh: @escaping @Sendable (_ expiredToken: String) async throws -> String
    ) -> Credentials {
        Credentials(.token(token)) { expired in
            guard case .token(let expiredToken) = expired else { return expired }
            return .token(try await refresh(expiredToken))
        }
    }

    /// The credential requests are sent with now; `nil` before credentials that are fetched are first needed.
    public var current: Credential? {
        get async { await store.current }
    }

    /// The credential to send: the current one, or the result of the one fetch in flight when there is none
    /// yet.
    func credential() async throws(APIError<Never>) -> Credential {
        try await store.credential()
    }

    /// How many times the refresher has been asked for a new credential.
    public var refreshCount: Int {
        get async { await store.refreshCount }
    }

    /// A credential to replace `refused`, for a request sent at `sentAt`: the current one if someone else
    /// already replaced it, otherwise the result of the one refresh in flight. When a refresh of `refused`
    /// failed after the request was sent, its failure: the requests sent before it (a wave of 401s) share it,
    /// and only a request sent later asks again.
    func renew(
        replacing refused: Credential,
        sentAt: ContinuousClock.Instant
    ) async throws(APIError<Never>) -> Credential {
        try await store.renew(replacing: refused, sentAt: sentAt)
    }
}

/// Keeps the current credential and makes sure only one refresh runs at a time.
private actor CredentialStore {
    private(set) var current: Credential?
    private(set) var refreshCount = 0
    private var inFlight: Task<Credential, any Error>?
    private let refresher: (@Sendable (Credential?) async throws -> Credential)?
    /// The last refresh that failed: the credential it was to replace, when it failed, and how.
    private var lastFailure: (refused: Credential?, at: ContinuousClock.Instant, error: APIError<Never>)?

    init(_ credential: Credential?, refresher: (@Sendable (Credential?) async throws -> Credential)?) {
        current = credential
        self.refresher = refresher
    }

    func credential() async throws(APIError<Never>) -> Credential {
        if let current { return current }
        return try await fetch(replacing: nil)
    }

    func renew(
        replacing refused: Credential,
        sentAt: ContinuousClock.Instant
    ) async throws(APIError<Never>) -> Credential {
        if let lastFailure, lastFailure.refused == refused, sentAt < lastFailure.at, current == refused {
            throw lastFailure.error
        }
        return try await fetch(replacing: refused)
    }

    /// The one fetch in flight, started if none is, unless the credential `refused` was already replaced.
    private func fetch(replacing refused: Credential?) async throws(APIError<Never>) -> Credential {
        guard let refresher else {
            throw .authenticationFailed("The credentials were refused and cannot be refreshed.")
        }
        if let current, refused != current { return current }
        let task: Task<Credential, any Error>
        if let inFlight {
            task = inFlight
        } else {
            refreshCount += 1
            task = Task { try await refresher(refused) }
            inFlight = task
        }
        do {
            let fresh = try await task.value
            if inFlight == task {
                current = fresh
                inFlight = nil
            }
            return fresh
        } catch {
            let failure = APIError<Never>.authenticationFailed("Refreshing the credentials failed: \(error)")
            if inFlight == task {
                inFlight = nil
                lastFailure = (refused, .now, failure)
            }
            throw failure
        }
    }
}
