/// Translates an API's webhooks into the events' enumeration, the namespace that reads deliveries (the runtime
/// verifies them), and the protocol of a receiver with a method per event:
///
/// ```swift
/// public enum ShopWebhookEvent: Sendable, Hashable {
///     case orderPaid(OrderPaid)
///     case unknown(name: String, body: JSON)
/// }
/// public enum ShopWebhooks: WebhookEventSet {
///     public static let scheme = WebhookScheme.standardWebhooks
///     public static func decode(_ body: Data, headers: WebhookHeaders, route: String?) throws(WebhookError)
///         -> ShopWebhookEvent
/// }
/// public protocol ShopWebhookHandler: WebhookHandling where HandledWebhookEvents == ShopWebhooks {
///     func orderPaid(_ event: OrderPaid) async throws
/// }
/// ```
func translateWebhooks(_ webhooks: Webhooks, api: API) -> [Declaration] {
    [
        webhookEventEnumeration(webhooks, api: api), webhooksNamespace(webhooks, api: api),
        webhookHandlerProtocol(webhooks, api: api), webhookHandlerDefaults(webhooks, api: api),
    ]
}

/// What the docs call the place a delivery names its event: "its `type`", "the header `X-GitHub-Event`".
private func eventNamePlace(_ webhooks: Webhooks) -> String {
    let place =
        switch webhooks.eventName {
        case .key(let key): "the body's `\(key)`"
        case .header(let header): "the header `\(header)`"
        case .route: "the route it comes to"
        }
    guard webhooks.eventName != .route, webhooks.events.contains(where: { $0.route != nil }) else { return place }
    return place + " or the route it comes to"
}

/// `order.paid`: the description, or a sentence naming the event; and its deprecation, said in words: an
/// `@available` mark would make the generated code that reads and dispatches the event warn.
private func eventDocs(_ event: Webhooks.Event) -> [String] {
    var docs = TranslationSupport.docs(
        event.description.map { "`\(event.name)`: \($0)" },
        fallback: "The event `\(event.name)`."
    )
    if let route = event.route {
        docs += ["", "Delivered to the route `\(route)`: `POST <path>/\(route)` of the receiver."]
    }
    if let deprecation = event.deprecation {
        docs += ["", "- Important: Deprecated" + (deprecation.message.map { ": \($0)" } ?? ".")]
    }
    return docs
}

private func webhookEventEnumeration(_ webhooks: Webhooks, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = webhooks.events.map { event in
        .enumCase(
            EnumCaseDeclaration(
                docs: eventDocs(event),
                name: event.swiftName,
                associatedValues: [FunctionParameter(name: "_", type: TranslationSupport.typeText(event.body))]
            )
        )
    }
    members.append(
        .enumCase(
            EnumCaseDeclaration(
                docs: ["An event this version of the spec does not list: its name and its body."],
                name: "unknown",
                associatedValues: [
                    FunctionParameter(name: "name", type: "String"),
                    FunctionParameter(name: "body", type: RuntimeSymbols.json),
                ]
            )
        )
    )
    let names =
        webhooks.events.map { event in
            SwitchCase(
                patterns: [.enumCase(event.swiftName, bindings: [])],
                body: [.return(.literal(.string(event.name)))]
            )
        } + [
            SwitchCase(
                patterns: [.enumCase("unknown", bindings: ["name", "_"])],
                body: [.return(.identifier("name"))]
            )
        ]
    members.append(
        .variable(
            VariableDeclaration(
                docs: [
                    webhooks.events.contains { $0.route != nil }
                        ? "The event's name; an unknown event's, as \(eventNamePlace(webhooks)) gives it."
                        : "The event's name, as \(eventNamePlace(webhooks)) gives it."
                ],
                access: access,
                name: "name",
                type: "String",
                getter: [.switch(.verbatim("self"), names)]
            )
        )
    )
    return .type(
        TypeDeclaration(
            docs: ["An event \(api.name) delivers to a URL you registered, by \(eventNamePlace(webhooks))."],
            access: access,
            kind: .enum,
            name: TranslationNames.webhookEvent(api.name),
            inherits: ["Sendable"] + TranslationSupport.equality(api),
            members: members,
            blankLinesBetweenMembers: true
        )
    )
}

/// `WebhookScheme.standardWebhooks`, or `WebhookScheme(.stripe, tolerance: 600)`.
private func schemeExpression(_ webhooks: Webhooks) -> Expression {
    guard let tolerance = webhooks.tolerance else {
        return .member(.identifier(WebhookSymbols.scheme), webhooks.signature.rawValue)
    }
    return .call(
        .identifier(WebhookSymbols.scheme),
        [Argument(nil, .member(nil, webhooks.signature.rawValue)), Argument("tolerance", .literal(.int(tolerance)))]
    )
}

