/// Reading OpenAPI 3.1 `webhooks`: each a path item whose `post` sends a JSON body to a URL the API's user
/// registered. They become the spec's `webhooks:`, each event named as a delivery names it: the one value its
/// body's event key (`type` unless the document's or the config's `webhooks:` says otherwise) may take
/// (OpenAI's `WebhookBatchCompleted` has `type: {enum: [batch.completed]}`), else the webhook's own name. The
/// operations' callbacks (OpenAPICallbacks.swift) join them, each named by its route.
extension OpenAPIReader {
    mutating func readWebhooks() {
        // The document's `x-specsmith` may say how webhooks are signed; without webhooks, it says nothing.
        let node = readsWebhooks ? root["webhooks"] : nil
        let callbacks = readsWebhooks ? callbackNodes : []
        guard node != nil || !callbacks.isEmpty else {
            spec.webhooks = nil
            return
        }
        // The document's and the config's `webhooks:` give the signature and where events are named.
        var webhooks = spec.webhooks ?? RawWebhooks(location: node?.location ?? callbacks[0].node.location)
        if let configured = config?.webhooks {
            webhooks.signature = configured.signature ?? webhooks.signature
            webhooks.tolerance = configured.tolerance ?? webhooks.tolerance
            webhooks.eventKey = configured.eventKey ?? webhooks.eventKey
            webhooks.eventHeader = configured.eventHeader ?? webhooks.eventHeader
        }
        let eventKey = webhooks.eventHeader == nil ? webhooks.eventKey?.value ?? "type" : nil
        var named = 0
        var unrouted = 0
        if let node {
            if case .mapping(let entries) = node.kind {
                for entry in entries {
                    guard let item = dereferenced(entry.value, section: "pathItems"), let post = item["post"] else {
                        skip(
                            "webhooks without a `post` operation",
                            at: entry.value.location,
                            because: "a delivery is a POST"
                        )
                        continue
                    }
                    guard
                        var event = deliveredEvent(
                            entry.key,
                            post: post,
                            item: item,
                            typeName: SwiftName.typeName(entry.key.value) + "Event"
                        )
                    else { continue }
                    if event.event.route == nil {
                        unrouted += 1
                        if let eventKey, let schema = event.schema, let value = onlyValue(of: eventKey, in: schema) {
                            event.event.name = value
                            named += 1
                        }
                    }
                    webhooks.events.append(event.event)
                }
            } else {
                diagnostics.error("`webhooks` must be a mapping of webhooks by name", at: node.location)
            }
        }
        readCallbacks(callbacks, into: &webhooks)
        guard !webhooks.events.isEmpty else {
            spec.webhooks = nil
            return
        }
        if let node, let eventKey, webhooks.eventKey == nil, named == 0, unrouted > 1 {
            diagnostics.warning(
                "the document's webhooks do not say how a delivery names its event; each is read as named by its body's `\(eventKey)`, with the webhook's name",
                at: node.location,
                hint: "say where with the config's `webhooks: {eventKey: …}` or `webhooks: {eventHeader: …}`"
            )
        }
        spec.webhooks = webhooks
    }

