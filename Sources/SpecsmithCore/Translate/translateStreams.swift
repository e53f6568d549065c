/// Translates the client methods of an endpoint whose answer is a stream (`response: {events: …}` or
/// `{jsonLines: …}`), in each flavour: an `APIStream` to iterate, a publisher and an observable of its values.
///
/// The endpoint factory and resource case need nothing of their own: their response is the runtime's
/// `ResponseStream<Value>` and their `decoding` says how the body is cut (see `AnswerTranslation.decoding`).
/// What differs is the methods: they are not `async`, because nothing is sent until the values are asked for.

/// `public func chatStream(…) -> APIStream<ChatChunk, ErrorResponse>`
func translateStreamClientMethod(_ operation: Operation, shape: ClientShape, access: AccessModifier) -> Declaration {
    .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation) + [
                "",
                "- Returns: The values as they arrive: `for try await value in …`. The request is sent when the",
                "  iteration starts; leaving the loop or cancelling the task closes the connection. It fails with",
                "  `\(ErrorTranslation.errorType(operation))`.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name),
            parameters: TranslationSupport.functionParameters(operation),
            returnType: streamType(operation),
            // `self.`: a parameter may be called `client`.
            body: [
                .expression(
                    .call(
                        .member(.member(.verbatim("self"), "client"), RuntimeSymbols.stream),
                        [Argument(nil, shape.endpoint(operation))]
                    )
                )
            ]
        )
    )
}

/// `public func chatStreamPublisher(…) -> AnyPublisher<ChatChunk, APIError<ErrorResponse>>`
func translateStreamPublisherMethod(_ operation: Operation, shape: ClientShape, access: AccessModifier) -> Declaration {
    .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation) + [
                "",
                "- Returns: A publisher of the values as they arrive, sending the request when subscribed (once per",
                "  subscription, as far as the subscriber's demand goes) and closing the connection when the",
                "  subscription is cancelled.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(publisherMethodName(operation)),
            parameters: TranslationSupport.functionParameters(operation),
            returnType:
                "\(CombineSymbols.anyPublisher)<\(elementType(operation)), \(ErrorTranslation.errorType(operation))>",
            body: [
                .expression(
                    .call(
                        .member(.member(.verbatim("self"), "client"), CombineSymbols.publisherFor),
                        [Argument(CombineSymbols.streamingLabel, shape.endpoint(operation))]
                    )
                )
            ]
        )
    )
}

/// `public func chatStream(…) -> Observable<ChatChunk>`
func translateStreamObservableMethod(
    _ operation: Operation,
    shape: ClientShape,
    group: ClientShape.Group,
    access: AccessModifier
) -> Declaration {
    let generics = rxGenericSignature(shape, group: group)
    return .function(
        FunctionDeclaration(
            docs: TranslationSupport.operationDocs(operation) + [
                "",
                "- Returns: An `Observable` of the values as they arrive, sending the request when subscribed (once",
                "  per subscription) and closing the connection when disposed. It fails with",
                "  `\(ErrorTranslation.errorType(operation))`.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name),
            genericParameters: generics.parameters,
            parameters: TranslationSupport.functionParameters(operation),
            returnType: "\(RxSwiftSymbols.observable)<\(elementType(operation))>",
            whereClause: generics.requirements,
            // The async method's stream, which sends the request when iterated.
            body: [
                .expression(
                    .call(
                        .member(.member(.member(.verbatim("self"), "base"), "client"), RxSwiftSymbols.observableFor),
                        [
                            Argument(
                                "of",
                                .call(
                                    .member(.member(.verbatim("self"), "base"), operation.name),
                                    TranslationSupport.forwardingArguments(operation)
                                )
                            ),
                            Argument("paced", .literal(.bool(false))),
                        ]
                    )
                )
            ]
        )
    )
}

/// Whether `operation` answers with a stream.
func isStream(_ operation: Operation) -> Bool {
    operation.responseBody.streamElement != nil
}

/// `APIStream<ChatChunk, ErrorResponse>`
private func streamType(_ operation: Operation) -> String {
    "\(RuntimeSymbols.apiStream)<\(elementType(operation)), \(ErrorTranslation.bodyType(operation))>"
}

/// `ChatChunk`: the type of a stream's values.
private func elementType(_ operation: Operation) -> String {
    operation.responseBody.streamElement.map(TranslationSupport.typeText) ?? "Never"
}

/// `fileprivate func observable(of:paced:discard:)` on `APIClient`, in the RxSwift file of an API with streams,
/// pages or transfers: a `Task` per subscription iterates the sequence (a stream, pages, their items, or a
/// transfer's events) and is cancelled on dispose; values reach the observer through a `QueueDelivery`.
var sequenceObservableBridge: Declaration {
    func call(_ callee: Expression, _ arguments: Expression...) -> Expression {
        .call(callee, arguments.map { Argument(nil, $0) })
    }
    func observe(_ method: String, _ arguments: Expression...) -> Statement {
        .expression(.call(.member(.identifier("observer"), method), arguments.map { Argument(nil, $0) }))
    }
    let value = Expression.identifier("value")
    let read = Statement.doCatch(
        [
            .forTryAwait(
                name: "value",
                sequence: .identifier("values"),
                body: [
                    .binding(
                        isLet: true,
                        name: "delivered",
                        value: rxDelivery(
                            [observe("onNext", value)],
                            otherwise: [
                                .expression(.call(.optionalChain(.identifier("discard")), [Argument(nil, value)]))
                            ]
                        )
                    ),
                    // Disposed (RxSwift's `take(5)` disposes in the fifth value's `onNext`): no next value, which
                    // may be a page's request.
                    .ifElse(.verbatim("!delivered"), [.return(nil)], []),
                ]
            ),
            rxDeliver([observe("onCompleted")]),
        ],
        catch: [rxDeliver([observe("onError", .identifier("error"))])]
    )
    // A stream's values are read ahead of the observer, up to `APIClient.streamReadAhead` waiting on the
    // queue; a page's next value may be a request, so it is read only once the observer has the one before.
    let readAhead = Expression.verbatim(
        "paced ? 0 : \(RuntimeSymbols.apiClient).\(RuntimeSymbols.streamReadAhead)"
    )
    return rxBridge(
        docs: [
            "An async sequence (a stream, pages, their items, or a transfer's events) as a cold `Observable`:",
            "each subscription iterates it in a `Task`, and disposing the subscription cancels the task, which",
            "closes the connection and sends no further requests. It fails with the `APIError` the sequence",
            "ends with. Events arrive on the client's `callbackQueue`, in order on a serial queue. When `paced`",
            "(pages, their items and transfers, whose next value may be a request), each value is read once",
            "the observer has the one before; a stream's are read while at most `APIClient.streamReadAhead`",
            "of them wait on the queue, so a busy queue holds no more. `discard` removes what a value nobody",
            "received holds (a download's file).",
        ],
        name: RxSwiftSymbols.observableFor,
        genericParameters: ["Values: \(StandardLibrarySymbols.asyncSequence) & Sendable"],
        parameters: [
            FunctionParameter(label: "of", name: "values", type: "Values"),
            FunctionParameter(label: nil, name: "paced", type: "Bool"),
            FunctionParameter(
                label: nil,
                name: "discard",
                type: "(@Sendable (Values.Element) -> Void)?",
                defaultValue: .literal(.nil)
            ),
        ],
        returnType: "\(RxSwiftSymbols.observable)<Values.Element>",
        whereClause: ["Values.Element: Sendable"],
        readAhead: readAhead,
        taskBody: [read]
    )
}
