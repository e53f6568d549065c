/// Translates the API's authorization scopes into phantom types: `Scope.Guest`, `Scope.Customer`, … and one
/// protocol per scope, `Scope.GuestAccess`, adopted by the scope and by every scope that includes it.
///
/// A client `ShopClient<Scope.Customer>` then has the methods of every extension whose requirement
/// `Authorization: Scope.GuestAccess` or `Authorization: Scope.CustomerAccess` its scope meets.
func translateScopes(_ auth: Auth, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = []
    for scope in auth.scopes {
        let includes = scope.includes.map(TranslationNames.access)
        members.append(
            .type(
                TypeDeclaration(
                    docs: [
                        "Scopes that may call `\(scope.specName)` endpoints: `\(scope.name)` and every scope that includes it."
                    ],
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
    for scope in auth.scopes {
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
                    inherits: [TranslationNames.access(scope.name)]
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
    var found = Set<String>()
    var stack = scope.includes
    while let next = stack.popLast() {
        if found.insert(next).inserted {
            stack += auth.scopes.first { $0.name == next }?.includes ?? []
        }
    }
    return auth.scopes.filter { found.contains($0.name) }.map(\.specName)
}
