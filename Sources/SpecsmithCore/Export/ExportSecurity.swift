/// Auth schemes and scopes as `securitySchemes` and each operation's `security`.
///
/// A scope is a role of its scheme: OpenAPI 3.1 lets a requirement of any scheme list the roles it needs
/// (`security: [{bearerAuth: [customer]}]`), and OAuth 2 schemes list them as their flows' scopes too. What
/// the format says beyond that (a scope's description and the scopes it includes) is in the scheme's
/// `x-specsmith: {scopes: …}`.
extension OpenAPIExporter {
    /// The schemes by name: the spec's names for several, a name after the kind for one.
    var securitySchemeNames: [(name: String, scheme: Auth.Scheme)] {
        guard let auth = api.auth else { return [] }
        if !auth.schemes.isEmpty { return auth.schemes.map { ($0.name, $0.scheme) } }
        let name =
            switch auth.scheme {
            case .bearer: "bearerAuth"
            case .apiKey: "apiKeyAuth"
            case .basic: "basicAuth"
            case .oauth2: "oauth2"
            }
        return [(name, auth.scheme)]
    }

    /// `components.securitySchemes`; `nil` for an API without auth.
    func securitySchemes() -> DocumentObject? {
        guard let auth = api.auth else { return nil }
        var schemes = DocumentObject()
        for (name, scheme) in securitySchemeNames {
            let scopes = auth.scopes.filter { $0.alternatives.isEmpty && schemeName(of: $0) == name }
            var object = securityScheme(scheme, scopes: scopes)
            var described = DocumentObject()
            for scope in scopes {
                var entry = DocumentObject()
                if let description = scope.description { entry["description"] = .string(description) }
                let includes = scope.includes.compactMap { included in
                    auth.scopes.first { $0.name == included }.map { DocumentNode.string($0.specName) }
                }
                if !includes.isEmpty { entry["includes"] = .array(includes) }
                described[scope.specName] = .object(entry)
            }
            var format = DocumentObject()
            format["scopes"] = .object(described)
            Self.adding(format, to: &object)
            schemes[name] = .object(object)
        }
        return schemes
    }

    /// The name of the scheme a scope's clients send credentials with.
    func schemeName(of scope: Auth.Scope) -> String {
        scope.scheme ?? securitySchemeNames.first?.name ?? ""
    }

    /// One scheme; an OAuth 2 scheme lists `scopes` as the scopes of its client credentials flow.
    func securityScheme(_ scheme: Auth.Scheme, scopes: [Auth.Scope]) -> DocumentObject {
        var object = DocumentObject()
        switch scheme {
        case .bearer(let header, let prefix) where header.lowercased() == "authorization" && prefix == "Bearer":
            object["type"] = "http"
            object["scheme"] = "bearer"
        case .bearer(let header, let prefix):
            // A token in another header, or after another prefix: an API key to other tools.
            object["type"] = "apiKey"
            object["in"] = "header"
            object["name"] = .string(header)
            var bearer = DocumentObject()
            bearer["type"] = "bearer"
            bearer["header"] = .string(header)
            bearer["prefix"] = .string(prefix ?? "")  // the format writes no prefix as ""
            var format = DocumentObject()
            format["scheme"] = .object(bearer)
            Self.adding(format, to: &object)
        case .apiKey(let name, let inQuery):
            object["type"] = "apiKey"
            object["in"] = inQuery ? "query" : "header"
            object["name"] = .string(name)
        case .basic:
            object["type"] = "http"
            object["scheme"] = "basic"
        case .oauth2(let tokenURL):
            object["type"] = "oauth2"
            var flow = DocumentObject()
            flow["tokenUrl"] = .string(tokenURL ?? "https://example.com/oauth/token")
            var described = DocumentObject()
            for scope in scopes { described[scope.specName] = .string(scope.description ?? scope.specName) }
            flow["scopes"] = .object(described)
            var flows = DocumentObject()
            flows["clientCredentials"] = .object(flow)
            object["flows"] = .object(flows)
        }
        return object
    }

    /// An endpoint's `security`: the scopes that may call it, `[]` for a public endpoint, with `{}` among them
    /// when credentials are optional; `nil` for an API without auth.
    func security(of operation: Operation) -> DocumentNode? {
        guard let auth = api.auth else { return nil }
        let scopes: [Auth.Scope]
        if let name = operation.scope, let scope = auth.scopes.first(where: { $0.name == name }) {
            scopes =
                scope.alternatives.isEmpty
                ? [scope]
                : scope.alternatives.compactMap { alternative in auth.scopes.first { $0.name == alternative } }
        } else if operation.acceptsAuthorization {
            // Credentials are optional: any client sends what it has.
            scopes = auth.scopes.filter(\.alternatives.isEmpty)
        } else {
            return .array([])
        }
        var requirements = scopes.map { scope -> DocumentNode in
            var requirement = DocumentObject()
            requirement[schemeName(of: scope)] = .array([.string(scope.specName)])
            return .object(requirement)
        }
        if operation.acceptsAuthorization { requirements.append(.object(DocumentObject())) }
        return .array(requirements)
    }
}
