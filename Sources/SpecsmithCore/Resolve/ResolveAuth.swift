/// Resolving `auth` (scheme and scopes) and `errors` (documented error bodies by status).
extension ResolveContext {
    /// The word an endpoint's `scope` uses for "no credentials".
    static let publicScope = "public"

    /// Resolves `auth`, reporting unknown or cyclic includes; fills `scopeNames` and `defaultScope`.
    mutating func resolveAuth() -> Auth? {
        guard let raw = raw.auth else { return nil }
        var scheme = raw.scheme.flatMap { resolveScheme($0) } ?? .bearer(header: "Authorization", prefix: "Bearer")
        let schemes = resolveSchemes(raw)
        if let first = schemes.first { scheme = first.scheme }
        var rawScopes = raw.scopes
        if rawScopes.isEmpty {
            rawScopes = [RawScope(name: Located("authorized", at: raw.location))]
        }
        var swiftNames: [String: String] = [:]
        for scope in rawScopes {
            var name = SwiftName.typeName(scope.name.value)
            // Names no nested type may have (`Scope.Any` does not parse): the scope's type says it is one.
            if Self.unnestableTypeNames.contains(name) { name += "Scope" }
            if scope.name.value == Self.publicScope || name == "Public" {
                diagnostics.error(
                    "`\(scope.name.value)` cannot name a scope: `public` marks endpoints that need no credentials",
                    at: scope.name.location,
                    hint: "rename the scope"
                )
                continue
            }
            if let other = swiftNames.first(where: { $0.value == name })?.key {
                diagnostics.error(
                    "scopes `\(other)` and `\(scope.name.value)` both become `Scope.\(name)`",
                    at: scope.name.location
                )
                continue
            }
            swiftNames[scope.name.value] = name
        }
        // Scopes and their protocols (`Scope.Guest`, `Scope.GuestAccess`) share one namespace with the runtime's
        // protocol they adopt.
        for scope in rawScopes {
            guard let name = swiftNames[scope.name.value] else { continue }
            if name == RuntimeSymbols.authorizationScope {
                diagnostics.error(
                    "scope `\(scope.name.value)` would hide the protocol `\(name)` that generated scopes adopt",
                    at: scope.name.location,
                    hint: "rename the scope"
                )
            } else if let other = swiftNames.first(where: { TranslationNames.access($0.value) == name })?.key {
                diagnostics.error(
                    "scope `\(scope.name.value)` becomes `Scope.\(name)`, the protocol of scope `\(other)`",
                    at: scope.name.location,
                    hint: "rename one of them"
                )
            }
        }
        scopeNames = swiftNames
        var scopes: [Auth.Scope] = []
        for scope in rawScopes {
            guard let name = swiftNames[scope.name.value] else { continue }
            let includes = scope.includes.compactMap { include -> String? in
                if include.value == scope.name.value {
                    diagnostics.error("scope `\(include.value)` cannot include itself", at: include.location)
                    return nil
                }
                return scopeName(include)
            }
            scopes.append(
                Auth.Scope(
                    name: name,
                    specName: scope.name.value,
                    description: scope.description,
                    includes: includes,
                    scheme: resolveScopeScheme(scope, raw: raw, schemes: schemes)
                )
            )
        }
        for named in schemes where !rawScopes.contains(where: { $0.scheme?.value == named.name }) {
            let location = raw.schemes.first { $0.name.value == named.name }?.name.location ?? raw.location
            diagnostics.error(
                "no scope uses the scheme `\(named.name)`",
                at: location,
                hint: "give a scope `scheme: \(named.name)`, or remove the scheme"
            )
        }
        resolvedScopes = scopes
        checkScopeCycles(scopes, raw: rawScopes)
        if let chosen = raw.defaultScope {
            defaultScope = scopeName(chosen)
        } else if scopes.count == 1 {
            defaultScope = scopes[0].name
        } else if !scopes.isEmpty {
            diagnostics.error(
                "`auth` has several scopes, so it needs a `default` for endpoints that name none",
                at: raw.location,
                hint: "add `default: \(rawScopes[0].name.value)`"
            )
        }
        return Auth(scheme: scheme, scopes: scopes, schemes: schemes)
    }

