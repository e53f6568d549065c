/// What every client flavour shares: which methods go on which type, under which scope, and the endpoint
/// value each method sends. The async client, the Combine publishers and the RxSwift singles all follow it,
/// so a method exists in one flavour exactly when it exists in the others.
struct ClientShape {
    /// Methods declared together: on the client or a namespace struct, for public endpoints or one scope's.
    struct Group {
        /// The namespace, or `nil` for the client itself.
        var namespace: String?
        /// The Swift name of the scope the methods need, or `nil` for public endpoints (and APIs without auth).
        var scope: String?
        /// The operations, in spec order.
        var operations: [Operation]
    }

    let api: API

    /// `CountriesClient`
    var clientName: String { TranslationNames.client(api.name) }

    /// Whether the client is generic over its authorization scope.
    var isScoped: Bool { api.auth != nil }

    /// Public groups first (the client, then each namespace), then each scope's. Groups without operations
    /// are left out, except those on the client itself that take endpoint values (see
    /// ``takesEndpointValues(_:)``), and the client's own public group, which always exists.
    var groups: [Group] {
        var groups = [Group(namespace: nil, scope: nil, operations: operations(namespace: nil, scope: nil))]
        for namespace in api.namespaces {
            groups.append(
                Group(namespace: namespace, scope: nil, operations: operations(namespace: namespace, scope: nil))
            )
        }
        for scope in api.auth?.scopes ?? [] {
            for namespace in [nil] + api.namespaces {
                let operations = operations(namespace: namespace, scope: scope.name)
                let group = Group(namespace: namespace, scope: scope.name, operations: operations)
                if !operations.isEmpty || takesEndpointValues(group) { groups.append(group) }
            }
        }
        return groups
    }

    /// Whether the group has a generic method for endpoint values (`send(_:)`, `publisher(for:)`,
    /// `rx.send(_:)`): a scoped client with endpoint factories has one per scope, which keeps its scope check.
    func takesEndpointValues(_ group: Group) -> Bool {
        isScoped && api.style.hasFactories && group.namespace == nil
    }

    /// The operations of `namespace` (the root for `nil`) that need `scope` (public ones for `nil`).
    func operations(namespace: String?, scope: String?) -> [Operation] {
        api.operations.filter { $0.namespace == namespace && (!isScoped || $0.scope == scope) }
            .flatMap { Self.withVariants($0) + bodyFieldsVariants($0) }
    }

    /// The type a group's methods are declared on: `ShopClient` or `NotesClient.Session`.
    func typeName(namespace: String?) -> String {
        namespace.map { "\(clientName).\($0)" } ?? clientName
    }

    /// `Authorization: Scope.CustomerAccess` for a scope's group.
    func requirements(_ group: Group) -> [String] {
        group.scope.map { [ScopeTranslation.requirement($0)] } ?? []
    }

    /// "The endpoints", "The endpoints of the `Session` namespace", "The endpoints of the `guest` scope", …:
    /// the start of a group's documentation.
    func subject(_ group: Group) -> String {
        var parts: [String] = []
        if let namespace = group.namespace { parts.append("the `\(namespace)` namespace") }
        if let scope = group.scope { parts.append("the `\(specName(ofScope: scope))` scope") }
        return parts.isEmpty ? "The endpoints" : "The endpoints of " + parts.joined(separator: " in ")
    }

    /// What the spec calls a scope, for documentation.
    func specName(ofScope scope: String) -> String {
        api.auth?.scopes.first { $0.name == scope }?.specName ?? scope
    }

    /// The type a generic `send`-like method takes for a group: `APIEndpoint<Response, ErrorBody>` for public
    /// endpoints, `AuthorizedEndpoint<Scope.Customer, Response, ErrorBody>` for a scope's.
    func endpointParameterType(scope: String?) -> String {
        scope.map { "\(RuntimeSymbols.authorizedEndpoint)<\(ScopeTranslation.type($0)), Response, ErrorBody>" }
            ?? "\(RuntimeSymbols.apiEndpoint)<Response, ErrorBody>"
    }

    /// The plain `APIEndpoint` inside a `send`-like method's `endpoint` parameter.
    func unwrappedEndpoint(scope: String?) -> Expression {
        scope == nil ? .identifier("endpoint") : .member(.identifier("endpoint"), "endpoint")
    }

