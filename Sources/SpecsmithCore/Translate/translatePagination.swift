/// Translates the client methods of a paged endpoint (`pages:`), in each flavour: its pages
/// (`issuesPages(…)`, an `APIPages`) and the items of its pages one at a time (`allIssues(…)`, an `APIItems`),
/// each fetched as it is asked for; the same as publishers and observables.
///
/// The endpoint's own method stays as it is, one page per call. The pages method sends the endpoint's factory
/// (or resource) with the runtime's `Paging` for its kind; every other method builds on it, so the way from
/// one page to the next is written once per endpoint.

/// `public func issuesPages(…) -> APIPages<[Issue], GitHubError>` or
/// `public func allIssues(…) -> APIItems<Issue, GitHubError>`.
func translatePagingClientMethod(
    _ operation: Operation,
    role: Pagination.Role,
    shape: ClientShape,
    access: AccessModifier
) -> Declaration {
    guard let pagination = operation.pagination else {
        preconditionFailure("a paging method of an endpoint that does not page")
    }
    let body: [Statement]
    switch role {
    case .pages:
        body = [
            .expression(
                .call(
                    .member(.member(.verbatim("self"), "client"), RuntimeSymbols.pages),
                    [Argument(nil, shape.endpoint(operation)), Argument("paging", paging(pagination))]
                )
            )
        ]
    case .items:
        // `let pages = self.issuesPages(…)`, named apart from the parameters it passes on.
        var name = "pages"
        while operation.parameters.contains(where: { $0.name == name }) { name = "_" + name }
        body = [
            .binding(
                isLet: true,
                name: name,
                value: sequenceCall(operation, pagination, .pages, on: .verbatim("self"))
            ),
            .return(
                .call(
                    .member(.identifier(name), RuntimeSymbols.items),
                    [Argument(nil, .closure(parameters: [], body: [.expression(itemsExpression(pagination))]))]
                )
            ),
        ]
    }
    return .function(
        FunctionDeclaration(
            docs: docs(
                operation,
                role: role,
                returns: role == .pages
                    ? [
                        "- Returns: The pages, each fetched when the iteration reaches it: `for try await page in …`.",
                        "  The iteration ends after the last page, or fails with `\(ErrorTranslation.errorType(operation))`.",
                    ]
                    : [
                        "- Returns: The items of the pages, one at a time: `for try await item in …`. A page is fetched",
                        "  when the items before it are used up, so leaving the loop early sends no more requests. The",
                        "  iteration fails with `\(ErrorTranslation.errorType(operation))`.",
                    ]
            ),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(methodName(pagination, role: role)),
            parameters: TranslationSupport.functionParameters(operation),
            returnType: sequenceType(operation, pagination, role: role),
            body: body
        )
    )
}

/// `public func allIssuesPublisher(…) -> AnyPublisher<Issue, APIError<GitHubError>>`
func translatePagingPublisherMethod(
    _ operation: Operation,
    role: Pagination.Role,
    access: AccessModifier
) -> Declaration {
    guard let pagination = operation.pagination else {
        preconditionFailure("a paging method of an endpoint that does not page")
    }
    let sequence = sequenceCall(operation, pagination, role, on: .verbatim("self"))
    return .function(
        FunctionDeclaration(
            docs: docs(
                operation,
                role: role,
                returns: [
                    "- Returns: A publisher of the \(role == .pages ? "pages" : "items of the pages"). Each subscription fetches the pages",
                    "  afresh as far as its demand goes, and no further once it is cancelled.",
                ]
            ),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(methodName(pagination, role: role) + CombineSymbols.publisherSuffix),
            parameters: TranslationSupport.functionParameters(operation),
            returnType:
                "\(CombineSymbols.anyPublisher)<\(elementType(operation, pagination, role: role)), \(ErrorTranslation.errorType(operation))>",
            body: [
                .expression(
                    .call(
                        .member(.member(.verbatim("self"), "client"), CombineSymbols.publisherFor),
                        [Argument(CombineSymbols.pagingLabel, sequence)]
                    )
                )
            ]
        )
    )
}

/// `public func allIssues(…) -> Observable<Issue>` on `client.rx`.
func translatePagingObservableMethod(
    _ operation: Operation,
    role: Pagination.Role,
    shape: ClientShape,
    group: ClientShape.Group,
    access: AccessModifier
) -> Declaration {
    guard let pagination = operation.pagination else {
        preconditionFailure("a paging method of an endpoint that does not page")
    }
    let generics = rxGenericSignature(shape, group: group)
    let base = Expression.member(.verbatim("self"), "base")
    let sequence = sequenceCall(operation, pagination, role, on: base)
    return .function(
        FunctionDeclaration(
            docs: docs(
                operation,
                role: role,
                returns: [
                    "- Returns: An `Observable` of the \(role == .pages ? "pages" : "items of the pages"). Each subscription fetches the",
                    "  pages afresh, and no further once disposed. It fails with `\(ErrorTranslation.errorType(operation))`.",
                ]
            ),
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(methodName(pagination, role: role)),
            genericParameters: generics.parameters,
            parameters: TranslationSupport.functionParameters(operation),
            returnType: "\(RxSwiftSymbols.observable)<\(elementType(operation, pagination, role: role))>",
            whereClause: generics.requirements,
            body: [
                .expression(
                    .call(
                        .member(.member(base, "client"), RxSwiftSymbols.observableFor),
                        [Argument("of", sequence), Argument("paced", .literal(.bool(true)))]
                    )
                )
            ]
        )
    )
}

/// The method of a paged endpoint's pages or items: `issuesPages`, `allIssues`.
private func methodName(_ pagination: Pagination, role: Pagination.Role) -> String {
    role == .pages ? pagination.pagesName : pagination.itemsName
}

