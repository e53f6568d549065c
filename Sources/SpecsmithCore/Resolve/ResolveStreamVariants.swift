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
        guard let event = raw.response?.streamEnd?.errorEvent else { return nil }
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

    /// The `errorKey` of a stream: the top-level key of one of the endpoint's documented error bodies that
    /// marks a value as that error, which ends the stream with a typed error. The values themselves must not
    /// have the key, or each would be taken for an error.
    mutating func resolveStreamErrorKey(_ raw: RawEndpoint, operation: Operation, models: [String: Model]) -> String? {
        guard let key = raw.response?.streamEnd?.errorKey else { return nil }
        /// The wire names of a model's properties; `nil` for a type that is no struct.
        func keys(of type: TypeRef) -> Set<String>? {
            guard case .model(let name) = type, case .object(let properties)? = models[name]?.shape else { return nil }
            return Set(properties.map(\.key))
        }
        guard operation.errorBody != .none else {
            diagnostics.error(
                "the error key `\(key.value)` marks a value as an error body, and `\(raw.name.value)` documents none",
                at: key.location,
                hint: "document the endpoint's error bodies under `errors`"
            )
            return nil
        }
        let errorTypes = operation.errors.map(\.type)
        guard errorTypes.contains(where: { keys(of: $0)?.contains(key.value) == true }) else {
            let names = Set(errorTypes.map { TranslationSupport.typeText($0) }).sorted().map { "`\($0)`" }
            var known: [String] = []
            for type in errorTypes { known += (keys(of: type) ?? []).sorted().filter { !known.contains($0) } }
            diagnostics.error(
                "the error key `\(key.value)` is no property of the error body (\(names.joined(separator: ", ")))",
                at: key.location,
                hint: known.isEmpty
                    ? "the key is a property of an error body that is a model"
                    : "name the property whose presence makes a value an error: "
                        + known.map { "`\($0)`" }.joined(separator: ", ")
            )
            return nil
        }
        let valueTypes: [TypeRef]
        switch operation.responseBody {
        case .events(let element, _), .jsonLines(let element): valueTypes = [element]
        case .namedEvents(let union, _): valueTypes = union.cases.map(\.type)
        default: valueTypes = []
        }
        if let value = valueTypes.first(where: { keys(of: $0)?.contains(key.value) == true }) {
            diagnostics.error(
                "the stream's values (`\(TranslationSupport.typeText(value))`) have the key `\(key.value)` too, so each would be taken for an error",
                at: key.location,
                hint: "name a key only the error body has"
            )
            return nil
        }
        return key.value
    }
}