    /// The `APIEndpoint` a method sends: `CountriesAPI.countryByName(name, fullText: fullText)` with factories,
    /// `Endpoint(NotesResource.list, decoding: [Note].self)` with resources only.
    func endpoint(_ operation: Operation) -> Expression {
        // A `…WithHeaders` method sends its endpoint's factory or case.
        let name =
            operation.isWithHeadersVariant
            ? String(operation.name.dropLast(Self.withHeadersSuffix.count)) : operation.name
        if api.style.hasFactories {
            let scope = [TranslationNames.factories(api.name)] + (operation.namespace.map { [$0] } ?? [])
            let call = Expression.call(
                .member(.verbatim(scope.joined(separator: ".")), name),
                TranslationSupport.forwardingArguments(operation)
            )
            return withHeaders(operation.scope == nil ? call : .member(call, "endpoint"), operation)
        }
        let resourceScope = [TranslationNames.resource(api.name)] + (operation.namespace.map { [$0] } ?? [])
        let resourceCase = Expression.member(.verbatim(resourceScope.joined(separator: ".")), name)
        let resource =
            operation.parameters.isEmpty
            ? resourceCase : .call(resourceCase, TranslationSupport.forwardingArguments(operation))
        var arguments = [Argument(nil, resource)]
        if let decoding = AnswerTranslation.decoding(operation) {
            arguments.append(Argument("decoding", decoding))
        } else if case let response = operation.plainResponse ?? operation.response, response != .void {
            // A `…WithHeaders` method decodes the plain answer; `withHeaders` adds the headers.
            arguments.append(Argument("decoding", .verbatim("\(TranslationSupport.typeText(response)).self")))
        }
        if let errors = ErrorTranslation.expectedErrors(operation) {
            arguments.append(Argument("errors", errors))
        }
        let type = operation.errorBody == .none ? RuntimeSymbols.endpoint : RuntimeSymbols.apiEndpoint
        return withHeaders(.call(.identifier(type), arguments), operation)
    }

    /// `endpoint.withHeaders(CreateFileResponseHeaders.self)` for a `…WithHeaders` method; `endpoint` otherwise.
    private func withHeaders(_ endpoint: Expression, _ operation: Operation) -> Expression {
        guard operation.isWithHeadersVariant, let headers = operation.responseHeaders else { return endpoint }
        return .call(
            .member(endpoint, RuntimeSymbols.withHeaders),
            [Argument(nil, .verbatim("\(headers.typeName).self"))]
        )
    }

    /// An operation and, when it documents response headers, its `…WithHeaders` twin: the same request, whose
    /// method returns the answer together with the typed headers.
    static func withVariants(_ operation: Operation) -> [Operation] {
        withHeadersVariants(operation) + pagingVariants(operation) + progressVariants(operation)
    }

    /// The copy of an endpoint that moves bytes for its `…WithProgress` methods (see `translateProgress.swift`).
    /// A stream has none, even with a file to upload: its values are handed over as they arrive, which a
    /// transfer (read whole, then answered) would hold back.
    static func progressVariants(_ operation: Operation) -> [Operation] {
        guard operation.transfersBytes, operation.responseBody.streamElement == nil else { return [] }
        var variant = operation
        variant.isProgressVariant = true
        return [variant]
    }

    /// A paged endpoint's copies for its pages and items methods (see `translatePagination.swift`).
    static func pagingVariants(_ operation: Operation) -> [Operation] {
        guard operation.pagination != nil else { return [] }
        return [Pagination.Role.pages, .items].map { role in
            var variant = operation
            variant.pagingRole = role
            return variant
        }
    }

    /// An operation and, when it documents response headers, its `…WithHeaders` twin.
    static func withHeadersVariants(_ operation: Operation) -> [Operation] {
        guard let headers = operation.responseHeaders else { return [operation] }
        var variant = operation
        variant.name += withHeadersSuffix
        variant.isWithHeadersVariant = true
        variant.plainResponse = operation.response
        let body = operation.response == .void ? "Void" : TranslationSupport.typeText(operation.response)
        variant.response = .model("\(RuntimeSymbols.responseWithHeaders)<\(body), \(headers.typeName)>")
        variant.description =
            (operation.description ?? "Sends `\(operation.specName)`.")
            + "\n\nAnswers with the documented response headers too, typed, and the response as it arrived."
        return [operation, variant]
    }

    /// What a `…WithHeaders` method adds to its endpoint's name.
    static let withHeadersSuffix = "WithHeaders"

    /// `[Country]`, or `Void` for an endpoint without a response body.
    func responseType(_ operation: Operation) -> String {
        operation.response == .void ? "Void" : TranslationSupport.typeText(operation.response)
    }

}
