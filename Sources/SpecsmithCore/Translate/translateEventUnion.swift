/// Translates the events of a stream whose events are of several kinds into an enumeration with a case per
/// `event` name, one for events the spec does not list, and the function that reads an event:
///
/// ```swift
/// public enum StreamMessagesEvent: Sendable, Hashable {
///     case messageStart(MessageStart)
///     case ping
///     case unknown(ServerSentEvent)
///     public static func decode(_ event: ServerSentEvent, _ decoder: JSONDecoder) throws -> StreamMessagesEvent
/// }
/// ```
func translateEventUnion(_ operation: Operation, api: API) -> Declaration? {
    guard case .namedEvents(let union, _) = operation.responseBody else { return nil }
    let access = TranslationSupport.access(api)
    var members: [Declaration] = union.cases.map { event in
        .enumCase(
            EnumCaseDeclaration(
                docs: TranslationSupport.docs(event.description, fallback: "The `\(event.event)` event."),
                name: event.name,
                associatedValues: event.type == .void
                    ? [] : [FunctionParameter(name: "_", type: TranslationSupport.typeText(event.type))]
            )
        )
    }
    members.append(
        .enumCase(
            EnumCaseDeclaration(
                docs: ["An event this version of the spec does not list, as it arrived."],
                name: "unknown",
                associatedValues: [FunctionParameter(name: "_", type: RuntimeSymbols.serverSentEvent)]
            )
        )
    )
    let event = Expression.identifier("event")
    let data = Expression.call(
        .identifier("Data"),
        [Argument(nil, .member(.member(event, "data"), "utf8"))]
    )
    let cases = union.cases.map { item -> SwitchCase in
        var value = Expression.member(nil, item.name)
        if item.type != .void {
            // `.messageStart(try decoder.decode(MessageStart.self, from: Data(event.data.utf8)))`
            let decoded = Expression.try(
                .call(
                    .member(.identifier("decoder"), "decode"),
                    [
                        Argument(nil, .verbatim("\(TranslationSupport.typeText(item.type)).self")),
                        Argument("from", data),
                    ]
                )
            )
            value = .call(value, [Argument(nil, decoded)])
        }
        return SwitchCase(patterns: [.expression(.literal(.string(item.event)))], body: [.return(value)])
    }
    let unknown = SwitchCase(
        patterns: [],
        body: [.return(.call(.member(nil, "unknown"), [Argument(nil, event)]))]
    )
    members.append(
        .function(
            FunctionDeclaration(
                docs: [
                    "The case `event`'s name picks, with its data decoded; an event of a name the spec does not list is",
                    "``unknown(_:)``.",
                ],
                access: access,
                isStatic: true,
                kind: .function("decode"),
                parameters: [
                    FunctionParameter(label: "_", name: "event", type: RuntimeSymbols.serverSentEvent),
                    FunctionParameter(label: "_", name: "decoder", type: "JSONDecoder"),
                ],
                throwsClause: "throws",
                returnType: union.typeName,
                body: [.switch(.member(event, "event"), cases + [unknown])]
            )
        )
    )
    return .type(
        TypeDeclaration(
            docs: ["The events of `\(operation.specName)`'s stream, by their `event` name."],
            access: access,
            kind: .enum,
            name: union.typeName,
            inherits: ["Sendable"] + TranslationSupport.equality(api),
            members: members
        )
    )
}
