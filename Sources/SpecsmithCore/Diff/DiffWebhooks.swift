/// Comparing webhooks: how deliveries are signed and name their events, and each event, by its name.
extension Differ {
    mutating func compareWebhooks() {
        let before = old.webhooks
        let after = new.webhooks
        if let before, let after {
            if before.signature != after.signature {
                add(
                    "webhooks",
                    "are signed with `\(after.signature.rawValue)`, not `\(before.signature.rawValue)`: receivers refuse every delivery until they verify the new way",
                    swift: false,
                    wire: true
                )
            }
            if before.eventName != after.eventName {
                add(
                    "webhooks",
                    "name their event by \(place(after.eventName)), not \(place(before.eventName))",
                    swift: false,
                    wire: true
                )
            }
        }
        let oldEvents = Dictionary(
            (before?.events ?? []).map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        let newNames = Set((after?.events ?? []).map(\.name))
        for event in before?.events ?? [] where !newNames.contains(event.name) {
            add("event `\(event.name)`", "removed: its case and handler method go", swift: true, wire: false)
        }
        for event in after?.events ?? [] {
            let subject = "event `\(event.name)`"
            guard let previous = oldEvents[event.name] else {
                add(
                    subject,
                    "added: switches over every event no longer compile, and old receivers get it as `.unknown`",
                    swift: true,
                    wire: false
                )
                continue
            }
            if previous.body != event.body {
                add(
                    subject,
                    "carries `\(TranslationSupport.typeText(event.body))`, not `\(TranslationSupport.typeText(previous.body))`",
                    swift: true,
                    wire: true
                )
            }
            if previous.route != event.route {
                let change =
                    switch (previous.route, event.route) {
                    case (let then?, let now?):
                        "comes to the route `\(now)`, not `\(then)`: receivers must listen there"
                    case (nil, let now?): "comes to the route `\(now)`, and is no longer named by its delivery"
                    default: "is named by its delivery, and no longer comes to the route `\(previous.route ?? "")`"
                    }
                add(subject, change, swift: false, wire: true)
            }
            if previous.swiftName != event.swiftName {
                add(
                    subject,
                    "is `.\(event.swiftName)` in Swift, not `.\(previous.swiftName)`",
                    swift: true,
                    wire: false
                )
            }
        }
    }

    private func place(_ name: Webhooks.EventName) -> String {
        switch name {
        case .key(let key): "the body's `\(key)`"
        case .header(let header): "the header `\(header)`"
        case .route: "the route it comes to"
        }
    }
}
