/// Translates the operations of one namespace into an enumeration conforming to `Resource`:
/// one case per endpoint, its parameters as associated values (the Moya/Borders style).
func translateResourceEnum(
    name: String,
    operations: [Operation],
    nested: [Declaration],
    docs: [String],
    api: API
) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = operations.map { operation in
        .enumCase(
            EnumCaseDeclaration(
                docs: TranslationSupport.operationDocs(operation)
                    + (operation.deprecation.map {
                        ["", "- Warning: Deprecated. \($0.message ?? "")".trimmingTrailingSpaces]
                    } ?? []),
                name: operation.name,
                // Labelled as the client method is: `.countryByName("Germany", fullText: true)`.
                associatedValues: TranslationSupport.functionParameters(operation)
            )
        )
    }
    if !operations.isEmpty {
        let parts = operations.map { RequestParts(operation: $0, api: api) }
        members.append(
            property(
                "operationName",
                type: "String",
                docs: "The endpoint's name in the spec.",
                operations: operations,
                access: access
            ) { operation, _ in .literal(.string(operation.specName)) }
        )
        members.append(
            property(
                "method",
                type: RuntimeSymbols.httpMethod,
                docs: "The HTTP method.",
                operations: operations,
                access: access
            ) {
                operation,
                _ in .member(nil, operation.method)
            }
        )
        members.append(
            property(
                "path",
                type: "String",
                docs: "The path, with path parameters percent-encoded.",
                operations: operations,
                access: access
            ) { _, index in parts[index].path }
        )
        if operations.contains(where: { $0.server != nil }) {
            members.append(
                property(
                    "server",
                    type: "String?",
                    docs: "The server the endpoint is on, when not on the client's base URL.",
                    operations: operations,
                    access: access
                ) { operation, _ in operation.server.map { .literal(.string($0)) } ?? .literal(.nil) }
            )
        }
        if parts.contains(where: { $0.query != nil }) {
            members.append(
                property(
                    "query",
                    type: "[\(RuntimeSymbols.queryItem)]",
                    docs: "The query parameters.",
                    operations: operations,
                    access: access
                ) {
                    _,
                    index in parts[index].query ?? .array([])
                }
            )
        }
        if parts.contains(where: { $0.headers != nil }) {
            members.append(
                property(
                    "headers",
                    type: "[\(RuntimeSymbols.headerField)]",
                    docs: "The headers.",
                    operations: operations,
                    access: access
                ) {
                    _,
                    index in parts[index].headers ?? .array([])
                }
            )
        }
        if parts.contains(where: { $0.body != nil }) {
            members.append(
                property(
                    "body",
                    type: "\(RuntimeSymbols.requestBody)?",
                    docs: "The body.",
                    operations: operations,
                    access: access
                ) {
                    _,
                    index in parts[index].body ?? .literal(.nil)
                }
            )
        }
        if parts.contains(where: { $0.sampleData != nil }) {
            members.append(
                property(
                    "sampleData",
                    type: "Data?",
                    docs: "Sample response data from the spec.",
                    operations: operations,
                    access: access
                ) {
                    _,
                    index in parts[index].sampleData ?? .literal(.nil)
                }
            )
        }
        if operations.contains(where: { $0.scope != nil }) {
            members.append(
                property(
                    "requiresAuthorization",
                    type: "Bool",
                    docs: "Whether the client's credentials are sent: every endpoint but the public ones.",
                    operations: operations,
                    access: access
                ) { operation, _ in .literal(.bool(operation.scope != nil)) }
            )
        }
        if operations.contains(where: \.acceptsAuthorization) {
            members.append(
                property(
                    "acceptsAuthorization",
                    type: "Bool",
                    docs: "Whether the client's credentials, when it has any, are sent although none are needed.",
                    operations: operations,
                    access: access
                ) { operation, _ in .literal(.bool(operation.acceptsAuthorization)) }
            )
        }
    }
    members.append(contentsOf: nested)
    return .type(
        TypeDeclaration(
            docs: docs,
            access: access,
            kind: .enum,
            name: name,
            inherits: operations.isEmpty ? [] : [RuntimeSymbols.resource],
            members: members
        )
    )
}

/// A computed property switching over every case, binding the parameters its value uses.
private func property(
    _ name: String,
    type: String,
    docs: String,
    operations: [Operation],
    access: AccessModifier,
    value: (Operation, Int) -> Expression
) -> Declaration {
    // Cases that bind nothing and return the same value share one label: `case .a, .b: return nil`.
    var cases: [SwitchCase] = []
    for (index, operation) in operations.enumerated() {
        let expression = value(operation, index)
        let used = identifiers(in: expression)
        let bindings = operation.parameters.map { used.contains($0.name) ? $0.name : "_" }
        let pattern = Pattern.enumCase(operation.name, bindings: bindings.allSatisfy { $0 == "_" } ? [] : bindings)
        let body: [Statement] = [.return(expression)]
        if used.isEmpty, let shared = cases.firstIndex(where: { $0.body == body && isBindingFree($0.patterns) }) {
            cases[shared].patterns.append(pattern)
        } else {
            cases.append(SwitchCase(patterns: [pattern], body: body))
        }
    }
    return .variable(
        VariableDeclaration(
            docs: [docs],
            access: access,
            name: name,
            type: type,
            getter: [.switch(.verbatim("self"), cases)]
        )
    )
}

/// The plain identifiers an expression refers to.
private func identifiers(in expression: Expression) -> Set<String> {
    switch expression {
    case .identifier(let name): [name]
    case .literal, .verbatim: []
    case .closure: []  // Resource members are built without closures.
    case .member(let base, _): base.map(identifiers) ?? []
    case .call(let callee, let arguments):
        arguments.reduce(identifiers(in: callee)) { $0.union(identifiers(in: $1.value)) }
    case .try(let inner), .optionalTry(let inner), .await(let inner), .forceUnwrap(let inner),
        .optionalChain(let inner):
        identifiers(in: inner)
    case .array(let elements): elements.reduce([]) { $0.union(identifiers(in: $1)) }
    case .dictionary(let entries):
        entries.reduce([]) { $0.union(identifiers(in: $1.key)).union(identifiers(in: $1.value)) }
    case .interpolation(let parts):
        parts.reduce([]) { result, part in
            if case .expression(let inner) = part { return result.union(identifiers(in: inner)) }
            return result
        }
    case .binary(let lhs, _, let rhs): identifiers(in: lhs).union(identifiers(in: rhs))
    }
}

private func isBindingFree(_ patterns: [Pattern]) -> Bool {
    patterns.allSatisfy { pattern in
        if case .enumCase(_, let bindings) = pattern { return bindings.isEmpty }
        return false
    }
}