    /// `auth.schemes`, each resolved; reports `scheme` and `schemes` together.
    private mutating func resolveSchemes(_ raw: RawAuth) -> [Auth.NamedScheme] {
        guard let location = raw.schemesLocation else { return [] }
        if let single = raw.scheme {
            diagnostics.error(
                "`auth` has either one `scheme` or several `schemes`, not both",
                at: single.type.location,
                hint: "move this scheme under `schemes`, with a name"
            )
        }
        if raw.schemes.isEmpty {
            diagnostics.error("`schemes` names no scheme", at: location, hint: "or write one `scheme`")
        }
        return raw.schemes.compactMap { entry in
            resolveScheme(entry.scheme).map { Auth.NamedScheme(name: entry.name.value, scheme: $0) }
        }
    }

    /// The scheme a scope names, checked to be one of `schemes`; with several schemes, every scope names one.
    private mutating func resolveScopeScheme(_ scope: RawScope, raw: RawAuth, schemes: [Auth.NamedScheme]) -> String? {
        guard let named = scope.scheme else {
            if raw.schemes.count > 1 {
                diagnostics.error(
                    "scope `\(scope.name.value)` needs a `scheme`: the spec has several",
                    at: scope.name.location,
                    hint: "add `scheme: \(raw.schemes[0].name.value)`"
                )
            }
            return raw.schemes.count == 1 ? raw.schemes[0].name.value : nil
        }
        guard raw.schemesLocation != nil else {
            diagnostics.error(
                "a scope's `scheme` names one of `auth.schemes`, and the spec has one `scheme`",
                at: named.location,
                hint: "remove it: every scope uses the spec's scheme"
            )
            return nil
        }
        guard raw.schemes.contains(where: { $0.name.value == named.value }) else {
            diagnostics.error(
                "unknown scheme `\(named.value)`",
                at: named.location,
                hint: Suggestions.hint(for: named.value, in: raw.schemes.map(\.name.value))
            )
            return nil
        }
        return named.value
    }

    private mutating func resolveScheme(_ raw: RawAuthScheme) -> Auth.Scheme? {
        let allowedOptions: [String: [String]] = [
            "bearer": ["header", "prefix"], "apiKey": ["name", "in"], "basic": [], "oauth2": ["tokenURL"],
        ]
        guard let allowed = allowedOptions[raw.type.value] else {
            diagnostics.error(
                "the auth scheme must be `bearer`, `apiKey`, `basic` or `oauth2`, not `\(raw.type.value)`",
                at: raw.type.location,
                hint: Suggestions.hint(for: raw.type.value, in: ["bearer", "apiKey", "basic", "oauth2"])
            )
            return nil
        }
        let options = [
            ("header", raw.header), ("prefix", raw.prefix), ("name", raw.name), ("in", raw.location),
            ("tokenURL", raw.tokenURL),
        ]
        for (key, value) in options where value != nil && !allowed.contains(key) {
            diagnostics.error("`\(key)` does not apply to the `\(raw.type.value)` scheme", at: value!.location)
        }
        for value in [raw.header, raw.name].compactMap({ $0 }) {
            checkHeaderName(value)
        }
        if let prefix = raw.prefix { checkHeaderText(prefix) }
        switch raw.type.value {
        case "bearer":
            let prefix = raw.prefix.map(\.value) ?? "Bearer"
            return .bearer(header: raw.header?.value ?? "Authorization", prefix: prefix.isEmpty ? nil : prefix)
        case "apiKey":
            let place = raw.location?.value ?? "header"
            if let location = raw.location, !["header", "query"].contains(place) {
                diagnostics.error(
                    "`in` must be `header` or `query`, not `\(place)`",
                    at: location.location,
                    hint: Suggestions.hint(for: place, in: ["header", "query"])
                )
            }
            guard let name = raw.name else {
                diagnostics.error(
                    "an `apiKey` scheme needs the `name` of its header or query parameter",
                    at: raw.type.location,
                    hint: "add `name: X-API-Key`"
                )
                return nil
            }
            return .apiKey(name: name.value, inQuery: place == "query")
        case "oauth2":
            if let url = raw.tokenURL, !(url.value.hasPrefix("https://") || url.value.hasPrefix("http://")) {
                diagnostics.error("`tokenURL` must be an absolute http or https URL", at: url.location)
            }
            return .oauth2(tokenURL: raw.tokenURL?.value)
        default:
            return .basic
        }
    }

