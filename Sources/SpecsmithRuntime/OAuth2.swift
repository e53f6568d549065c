public import Foundation

/// OAuth 2 token grants (RFC 6749) as ``Credentials``: an access token fetched (and fetched again when the
/// API refuses it) from the authorization server's token endpoint, one request at a time however many API
/// requests wait for it.
///
/// ```swift
/// let credentials = Credentials.clientCredentials(
///     tokenURL: URL(string: "https://auth.example.com/oauth/token")!,
///     clientID: id, clientSecret: secret, scopes: ["files:read"]
/// )
/// let reader = FilesClient<Scope.FilesRead>(credentials: credentials)
/// ```
extension Credentials {
    /// The client credentials grant (section 4.4): the first request that needs a token fetches one, and a
    /// 401 fetches a new one.
    public static func clientCredentials(
        tokenURL: URL,
        clientID: String,
        clientSecret: String,
        scopes: [String] = [],
        transport: any HTTPTransport = URLSessionTransport()
    ) -> Credentials {
        let client = OAuth2TokenClient(
            tokenURL: tokenURL,
            clientID: clientID,
            clientSecret: clientSecret,
            transport: transport
        )
        var fields = [("grant_type", "client_credentials")]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        return Credentials { [fields] _ in .token(try await client.token(fields).accessToken) }
    }

    /// The refresh token grant (section 6): `accessToken` is used until the API refuses it (or, when `nil`,
    /// one is fetched first), then `refreshToken` buys a new one. A new refresh token in the answer replaces
    /// the old one (rotation).
    public static func refreshToken(
        _ refreshToken: String,
        accessToken: String? = nil,
        tokenURL: URL,
        clientID: String,
        clientSecret: String? = nil,
        scopes: [String] = [],
        transport: any HTTPTransport = URLSessionTransport()
    ) -> Credentials {
        let client = OAuth2TokenClient(
            tokenURL: tokenURL,
            clientID: clientID,
            clientSecret: clientSecret,
            transport: transport
        )
        let latest = RefreshTokenStore(refreshToken)
        let fetch: @Sendable (Credential?) async throws -> Credential = { _ in
            var fields = [("grant_type", "refresh_token"), ("refresh_token", await latest.token)]
            if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
            let answer = try await client.token(fields)
            if let rotated = answer.refreshToken { await latest.replace(with: rotated) }
            return .token(answer.accessToken)
        }
        guard let accessToken else { return Credentials(fetch: fetch) }
        return Credentials(.token(accessToken)) { refused in try await fetch(refused) }
    }
}

/// The refresh token to use next.
private actor RefreshTokenStore {
    private(set) var token: String
    init(_ token: String) { self.token = token }
    func replace(with token: String) { self.token = token }
}

/// Asks an authorization server's token endpoint for tokens.
struct OAuth2TokenClient: Sendable {
    let tokenURL: URL
    let clientID: String
    let clientSecret: String?
    let transport: any HTTPTransport

    /// A successful token answer (section 5.1).
    struct Answer: Decodable {
        var accessToken: String
        var refreshToken: String?

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
        }
    }

    /// Why the token endpoint gave no token.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Posts the grant `fields`, authenticating the client with HTTP basic when it has a secret (section
    /// 2.3.1), and reads the token.
    func token(_ fields: [(String, String)]) async throws -> Answer {
        var fields = fields
        var request = TransportRequest(operationName: "oauth2Token", method: .post, url: tokenURL)
        if let clientSecret {
            let pair = "\(PercentEncoding.formComponent(clientID)):\(PercentEncoding.formComponent(clientSecret))"
            request.setHeader("Authorization", "Basic " + Data(pair.utf8).base64EncodedString())
            request.sensitiveNames.insert("authorization")
        } else {
            fields.append(("client_id", clientID))
        }
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.setHeader("Accept", "application/json")
        request.body = try RequestBody.form(fields.map { QueryItem($0.0, $0.1) }).encoded(with: JSONEncoder())
        let response = try await transport.send(request)
        guard (200..<300).contains(response.status) else {
            throw Failure(
                description: "the token endpoint answered \(response.status): \(response.bodyText.prefix(200))"
            )
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw Failure(description: "the token endpoint's answer has no access_token")
        }
    }
}
