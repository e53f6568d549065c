/// Translates an endpoint's documented response headers into a struct that reads them from a response:
///
/// ```swift
/// public struct CreateFileResponseHeaders: ResponseHeaders, Hashable {
///     public var location: URL
///     public var etag: String?
///     public init(from response: RawResponse) throws(ResponseReadingError) { … }
/// }
/// ```
func translateResponseHeaders(_ operation: Operation, api: API) -> Declaration? {
    guard let headers = operation.responseHeaders else { return nil }
    let access = TranslationSupport.access(api)
    var members: [Declaration] = headers.headers.map { header in
        .variable(
            VariableDeclaration(
                docs: TranslationSupport.docs(header.description, fallback: "The `\(header.wireName)` header."),
                access: access,
                name: header.name,
                type: TranslationSupport.typeText(header.type)
            )
        )
    }
    members.append(
        .function(
            FunctionDeclaration(
                docs: ["Headers with these values."],
                access: access,
                kind: .initializer,
                parameters: headers.headers.map { header in
                    FunctionParameter(
                        name: header.name,
                        type: TranslationSupport.typeText(header.type),
                        defaultValue: header.type.isOptional ? .literal(.nil) : nil
                    )
                },
                body: headers.headers.map { header in
                    .assignment(.member(.verbatim("self"), header.name), .identifier(header.name))
                }
            )
        )
    )
    members.append(
        .function(
            FunctionDeclaration(
                docs: [
                    "Reads the headers of `response`; fails when a required one is missing or a value does not parse."
                ],
                access: access,
                kind: .initializer,
                parameters: [FunctionParameter(label: "from", name: "response", type: RuntimeSymbols.rawResponse)],
                throwsClause: "throws(\(RuntimeSymbols.responseReadingError))",
                body: headers.headers.map { header in
                    .assignment(.member(.verbatim("self"), header.name), read(header))
                }
            )
        )
    )
    return .type(
        TypeDeclaration(
            docs: ["The documented response headers of `\(operation.specName)`."],
            access: access,
            kind: .struct,
            name: headers.typeName,
            inherits: [RuntimeSymbols.responseHeaders] + TranslationSupport.equality(api),
            members: members
        )
    )
}

/// `try response.requiredHeader("Location", as: URL.self)`, or `optionalHeader(…, as: .secondsSince1970)`.
private func read(_ header: Operation.ResponseHeader) -> Expression {
    let method = header.type.isOptional ? RuntimeSymbols.optionalHeader : RuntimeSymbols.requiredHeader
    let type: Expression =
        header.dates.map { .member(nil, $0) }
        ?? .verbatim("\(TranslationSupport.typeText(header.type.unwrapped)).self")
    return .try(
        .call(
            .member(.identifier("response"), method),
            [Argument(nil, .literal(.string(header.wireName))), Argument("as", type)]
        )
    )
}