    /// Reports a header or parameter name that is not an HTTP token; returns whether it is one.
    @discardableResult
    mutating func checkHeaderName(_ name: Located<String>) -> Bool {
        let allowed = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        if name.value.isEmpty || !name.value.allSatisfy({ allowed.contains($0) }) {
            diagnostics.error("`\(name.value)` is not a valid header or parameter name", at: name.location)
            return false
        }
        return true
    }

    /// The Swift name of the scope `name` refers to, reporting an unknown scope.
    private mutating func scopeName(_ name: Located<String>) -> String? {
        if let swiftName = scopeNames[name.value] { return swiftName }
        diagnostics.error(
            "unknown scope `\(name.value)`",
            at: name.location,
            hint: Suggestions.hint(for: name.value, in: Array(scopeNames.keys).sorted())
        )
        return nil
    }

    private mutating func checkScopeCycles(_ scopes: [Auth.Scope], raw: [RawScope]) {
        let includes = Dictionary(scopes.map { ($0.name, $0.includes) }, uniquingKeysWith: { a, _ in a })
        for (scope, rawScope) in zip(scopes, raw.filter { scopeNames[$0.name.value] != nil }) {
            var stack = scope.includes
            var seen = Set<String>()
            while let next = stack.popLast() {
                if next == scope.name {
                    diagnostics.error(
                        "scope `\(rawScope.name.value)` includes itself through other scopes",
                        at: rawScope.name.location
                    )
                    break
                }
                if seen.insert(next).inserted { stack += includes[next] ?? [] }
            }
        }
    }

    /// Type names Swift accepts at the top level of a module but not nested in another type (`Scope.Any`).
    static let unnestableTypeNames: Set<String> = ["Any", "Self", "Type", "Protocol"]

    /// The requirement of `endpoint`: its scope (or, for `scope: [a, b]`, a requirement any of them meets), or
    /// `nil` for a public endpoint; and whether credentials are optional (`scope: [public, a]`).
    mutating func resolveScopeRequirement(_ endpoint: RawEndpoint) -> (scope: String?, acceptsAuthorization: Bool) {
        guard let written = endpoint.scopeAlternatives, written.count > 1 else {
            return (resolveScope(endpoint), false)
        }
        guard raw.auth != nil else { return (resolveScope(endpoint), false) }
        let isOptional = written.contains { $0.value == Self.publicScope }
        var names: [String] = []
        for name in written where name.value != Self.publicScope {
            guard let scope = scopeName(name) else { continue }
            if !names.contains(scope) { names.append(scope) }
        }
        let ordered = resolvedScopes.map(\.name).filter(names.contains)
        guard ordered.count > 1 else {
            return (isOptional ? nil : ordered.first, isOptional && !ordered.isEmpty)
        }
        if isOptional {
            // Credentials are optional: every client calls it, and sends what it has.
            return (nil, true)
        }
        let name = requirementName(ordered)
        if resolvedScopes.contains(where: { $0.name == name || TranslationNames.access($0.name) == name }) {
            diagnostics.error(
                "the scopes \(written.map { "`\($0.value)`" }.joined(separator: " or ")) become the requirement `Scope.\(name)`, which is the name of a scope",
                at: written[0].location,
                hint: "rename that scope"
            )
            return (nil, false)
        }
        if !scopeAlternatives.contains(where: { $0.name == name }) {
            let specNames = resolvedScopes.filter { ordered.contains($0.name) }.map(\.specName)
            scopeAlternatives.append(
                Auth.Scope(
                    name: name,
                    specName: specNames.joined(separator: " or "),
                    description: nil,
                    includes: [],
                    alternatives: ordered
                )
            )
        }
        return (name, false)
    }

    /// The longest requirement name made by joining its scopes; a longer one is shortened.
    static let maxRequirementNameLength = 48

    /// The name of the requirement any of `scopes` meets: `CustomerOrAdmin`; for many scopes, whose joined
    /// names would run to hundreds of characters (a chat platform's operations that any of 35 OAuth scopes may
    /// call), the first and how many others: `BotTokenOr34Others`, numbered when another set of scopes has
    /// that name.
    mutating func requirementName(_ scopes: [String]) -> String {
        let joined = scopes.joined(separator: "Or")
        guard joined.count > Self.maxRequirementNameLength, let first = scopes.first else { return joined }
        let base = first + "Or\(scopes.count - 1)Others"
        var name = base
        var number = 2
        while let other = scopeAlternatives.first(where: { $0.name == name }), other.alternatives != scopes {
            name = base + String(number)
            number += 1
        }
        return name
    }

