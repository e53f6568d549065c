/// Translates an endpoint's several documented answers into an enumeration with a case per status, which
/// knows which statuses are answers and how to read each:
///
/// ```swift
/// public enum DownloadFileAnswer: Sendable, Hashable {
///     case ok(Data)
///     case notModified
///     public static var decoding: ResponseDecoding<DownloadFileAnswer> { … }
/// }
/// ```
func translateAnswers(_ operation: Operation, api: API) -> Declaration? {
    guard let answers = operation.answers else { return nil }
    let access = TranslationSupport.access(api)
    var members: [Declaration] = answers.cases.map { answer in
        let what = answer.body == .none ? "without a body" : "with its body"
        return .enumCase(
            EnumCaseDeclaration(
                docs: TranslationSupport.docs(answer.description, fallback: "The \(answer.status) answer, \(what)."),
                name: answer.name,
                associatedValues: answer.body == .none
                    ? [] : [FunctionParameter(name: "_", type: TranslationSupport.typeText(answer.body.type))]
            )
        )
    }
    let cases = answers.cases.map { answer in
        SwitchCase(
            patterns: [.expression(.literal(.int(answer.status)))],
            body: [.return(value(of: answer, in: answers.typeName))]
        )
    }
    let undocumented = Expression.call(
        .identifier(RuntimeSymbols.responseReadingError),
        [Argument(nil, .literal(.string("The status is not one of the documented answers.")))]
    )
    let decode = Expression.closure(
        parameters: ["response", "decoder"],
        body: [
            .switch(
                .member(.identifier("response"), "status"),
                cases + [SwitchCase(patterns: [], body: [.throw(undocumented)])]
            )
        ]
    )
    members.append(
        .variable(
            VariableDeclaration(
                docs: [
                    "The statuses that are answers (\(answers.cases.map { "\($0.status)" }.joined(separator: ", "))), and how each is read."
                ],
                access: access,
                isStatic: true,
                name: "decoding",
                type: "\(RuntimeSymbols.responseDecoding)<\(answers.typeName)>",
                getter: [
                    .return(
                        .call(
                            .identifier(RuntimeSymbols.responseDecoding),
                            [
                                Argument(
                                    "statuses",
                                    .array(answers.cases.map { .literal(.int($0.status)) })
                                ),
                                Argument(nil, decode),
                            ]
                        )
                    )
                ]
            )
        )
    )
    return .type(
        TypeDeclaration(
            docs: ["The documented answers of `\(operation.specName)`, one case per status."],
            access: access,
            kind: .enum,
            name: answers.typeName,
            inherits: ["Sendable"] + TranslationSupport.equality(api),
            members: members
        )
    )
}

/// `.ok(try decoder.decode(FileInfo.self, from: response.body))`, `.ok(response.body)`, `.notModified`, ….
private func value(of answer: Operation.Answer, in typeName: String) -> Expression {
    let caseName = Expression.member(nil, answer.name)
    guard let body = AnswerTranslation.read(answer.body) else { return caseName }
    return .call(caseName, [Argument(nil, body)])
}

/// How answers are read in generated code.
enum AnswerTranslation {
    /// The expression reading a body of `response` with `decoder`; `nil` for no body.
    static func read(_ body: Operation.AnswerBody) -> Expression? {
        let response = Expression.identifier("response")
        switch body {
        case .none:
            return nil
        case .json(let type):
            return .try(
                .call(
                    .member(.identifier("decoder"), "decode"),
                    [
                        Argument(nil, .verbatim("\(TranslationSupport.typeText(type)).self")),
                        Argument("from", .member(response, "body")),
                    ]
                )
            )
        case .bytes:
            return .member(response, "body")
        case .text:
            return .try(.call(.member(response, "text"), []))
        case .file:
            return .try(.call(.member(response, "savedBody"), []))
        case .events, .jsonLines, .namedEvents:
            // A stream is the one answer of its endpoint, read by its `decoding`, never as a case.
            return nil
        }
    }

    /// The `decoding:` argument of an endpoint whose answers are not read as JSON or ignored: `.bytes`,
    /// `.text` or `DownloadFileAnswer.decoding`; `nil` for the default.
    static func decoding(_ operation: Operation) -> Expression? {
        if let answers = operation.answers {
            return .member(.identifier(answers.typeName), "decoding")
        }
        switch operation.responseBody {
        case .none, .json: return nil
        case .bytes: return .member(nil, "bytes")
        case .text: return .member(nil, "text")
        case .file: return .member(nil, "file")
        case .events(let element, let terminator):
            // `.serverSentEvents(of: ChatCompletionChunk.self, terminator: "[DONE]")`
            var arguments = [Argument("of", .verbatim("\(TranslationSupport.typeText(element)).self"))]
            if let terminator { arguments.append(Argument("terminator", .literal(.string(terminator)))) }
            arguments += streamErrors(operation)
            return .call(.member(nil, "serverSentEvents"), arguments)
        case .jsonLines(let element):
            // `.jsonLines(of: LogEntry.self, errorKey: "error")`
            let arguments = [Argument("of", .verbatim("\(TranslationSupport.typeText(element)).self"))]
            return .call(.member(nil, "jsonLines"), arguments + streamErrors(operation))
        case .namedEvents(let union, let terminator):
            // `.serverSentEvents(terminator: "[DONE]", decode: StreamMessagesEvent.decode)`
            var arguments: [Argument] = []
            if let terminator { arguments.append(Argument("terminator", .literal(.string(terminator)))) }
            arguments += streamErrors(operation)
            arguments.append(Argument("decode", .member(.identifier(union.typeName), "decode")))
            return .call(.member(nil, "serverSentEvents"), arguments)
        }
    }

    /// How a stream says it failed: `errorEvent: "error"` (an event of that name), `errorKey: "error"` (a value
    /// with that key).
    static func streamErrors(_ operation: Operation) -> [Argument] {
        var arguments: [Argument] = []
        if let event = operation.streamErrorEvent { arguments.append(Argument("errorEvent", .literal(.string(event)))) }
        if let key = operation.streamErrorKey { arguments.append(Argument("errorKey", .literal(.string(key)))) }
        return arguments
    }

    /// The media type to ask for with `Accept`: that of a raw body, or of every raw answer when they agree.
    static func accept(_ operation: Operation) -> String? {
        if let answers = operation.answers {
            let types = Set(answers.cases.compactMap(\.body.accept))
            let json = answers.cases.contains { if case .json = $0.body { true } else { false } }
            return types.count == 1 && !json ? types.first : nil
        }
        return operation.responseBody.accept
    }
}
