/// Translates the API into its RxSwift flavour, the `Reactive` extension pattern: `client.rx.countryByName(…)`
/// returns a `Single`, cold (each subscription sends one request) and cancelled when disposed, failing with
/// the same `APIError` as the async method.
///
/// RxSwift is a dependency only projects using this flavour have, so the file carries its own small bridge
/// (`APIClient.single(for:)`, file-private) instead of a runtime module.
///
/// `declaresShared` is false for the files after the first of a large API's (see `Translator`), which hold
/// only their endpoints' singles and their own copy of the bridge.
func translateRxSwift(_ api: API, declaresShared: Bool = true) -> [Declaration] {
    let shape = ClientShape(api: api)
    let access = TranslationSupport.access(api)
    var declarations: [Declaration] = (declaresShared ? [nil] + api.namespaces : []).map { namespace in
        .type(
            TypeDeclaration(
                kind: .extension,
                name: shape.typeName(namespace: namespace),
                inherits: [RxSwiftSymbols.reactiveCompatible]
            )
        )
    }
    for group in shape.groups {
        var members: [Declaration] = []
        if declaresShared && shape.takesEndpointValues(group) {
            members.append(sendMethod(shape: shape, group: group, access: access))
        }
        members += group.operations.map { singleMethod($0, shape: shape, group: group, access: access) }
        if members.isEmpty { continue }
        let base = shape.typeName(namespace: group.namespace)
        declarations.append(
            .type(
                TypeDeclaration(
                    docs: [
                        "\(shape.subject(group)) as RxSwift singles, on `\(base).rx`: each subscription sends one request."
                    ],
                    kind: .extension,
                    name: RxSwiftSymbols.reactive,
                    // A generic client's methods say which clients they belong to themselves.
                    whereClause: shape.isScoped ? [] : ["\(RxSwiftSymbols.base) == \(base)"],
                    members: members
                )
            )
        )
    }
    declarations.append(bridge)
    if shape.groups.contains(where: {
        $0.operations.contains { isStream($0) || $0.pagingRole != nil || $0.isProgressVariant }
    }) {
        declarations.append(sequenceObservableBridge)
    }
    return declarations
}

/// For a scoped client, `<Authorization: Scope.CustomerAccess>` and `where Base == ShopClient<Authorization>`.
func rxGenericSignature(
    _ shape: ClientShape,
    group: ClientShape.Group
) -> (parameters: [String], requirements: [String]) {
    guard shape.isScoped else { return ([], []) }
    let bound =
        group.scope.map { "\(TranslationNames.scopes).\(TranslationNames.access($0))" }
        ?? RuntimeSymbols.authorizationScope
    let base = shape.clientName + "<\(TranslationNames.authorization)>" + (group.namespace.map { ".\($0)" } ?? "")
    return (["\(TranslationNames.authorization): \(bound)"], ["\(RxSwiftSymbols.base) == \(base)"])
}

/// `public func countryByName(_ name: String) -> Single<[Country]>`
private func singleMethod(
    _ operation: Operation,
    shape: ClientShape,
    group: ClientShape.Group,
    access: AccessModifier
) -> Declaration {
    if operation.isProgressVariant {
        return translateProgressObservableMethod(operation, shape: shape, group: group, access: access)
    }
    if let role = operation.pagingRole {
        return translatePagingObservableMethod(operation, role: role, shape: shape, group: group, access: access)
    }
    if isStream(operation) {
        return translateStreamObservableMethod(operation, shape: shape, group: group, access: access)
    }
    let generics = rxGenericSignature(shape, group: group)
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation) + [
                "",
                "- Returns: A `Single` that sends the request when subscribed, once per subscription, and",
                "  cancels it when disposed. It fails with `\(ErrorTranslation.errorType(operation))`.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name),
            genericParameters: generics.parameters,
            parameters: TranslationSupport.functionParameters(operation),
            returnType: "\(RxSwiftSymbols.single)<\(shape.responseType(operation))>",
            whereClause: generics.requirements,
            body: [.expression(singleCall(shape.endpoint(operation)))]
        )
    )
}

/// `rx.send(_:)` for endpoint values, with the same scope checks as the async `send(_:)`.
private func sendMethod(shape: ClientShape, group: ClientShape.Group, access: AccessModifier) -> Declaration {
    let generics = rxGenericSignature(shape, group: group)
    return .function(
        FunctionDeclaration(
            docs: [
                group.scope == nil
                    ? "A `Single` that sends a public endpoint; it fails with `APIError<ErrorBody>`."
                    : "A `Single` that sends an endpoint this client's scope grants; it fails with `APIError<ErrorBody>`."
            ],
            access: access,
            kind: .function("send"),
            genericParameters: generics.parameters + ["Response", "ErrorBody"],
            parameters: [
                FunctionParameter(label: "_", name: "endpoint", type: shape.endpointParameterType(scope: group.scope))
            ],
            returnType: "\(RxSwiftSymbols.single)<Response>",
            whereClause: generics.requirements,
            body: [.expression(singleCall(shape.unwrappedEndpoint(scope: group.scope)))]
        )
    )
}

