/// Translates the API into its server: the protocol `<Name>Service`, one `async throws` method per endpoint
/// taking the request's typed values and returning the endpoint's answer, and `registerRoutes(on:)`, which
/// serves an implementation on a Hummingbird router through SpecsmithServer.
///
/// An endpoint documenting error bodies answers `Reply<Answer, ErrorBody>`; an endpoint of a scope takes the
/// caller, `Caller<Scope.Customer, Identity>`, so its handler cannot be written for another scope's callers.
/// Endpoints whose shapes the server does not serve yet are named in the protocol's documentation.
func translateServer(_ api: API) -> [Declaration] {
    let served = api.operations.filter { ServerShape.unservedReason($0, api: api) == nil }
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
    for type in ServerShape.invalidRequestTypes(served) {
        requirements.append(
            .function(
                FunctionDeclaration(
                    docs: [
                        "The body, as `\(type)`, of an answer that refuses a request: `400 Bad Request` to one that",
                        "does not follow its endpoint, `401` and `403` to one whose credentials do not do.",
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
    let unserved = api.operations.compactMap { operation in
        ServerShape.unservedReason(operation, api: api).map { "`\(operation.specName)` (\($0))" }
    }
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
    declarations.append(
        .type(
            TypeDeclaration(
                kind: .extension,
                name: TranslationNames.service(api.name),
                members: [.function(registration(served, names: names, api: api))]
            )
        )
    )
    for enumeration in ServerShape.parameterEnumerations(served, api: api) {
        declarations.append(
            .type(TypeDeclaration(kind: .extension, name: enumeration, inherits: [ServerSymbols.parameterText]))
        )
    }
    return declarations
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
    var docs = TranslationSupport.operationDocs(operation)
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

/// `registerRoutes(on:options:)`: a route per endpoint.
private func registration(_ operations: [Operation], names: [Operation: String], api: API) -> FunctionDeclaration {
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
    for operation in operations {
        body.append(route(operation, name: names[operation] ?? operation.name, api: api))
    }
    if operations.isEmpty { body.append(.expression(.identifier("_ = routes"))) }
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

/// `routes.add(.get, "/notes/{id}", operation: "note") { request in … }`.
private func route(_ operation: Operation, name: String, api: API) -> Statement {
    var arguments: [Argument] = [
        Argument(nil, .member(nil, operation.method)),
        Argument(nil, .literal(.string(ServerShape.pathTemplate(operation)))),
        Argument("operation", .literal(.string(operation.specName))),
    ]
    if operation.body != nil { arguments.append(Argument("body", .literal(.bool(true)))) }
    if let type = operation.errorType(forStatus: 400) {
        // `as` picks the requirement of the endpoint's type among those of the others'.
        let make = "self.\(ServerSymbols.invalidRequest)(for: $0) as \(TranslationSupport.typeText(type))"
        arguments.append(Argument("invalid", .closure(parameters: [], body: [.expression(.verbatim(make))])))
    }
    var statements: [Statement] = []
    if let scope = operation.scope, let auth = api.auth {
        let scheme = auth.scopes.first { $0.name == scope }.map { auth.scheme(of: $0) } ?? auth.scheme
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
                                Argument("scheme", AuthTranslation.scheme(scheme)),
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
    statements += ServerAnswers.statements(operation, call: call)
    arguments.append(Argument(nil, .closure(parameters: ["request"], body: statements)))
    return .expression(.call(.member(.identifier("routes"), "add"), arguments))
}

/// How an endpoint's answer is written: its body, its answers' cases, its documented errors.
enum ServerAnswers {
    /// The statements that call the service (`call`, which `try await` covers) and return its answer.
    static func statements(_ operation: Operation, call: Expression) -> [Statement] {
        guard operation.errorBody != .none else { return answer(operation, value: call, calls: true) }
        // An answer without a body binds nothing.
        let isEmpty = operation.answers == nil && operation.responseBody == .none
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
        func covered(_ expression: Expression) -> Expression {
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
                        body: [.return(empty(status: answer.status))]
                    )
                default:
                    return SwitchCase(
                        patterns: [.enumCase(answer.name, bindings: ["body"])],
                        body: [.return(write(answer.body, .identifier("body"), status: answer.status))]
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
                + [.return(empty(status: operation.method == "head" ? 200 : 204))]
        case .json(let type) where type.isOptional:
            return [
                .return(covered(.try(.call(.member(.identifier("request"), "jsonOrEmpty"), [Argument(nil, value)]))))
            ]
        default:
            return [.return(covered(write(operation.responseBody, value, status: 200)))]
        }
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
        default:
            return .try(.call(.member(.identifier("request"), "json"), [Argument(nil, value)] + statusArgument))
        }
    }
}
