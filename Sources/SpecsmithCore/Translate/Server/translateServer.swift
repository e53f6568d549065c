/// Translates the API into its server: the protocol `<Name>Service`, one `async throws` method per endpoint
/// taking the request's typed values and returning the endpoint's answer, and `registerRoutes(on:)`, which
/// serves an implementation on a Hummingbird router through SpecsmithServer.
///
/// An endpoint documenting error bodies answers `Reply<Answer, ErrorBody>`; an endpoint of a scope takes the
/// caller, `Caller<Scope.Customer, Identity>`, so its handler cannot be written for another scope's callers.
/// Endpoints whose shapes the server does not serve yet are named in the protocol's documentation.
///
/// Returns the declarations of `Server.swift` first; for an API of more than
/// ``Translator/operationsInOneFile`` endpoints, those of `Part2.Server.swift` … `Part8.Server.swift` after them (each
/// may be empty): their routes, in `addRoutes2(to:)` … `addRoutes8(to:)`, which `registerRoutes(on:)` calls.
/// An endpoint's file follows from its name, as its client method's does, so that the compiler builds the
/// routes in parallel and a changed endpoint recompiles one file of them.
func translateServer(_ api: API) -> [[Declaration]] {
    let (routes, unrouted) = ServerShape.routes(
        api.operations.filter { ServerShape.unservedReason($0, api: api) == nil },
        api: api
    )
    let served = api.operations.filter { operation in routes.contains { $0.contains(operation) } }
    let names = ServerShape.methodNames(served)
    let hasScopes = served.contains { $0.scope != nil }
    var requirements: [Declaration] = []
    if hasScopes {
        requirements.append(
            .associatedType(
                AssociatedTypeDeclaration(
                    docs: ["Who calls endpoints of a scope: the app's own type, such as its user."],
                    name: ServerSymbols.identity,
                    inherits: ["Sendable"]
                )
            )
        )
        requirements.append(
            .function(
                FunctionDeclaration(
                    docs: [
                        "Who `credential` belongs to and the scope it grants; `nil` when it grants nothing.",
                        "",
                        "Endpoints of a scope are answered `401 Unauthorized` without credentials or when this is",
                        "`nil`, and `403 Forbidden` when the scope granted does not include theirs.",
                    ],
                    kind: .function("authenticate"),
                    parameters: [FunctionParameter(label: "_", name: "credential", type: ServerSymbols.credential)],
                    isAsync: true,
                    throwsClause: "throws",
                    returnType: "\(ServerSymbols.grant)<\(ServerSymbols.identity)>?",
                    body: [],
                    isRequirement: true
                )
            )
        )
    }
    for type in ServerShape.invalidRequestTypes(served, api: api) {
        requirements.append(
            .function(
                FunctionDeclaration(
                    docs: [
                        "The body, as `\(type)`, of an answer that refuses a request: `400 Bad Request` to one that",
                        "does not follow its endpoint, `401` and `403` to one whose credentials do not do, and, when",
                        "the API documents a body for them, `405` to a method its path does not have and `404` to a",
                        "path no route has.",
                    ],
                    kind: .function(ServerSymbols.invalidRequest),
                    parameters: [
                        FunctionParameter(label: "for", name: "problems", type: ServerSymbols.requestProblems)
                    ],
                    returnType: type,
                    body: [],
                    isRequirement: true
                )
            )
        )
    }
    for operation in served {
        requirements.append(.function(requirement(operation, name: names[operation] ?? operation.name, api: api)))
    }
    var unserved = api.operations.compactMap { operation in
        ServerShape.unservedReason(operation, api: api).map { "`\(operation.specName)` (\($0))" }
    }
    unserved += unrouted.map { "`\($0.specName)` (the same method and path as another, and no field tells them apart)" }
    var docs = TranslationSupport.docs(
        nil,
        fallback: "What a server of the \(api.name) API does: one method per endpoint, taking the request's values."
    )
    docs += [
        "",
        "Serve an implementation with `registerRoutes(on:)` on a Hummingbird router: each route reads its",
        "request (answering `400 Bad Request` with every problem it finds), calls the method and writes its answer.",
    ]
    if !unserved.isEmpty {
        docs += ["", "Not served yet, so without a method here: " + unserved.joined(separator: ", ") + "."]
    }
    let access = TranslationSupport.access(api)
    var declarations: [Declaration] = []
    if hasScopes, let auth = api.auth { declarations.append(translateScopes(auth, api: api)) }
    declarations.append(
        .type(
            TypeDeclaration(
                docs: docs,
                access: access,
                kind: .protocol,
                name: TranslationNames.service(api.name),
                inherits: ["Sendable"],
                members: requirements
            )
        )
    )
    let parts = ServerShape.routeParts(routes)
    declarations.append(
        .type(
            TypeDeclaration(
                kind: .extension,
                name: TranslationNames.service(api.name),
                members: [.function(registration(parts, names: names, api: api))]
            )
        )
    )
    var headerTypes = Set<String>()
    for operation in served {
        guard let headers = operation.responseHeaders, headerTypes.insert(headers.typeName).inserted else { continue }
        declarations.append(headerFields(headers, api: api))
    }
    for enumeration in ServerShape.parameterEnumerations(served, api: api) {
        declarations.append(
            .type(TypeDeclaration(kind: .extension, name: enumeration, inherits: [ServerSymbols.parameterText]))
        )
    }
    let others = parts.indices.dropFirst().map { index -> [Declaration] in
        guard !parts[index].isEmpty else { return [] }
        return [
            .type(
                TypeDeclaration(
                    kind: .extension,
                    name: TranslationNames.service(api.name),
                    members: [.function(routesPart(parts[index], index: index, names: names, api: api))]
                )
            )
        ]
    }
    return [declarations] + others
}

