/// Translates the API into its async/await client: a struct with one method per endpoint, and a nested
/// struct (reached through a property) per namespace.
///
/// Every endpoint's method is declared in an extension, never in the struct's body, so that an edit to one
/// recompiles only the files that call what its extension declares. With `auth`, the client is generic over
/// its scope, `ShopClient<Authorization>`: public endpoints' extensions have no requirement, and each scope's
/// endpoints live in an extension that requires
/// `Authorization: Scope.<Scope>Access`, so a client only has the methods its scope grants.
func translateAsyncClient(_ api: API) -> [Declaration] {
    ClientTranslation(api: api).declarations
}

/// The async methods of some of a large API's endpoints, for a file after the first (see `Translator`):
/// extensions of the client and its namespaces, each scope's under its requirement.
func translateAsyncClientExtensions(_ api: API) -> [Declaration] {
    let translation = ClientTranslation(api: api)
    return translation.shape.groups.flatMap { translation.groupExtensions($0, declaresShared: false) }
}

private struct ClientTranslation {
    let api: API
    let shape: ClientShape
    let access: AccessModifier
    let clientName: String

    init(api: API) {
        self.api = api
        self.shape = ClientShape(api: api)
        self.access = TranslationSupport.access(api)
        self.clientName = shape.clientName
    }

    var isScoped: Bool { shape.isScoped }

    var declarations: [Declaration] {
        var members = translateServers(api, clientName: clientName, isGeneric: isScoped) + [clientProperty]
        if isScoped {
            members.append(initializer(withCredentials: true))
            members.append(clientInitializer)
            members.append(authorizedMethod)
            if api.style.hasFactories { members.append(sendMethod(scope: nil)) }
        } else {
            members.append(initializer(withCredentials: false))
            members.append(clientInitializer)
        }
        // Endpoints' methods are in extensions (`endpointExtensions`), never in a type's body: an edit to one
        // then changes its extension alone, and recompiles only the files that call what it declares.
        for namespace in api.namespaces {
            members.append(namespaceProperty(namespace))
            members.append(namespaceType(namespace))
        }
        var docs = TranslationSupport.docs(api.description, fallback: "A client for the \(api.name) API.")
        if let version = api.version {
            docs += ["", "API version \(version)."]
        }
        guard let auth = api.auth else {
            return [
                .type(
                    TypeDeclaration(
                        docs: docs,
                        access: access,
                        kind: .struct,
                        name: clientName,
                        inherits: ["Sendable"],
                        members: members
                    )
                )
            ] + endpointExtensions
        }
        docs += [
            "",
            "The client's scope is its type parameter: `\(clientName)<\(ScopeTranslation.type(TranslationNames.publicScope))>` calls",
            "public endpoints only; a scope's client calls its endpoints and those of the scopes it includes.",
        ]
        var declarations: [Declaration] = [
            translateScopes(auth, api: api),
            .type(
                TypeDeclaration(
                    docs: docs,
                    access: access,
                    kind: .struct,
                    name: clientName,
                    genericParameters: ["\(TranslationNames.authorization): \(RuntimeSymbols.authorizationScope)"],
                    inherits: ["Sendable"],
                    members: members
                )
            ),
            .type(
                TypeDeclaration(
                    access: nil,
                    kind: .extension,
                    name: clientName,
                    whereClause: [
                        "\(TranslationNames.authorization) == \(ScopeTranslation.type(TranslationNames.publicScope))"
                    ],
                    members: [initializer(withCredentials: false)]
                )
            ),
        ]
        declarations += endpointExtensions
        return declarations
    }

    /// Every group's extensions (see ``groupExtensions(_:declaresShared:)``), public groups first.
    var endpointExtensions: [Declaration] {
        shape.groups.flatMap { groupExtensions($0, declaresShared: true) }
    }

    /// The extensions of `group`: with `declaresShared`, a scope's generic `send(_:)` in one of its own; then its
    /// endpoints' methods, on the client or its namespace, under the scope's requirement for a scope's group.
    func groupExtensions(_ group: ClientShape.Group, declaresShared: Bool) -> [Declaration] {
        let type = shape.typeName(namespace: group.namespace)
        var extensions: [Declaration] = []
        if declaresShared, let scope = group.scope, shape.takesEndpointValues(group) {
            extensions.append(scopeExtension(type, scope: scope, members: [sendMethod(scope: scope)]))
        }
        guard !group.operations.isEmpty else { return extensions }
        let methods = group.operations.map(clientMethod)
        guard let scope = group.scope else {
            return extensions + [
                .type(
                    TypeDeclaration(docs: ["\(shape.subject(group))."], kind: .extension, name: type, members: methods)
                )
            ]
        }
        return extensions + [scopeExtension(type, scope: scope, members: methods)]
    }

