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
    // The generic method of a group and its endpoints' singles are extensions of their own, so that an edit to
    // an endpoint changes its extension alone.
    for group in shape.groups {
        let shared = declaresShared && shape.takesEndpointValues(group)
        let parts = [
            shared ? [sendMethod(shape: shape, group: group, access: access)] : [],
            group.operations.map { singleMethod($0, shape: shape, group: group, access: access) },
        ]
        let base = shape.typeName(namespace: group.namespace)
        for members in parts where !members.isEmpty {
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
    }
    declarations.append(bridge)
    if shape.groups.contains(where: {
        $0.operations.contains { isStream($0) || $0.pagingRole != nil || $0.isProgressVariant }
    }) {
        declarations.append(sequenceObservableBridge)
    }
    if shape.groups.contains(where: { $0.operations.contains(where: \.isProgressVariant) }) {
        declarations.append(transferObservableBridge)
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
    // do {
    //     let response = try await send(endpoint)
    //     await delivery.deliver({ observer(.success(response)) }, otherwise: { endpoint.discardUnreceived(response) })
    // } catch {
    //     await delivery.deliver { observer(.failure(error)) }
    // }
    let deliverOutcome = Statement.doCatch(
        [
            .binding(isLet: true, name: "response", value: response),
            rxDeliver(
                [.expression(call(observer, call(.member(nil, "success"), .identifier("response"))))],
                otherwise: [
                    .expression(
                        call(
                            .member(.identifier("endpoint"), RuntimeSymbols.discardUnreceived),
                            .identifier("response")
                        )
                    )
                ]
            ),
        ],
        catch: [rxDeliver([.expression(call(observer, call(.member(nil, "failure"), .identifier("error"))))])]
    )
    return rxBridge(
        docs: [
            "`endpoint` as a cold `Single`: each subscription sends the request in a `Task`, and disposing",
            "the subscription cancels it. It fails with the `APIError` that `send(_:)` throws. Events",
            "arrive on the client's `callbackQueue`, the main queue by default; a download's file that a",
            "disposed subscription never received is removed.",
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
        readAhead: .literal(.int(0)),
        taskBody: [deliverOutcome]
    )
}

/// `await delivery.deliver { observer.onNext(value) }`: the block runs on the callback queue (the main queue
/// by default, so that operators may call closures written in main-actor code), unless the subscription was
/// disposed first, when `otherwise` runs instead; the reader goes on once the delivery's read-ahead allows.
func rxDeliver(_ body: [Statement], otherwise: [Statement]? = nil) -> Statement {
    .expression(rxDelivery(body, otherwise: otherwise))
}

/// The expression of ``rxDeliver(_:otherwise:)``, whose value says whether delivery goes on (`false` once the
/// subscription was disposed).
func rxDelivery(_ body: [Statement], otherwise: [Statement]? = nil) -> Expression {
    let block = Expression.closure(parameters: [], body: body)
    var arguments = [Argument(nil, block)]
    if let otherwise { arguments.append(Argument("otherwise", .closure(parameters: [], body: otherwise))) }
    return .await(.call(.member(.identifier("delivery"), RuntimeSymbols.deliver), arguments))
}

/// `extension APIClient { fileprivate func name(for endpoint:) -> Type<…> { Type.create { observe in … } } }`:
/// a bridge of the RxSwift file, whose every subscription runs `taskBody` in a `Task` that disposing cancels.
/// `taskBody` calls `observer`.
///
/// Each subscription makes a `QueueDelivery` on the callback queue with `readAhead`, which `taskBody` delivers
/// through (``rxDeliver(_:otherwise:)``); disposing cancels both the delivery and the task.
func rxBridge(
    docs: [String],
    name: String,
    genericParameters: [String],
    parameters: [FunctionParameter],
    returnType: String,
    whereClause: [String] = [],
    readAhead: Expression,
    taskBody: [Statement]
) -> Declaration {
    func call(_ callee: Expression, _ arguments: Expression...) -> Expression {
        .call(callee, arguments.map { Argument(nil, $0) })
    }
    let type = String(returnType.prefix { $0 != "<" })
    let task = call(.identifier("Task"), .closure(parameters: [], body: taskBody))
    let delivery = Expression.call(
        .identifier(RuntimeSymbols.queueDelivery),
        [Argument("queue", .identifier(RuntimeSymbols.callbackQueue)), Argument("readAhead", readAhead)]
    )
    let cancel = Expression.closure(
        parameters: [],
        // The task first: the delivery's cancelling wakes a reader waiting for its value to be taken, which must
        // find its task cancelled.
        body: [
            .expression(call(.member(.identifier("task"), "cancel"))),
            .expression(call(.member(.identifier("delivery"), "cancel"))),
        ]
    )
    let create = call(
        .member(.identifier(type), "create"),
        .closure(
            parameters: ["observe"],
            body: [
                // RxSwift's observers predate `Sendable` but may be called from any thread; only the task's
                // blocks on the callback queue call this one.
                .unsafeBinding(name: "observer", value: .identifier("observe")),
                .binding(isLet: true, name: "delivery", value: delivery),
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
