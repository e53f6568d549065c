/// Exporting webhooks as OpenAPI 3.1 `webhooks`: each event a `post` whose JSON body is its type, with its
/// sample as the example; how deliveries are signed and name their events in the document's `x-specsmith`, and
/// an event's route (an OpenAPI callback's, say) in its `post`'s.
extension OpenAPIExporter {
    /// The document's `webhooks`, by event name; `nil` without webhooks.
    func webhooks() -> DocumentObject? {
        guard let webhooks = api.webhooks, !webhooks.events.isEmpty else { return nil }
        var document = DocumentObject()
        for event in webhooks.events {
            var body = DocumentObject()
            body["required"] = .bool(true)
            var content = DocumentObject()
            content["application/json"] = media(schema(event.body) ?? DocumentObject(), example: event.sample)
            body["content"] = .object(content)
            var operation = DocumentObject()
            if let description = event.description { operation["description"] = .string(description) }
            if event.deprecation != nil { operation["deprecated"] = .bool(true) }
            operation["requestBody"] = .object(body)
            var acknowledged = DocumentObject()
            acknowledged["description"] = "Acknowledges the delivery; any other status makes the API deliver it again."
            var responses = DocumentObject()
            responses["200"] = .object(acknowledged)
            operation["responses"] = .object(responses)
            var format = Self.deprecationEntries(event.deprecation)
            if event.swiftName != SwiftName.memberName(event.name) { format["swiftName"] = .string(event.swiftName) }
            if let route = event.route { format["route"] = .string(route) }
            Self.adding(format, to: &operation)
            var item = DocumentObject()
            item["post"] = .object(operation)
            document[event.name] = .object(item)
        }
        return document
    }

    /// What the document's `x-specsmith` says of the webhooks: their signature (unless Standard Webhooks) and
    /// where events are named.
    func webhooksFormat() -> DocumentObject? {
        guard let webhooks = api.webhooks, !webhooks.events.isEmpty else { return nil }
        var format = DocumentObject()
        if webhooks.signature != .standardWebhooks { format["signature"] = .string(webhooks.signature.rawValue) }
        if let tolerance = webhooks.tolerance { format["tolerance"] = .int(tolerance) }
        // Always: the events' names are the webhooks' own, which a body's key need not show.
        switch webhooks.eventName {
        case .key(let key): format["eventKey"] = .string(key)
        case .header(let header): format["eventHeader"] = .string(header)
        case .route: break
        }
        return format
    }
}