    func scopeExtension(_ type: String, scope: String, members: [Declaration]) -> Declaration {
        .type(
            TypeDeclaration(
                docs: ["The endpoints of the `\(shape.specName(ofScope: scope))` scope."],
                kind: .extension,
                name: type,
                whereClause: [ScopeTranslation.requirement(scope)],
                members: members
            )
        )
    }

    var clientProperty: Declaration {
        .variable(
            VariableDeclaration(
                docs: ["Sends the requests: base URL, transport, middleware, credentials, headers and JSON coders."],
                access: access,
                name: "client",
                type: RuntimeSymbols.apiClient
            )
        )
    }

    func initializer(withCredentials: Bool) -> Declaration {
        var docs = ["A client for the API at `baseURL`, sending requests with `transport` through `middleware`."]
        var parameters = [
            FunctionParameter(
                name: "baseURL",
                type: "URL",
                // Without a host in the spec, the caller's origin, which has no default.
                defaultValue: api.basePath == nil ? .member(.identifier(clientName), "defaultBaseURL") : nil
            )
        ]
        parameters += api.servers.map { server in
            FunctionParameter(
                name: ServerNaming.parameter(server),
                type: "URL",
                defaultValue: .member(.identifier(clientName), ServerNaming.defaultURL(server))
            )
        }
        if withCredentials {
            docs = [
                "A client for the API at `baseURL` that authorizes requests with `credentials`, sending them with",
                "`transport` through `middleware`.",
            ]
            parameters.append(FunctionParameter(name: "credentials", type: RuntimeSymbols.credentials))
        }
        for server in api.servers {
            docs += ["", "Endpoints on the `\(server.name)` server are sent to `\(ServerNaming.parameter(server))`."]
        }
        for header in api.headerParameters {
            parameters.append(FunctionParameter(name: header.parameter, type: "String?", defaultValue: .literal(.nil)))
            docs += ["", "`\(header.parameter)`, when given, is sent as the `\(header.name)` header of every request."]
        }
        if let path = api.basePath {
            docs += ["", "`baseURL` is the API's origin (`http://localhost:8000`): requests go to `\(path)` there."]
        }
        docs += ["", "Pass a `StubTransport` to answer every endpoint from the spec's sample data."]
        parameters += [
            FunctionParameter(
                name: "transport",
                type: "any \(RuntimeSymbols.httpTransport)",
                defaultValue: .call(.identifier(RuntimeSymbols.urlSessionTransport), [])
            ),
            FunctionParameter(name: "middleware", type: "[any \(RuntimeSymbols.middleware)]", defaultValue: .array([])),
        ]
        return .function(
            FunctionDeclaration(
                docs: docs,
                access: access,
                kind: .initializer,
                parameters: parameters,
                body: [.assignment(.member(.verbatim("self"), "client"), apiClient(withCredentials: withCredentials))]
            )
        )
    }

    var clientInitializer: Declaration {
        .function(
            FunctionDeclaration(
                docs: ["A client that sends requests with `client`."],
                access: access,
                kind: .initializer,
                parameters: [FunctionParameter(name: "client", type: RuntimeSymbols.apiClient)],
                body: [.assignment(.member(.verbatim("self"), "client"), .identifier("client"))]
            )
        )
    }

    /// `func authorized<Other>(as: Other.Type, credentials: Credentials) -> ShopClient<Other>`
    var authorizedMethod: Declaration {
        .function(
            FunctionDeclaration(
                docs: [
                    "This client's server, transport and middleware with other credentials, of the scope `Other`:",
                    "for example the customer client made after logging in.",
                ],
                access: access,
                kind: .function("authorized"),
                genericParameters: ["Other: \(RuntimeSymbols.authorizationScope)"],
                parameters: [
                    FunctionParameter(label: "as", name: "scope", type: "Other.Type"),
                    FunctionParameter(name: "credentials", type: RuntimeSymbols.credentials),
                ],
                returnType: "\(clientName)<Other>",
                body: [
                    .binding(isLet: false, name: "client", value: .identifier("client")),
                    .assignment(.member(.identifier("client"), "credentials"), .identifier("credentials")),
                ]
                    + (api.auth?.schemes.isEmpty ?? true
                        ? []
                        : [
                            .assignment(
                                .member(.identifier("client"), "authScheme"),
                                .binary(
                                    .member(.identifier("Other"), "authScheme"),
                                    "??",
                                    .member(.identifier("client"), "authScheme")
                                )
                            )
                        ]) + [
                        .return(.call(.verbatim("\(clientName)<Other>"), [Argument("client", .identifier("client"))]))
                    ]
            )
        )
    }