/// `self.base.client.single(for: endpoint)` (`self.`: a parameter may be called `base`).
private func singleCall(_ endpoint: Expression) -> Expression {
    .call(
        .member(.member(.member(.verbatim("self"), "base"), "client"), RxSwiftSymbols.singleFor),
        [Argument("for", endpoint)]
    )
}

/// `fileprivate func single(for:)` on `APIClient`: a `Task` per subscription, cancelled on dispose.
private var bridge: Declaration {
    func call(_ callee: Expression, _ arguments: Expression...) -> Expression {
        .call(callee, arguments.map { Argument(nil, $0) })
    }
    let observer = Expression.identifier("observer")
    let response = Expression.try(.await(call(.identifier("send"), .identifier("endpoint"))))
    /// `callbackQueue.async { observer(event) }`: events arrive where the client says, the main queue by
    /// default, so that operators may call closures written in main-actor code.
    func deliver(_ event: Expression) -> Statement {
        .expression(
            call(
                .member(.identifier(RuntimeSymbols.callbackQueue), "async"),
                .closure(parameters: [], body: [.expression(call(observer, event))])
            )
        )
    }
    // do { let response = try await send(endpoint); deliver(.success(response)) } catch { deliver(.failure(error)) }
    let deliverOutcome = Statement.doCatch(
        [
            .binding(isLet: true, name: "response", value: response),
            deliver(call(.member(nil, "success"), .identifier("response"))),
        ],
        catch: [deliver(call(.member(nil, "failure"), .identifier("error")))]
    )
    return rxBridge(
        docs: [
            "`endpoint` as a cold `Single`: each subscription sends the request in a `Task`, and disposing",
            "the subscription cancels it. It fails with the `APIError` that `send(_:)` throws. Events",
            "arrive on the client's `callbackQueue`, the main queue by default.",
        ],
        name: RxSwiftSymbols.singleFor,
        genericParameters: ["Response", "ErrorBody"],
        parameters: [
            FunctionParameter(
                label: "for",
                name: "endpoint",
                type: "\(RuntimeSymbols.apiEndpoint)<Response, ErrorBody>"
            )
        ],
        returnType: "\(RxSwiftSymbols.single)<Response>",
        taskBody: [deliverOutcome]
    )
}

/// `extension APIClient { fileprivate func name(for endpoint:) -> Type<…> { Type.create { observe in … } } }`:
/// a bridge of the RxSwift file, whose every subscription runs `taskBody` in a `Task` that disposing cancels.
/// `taskBody` calls `observer`.
func rxBridge(
    docs: [String],
    name: String,
    genericParameters: [String],
    parameters: [FunctionParameter],
    returnType: String,
    whereClause: [String] = [],
    taskBody: [Statement]
) -> Declaration {
    func call(_ callee: Expression, _ arguments: Expression...) -> Expression {
        .call(callee, arguments.map { Argument(nil, $0) })
    }
    let type = String(returnType.prefix { $0 != "<" })
    let task = call(.identifier("Task"), .closure(parameters: [], body: taskBody))
    let cancel = Expression.closure(parameters: [], body: [.expression(call(.member(.identifier("task"), "cancel")))])
    let create = call(
        .member(.identifier(type), "create"),
        .closure(
            parameters: ["observe"],
            body: [
                // RxSwift's observers predate `Sendable` but may be called from any thread; only the task's
                // blocks on the callback queue call this one.
                .unsafeBinding(name: "observer", value: .identifier("observe")),
                .binding(isLet: true, name: "task", value: task),
                .return(call(.member(.identifier(RxSwiftSymbols.disposables), "create"), cancel)),
            ]
        )
    )
    return .type(
        TypeDeclaration(
            kind: .extension,
            name: RuntimeSymbols.apiClient,
            members: [
                .function(
                    FunctionDeclaration(
                        docs: docs,
                        access: .fileprivate,
                        kind: .function(name),
                        genericParameters: genericParameters,
                        parameters: parameters,
                        returnType: returnType,
                        whereClause: whereClause,
                        body: [.expression(create)]
                    )
                )
            ]
        )
    )
}