private func webhooksNamespace(_ webhooks: Webhooks, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    let eventType = TranslationNames.webhookEvent(api.name)
    let body = Expression.identifier("body")
    func decoded(_ type: String) -> Expression {
        .try(
            .call(
                .member(.identifier(WebhookSymbols.events), "decode"),
                [
                    Argument(nil, .verbatim("\(type).self")), Argument("from", body),
                    Argument("dates", .member(nil, api.dates)),
                ]
            )
        )
    }
    func returnEvent(_ event: Webhooks.Event) -> [Statement] {
        [
            .return(
                .call(.member(nil, event.swiftName), [Argument(nil, decoded(TranslationSupport.typeText(event.body)))])
            )
        ]
    }
    func returnUnknown(named name: String) -> [Statement] {
        [
            .return(
                .call(
                    .member(nil, "unknown"),
                    [Argument("name", .identifier(name)), Argument("body", decoded(RuntimeSymbols.json))]
                )
            )
        ]
    }
    // Events named by their route, then the others by their key or header.
    let routed = webhooks.events.filter { $0.route != nil }
    let named = webhooks.events.filter { $0.route == nil }
    var statements: [Statement] = []
    if !routed.isEmpty {
        let routeCases =
            routed.map { event in
                SwitchCase(patterns: [.expression(.literal(.string(event.route ?? "")))], body: returnEvent(event))
            } + [SwitchCase(patterns: [], body: returnUnknown(named: "route"))]
        statements.append(
            .ifLet(name: "route", value: .identifier("route"), body: [.switch(.identifier("route"), routeCases)])
        )
    }
    let name: Expression? =
        switch webhooks.eventName {
        case .key(let key):
            .try(
                .call(
                    .member(.identifier(WebhookSymbols.events), "name"),
                    [Argument("atKey", .literal(.string(key))), Argument("of", body)]
                )
            )
        case .header(let header):
            .try(
                .call(
                    .member(.identifier(WebhookSymbols.events), "name"),
                    [Argument("inHeader", .literal(.string(header))), Argument("of", .identifier("headers"))]
                )
            )
        case .route: nil
        }
    if let name {
        let cases =
            named.map { event in
                SwitchCase(patterns: [.expression(.literal(.string(event.name)))], body: returnEvent(event))
            } + [SwitchCase(patterns: [], body: returnUnknown(named: "name"))]
        statements += [.binding(isLet: true, name: "name", value: name), .switch(.identifier("name"), cases)]
    } else {
        statements.append(
            .throw(
                .call(.member(.identifier(WebhookSymbols.events), "noRoute"), [Argument(nil, .identifier("routes"))])
            )
        )
    }
    let decode = FunctionDeclaration(
        docs: [
            "The event a delivery holds, by \(eventNamePlace(webhooks)), without checking its signature:",
            "for a delivery verified already. `verify(_:headers:secrets:route:now:)` checks it first.",
        ]
            + (routed.isEmpty
                ? []
                : ["", "`route` is the last segment of the URL it came to, which names the events of `routes`."]),
        access: access,
        isStatic: true,
        kind: .function("decode"),
        parameters: [
            FunctionParameter(label: "_", name: "body", type: "Data"),
            FunctionParameter(name: "headers", type: WebhookSymbols.headers),
            FunctionParameter(name: "route", type: "String?"),
        ],
        throwsClause: "throws(\(WebhookSymbols.error))",
        returnType: eventType,
        body: statements
    )
    let scheme = VariableDeclaration(
        docs: ["How \(api.name) signs its deliveries."],
        access: access,
        isStatic: true,
        isLet: true,
        name: "scheme",
        value: schemeExpression(webhooks)
    )
    let signature =
        switch webhooks.signature {
        case .standardWebhooks: "Standard Webhooks"
        case .stripe: "Stripe's scheme"
        case .github: "GitHub's scheme"
        case .bearer: "no signature but a bearer token"
        }
    return .type(
        TypeDeclaration(
            docs: [
                "\(api.name)'s webhooks: deliveries signed with \(signature), each event named by",
                "\(eventNamePlace(webhooks)). `verify(_:headers:secrets:route:now:)` checks a delivery and reads",
                "its event:",
                "",
                "```swift",
                "let event = try \(TranslationNames.webhooks(api.name)).verify(body, headers: WebhookHeaders(headers), secret: secret)",
                "```",
            ],
            access: access,
            kind: .enum,
            name: TranslationNames.webhooks(api.name),
            inherits: [WebhookSymbols.eventSet],
            members: [.variable(scheme)] + routesVariable(routed, api: api) + [.function(decode)]
        )
    )
}