/// `addRoutes2(to:)`: the routes of the endpoints of `Part2.Server.swift`.
private func routesPart(
    _ routes: [[Operation]],
    index: Int,
    names: [Operation: String],
    api: API
) -> FunctionDeclaration {
    FunctionDeclaration(
        docs: ["Adds the routes of the endpoints in this file; `registerRoutes(on:options:)` calls it."],
        kind: .function(ServerShape.routesPartName(index)),
        parameters: [
            FunctionParameter(
                label: "to",
                name: "routes",
                type: "\(ServerSymbols.serverRoutes)<some \(ServerSymbols.routerMethods)>"
            )
        ],
        body: routes.map { route($0, names: names, api: api) }
    )
}

/// `extension ListFilesResponseHeaders { var fields: [HeaderField] }`: the headers as an answer sends them.
private func headerFields(_ headers: Operation.ResponseHeaders, api: API) -> Declaration {
    let fields = headers.headers.map { header -> Expression in
        var arguments = [Argument(nil, .literal(.string(header.wireName))), Argument(nil, .identifier(header.name))]
        if let dates = header.dates { arguments.append(Argument("dates", .member(nil, dates))) }
        return .call(.member(.identifier(ServerSymbols.responseHeaderText), "field"), arguments)
    }
    return .type(
        TypeDeclaration(
            kind: .extension,
            name: headers.typeName,
            members: [
                .variable(
                    VariableDeclaration(
                        docs: ["The headers as an answer sends them; those without a value are left out."],
                        access: TranslationSupport.access(api),
                        name: "fields",
                        type: "[\(RuntimeSymbols.headerField)]",
                        getter: [.return(.array(fields))]
                    )
                )
            ]
        )
    )
}

/// The protocol's method of `operation`.
private func requirement(_ operation: Operation, name: String, api: API) -> FunctionDeclaration {
    var parameters = TranslationSupport.functionParameters(operation, withDefaults: false)
    if let scope = operation.scope {
        parameters.append(
            FunctionParameter(
                name: ServerShape.callerName(operation),
                type: "\(ServerSymbols.caller)<\(TranslationNames.scopes).\(scope), \(ServerSymbols.identity)>"
            )
        )
    }
    let returnType = ServerShape.returnType(operation)
    var docs = TranslationSupport.operationDocs(operation, fallback: "Answers `\(operation.specName)`.")
    // Not `@available(*, deprecated)`: the server keeps serving the endpoint, and its routes call the method.
    if let deprecation = operation.deprecation {
        docs += ["", "Deprecated" + (deprecation.message.map { ": \($0)" } ?? ".")]
    }
    return FunctionDeclaration(
        docs: docs,
        kind: .function(name),
        parameters: parameters,
        isAsync: true,
        throwsClause: "throws",
        returnType: returnType == "Void" ? nil : returnType,
        body: [],
        isRequirement: true
    )
}