    /// The event a webhook's or a callback's `post` delivers, named `name`: its JSON body's type (an inline schema
    /// becomes the model `typeName`), description, deprecation, sample and the `x-specsmith` of the `post`
    /// (`swiftName`, `deprecated`, `route`); `nil`, with a warning, when it has no JSON body.
    mutating func deliveredEvent(
        _ name: Located<String>,
        post: YAMLValue,
        item: YAMLValue,
        typeName: String,
        kind: String = "webhooks"
    ) -> (event: RawWebhookEvent, schema: YAMLValue?)? {
        guard let body = post["requestBody"].flatMap({ dereferenced($0, section: "requestBodies") }),
            case .mapping(let media)? = body["content"]?.kind,
            let json = media.first(where: { isJSON($0.key.value) })
        else {
            skip(
                "\(kind) without a JSON body",
                at: post.location,
                because: "their events are read from a JSON body"
            )
            return nil
        }
        let schema = json.value["schema"]
        let bodyType: Located<String> =
            if let schema {
                Located(typeText(schema, name: typeName), at: schema.location)
            } else {
                Located("JSON", at: json.key.location)
            }
        var event = RawWebhookEvent(name: name, body: bodyType)
        let text = post["description"]?.scalarText ?? post["summary"]?.scalarText ?? item["description"]?.scalarText
        event.description = text.map { String(TranslationSupport.trimmed($0)) }
        if post["deprecated"]?.isTrue == true { event.deprecated = RawDeprecation(message: nil) }
        if let format = format(of: post), let formatEntries = formatEntries(format) {
            for formatEntry in formatEntries {
                switch formatEntry.key.value {
                case "swiftName": event.swiftName = readingFormat { $0.string(formatEntry.value, key: "swiftName") }
                case "deprecated": event.deprecated = readingFormat { $0.deprecation(formatEntry.value) }
                case "route": event.route = readingFormat { $0.string(formatEntry.value, key: "route") }
                default:
                    readingFormat {
                        $0.unknownKey(
                            formatEntry.key,
                            allowed: ["swiftName", "deprecated", "route"],
                            in: kind == "webhooks" ? "a webhook's `x-specsmith`" : "a callback's `x-specsmith`"
                        )
                    }
                }
            }
        }
        var documented: YAMLValue?
        if let schema { documented = documentedExample(of: schema) }
        if let example = example(of: json.value) ?? documented {
            event.sample = YAMLValueBox(value: example)
        }
        return (event, schema)
    }

    /// The example a body's schema (followed through `$ref`) documents: its `example`, the first of its
    /// `examples`, or OpenAI's `x-oaiMeta.example`, JSON written as text, read as JSON (a warning at its place
    /// when it is not: OpenAI's `realtime.call.incoming` has a comma after its last entry) and placed where
    /// the text is written, so that what is said of it points into the document.
    private mutating func documentedExample(of schema: YAMLValue) -> YAMLValue? {
        let target = schema["$ref"].flatMap(referencedSchema) ?? schema
        if let example = target["example"] { return example }
        if case .sequence(let examples)? = target["examples"]?.kind, let first = examples.first { return first }
        guard let written = target["x-oaiMeta"]?["example"], let text = written.scalarText else { return nil }
        let (outcome, _) = Array(text.utf8).withUnsafeBufferPointer { JSONReader.read($0, file: "example") }
        switch outcome {
        case .value(let value):
            return value.relocated(to: written.location)
        case .failed(let problem, _):
            diagnostics.warning(
                "the example is not JSON (\(problem.message), at its line \(problem.location.line), column "
                    + "\(problem.location.column)); it is not the event's sample",
                at: written.location
            )
            return nil
        }
    }

    /// Whether the document's webhooks are read: always, but with a filter only when the webhooks are generated
    /// (the config's flavours list `webhooks`), so that a filtered client keeps no models for them.
    var readsWebhooks: Bool {
        guard config?.filter != nil else { return true }
        return config?.flavours?.contains { $0.value == "webhooks" } ?? false
    }

    /// The one value the property `key` of `schema` (followed through `$ref` and `allOf`) may take: its `const`,
    /// or an `enum` of one value.
    private mutating func onlyValue(of key: String, in schema: YAMLValue, depth: Int = 0) -> Located<String>? {
        guard depth < 8 else { return nil }
        if let reference = schema["$ref"] {
            return referencedSchema(reference).flatMap { onlyValue(of: key, in: $0, depth: depth + 1) }
        }
        if let property = schema["properties"]?[key] {
            let target = property["$ref"].flatMap(referencedSchema) ?? property
            if let constant = target["const"], let text = constant.scalarText { return constant.located(text) }
            if case .sequence(let values)? = target["enum"]?.kind, values.count == 1, let text = values[0].scalarText {
                return values[0].located(text)
            }
        }
        guard case .sequence(let parts)? = schema["allOf"]?.kind else { return nil }
        for part in parts {
            if let found = onlyValue(of: key, in: part, depth: depth + 1) { return found }
        }
        return nil
    }
}
