/// Translates the `…WithProgress` client methods of an endpoint that uploads or downloads bytes (a body of
/// bytes, a file or multipart parts; an answer of bytes or a file), in each flavour: the same request as
/// an `APITransfer`, a sequence of progress events and then the answer, for a progress bar.
///
/// The endpoint's own method stays as it is. The async method sends the endpoint's factory (or resource)
/// through `APIClient.transfer(_:)`; the publisher and the observable build on it.

/// The suffix of the progress methods: `uploadImageWithProgress`.
let progressSuffix = "WithProgress"

/// `public func uploadImageWithProgress(…) -> APITransfer<ImageUpload, ApiErrorMessage>`
func translateProgressClientMethod(_ operation: Operation, shape: ClientShape, access: AccessModifier) -> Declaration {
    .function(
        FunctionDeclaration(
            docs: docs(operation) + [
                "- Returns: The progress of the upload and the download as they go, then the answer:",
                "  `for try await event in …`. The request is sent when the iteration starts; leaving the loop",
                "  or cancelling the task cancels it. It fails with `\(ErrorTranslation.errorType(operation))`.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name + progressSuffix),
            parameters: TranslationSupport.functionParameters(operation),
            returnType:
                "\(RuntimeSymbols.apiTransfer)<\(shape.responseType(operation)), \(ErrorTranslation.bodyType(operation))>",
            body: [
                .expression(
                    .call(
                        .member(.member(.verbatim("self"), "client"), RuntimeSymbols.transfer),
                        [Argument(nil, shape.endpoint(operation))]
                    )
                )
            ]
        )
    )
}

/// `public func uploadImageWithProgressPublisher(…) -> AnyPublisher<TransferEvent<ImageUpload>, APIError<…>>`
func translateProgressPublisherMethod(_ operation: Operation, shape: ClientShape, access: AccessModifier) -> Declaration
{
    .function(
        FunctionDeclaration(
            docs: docs(operation) + [
                "- Returns: A publisher of the progress of the upload and the download, then of the answer. Each",
                "  subscription sends the request once, and cancelling it cancels the request.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name + progressSuffix + CombineSymbols.publisherSuffix),
            parameters: TranslationSupport.functionParameters(operation),
            returnType:
                "\(CombineSymbols.anyPublisher)<\(eventType(operation, shape)), \(ErrorTranslation.errorType(operation))>",
            body: [
                .expression(
                    .call(
                        .member(.member(.verbatim("self"), "client"), CombineSymbols.publisherFor),
                        [Argument(CombineSymbols.transferLabel, transferCall(operation, on: .verbatim("self")))]
                    )
                )
            ]
        )
    )
}

/// `public func uploadImageWithProgress(…) -> Observable<TransferEvent<ImageUpload>>` on `client.rx`.
func translateProgressObservableMethod(
    _ operation: Operation,
    shape: ClientShape,
    group: ClientShape.Group,
    access: AccessModifier
) -> Declaration {
    let generics = rxGenericSignature(shape, group: group)
    let base = Expression.member(.verbatim("self"), "base")
    return .function(
        FunctionDeclaration(
            docs: docs(operation) + [
                "- Returns: An `Observable` of the progress of the upload and the download, then of the answer.",
                "  Each subscription sends the request once, and disposing it cancels the request. It fails with",
                "  `\(ErrorTranslation.errorType(operation))`.",
            ],
            attributes: TranslationSupport.attributes(operation.deprecation),
            access: access,
            kind: .function(operation.name + progressSuffix),
            genericParameters: generics.parameters,
            parameters: TranslationSupport.functionParameters(operation),
            returnType: "\(RxSwiftSymbols.observable)<\(eventType(operation, shape))>",
            whereClause: generics.requirements,
            body: [
                .expression(
                    .call(
                        .member(.member(base, "client"), RxSwiftSymbols.observableFor),
                        [Argument(RxSwiftSymbols.transferLabel, transferCall(operation, on: base))]
                    )
                )
            ]
        )
    )
}

/// The operation's documentation, after a first paragraph saying what the method adds.
private func docs(_ operation: Operation) -> [String] {
    ["`\(operation.name)`, telling the progress of its upload and download as they go.", ""]
        + TranslationSupport.operationDocs(operation) + [""]
}

/// `TransferEvent<ImageUpload>`
private func eventType(_ operation: Operation, _ shape: ClientShape) -> String {
    "\(RuntimeSymbols.transferEvent)<\(shape.responseType(operation))>"
}

/// `self.uploadImageWithProgress(body: body)`: the async method's transfer.
private func transferCall(_ operation: Operation, on base: Expression) -> Expression {
    .call(.member(base, operation.name + progressSuffix), TranslationSupport.forwardingArguments(operation))
}

/// `fileprivate func observable(transfer:)` on `APIClient`, in the RxSwift file of an API with transfers: the
/// transfer's events, paced, a download's file removed when a disposed subscription never received it.
var transferObservableBridge: Declaration {
    let transfer = Expression.identifier("transfer")
    return .type(
        TypeDeclaration(
            kind: .extension,
            name: RuntimeSymbols.apiClient,
            members: [
                .function(
                    FunctionDeclaration(
                        docs: [
                            "A transfer's progress, then its answer, as a cold `Observable` (see `observable(of:paced:)`):",
                            "a download's file that a disposed subscription never received is removed.",
                        ],
                        access: .fileprivate,
                        kind: .function(RxSwiftSymbols.observableFor),
                        genericParameters: ["Value", "ErrorBody"],
                        parameters: [
                            FunctionParameter(
                                label: nil,
                                name: RxSwiftSymbols.transferLabel,
                                type: "\(RuntimeSymbols.apiTransfer)<Value, ErrorBody>"
                            )
                        ],
                        returnType: "\(RxSwiftSymbols.observable)<\(RuntimeSymbols.transferEvent)<Value>>",
                        body: [
                            .expression(
                                .call(
                                    .identifier(RxSwiftSymbols.observableFor),
                                    [
                                        Argument("of", transfer),
                                        Argument("paced", .literal(.bool(true))),
                                        Argument("discard", .member(transfer, RuntimeSymbols.discardUnreceived)),
                                    ]
                                )
                            )
                        ]
                    )
                )
            ]
        )
    )
}
