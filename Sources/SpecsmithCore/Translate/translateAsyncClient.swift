/// Translates the API into its async/await client: a struct with one method per endpoint, and a nested
/// struct (reached through a property) per namespace.
func translateAsyncClient(_ api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    let clientName = TranslationNames.client(api.name)
    var members: [Declaration] = [
        .variable(
            VariableDeclaration(
                docs: ["The base URL the spec names."],
                access: access,
                isStatic: true,
                isLet: true,
                name: "defaultBaseURL",
                value: .forceUnwrap(.call(.identifier("URL"), [Argument("string", .literal(.string(api.baseURL)))]))
            )
        ),
        clientProperty(access),
        .function(
            FunctionDeclaration(
                docs: [
                    "A client for the API at `baseURL`, sending requests with `transport`.",
                    "",
                    "Pass a `StubTransport` to answer every endpoint from the spec's sample data.",
                ],
                access: access,
                kind: .initializer,
                parameters: [
                    FunctionParameter(
                        name: "baseURL",
                        type: "URL",
                        defaultValue: .member(.identifier(clientName), "defaultBaseURL")
                    ),
                    FunctionParameter(
                        name: "transport",
                        type: "any \(RuntimeSymbols.httpTransport)",
                        defaultValue: .call(.identifier(RuntimeSymbols.urlSessionTransport), [])
                    ),
                ],
                body: [.assignment(.member(.verbatim("self"), "client"), apiClient(api))]
            )
        ),
        clientInitializer(access),
    ]
    members += api.operations.filter { $0.namespace == nil }.map { clientMethod($0, api: api) }
    for namespace in api.namespaces {
        members.append(
            .variable(
                VariableDeclaration(
                    docs: ["The endpoints of the `\(namespace)` namespace."],
                    access: access,
                    name: SwiftName.memberName(namespace),
                    type: namespace,
                    getter: [.return(.call(.identifier(namespace), [Argument("client", .identifier("client"))]))]
                )
            )
        )
        members.append(
            .type(
                TypeDeclaration(
                    docs: ["The endpoints of the `\(namespace)` namespace."],
                    access: access,
                    kind: .struct,
                    name: namespace,
                    inherits: ["Sendable"],
                    members: [clientProperty(access), clientInitializer(access)]
                        + api.operations.filter { $0.namespace == namespace }.map { clientMethod($0, api: api) }
                )
            )
        )
    }
    var docs = TranslationSupport.docs(api.description, fallback: "A client for the \(api.name) API.")
    if let version = api.version {
        docs += ["", "API version \(version)."]
    }
    return .type(
        TypeDeclaration(
            docs: docs,
            access: access,
            kind: .struct,
            name: clientName,
            inherits: ["Sendable"],
            members: members
        )
    )
}

private func clientProperty(_ access: AccessModifier) -> Declaration {
    .variable(
        VariableDeclaration(
            docs: ["Sends the requests: base URL, transport, headers and JSON coders."],
            access: access,
            name: "client",
            type: RuntimeSymbols.apiClient
        )
    )
}

private func clientInitializer(_ access: AccessModifier) -> Declaration {
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

/// `APIClient(baseURL: baseURL, transport: transport, headers: […], dateCoding: .iso8601)`
private func apiClient(_ api: API) -> Expression {
    var arguments = [
        Argument("baseURL", .identifier("baseURL")),
        Argument("transport", .identifier("transport")),
    ]
    if !api.headers.isEmpty {
        arguments.append(
            Argument(
                "headers",
                .array(
                    api.headers.map { header in
                        .call(
                            .identifier(RuntimeSymbols.headerField),
                            [
                                Argument(nil, .literal(.string(header.name))),
                                Argument(nil, .literal(.string(header.value))),
                            ]
                        )
                    }
                )
            )
        )
    }
    arguments.append(Argument("dateCoding", .member(nil, api.dates)))
    return .call(.identifier(RuntimeSymbols.apiClient), arguments)
}

/// `public func countryByName(_ name: String, fullText: Bool = true) async throws(APIError) -> [Country]`
private func clientMethod(_ operation: Operation, api: API) -> Declaration {
    let endpoint: Expression
    let scope = [TranslationNames.factories(api.name)] + (operation.namespace.map { [$0] } ?? [])
    if api.style.hasFactories {
        endpoint = .call(
            .member(.verbatim(scope.joined(separator: ".")), operation.name),
            TranslationSupport.forwardingArguments(operation)
        )
    } else {
        let resourceScope = [TranslationNames.resource(api.name)] + (operation.namespace.map { [$0] } ?? [])
        let resourceCase = Expression.member(.verbatim(resourceScope.joined(separator: ".")), operation.name)
        let resource =
            operation.parameters.isEmpty
            ? resourceCase : .call(resourceCase, TranslationSupport.forwardingArguments(operation, labelled: true))
        var arguments = [Argument(nil, resource)]
        if operation.response != .void {
            arguments.append(Argument("decoding", .verbatim("\(TranslationSupport.typeText(operation.response)).self")))
        }
        endpoint = .call(.identifier(RuntimeSymbols.endpoint), arguments)
    }
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: TranslationSupport.access(api),
            kind: .function(operation.name),
            parameters: TranslationSupport.functionParameters(operation),
            isAsync: true,
            throwsClause: "throws(\(RuntimeSymbols.apiError))",
            returnType: operation.response == .void ? nil : TranslationSupport.typeText(operation.response),
            body: [
                .expression(
                    .try(.await(.call(.member(.identifier("client"), "send"), [Argument(nil, endpoint)])))
                )
            ]
        )
    )
}