/// `registerRoutes(on:options:)`: a route per endpoint, those of `parts[0]` here, the others' through the
/// `addRoutes2(to:)` … of their files.
private func registration(_ parts: [[[Operation]]], names: [Operation: String], api: API) -> FunctionDeclaration {
    let routes = parts[0]
    var body: [Statement] = [
        .binding(
            isLet: true,
            name: "routes",
            value: .call(
                .identifier(ServerSymbols.serverRoutes),
                [
                    Argument(nil, .identifier("router")),
                    Argument("dates", .member(nil, api.dates)),
                    Argument("options", .identifier("options")),
                ]
            )
        )
    ]
    for group in routes {
        body.append(route(group, names: names, api: api))
    }
    for index in parts.indices.dropFirst() where !parts[index].isEmpty {
        body.append(
            .expression(
                .call(
                    .member(.verbatim("self"), ServerShape.routesPartName(index)),
                    [Argument("to", .identifier("routes"))]
                )
            )
        )
    }
    // Another method on a served path is `405` with `Allow`, not the router's empty `404`. Paths the router
    // matches alike (`/notes/{id}` and `/notes/{noteId}`) are one path, so that no refusal takes a route's place.
    var methods: [String: [String]] = [:]
    var templates: [String: String] = [:]
    for group in parts.joined() {
        let operation = group[0]
        let template = ServerShape.pathTemplate(operation)
        let shape = template.replacing(/\{[^}]*\}/, with: "{}")
        let path = templates[shape] ?? template
        templates[shape] = path
        if methods[path]?.contains(operation.method) != true { methods[path, default: []].append(operation.method) }
    }
    if !methods.isEmpty {
        let entries = methods.sorted { $0.key < $1.key }.map { path, served in
            DictionaryEntry(key: .literal(.string(path)), value: .array(served.map { .member(nil, $0) }))
        }
        body.append(
            .expression(
                .call(
                    .member(.identifier("routes"), ServerSymbols.refuseOtherMethods),
                    [Argument(nil, .dictionary(entries))]
                        + (ServerShape.methodRefusalType(api).map { [Argument("body", refusalBody($0))] } ?? [])
                )
            )
        )
    }
    // A path no route has is `404` with a body naming it, not the router's empty `404`.
    body.append(
        .expression(
            .call(
                .member(.identifier("routes"), ServerSymbols.answerUnmatchedPaths),
                ServerShape.pathRefusalType(api).map { [Argument("body", refusalBody($0))] } ?? []
            )
        )
    )
    return FunctionDeclaration(
        docs: [
            "Serves the endpoints on `router`: a route per endpoint, calling this service's methods.",
            "",
            "- Parameters:",
            "  - router: A Hummingbird router, or a group of one (`router.group(\"api\")`).",
            "  - options: The largest body read and where handler failures are logged.",
        ],
        access: TranslationSupport.access(api),
        kind: .function("registerRoutes"),
        parameters: [
            FunctionParameter(label: "on", name: "router", type: "some \(ServerSymbols.routerMethods)"),
            FunctionParameter(
                name: "options",
                type: ServerSymbols.serverOptions,
                defaultValue: .call(.identifier(ServerSymbols.serverOptions), [])
            ),
        ],
        body: body
    )
}

/// `{ self.errorBody(for: $0) as ErrorResponse }`: the body of a refusal, as `type` (`as` picks the requirement
/// of that type among those of the others').
private func refusalBody(_ type: TypeRef) -> Expression {
    let make = "self.\(ServerSymbols.invalidRequest)(for: $0) as \(TranslationSupport.typeText(type))"
    return .closure(parameters: [], body: [.expression(.verbatim(make))])
}

