/// Resolves an endpoint's `stream:`: the same request answered as a stream when a field of its JSON body asks
/// for it (`"stream": true`, as LLM chat APIs do), a field of its form or multipart body, or a query parameter
/// (`?follow=true`, as log APIs do). It becomes a second endpoint, named `…Stream` unless `name` says otherwise,
/// which sends the field or parameter as a constant `true` and answers with the stream; the first endpoint
/// leaves it out, so the server answers in one piece.
extension ResolveContext {
    /// `endpoint`, and its stream variant when it has one.
    mutating func streamVariants(_ endpoint: RawEndpoint) -> [RawEndpoint] {
        guard let written = endpoint.stream, let answer = written.answer else { return [endpoint] }
        var plain = endpoint
        plain.stream = nil
        var stream = plain
        stream.name = written.name ?? Located("\(endpoint.name.value)Stream", at: written.location)
        stream.response = answer
        stream.responses = []
        stream.responsesLocation = nil
        stream.responseHeaders = []
        stream.responseHeadersLocation = nil
        stream.sample = written.sample
        stream.pages = nil
        if let query = written.query {
            // `?follow=true`: a query parameter that only the stream's method sends.
            if let declared = endpoint.query.first(where: { $0.key.value == query.value }) {
                diagnostics.error(
                    "`\(query.value)` is the stream's `query`: the stream's method sends it, the other leaves it out",
                    at: declared.key.location,
                    hint: "remove it from `query`"
                )
                return [plain]
            }
            stream.addedQueryItem = query
            stream.addedValue = written.value
            return [plain, stream]
        }
        guard let field = written.field else { return [plain, stream] }
        if case .type(let type) = endpoint.body {
            // A model: the stream method sends it with the field added, which only an object can take.
            let name = type.value.hasSuffix("?") ? String(type.value.dropLast()) : type.value
            guard let model = raw.models.first(where: { $0.name.value == name }), case .object = model.shape else {
                diagnostics.error(
                    "the stream's `field` is added to the endpoint's JSON body, and `\(type.value)` is not an object model",
                    at: field.location,
                    hint: "send an object model, or write the body as `body: {json: {…}}`"
                )
                return [plain]
            }
            stream.addedBodyField = field
            stream.addedValue = written.value
            return [plain, stream]
        }
        let fields: [RawField]
        let location: SourceLocation
        switch endpoint.body {
        case .json(let bodyFields, let at): (fields, location) = (bodyFields, at)
        case .form(let bodyFields, _), .multipart(let bodyFields, _):
            // A form field or a text part that the stream's method adds (OpenAI transcriptions' `stream`).
            guard !sendsItself(field, in: bodyFields) else { return [plain] }
            stream.addedBodyField = field
            stream.addedValue = written.value
            return [plain, stream]
        default:
            diagnostics.error(
                "the stream's `field` is sent in the endpoint's body, and `\(endpoint.name.value)` has no JSON, form or multipart body",
                at: field.location,
                hint:
                    "give it a body (`body: Model`, `body: {json: {…}}`, `{form: …}` or `{multipart: …}`), or remove `field`"
            )
            return [plain]
        }
        guard !sendsItself(field, in: fields) else { return [plain] }
        var constant = RawField(key: field)
        constant.constant = written.value ?? YAMLValueBox(value: YAMLValue(kind: .bool(true), location: field.location))
        constant.description = "Always `\(constant.constant?.value.jsonText ?? "true")`: asks for the stream."
        stream.body = .json(fields + [constant], location)
        return [plain, stream]
    }

    /// Whether the body lists the stream's `field` itself, an error: the stream's method sends it, the other
    /// leaves it out.
    private mutating func sendsItself(_ field: Located<String>, in fields: [RawField]) -> Bool {
        guard let other = fields.first(where: { $0.key.value == field.value }) else { return false }
        diagnostics.error(
            "`\(field.value)` is the stream's `field`: the stream's method sends it, the other leaves it out",
            at: other.key.location,
            hint: "remove it from the body"
        )
        return true
    }
}

extension ResolveContext {
    /// The `errorEvent` of a stream of server-sent events: the event whose data is one of the endpoint's
    /// documented error bodies, which ends the stream with a typed error.
    mutating func resolveStreamErrorEvent(_ raw: RawEndpoint, operation: Operation) -> String? {
        let end: RawStreamEnd
        switch raw.response {
        case .events(_, let written)?: end = written
        case .namedEvents(_, let written, _)?: end = written
        default: return nil
        }
        guard let event = end.errorEvent else { return nil }
        guard operation.errorBody != .none else {
            diagnostics.error(
                "the error event `\(event.value)` ends the stream with an error body, and `\(raw.name.value)` documents none",
                at: event.location,
                hint: "document the endpoint's error bodies under `errors`"
            )
            return nil
        }
        return event.value
    }
}
