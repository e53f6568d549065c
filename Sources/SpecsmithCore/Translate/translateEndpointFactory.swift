/// Translates an operation into a `static func` returning `Endpoint<Response>`: every fact about the
/// endpoint in one place.
func translateEndpointFactory(_ operation: Operation, api: API) -> Declaration {
    let parts = RequestParts(operation: operation, api: api)
    var arguments: [Argument] = [
        Argument(nil, .literal(.string(operation.specName))),
        Argument("method", .member(nil, operation.method)),
        Argument("path", parts.path),
    ]
    if let query = parts.query { arguments.append(Argument("query", query)) }
    if let headers = parts.headers { arguments.append(Argument("headers", headers)) }
    if let body = parts.body { arguments.append(Argument("body", body)) }
    if let sample = parts.sampleData { arguments.append(Argument("sampleData", sample)) }
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: TranslationSupport.access(api),
            isStatic: true,
            kind: .function(operation.name),
            parameters: TranslationSupport.functionParameters(operation),
            returnType: "\(RuntimeSymbols.endpoint)<\(TranslationSupport.typeText(operation.response))>",
            body: [.expression(.call(.identifier(RuntimeSymbols.endpoint), arguments))]
        )
    )
}
