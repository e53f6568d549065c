extension FormatReader {
    /// `webhooks:` — `signature:`, `tolerance:`, `eventKey:` or `eventHeader:`, and `events:` by name, each
    /// `name: Type` or a mapping with `body:`.
    mutating func webhooks(_ value: YAMLValue) -> RawWebhooks? {
        guard let entries = mapping(value, what: "`webhooks`") else { return nil }
        var webhooks = RawWebhooks(location: value.location)
        for entry in entries {
            let item = entry.value
            switch entry.key.value {
            case "signature": webhooks.signature = string(item, key: "signature")
            case "tolerance":
                if case .int(let seconds) = item.kind {
                    webhooks.tolerance = Located(seconds, at: item.location)
                } else {
                    mismatch(item, expected: "a number of seconds", key: "tolerance")
                }
            case "eventKey": webhooks.eventKey = string(item, key: "eventKey")
            case "eventHeader": webhooks.eventHeader = string(item, key: "eventHeader")
            case "events":
                webhooks.events = (mapping(item, what: "`events`") ?? []).compactMap { webhookEvent($0) }
            default: unknownKey(entry.key, allowed: SpecKeys.webhooks, in: "`webhooks`")
            }
        }
        return webhooks
    }

    /// An event under `webhooks.events`.
    mutating func webhookEvent(_ entry: YAMLValue.Entry) -> RawWebhookEvent? {
        var event = RawWebhookEvent(name: entry.key)
        if case .string(let type) = entry.value.kind {
            event.body = entry.value.located(type)
            return event
        }
        guard let items = mapping(entry.value, what: "event `\(entry.key.value)`") else { return nil }
        for item in items {
            switch item.key.value {
            case "body": event.body = string(item.value, key: "body")
            case "description": event.description = string(item.value, key: "description")?.value
            case "deprecated": event.deprecated = deprecation(item.value)
            case "swiftName": event.swiftName = string(item.value, key: "swiftName")
            case "sample": event.sample = YAMLValueBox(value: item.value)
            case "route": event.route = string(item.value, key: "route")
            default: unknownKey(item.key, allowed: SpecKeys.webhookEvent, in: "event `\(entry.key.value)`")
            }
        }
        if event.body == nil {
            diagnostics.error(
                "event `\(entry.key.value)` needs a `body`",
                at: entry.key.location,
                hint: "the type of its JSON body, such as `body: OrderPaid`"
            )
            return nil
        }
        return event
    }
}
