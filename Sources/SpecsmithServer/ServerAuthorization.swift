import Foundation
import HTTPTypes
import Hummingbird
public import SpecsmithRuntime

/// Who a request's credentials belong to, and the scope they grant: what a service's `authenticate(_:)`
/// answers.
public struct Grant<Identity: Sendable>: Sendable {
    /// The app's own value for the caller: a user, an app, a key's owner.
    public var identity: Identity
    /// The scope the credentials grant, such as `Scope.Customer.self`; it grants the scopes it includes too.
    public var scope: any AuthorizationScope.Type

    /// A grant of `scope` to `identity`.
    public init(_ identity: Identity, scope: any AuthorizationScope.Type) {
        self.identity = identity
        self.scope = scope
    }
}

/// The caller of an endpoint of the scope `Scope`: a handler of a customer endpoint receives a
/// `Caller<Scope.Customer, Identity>`, so it cannot be written for another scope's callers.
public struct Caller<Scope: AuthorizationScope, Identity: Sendable>: Sendable {
    /// Who the caller is.
    public var identity: Identity
    /// The scope the caller's credentials grant: `Scope` or one that includes it.
    public var grantedScope: any AuthorizationScope.Type

    /// A caller of this identity, granted `grantedScope`.
    public init(identity: Identity, grantedScope: any AuthorizationScope.Type) {
        self.identity = identity
        self.grantedScope = grantedScope
    }
}

extension ServerRequest {
    /// The credential the request carries as `scheme` sends it; `nil` when it carries none.
    public func credential(_ scheme: AuthScheme) -> Credential? {
        switch scheme {
        case .bearer(let header, let prefix):
            guard let name = HTTPField.Name(header), let value = request.headers[name] else { return nil }
            guard let prefix else { return value.isEmpty ? nil : .token(value) }
            let start = prefix + " "
            guard value.count > start.count, value.lowercased().hasPrefix(start.lowercased()) else { return nil }
            return .token(String(value.dropFirst(start.count)).trimmingCharacters(in: .whitespaces))
        case .apiKey(let name, .header):
            guard let field = HTTPField.Name(name), let value = request.headers[field], !value.isEmpty else {
                return nil
            }
            return .token(value)
        case .apiKey(let name, .query):
            guard let value = request.uri.queryParameters.get(name), !value.isEmpty else { return nil }
            return .token(String(value))
        case .basic:
            guard let value = request.headers[.authorization], value.lowercased().hasPrefix("basic "),
                let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { return nil }
            return .basic(user: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
        }
    }

    /// The caller of an endpoint of the scope `scope`: the request's credential, sent as the first of
    /// `schemes` the request carries one of (the API's schemes, in spec order), given to `authenticate`.
    /// Throws a ``ServerRefusal``: `401` without a credential or when `authenticate` grants nothing, `403` when
    /// the scope it grants does not meet `meets` (the endpoint's scope or one that includes it).
    public func caller<Scope: AuthorizationScope, Identity: Sendable>(
        _ scope: Scope.Type,
        schemes: [AuthScheme],
        meets: (any AuthorizationScope.Type) -> Bool,
        authenticate: (Credential) async throws -> Grant<Identity>?
    ) async throws -> Caller<Scope, Identity> {
        var challenge = HTTPFields()
        for scheme in schemes {
            switch scheme {
            case .bearer(_, let prefix?): challenge.append(HTTPField(name: .wwwAuthenticate, value: prefix))
            case .basic: challenge.append(HTTPField(name: .wwwAuthenticate, value: "Basic"))
            default: break
            }
        }
        guard let credential = schemes.lazy.compactMap(credential).first else {
            throw ServerRefusal(.unauthorized, "The endpoint needs credentials.", headers: challenge)
        }
        guard let grant = try await authenticate(credential) else {
            throw ServerRefusal(.unauthorized, "The credentials are not valid.", headers: challenge)
        }
        guard meets(grant.scope) else {
            throw ServerRefusal(.forbidden, "The credentials do not grant the scope the endpoint needs.")
        }
        return Caller(identity: grant.identity, grantedScope: grant.scope)
    }
}