/// `routes.add(.get, "/notes/{id}", operation: "note") { request in … }`.
///
/// Endpoints of one method and path (an endpoint and its stream method) share the route, which picks the stream
/// method's endpoint by the field or query parameter it sends.
private func route(_ group: [Operation], names: [Operation: String], api: API) -> Statement {
    let operation = group[0]
    var arguments: [Argument] = [
        Argument(nil, .member(nil, operation.method)),
        Argument(nil, .literal(.string(ServerShape.pathTemplate(operation)))),
        Argument("operation", .literal(.string(operation.specName))),
    ]
    if let reading = ServerShape.bodyReading(group) { arguments.append(Argument("body", .member(nil, reading))) }
    let invalidType = ServerShape.refusalType(operation, status: 400, api: api)
    if let type = invalidType { arguments.append(Argument("invalid", refusalBody(type))) }
    // A refusal whose status documents another body (DigitalOcean's `401` is an `error`, its `400` an
    // `error_with_root_causes`): that status's.
    let refusals = ServerShape.refusalStatuses.compactMap { status -> DictionaryEntry? in
        guard let type = ServerShape.refusalType(operation, status: status, api: api), type != invalidType
        else { return nil }
        return DictionaryEntry(key: .literal(.int(status)), value: refusalBody(type))
    }
    if !refusals.isEmpty { arguments.append(Argument("refusals", .dictionary(refusals))) }
    var statements = handling(operation, name: names[operation] ?? operation.name, api: api)
    for variant in group.dropFirst() {
        statements = [
            .ifElse(
                ServerShape.asksFor(variant, api: api) ?? .literal(.bool(false)),
                handling(variant, name: names[variant] ?? variant.name, api: api),
                statements
            )
        ]
    }
    arguments.append(Argument(nil, .closure(parameters: ["request"], body: statements)))
    return .expression(.call(.member(.identifier("routes"), "add"), arguments))
}

/// What a route does for `operation`: checks the caller, reads the values, calls the service, answers.
private func handling(_ operation: Operation, name: String, api: API) -> [Statement] {
    var statements: [Statement] = []
    if let scope = operation.scope, let auth = api.auth {
        // Any scheme: a scope that includes the endpoint's may send its credentials its own way.
        var schemes = auth.schemes.isEmpty ? [auth.scheme] : []
        for named in auth.schemes where !schemes.contains(named.scheme) { schemes.append(named.scheme) }
        statements.append(
            .binding(
                isLet: true,
                name: ServerShape.callerName(operation),
                value: .try(
                    .await(
                        .call(
                            .member(.identifier("request"), "caller"),
                            [
                                Argument(nil, .verbatim("\(TranslationNames.scopes).\(scope).self")),
                                Argument("schemes", .array(schemes.map(AuthTranslation.scheme))),
                                Argument(
                                    "meets",
                                    .closure(
                                        parameters: [],
                                        body: [
                                            .expression(
                                                .verbatim(
                                                    "$0 is any \(TranslationNames.scopes).\(TranslationNames.access(scope)).Type"
                                                )
                                            )
                                        ]
                                    )
                                ),
                                Argument("authenticate", .member(.verbatim("self"), "authenticate")),
                            ]
                        )
                    )
                )
            )
        )
    }
    let reads = ServerShape.reads(operation)
    if !reads.isEmpty {
        statements.append(
            .tupleBinding(
                names: reads.map(\.name),
                value: .try(.call(.member(.identifier("request"), "values"), reads.map { Argument(nil, $0.value) }))
            )
        )
    }
    var callArguments = operation.parameters.map { parameter -> Argument in
        let label = parameter.label == "_" ? nil : parameter.label ?? parameter.name
        if case .fields(_, let fields, _)? = operation.body, fields.contains(parameter.name),
            parameter.location == .body
        {
            return Argument(label, .member(.identifier(ServerShape.fieldsName), parameter.name))
        }
        return Argument(label, .identifier(parameter.name))
    }
    if operation.scope != nil {
        callArguments.append(
            Argument(ServerShape.callerName(operation), .identifier(ServerShape.callerName(operation)))
        )
    }
    let call = Expression.call(.member(.verbatim("self"), name), callArguments)
    return statements + ServerAnswers.statements(operation, call: call)
}