    /// The scope of `endpoint`: its own, the default, or `nil` for public endpoints and APIs without `auth`.
    mutating func resolveScope(_ endpoint: RawEndpoint) -> String? {
        guard let scope = endpoint.scope else { return raw.auth == nil ? nil : defaultScope }
        if scope.value == Self.publicScope { return nil }
        guard raw.auth != nil else {
            diagnostics.error(
                "endpoint `\(endpoint.name.value)` names a scope, but the spec has no `auth`",
                at: scope.location,
                hint: "add `auth:` with a `scheme` and `scopes`, or remove `scope`"
            )
            return nil
        }
        return scopeName(scope)
    }

    /// `raw` error statuses resolved and checked.
    mutating func resolveErrors(_ raw: [RawErrorStatus]) -> [ErrorStatus] {
        var seen = Set<ErrorStatus.Pattern>()
        return raw.compactMap { entry in
            guard let pattern = errorPattern(entry.status) else { return nil }
            if !seen.insert(pattern).inserted {
                diagnostics.error("the status `\(entry.status.value)` is listed twice", at: entry.status.location)
                return nil
            }
            guard let type = resolveType(entry.type) else { return nil }
            if type.isOptional {
                diagnostics.error("an error body type cannot be optional", at: entry.type.location)
                return nil
            }
            return ErrorStatus(pattern: pattern, type: type)
        }
    }

    private mutating func errorPattern(_ status: Located<String>) -> ErrorStatus.Pattern? {
        let text = status.value.uppercased()
        if let code = Int(text), (400...599).contains(code) { return .status(code) }
        if text == "4XX" { return .statusClass(4) }
        if text == "5XX" { return .statusClass(5) }
        diagnostics.error(
            "`\(status.value)` is not an error status: use a status from 400 to 599, `4XX` or `5XX`",
            at: status.location
        )
        return nil
    }

    /// The endpoint's error statuses (its own over the spec's, exact statuses first) and the type their bodies
    /// are delivered as; an enumeration named `<Endpoint>Error` when the types differ.
    mutating func operationErrors(
        _ endpoint: RawEndpoint,
        specErrors: [ErrorStatus],
        typeNames: inout Set<String>
    ) -> ([ErrorStatus], ErrorBody) {
        let own = resolveErrors(endpoint.errors)
        let ownPatterns = Set(own.map(\.pattern))
        var merged = own + specErrors.filter { !ownPatterns.contains($0.pattern) }
        merged.sort { lhs, rhs in
            switch (lhs.pattern, rhs.pattern) {
            case (.status(let a), .status(let b)): a < b
            case (.status, .statusClass): true
            case (.statusClass, .status): false
            case (.statusClass(let a), .statusClass(let b)): a < b
            }
        }
        var types: [TypeRef] = []
        for status in merged where !types.contains(status.type) {
            types.append(status.type)
        }
        switch types.count {
        case 0: return (merged, .none)
        case 1: return (merged, .type(types[0]))
        default:
            let name = SwiftName.typeName(endpoint.name.value) + "Error"
            if reservedTypes.contains(name) {
                diagnostics.error(
                    "the error bodies of `\(endpoint.name.value)` become the enumeration `\(name)`, which would hide the type `\(name)` that generated code uses",
                    at: endpoint.name.location,
                    hint: "rename the endpoint, or give every status of the endpoint the same error type"
                )
            } else if !typeNames.insert(name).inserted {
                diagnostics.error(
                    "the error bodies of `\(endpoint.name.value)` become the enumeration `\(name)`, which is already a type",
                    at: endpoint.name.location,
                    hint: "rename the model, or give every status of the endpoint the same error type"
                )
            }
            var caseNames = Set<String>()
            let cases = types.enumerated().map { index, type in
                var caseName = memberName(avoidingTypes: SwiftName.caseName(for: type))
                if !caseNames.insert(caseName).inserted {
                    caseName += "\(index + 1)"
                    caseNames.insert(caseName)
                }
                return ErrorBody.Case(name: caseName, type: type)
            }
            return (merged, .enumeration(name: name, cases: cases))
        }
    }
}