    /// `send(_:)` for endpoint values: public ones on every client, a scope's on clients granted it.
    func sendMethod(scope: String?) -> Declaration {
        let parameterType = shape.endpointParameterType(scope: scope)
        let argument = shape.unwrappedEndpoint(scope: scope)
        return .function(
            FunctionDeclaration(
                docs: [scope == nil ? "Sends a public endpoint." : "Sends an endpoint this client's scope grants."],
                access: access,
                kind: .function("send"),
                genericParameters: ["Response", "ErrorBody"],
                parameters: [FunctionParameter(label: "_", name: "endpoint", type: parameterType)],
                isAsync: true,
                throwsClause: "throws(\(RuntimeSymbols.apiError)<ErrorBody>)",
                returnType: "Response",
                body: [
                    .expression(.try(.await(.call(.member(.identifier("client"), "send"), [Argument(nil, argument)]))))
                ]
            )
        )
    }

    func namespaceProperty(_ namespace: String) -> Declaration {
        .variable(
            VariableDeclaration(
                docs: ["The endpoints of the `\(namespace)` namespace."],
                access: access,
                name: SwiftName.memberName(namespace),
                type: namespace,
                getter: [.return(.call(.identifier(namespace), [Argument("client", .identifier("client"))]))]
            )
        )
    }

    func namespaceType(_ namespace: String) -> Declaration {
        .type(
            TypeDeclaration(
                docs: ["The endpoints of the `\(namespace)` namespace."],
                access: access,
                kind: .struct,
                name: namespace,
                inherits: ["Sendable"],
                members: [clientProperty, clientInitializer]
            )
        )
    }

    /// `APIClient(baseURL: baseURL, transport: transport, middleware: middleware, headers: […], …)`
    func apiClient(withCredentials: Bool) -> Expression {
        // Without a host in the spec, requests go below its path on the caller's origin.
        let baseURL: Expression =
            api.basePath.flatMap { $0 == "/" ? nil : $0 }.map { path in
                .call(
                    .member(.identifier("baseURL"), "appendingPathComponent"),
                    [Argument(nil, .literal(.string(String(path.dropFirst()))))]
                )
            } ?? .identifier("baseURL")
        var arguments = [Argument("baseURL", baseURL)]
        if !api.servers.isEmpty {
            arguments.append(
                Argument(
                    "servers",
                    .dictionary(
                        api.servers.map {
                            DictionaryEntry(
                                key: .literal(.string($0.name)),
                                value: .identifier(ServerNaming.parameter($0))
                            )
                        }
                    )
                )
            )
        }
        arguments += [
            Argument("transport", .identifier("transport")),
            Argument("middleware", .identifier("middleware")),
        ]
        if !api.headers.isEmpty || !api.headerParameters.isEmpty {
            let fixed = api.headers.map { header in
                Expression.call(
                    .identifier(RuntimeSymbols.headerField),
                    [Argument(nil, .literal(.string(header.name))), Argument(nil, .literal(.string(header.value)))]
                )
            }
            // A header field whose value is `nil` is not sent.
            let given = api.headerParameters.map { header in
                Expression.call(
                    .identifier(RuntimeSymbols.headerField),
                    [Argument(nil, .literal(.string(header.name))), Argument(nil, .identifier(header.parameter))]
                )
            }
            arguments.append(Argument("headers", .array(fixed + given)))
        }
        if let auth = api.auth {
            var scheme = AuthTranslation.scheme(auth.scheme)
            if !auth.schemes.isEmpty {
                // Each scope sends its credentials with its own scheme.
                scheme = .binary(.member(.identifier(TranslationNames.authorization), "authScheme"), "??", scheme)
            }
            arguments.append(Argument("authScheme", scheme))
            if withCredentials {
                arguments.append(Argument("credentials", .identifier("credentials")))
            }
        }
        arguments.append(Argument("dateCoding", .member(nil, api.dates)))
        return .call(.identifier(RuntimeSymbols.apiClient), arguments)
    }

    /// `public func countryByName(_ name: String, fullText: Bool = true) async throws(APIError<Never>) -> [Country]`
    func clientMethod(_ operation: Operation) -> Declaration {
        if operation.isProgressVariant {
            return translateProgressClientMethod(operation, shape: shape, access: access)
        }
        if let role = operation.pagingRole {
            return translatePagingClientMethod(operation, role: role, shape: shape, access: access)
        }
        if isStream(operation) { return translateStreamClientMethod(operation, shape: shape, access: access) }
        let endpoint = shape.endpoint(operation)
        return .function(
            FunctionDeclaration(
                docs: TranslationSupport.operationDocs(operation),
                attributes: TranslationSupport.attributes(operation.deprecation),
                access: access,
                kind: .function(operation.name),
                parameters: TranslationSupport.functionParameters(operation),
                isAsync: true,
                throwsClause: ErrorTranslation.throwsClause(operation),
                returnType: operation.response == .void ? nil : TranslationSupport.typeText(operation.response),
                // `self.`: a parameter may be called `client`.
                body: [
                    .expression(
                        .try(
                            .await(
                                .call(.member(.member(.verbatim("self"), "client"), "send"), [Argument(nil, endpoint)])
                            )
                        )
                    )
                ]
            )
        )
    }
}