/// How an endpoint's answer is written: its body, its answers' cases, its documented errors.
enum ServerAnswers {
    /// The statements that call the service (`call`, which `try await` covers) and return its answer.
    static func statements(_ operation: Operation, call: Expression) -> [Statement] {
        guard operation.errorBody != .none else { return answer(operation, value: call, calls: true) }
        // An answer without a body binds nothing, unless it has response headers (`WithHeaders`).
        let isEmpty =
            operation.answers == nil && operation.responseBody == .none && ServerShape.headersType(operation) == nil
        var cases = [
            SwitchCase(
                patterns: [isEmpty ? .expression(.member(nil, "answer")) : .enumCase("answer", bindings: ["answer"])],
                body: answer(operation, value: .identifier("answer"), calls: false)
            )
        ]
        switch operation.errorBody {
        case .none: break
        case .type(let type):
            cases.append(
                SwitchCase(
                    patterns: [.enumCase("error", bindings: ["body", "status"])],
                    body: [errorReturn(operation, type: type)]
                )
            )
        case .enumeration(_, let errorCases):
            for errorCase in errorCases {
                cases.append(
                    SwitchCase(
                        patterns: [.expression(.verbatim(".error(.\(errorCase.name)(let body), let status)"))],
                        body: [errorReturn(operation, type: errorCase.type)]
                    )
                )
            }
        }
        return [.binding(isLet: true, name: "reply", value: .try(.await(call))), .switch(.identifier("reply"), cases)]
    }

    /// `return try request.error(body, status: status, documented: [404])`.
    private static func errorReturn(_ operation: Operation, type: TypeRef) -> Statement {
        let documented = operation.errors.filter { $0.type == type }.map { error -> Expression in
            switch error.pattern {
            case .status(let status): .literal(.int(status))
            case .statusClass(let digit): .call(.member(nil, "statusClass"), [Argument(nil, .literal(.int(digit)))])
            }
        }
        let others = operation.errors.compactMap { error -> Expression? in
            guard error.type != type, case .status(let status) = error.pattern else { return nil }
            return .literal(.int(status))
        }
        var arguments = [
            Argument(nil, .identifier("body")),
            Argument("status", .identifier("status")),
            Argument("documented", .array(documented)),
        ]
        if !others.isEmpty { arguments.append(Argument("except", .array(others))) }
        return .return(.try(.call(.member(.identifier("request"), "error"), arguments)))
    }

    /// The statements that return `value`, the endpoint's answer; `calls` when `value` calls the service.
    private static func answer(_ operation: Operation, value: Expression, calls: Bool) -> [Statement] {
        guard ServerShape.headersType(operation) != nil else {
            return answer(operation, value: value, calls: calls, wrap: { $0 })
        }
        // `WithHeaders`: the answer's response, with the headers added.
        let headed = Statement.binding(isLet: true, name: "headed", value: calls ? .try(.await(value)) : value)
        let fields = Expression.member(.member(.identifier("headed"), "headers"), "fields")
        return [headed]
            + answer(operation, value: .member(.identifier("headed"), "answer"), calls: false) { response in
                func adding(_ response: Expression) -> Expression {
                    .call(.member(.identifier("request"), "adding"), [Argument(nil, fields), Argument("to", response)])
                }
                if case .try(let inner) = response { return .try(adding(inner)) }
                return adding(response)
            }
    }

    /// The statements that return `value`, each response made by `wrap`.
    private static func answer(
        _ operation: Operation,
        value: Expression,
        calls: Bool,
        wrap: (Expression) -> Expression
    ) -> [Statement] {
        func covered(_ expression: Expression) -> Expression {
            let expression = wrap(expression)
            guard calls else { return expression }
            if case .try(let inner) = expression { return .try(.await(inner)) }
            return .try(.await(expression))
        }
        if let answers = operation.answers {
            let cases = answers.cases.map { answer -> SwitchCase in
                switch answer.body {
                case .none:
                    return SwitchCase(
                        patterns: [.expression(.member(nil, answer.name))],
                        body: [.return(wrap(empty(status: answer.status)))]
                    )
                default:
                    return SwitchCase(
                        patterns: [.enumCase(answer.name, bindings: ["body"])],
                        body: [.return(wrap(write(answer.body, .identifier("body"), status: answer.status)))]
                    )
                }
            }
            guard calls else { return [.switch(value, cases)] }
            return [
                .binding(isLet: true, name: "answer", value: .try(.await(value))),
                .switch(.identifier("answer"), cases),
            ]
        }
        switch operation.responseBody {
        case .none:
            return (calls ? [.expression(.try(.await(value)))] : [])
                + [.return(wrap(empty(status: operation.successStatus ?? (operation.method == "head" ? 200 : 204))))]
        case .events(_, let terminator):
            return [.return(covered(stream("events", value, operation, terminator: terminator)))]
        case .jsonLines:
            return [.return(covered(stream("jsonLines", value, operation, terminator: nil)))]
        case .namedEvents(let union, let terminator):
            return [.return(covered(namedEvents(union, value, operation, terminator: terminator)))]
        case .json(let type) where type.isOptional && !operation.answerMayBeNull:
            return [
                .return(covered(.try(.call(.member(.identifier("request"), "jsonOrEmpty"), [Argument(nil, value)]))))
            ]
        default:
            return [.return(covered(write(operation.responseBody, value, status: operation.successStatus ?? 200)))]
        }
    }