/// `routes`, the routes that name events, when some do.
private func routesVariable(_ routed: [Webhooks.Event], api: API) -> [Declaration] {
    guard !routed.isEmpty else { return [] }
    return [
        .variable(
            VariableDeclaration(
                docs: ["The routes that name events: a receiver at `path` takes them at `path/<route>`."],
                access: TranslationSupport.access(api),
                isStatic: true,
                isLet: true,
                name: "routes",
                type: "[String]",
                value: .array(routed.map { .literal(.string($0.route ?? "")) })
            )
        )
    ]
}

/// A handler method's declaration: `func orderPaid(_ event: OrderPaid) async throws`.
private func handlerMethod(_ event: Webhooks.Event) -> FunctionDeclaration {
    FunctionDeclaration(
        docs: eventDocs(event),
        kind: .function(event.swiftName),
        parameters: [FunctionParameter(label: "_", name: "event", type: TranslationSupport.typeText(event.body))],
        isAsync: true,
        throwsClause: "throws",
        body: [],
        isRequirement: true
    )
}

private let unknownEventMethod = FunctionDeclaration(
    docs: ["An event this version of the spec does not list: its name and its body."],
    kind: .function("unknownEvent"),
    parameters: [
        FunctionParameter(name: "name", type: "String"),
        FunctionParameter(name: "body", type: RuntimeSymbols.json),
    ],
    isAsync: true,
    throwsClause: "throws",
    body: [],
    isRequirement: true
)

private func webhookHandlerProtocol(_ webhooks: Webhooks, api: API) -> Declaration {
    let methods = webhooks.events.map(handlerMethod) + [unknownEventMethod]
    return .type(
        TypeDeclaration(
            docs: [
                "A receiver of \(api.name)'s webhooks: implement the events you handle; the others, and events this",
                "version of the spec does not list, are accepted and ignored. `receive(_:headers:secrets:)` checks a",
                "delivery and calls the event's method; beside a Hummingbird server,",
                "`registerWebhookRoutes(on:path:secrets:)` does so at a route.",
            ],
            access: TranslationSupport.access(api),
            kind: .protocol,
            name: TranslationNames.webhookHandler(api.name),
            inherits: [WebhookSymbols.handling],
            whereClause: ["HandledWebhookEvents == \(TranslationNames.webhooks(api.name))"],
            members: methods.map { .function($0) }
        )
    )
}

/// The default methods, which accept and ignore their events, and `handle(_:)`, which calls the event's method.
private func webhookHandlerDefaults(_ webhooks: Webhooks, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = (webhooks.events.map(handlerMethod) + [unknownEventMethod]).map { method in
        var method = method
        method.docs = ["Accepts the event and does nothing; implement it to handle the event."]
        method.access = access
        method.isRequirement = false
        return .function(method)
    }
    let cases =
        webhooks.events.map { event in
            SwitchCase(
                patterns: [.enumCase(event.swiftName, bindings: ["body"])],
                body: [
                    .expression(
                        // `self.`: an event named `event` would otherwise call the parameter.
                        .try(
                            .await(
                                .call(.member(.verbatim("self"), event.swiftName), [Argument(nil, .identifier("body"))])
                            )
                        )
                    )
                ]
            )
        } + [
            SwitchCase(
                patterns: [.enumCase("unknown", bindings: ["name", "body"])],
                body: [
                    .expression(
                        .try(
                            .await(
                                .call(
                                    .member(.verbatim("self"), "unknownEvent"),
                                    [Argument("name", .identifier("name")), Argument("body", .identifier("body"))]
                                )
                            )
                        )
                    )
                ]
            )
        ]
    members.append(
        .function(
            FunctionDeclaration(
                docs: ["Calls the event's method."],
                access: access,
                kind: .function("handle"),
                parameters: [
                    FunctionParameter(label: "_", name: "event", type: TranslationNames.webhookEvent(api.name))
                ],
                isAsync: true,
                throwsClause: "throws",
                body: [.switch(.identifier("event"), cases)]
            )
        )
    )
    return .type(
        TypeDeclaration(
            access: nil,
            kind: .extension,
            name: TranslationNames.webhookHandler(api.name),
            members: members
        )
    )
}