/// The operation's documentation, with a first paragraph saying what the method gives, and `returns`.
private func docs(_ operation: Operation, role: Pagination.Role, returns: [String]) -> [String] {
    let what =
        role == .pages
        ? "Every page of `\(operation.name)`, from the one its arguments ask for on."
        : "Every item of the pages of `\(operation.name)`, from the page its arguments ask for on."
    return [what, ""] + TranslationSupport.operationDocs(operation) + [""] + returns
}

/// `self.issuesPages(owner: owner, repo: repo)` or `self.allIssues(…)`: the async method of a role, whose
/// sequence the other flavours wrap and the items method takes the pages of.
private func sequenceCall(
    _ operation: Operation,
    _ pagination: Pagination,
    _ role: Pagination.Role,
    on base: Expression
) -> Expression {
    .call(.member(base, methodName(pagination, role: role)), TranslationSupport.forwardingArguments(operation))
}

/// `APIPages<[Issue], GitHubError>` or `APIItems<Issue, GitHubError>`
private func sequenceType(_ operation: Operation, _ pagination: Pagination, role: Pagination.Role) -> String {
    let type = role == .pages ? RuntimeSymbols.apiPages : RuntimeSymbols.apiItems
    return "\(type)<\(elementType(operation, pagination, role: role)), \(ErrorTranslation.bodyType(operation))>"
}

/// `[Issue]` for pages, `Issue` for items.
private func elementType(_ operation: Operation, _ pagination: Pagination, role: Pagination.Role) -> String {
    TranslationSupport.typeText(role == .pages ? operation.response : pagination.item)
}

/// `.link()`, `.cursor("cursor", next: { $0.nextCursor })`, `.after("starting_after", lastID: { … }, …)`,
/// `.pageNumber("page", size: "per_page", count: { $0.count })` or `.offset("offset", count: { … })`.
private func paging(_ pagination: Pagination) -> Expression {
    func closure(_ value: Expression) -> Expression { .closure(parameters: [], body: [.expression(value)]) }
    func text(_ value: String) -> Expression { .literal(.string(value)) }
    let items = pagination.items.steps
    let count = closure(chain(items + [step("count")], orElse: "0"))
    switch pagination.kind {
    case .link(let relation):
        return .call(.member(nil, "link"), relation == "next" ? [] : [Argument(nil, text(relation))])
    case .url(let next):
        // `.url(next: { $0.links?.pages?.next })`
        return .call(.member(nil, "url"), [Argument("next", closure(chain(asText(next.steps, next.type))))])
    case .cursor(let path, let parameter):
        return .call(
            .member(nil, "cursor"),
            [Argument(nil, text(parameter)), Argument("next", closure(chain(asText(path.steps, path.type))))]
        )
    case .after(let parameter, let itemID, let hasMore):
        // `$0.data.last?.id`: the items' last, then the id in it.
        let lastID = asText(items + [step("last", isOptional: true)] + itemID.steps, itemID.type)
        var arguments = [Argument(nil, text(parameter)), Argument("lastID", closure(chain(lastID)))]
        if let hasMore {
            arguments.append(Argument("hasMore", closure(chain(hasMore.steps, orElse: "false"))))
        }
        return .call(.member(nil, "after"), arguments)
    case .page(let parameter, let first, let size, let totalPages):
        var arguments = [Argument(nil, text(parameter))]
        if first != 1 { arguments.append(Argument("first", .literal(.int(first)))) }
        if let size { arguments.append(Argument("size", text(size))) }
        arguments.append(Argument("count", count))
        if let totalPages { arguments.append(Argument("totalPages", closure(chain(totalPages.steps)))) }
        return .call(.member(nil, "pageNumber"), arguments)
    case .offset(let parameter, let size, let totalItems):
        var arguments = [Argument(nil, text(parameter))]
        if let size { arguments.append(Argument("size", text(size))) }
        arguments.append(Argument("count", count))
        if let totalItems { arguments.append(Argument("totalItems", closure(chain(totalItems.steps)))) }
        return .call(.member(nil, "offset"), arguments)
    }
}

/// `$0.data`, `$0.meta?.items ?? []`, or `$0` for a page that is its list.
private func itemsExpression(_ pagination: Pagination) -> Expression {
    chain(pagination.items.steps, orElse: "[]")
}

/// A property (or another member) on the way to a value.
private func step(_ name: String, isOptional: Bool = false) -> FieldPath.Step {
    FieldPath.Step(name: name, isOptional: isOptional)
}

/// The steps to a value of `type`, then to its text: none more for a `String`, `description` for an
/// integer, `parameterText` for a `UUID` (lower case, as RFC 4122 writes it).
private func asText(_ steps: [FieldPath.Step], _ type: TypeRef) -> [FieldPath.Step] {
    switch type {
    case .builtin(.string): steps
    case .builtin(.uuid): steps + [step("parameterText")]
    case .builtin(.url): steps + [step("absoluteString")]
    default: steps + [step("description")]
    }
}

/// `$0.a?.b.c`: the members from the closure's argument in, chaining past each optional one; with a
/// fallback, `… ?? fallback` when some step may be missing.
private func chain(_ steps: [FieldPath.Step], orElse fallback: String? = nil) -> Expression {
    var expression = Expression.verbatim("$0")
    var previousIsOptional = false
    for step in steps {
        expression = .member(previousIsOptional ? .optionalChain(expression) : expression, step.name)
        previousIsOptional = step.isOptional
    }
    guard let fallback, steps.contains(where: \.isOptional) else { return expression }
    return .binary(expression, "??", .verbatim(fallback))
}
