/// Translates the API's authorization scopes into phantom types: `Scope.Guest`, `Scope.Customer`, … and one
/// protocol per scope, `Scope.GuestAccess`, adopted by the scope and by every scope that includes it.
///
/// A client `ShopClient<Scope.Customer>` then has the methods of every extension whose requirement
/// `Authorization: Scope.GuestAccess` or `Authorization: Scope.CustomerAccess` its scope meets.
func translateScopes(_ auth: Auth, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = []
    let scopes = auth.scopes.filter(\.alternatives.isEmpty)
    let requirements = auth.scopes.filter { !$0.alternatives.isEmpty }
    for scope in auth.scopes {
        // A scope's protocol refines those of the scopes it includes, and of the requirements it meets.
        var includes = scope.includes.map(TranslationNames.access)
        includes += requirements.filter { $0.alternatives.contains(scope.name) }.map {
            TranslationNames.access($0.name)
        }
        let docs =
            scope.alternatives.isEmpty
            ? "Scopes that may call `\(scope.specName)` endpoints: `\(scope.name)` and every scope that includes it."
            : "Scopes that may call endpoints that accept \(scope.specName): every scope that grants one of them."
        members.append(
            .type(
                TypeDeclaration(
                    docs: [docs],
                    access: access,
                    kind: .protocol,
                    name: TranslationNames.access(scope.name),
                    inherits: includes.isEmpty ? [RuntimeSymbols.authorizationScope] : includes
                )
            )
        )
    }
    members.append(
        .type(
            TypeDeclaration(
                docs: ["No credentials: a client of this scope calls public endpoints only."],
                access: access,
                kind: .enum,
                name: TranslationNames.publicScope,
                inherits: [RuntimeSymbols.authorizationScope]
            )
        )
    )
    for scope in scopes {
        var docs = TranslationSupport.docs(scope.description, fallback: "The `\(scope.specName)` scope.")
        if !scope.includes.isEmpty {
            let names = includedClosure(of: scope, in: auth).map { "`\($0)`" }
            docs += ["", "Includes \(names.joined(separator: ", "))."]
        }
        members.append(
            .type(
                TypeDeclaration(
                    docs: docs,
                    access: access,
                    kind: .enum,
                    name: scope.name,
                    inherits: [TranslationNames.access(scope.name)],
                    members: schemeMembers(of: scope, auth: auth, access: access)
                )
            )
        )
    }
    for requirement in requirements {
        members.append(
            .type(
                TypeDeclaration(
                    docs: [
                        "What endpoints that accept \(requirement.specName) require: no client's scope, but every scope",
                        "that grants one of them meets it.",
                    ],
                    access: access,
                    kind: .enum,
                    name: requirement.name,
                    inherits: [TranslationNames.access(requirement.name)]
                )
            )
        )
    }
    return .type(
        TypeDeclaration(
            docs: [
                "The authorization scopes of the \(api.name) API, as types that exist only at compile time.",
                "",
                "A client's scope is its type parameter, such as `\(TranslationNames.client(api.name))<\(TranslationNames.scopes).\(auth.scopes.first?.name ?? TranslationNames.publicScope)>`:",
                "it has the methods of the endpoints its scope grants, and no others.",
            ],
            access: access,
            kind: .enum,
            name: TranslationNames.scopes,
            members: members
        )
    )
}

/// The spec names of every scope `scope` includes, directly or not, in spec order.
private func includedClosure(of scope: Auth.Scope, in auth: Auth) -> [String] {
    let found = auth.included(by: scope)
    return auth.scopes.filter { found.contains($0.name) }.map(\.specName)
}

/// Whether the scopes of `auth` name Foundation's `URL`: an OAuth 2 scheme's token URL, on a scope of that
/// scheme (see `schemeMembers`).
func scopesNameTokenURL(_ auth: Auth) -> Bool {
    guard !auth.schemes.isEmpty else { return false }
    return auth.scopes.contains { scope in
        guard let name = scope.scheme, let scheme = auth.schemes.first(where: { $0.name == name })?.scheme,
            case .oauth2(let tokenURL) = scheme
        else { return false }
        return tokenURL != nil
    }
}

/// With several schemes, the scheme a scope's clients send credentials with; for an OAuth 2 scheme, its token
/// URL and the scope's name as the authorization server knows it.
private func schemeMembers(of scope: Auth.Scope, auth: Auth, access: AccessModifier) -> [Declaration] {
    guard !auth.schemes.isEmpty, let name = scope.scheme,
        let scheme = auth.schemes.first(where: { $0.name == name })?.scheme
    else { return [] }
    var members: [Declaration] = [
        .variable(
            VariableDeclaration(
                docs: ["Clients of this scope send their credentials as the `\(name)` scheme says."],
                access: access,
                isStatic: true,
                name: "authScheme",
                type: "\(RuntimeSymbols.authScheme)?",
                getter: [.return(AuthTranslation.scheme(scheme))]
            )
        )
    ]
    guard case .oauth2(let tokenURL) = scheme else { return members }
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["The scope's name at the authorization server, to ask for in a token grant."],
                access: access,
                isStatic: true,
                name: "oauth2Scope",
                type: "String",
                getter: [.return(.literal(.string(scope.specName)))]
            )
        )
    )
    if let tokenURL {
        members.append(
            .variable(
                VariableDeclaration(
                    docs: [
                        "The authorization server's token endpoint, for `Credentials.clientCredentials` and the like."
                    ],
                    access: access,
                    isStatic: true,
                    name: "tokenURL",
                    type: "URL",
                    getter: [
                        .return(
                            .forceUnwrap(.call(.identifier("URL"), [Argument("string", .literal(.string(tokenURL)))]))
                        )
                    ]
                )
            )
        )
    }
    return members
}

/// How auth schemes are written in generated code.
enum AuthTranslation {
    /// `.bearer(header: "Authorization", prefix: "Bearer")`, `.apiKey(name: "X-API-Key", in: .header)`, `.basic`.
    static func scheme(_ scheme: Auth.Scheme) -> Expression {
        switch scheme {
        case .bearer(let header, let prefix):
            .call(
                .member(nil, "bearer"),
                [
                    Argument("header", .literal(.string(header))),
                    Argument("prefix", prefix.map { .literal(.string($0)) } ?? .literal(.nil)),
                ]
            )
        case .oauth2:
            .call(
                .member(nil, "bearer"),
                [
                    Argument("header", .literal(.string("Authorization"))),
                    Argument("prefix", .literal(.string("Bearer"))),
                ]
            )
        case .apiKey(let name, let inQuery):
            .call(
                .member(nil, "apiKey"),
                [Argument("name", .literal(.string(name))), Argument("in", .member(nil, inQuery ? "query" : "header"))]
            )
        case .basic:
            .member(nil, "basic")
        }
    }
}
