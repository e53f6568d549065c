/// Resolving `webhooks:`: the signature scheme, where a delivery names its event, and each event's body type,
/// Swift name and sample, checked.
extension ResolveContext {
    mutating func resolveWebhooks(models: [Model]) -> Webhooks? {
        guard let rawWebhooks = raw.webhooks else { return nil }
        let signature = choice(rawWebhooks.signature, Webhooks.Signature.self, key: "signature") ?? .standardWebhooks
        if let tolerance = rawWebhooks.tolerance, tolerance.value <= 0 {
            diagnostics.error("`tolerance` must be a positive number of seconds", at: tolerance.location)
        }
        if let key = rawWebhooks.eventKey, let header = rawWebhooks.eventHeader {
            diagnostics.error(
                "`eventKey` and `eventHeader` cannot both name the event",
                at: header.location,
                hint: "keep the one where deliveries name their event (`eventKey: \(key.value)` is a key of the body)"
            )
        }
        for name in [rawWebhooks.eventKey, rawWebhooks.eventHeader].compactMap({ $0 }) where name.value.isEmpty {
            diagnostics.error("the name of the event's key or header cannot be empty", at: name.location)
        }
        if let header = rawWebhooks.eventHeader { checkHeaderText(header) }
        if rawWebhooks.events.isEmpty {
            diagnostics.error(
                "`webhooks` needs at least one event under `events`",
                at: rawWebhooks.location,
                hint: "add `events: {order.paid: OrderPaid}`"
            )
        }
        if !raw.isOpenAPI && !flavours.contains(.webhooks) {
            diagnostics.warning(
                "the spec's webhooks are generated with the flavour `webhooks`",
                at: rawWebhooks.location,
                hint: "add `webhooks` to `flavours`"
            )
        }
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [String: Located<String>] = [:]
        var swiftNames: [String: String] = [:]
        var routes: [String: Located<String>] = [:]
        // Members the handler protocol and the event enumeration have of their own.
        let taken: Set<String> = ["unknown", "unknownEvent", "handle", "name", "body"]
        var events: [Webhooks.Event] = []
        for rawEvent in rawWebhooks.events {
            if let other = names[rawEvent.name.value] {
                diagnostics.error(
                    "event `\(rawEvent.name.value)` is listed twice (first at line \(other.location.line))",
                    at: rawEvent.name.location
                )
                continue
            }
            names[rawEvent.name.value] = rawEvent.name
            if let swiftName = rawEvent.swiftName { checkIdentifier(swiftName) }
            var swiftName = rawEvent.swiftName?.value ?? SwiftName.memberName(rawEvent.name.value)
            swiftName = memberName(avoidingTypes: swiftName)
            if taken.contains(swiftName) { swiftName += "Event" }
            if let other = swiftNames[swiftName] {
                diagnostics.error(
                    "events `\(rawEvent.name.value)` and `\(other)` both become the Swift name `\(swiftName)`",
                    at: rawEvent.name.location,
                    hint: "give one a `swiftName`"
                )
                continue
            }
            swiftNames[swiftName] = rawEvent.name.value
            guard let bodyText = rawEvent.body, let body = resolveType(bodyText) else { continue }
            if case .optional = body {
                diagnostics.error("an event's body cannot be optional", at: bodyText.location)
                continue
            }
            if let route = rawEvent.route {
                guard checkRoute(route) else { continue }
                if let other = routes[route.value] {
                    diagnostics.error(
                        "route `\(route.value)` is given twice (first at line \(other.location.line))",
                        at: route.location,
                        hint: "a route names one event"
                    )
                    continue
                }
                routes[route.value] = route
            }
            let sample = rawEvent.sample.flatMap {
                resolveSample(.inline($0), response: body, models: byName)
            }
            events.append(
                Webhooks.Event(
                    name: rawEvent.name.value,
                    swiftName: swiftName,
                    body: body,
                    description: rawEvent.description,
                    deprecation: rawEvent.deprecated.map { Deprecation(message: $0.message) },
                    sample: sample,
                    route: rawEvent.route?.value
                )
            )
        }
        // Events all named by their route need no key or header, unless one is given.
        let routedOnly = !rawWebhooks.events.isEmpty && rawWebhooks.events.allSatisfy { $0.route != nil }
        let eventName: Webhooks.EventName =
            if let header = rawWebhooks.eventHeader {
                .header(header.value)
            } else if let key = rawWebhooks.eventKey {
                .key(key.value)
            } else {
                routedOnly ? .route : .key("type")
            }
        return Webhooks(
            signature: signature,
            tolerance: rawWebhooks.tolerance?.value,
            eventName: eventName,
            events: events
        )
    }

    /// Whether `route` can be the last segment of a URL as written (``Webhooks/isRoute(_:)``); an error if not.
    private mutating func checkRoute(_ route: Located<String>) -> Bool {
        guard Webhooks.isRoute(route.value) else {
            diagnostics.error(
                "route `\(route.value)` is not a segment of a URL",
                at: route.location,
                hint: "use letters, digits and `-._~`, such as `payment-status`"
            )
            return false
        }
        return true
    }
}
