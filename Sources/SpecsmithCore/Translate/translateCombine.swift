/// Translates the API into its Combine flavour: beside each async method, a `…Publisher` method returning
/// `AnyPublisher<Response, APIError<ErrorBody>>`, declared on the same type under the same scope.
///
/// The publishers are cold (each subscription sends one request) and cancelling one cancels its request;
/// the runtime's `APIClient.publisher(for:)` (module `SpecsmithCombine`) does the bridging.
///
/// `declaresShared` is false for the files after the first of a large API's (see `Translator`), which hold
/// only their endpoints' publishers.
func translateCombine(_ api: API, declaresShared: Bool = true) -> [Declaration] {
    let shape = ClientShape(api: api)
    let access = TranslationSupport.access(api)
    // The generic method of a group and its endpoints' publishers are extensions of their own, so that an edit
    // to an endpoint changes its extension alone.
    return shape.groups.flatMap { group -> [Declaration] in
        let shared = declaresShared && shape.takesEndpointValues(group)
        let members = [
            shared ? [publisherForEndpoint(shape: shape, scope: group.scope, access: access)] : [],
            group.operations.map { publisherMethod($0, shape: shape, access: access) },
        ]
        return members.filter { !$0.isEmpty }.map { members in
            .type(
                TypeDeclaration(
                    docs: ["\(shape.subject(group)) as Combine publishers: each subscription sends one request."],
                    kind: .extension,
                    name: shape.typeName(namespace: group.namespace),
                    whereClause: shape.requirements(group),
                    members: members
                )
            )
        }
    }
}

/// `countryByName` → `countryByNamePublisher`.
func publisherMethodName(_ operation: Operation) -> String {
    operation.name + CombineSymbols.publisherSuffix
}

/// `public func countryByNamePublisher(_ name: String) -> AnyPublisher<[Country], APIError<Never>>`
private func publisherMethod(_ operation: Operation, shape: ClientShape, access: AccessModifier) -> Declaration {
    if operation.isProgressVariant {
        return translateProgressPublisherMethod(operation, shape: shape, access: access)
    }
    if let role = operation.pagingRole { return translatePagingPublisherMethod(operation, role: role, access: access) }
    if isStream(operation) { return translateStreamPublisherMethod(operation, shape: shape, access: access) }
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation) + [
                "",
                "- Returns: A publisher that sends the request when subscribed, once per subscription, and",
                "  cancels it when the subscription is cancelled.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(publisherMethodName(operation)),
            parameters: TranslationSupport.functionParameters(operation),
            returnType:
                "\(CombineSymbols.anyPublisher)<\(shape.responseType(operation)), \(ErrorTranslation.errorType(operation))>",
            body: [
                .expression(
                    .call(
                        // `self.`: a parameter may be called `client`.
                        .member(.member(.verbatim("self"), "client"), CombineSymbols.publisherFor),
                        [Argument("for", shape.endpoint(operation))]
                    )
                )
            ]
        )
    )
}

/// `publisher(for:)` for endpoint values, with the same scope checks as `send(_:)`.
private func publisherForEndpoint(shape: ClientShape, scope: String?, access: AccessModifier) -> Declaration {
    .function(
        FunctionDeclaration(
            docs: [
                scope == nil
                    ? "A publisher that sends a public endpoint."
                    : "A publisher that sends an endpoint this client's scope grants."
            ],
            access: access,
            kind: .function(CombineSymbols.publisherFor),
            genericParameters: ["Response", "ErrorBody"],
            parameters: [
                FunctionParameter(label: "for", name: "endpoint", type: shape.endpointParameterType(scope: scope))
            ],
            returnType: "\(CombineSymbols.anyPublisher)<Response, \(RuntimeSymbols.apiError)<ErrorBody>>",
            body: [
                .expression(
                    .call(
                        .member(.identifier("client"), CombineSymbols.publisherFor),
                        [Argument("for", shape.unwrappedEndpoint(scope: scope))]
                    )
                )
            ]
        )
    )
}