    /// `request.events(stream, terminator: "[DONE]", errorEvent: "error")`, or with `errorKey: "error"`.
    private static func stream(
        _ method: String,
        _ value: Expression,
        _ operation: Operation,
        terminator: String?
    ) -> Expression {
        .call(.member(.identifier("request"), method), [Argument(nil, value)] + streamArguments(operation, terminator))
    }

    private static func streamArguments(_ operation: Operation, _ terminator: String?) -> [Argument] {
        var arguments: [Argument] = []
        if let terminator { arguments.append(Argument("terminator", .literal(.string(terminator)))) }
        return arguments + AnswerTranslation.streamErrors(operation)
    }

    /// `request.namedEvents(stream, …) { event in switch event { case .delta(let data): … } }`.
    private static func namedEvents(
        _ union: Operation.EventUnion,
        _ value: Expression,
        _ operation: Operation,
        terminator: String?
    ) -> Expression {
        var cases = union.cases.map { event -> SwitchCase in
            if event.type == .void {
                return SwitchCase(
                    patterns: [.expression(.member(nil, event.name))],
                    body: [
                        .return(
                            .call(
                                .identifier(ServerSymbols.namedEvent),
                                [Argument(nil, .literal(.string(event.event)))]
                            )
                        )
                    ]
                )
            }
            return SwitchCase(
                patterns: [.enumCase(event.name, bindings: ["data"])],
                body: [
                    .return(
                        .call(
                            .identifier(ServerSymbols.namedEvent),
                            [Argument(nil, .literal(.string(event.event))), Argument(nil, .identifier("data"))]
                        )
                    )
                ]
            )
        }
        cases.append(
            SwitchCase(
                patterns: [.enumCase("unknown", bindings: ["event"])],
                body: [.return(.call(.identifier(ServerSymbols.namedEvent), [Argument(nil, .identifier("event"))]))]
            )
        )
        return .call(
            .member(.identifier("request"), "namedEvents"),
            [Argument(nil, value)] + streamArguments(operation, terminator)
                + [Argument(nil, .closure(parameters: ["event"], body: [.switch(.identifier("event"), cases)]))]
        )
    }

    private static func empty(status: Int) -> Expression {
        .call(.member(.identifier("request"), "empty"), [Argument("status", .literal(.int(status)))])
    }

    /// `try request.json(value)`, `request.text(value, contentType: …)`, …
    private static func write(_ body: Operation.AnswerBody, _ value: Expression, status: Int) -> Expression {
        let statusArgument = status == 200 ? [] : [Argument("status", .literal(.int(status)))]
        switch body {
        case .text(let accept):
            return .call(
                .member(.identifier("request"), "text"),
                [Argument(nil, value), Argument("contentType", .literal(.string(accept)))] + statusArgument
            )
        case .bytes(let accept):
            return .call(
                .member(.identifier("request"), "bytes"),
                [Argument(nil, value), Argument("contentType", .literal(.string(accept)))] + statusArgument
            )
        case .file(let accept):
            return .try(
                .call(
                    .member(.identifier("request"), "file"),
                    [Argument(nil, value), Argument("contentType", .literal(.string(accept)))] + statusArgument
                )
            )
        default:
            return .try(.call(.member(.identifier("request"), "json"), [Argument(nil, value)] + statusArgument))
        }
    }
}
