/// Translates an operation into a `static func` returning its endpoint: every fact about the endpoint in one
/// place.
///
/// The return type says what the endpoint needs and gives: `Endpoint<[Country]>` without documented errors,
/// `APIEndpoint<LoginResponse, ApiErrorMessage>` with them, and `AuthorizedEndpoint<Scope.Customer, …>` when
/// it needs the credentials of a scope.
func translateEndpointFactory(_ operation: Operation, api: API) -> Declaration {
    let parts = RequestParts(operation: operation, api: api)
    var arguments: [Argument] = [
        Argument(nil, .literal(.string(operation.specName))),
        Argument("method", .member(nil, operation.method)),
        Argument("path", parts.path),
    ]
    if let server = operation.server { arguments.append(Argument("server", .literal(.string(server)))) }
    if let query = parts.query { arguments.append(Argument("query", query)) }
    if let headers = parts.headers { arguments.append(Argument("headers", headers)) }
    if let body = parts.body { arguments.append(Argument("body", body)) }
    if let sample = parts.sampleData { arguments.append(Argument("sampleData", sample)) }
    if let errors = ErrorTranslation.expectedErrors(operation) { arguments.append(Argument("errors", errors)) }
    if let decoding = AnswerTranslation.decoding(operation) { arguments.append(Argument("decoding", decoding)) }

    let response = TranslationSupport.typeText(operation.response)
    let errorBody = ErrorTranslation.bodyType(operation)
    let plain = operation.errorBody == .none && operation.scope == nil
    let endpointType = plain ? RuntimeSymbols.endpoint : RuntimeSymbols.apiEndpoint
    var value = Expression.call(.identifier(endpointType), arguments)
    if operation.acceptsAuthorization {
        // Credentials are optional: the client sends them when it has them.
        value = .call(.member(value, "acceptingAuthorization"), [])
    }
    var returnType = plain ? "\(endpointType)<\(response)>" : "\(endpointType)<\(response), \(errorBody)>"
    if let scope = operation.scope {
        value = .call(.identifier(RuntimeSymbols.authorizedEndpoint), [Argument(nil, value)])
        returnType = "\(RuntimeSymbols.authorizedEndpoint)<\(ScopeTranslation.type(scope)), \(response), \(errorBody)>"
    }
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: TranslationSupport.access(api),
            isStatic: true,
            kind: .function(operation.name),
            parameters: TranslationSupport.functionParameters(operation),
            returnType: returnType,
            body: [.expression(value)]
        )
    )
}

/// How scopes are named in generated code.
enum ScopeTranslation {
    /// `Scope.Customer`
    static func type(_ scope: String) -> String {
        "\(TranslationNames.scopes).\(scope)"
    }

    /// `Authorization: Scope.CustomerAccess`, the requirement of an extension for `scope`'s endpoints.
    static func requirement(_ scope: String) -> String {
        "\(TranslationNames.authorization): \(TranslationNames.scopes).\(TranslationNames.access(scope))"
    }
}
