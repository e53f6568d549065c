/// Endpoints as the operations of `paths`: parameters, request bodies, answers, error bodies, response
/// headers, samples as examples, and each endpoint's security requirement.
extension OpenAPIExporter {
    /// `paths`: an entry per path template, its operations in the spec's order. An endpoint's stream method
    /// (`stream:`) is the same operation, answering a stream as a second media type.
    mutating func paths() -> DocumentObject {
        var paths = DocumentObject()
        for operation in api.operations {
            let template = pathTemplate(operation)
            let method = operation.method.lowercased()
            var item: DocumentObject
            if case .object(let existing)? = paths[template] { item = existing } else { item = DocumentObject() }
            if case .object(var first)? = item[method] {
                guard operation.responseBody.streamElement != nil else {
                    note("`\(operation.specName)` is a second \(operation.method) \(template); it is left out")
                    continue
                }
                addStream(of: operation, to: &first)
                item[method] = .object(first)
            } else {
                item[method] = .object(self.operation(operation))
            }
            paths[template] = .object(item)
        }
        return paths
    }

    /// The path template with the parameters' wire names: `/countries/{name}`.
    func pathTemplate(_ operation: Operation) -> String {
        operation.path.map { part in
            switch part {
            case .literal(let text): text
            case .parameter(let name):
                "{" + (operation.parameters.first { $0.name == name }?.wireName ?? name) + "}"
            }
        }
        .joined()
    }

    /// One operation.
    func operation(_ operation: Operation) -> DocumentObject {
        var object = DocumentObject()
        object["operationId"] = .string(operation.specName)
        if let namespace = operation.namespace { object["tags"] = .array([.string(namespace)]) }
        if let description = operation.description { object["description"] = .string(description) }
        if operation.deprecation != nil { object["deprecated"] = .bool(true) }
        let parameters = operation.parameters.filter { $0.location != .body }.map { DocumentNode.object(parameter($0)) }
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body = requestBody(operation) { object["requestBody"] = .object(body) }
        object["responses"] = .object(responses(operation))
        if let security = security(of: operation) { object["security"] = security }
        if let server = operation.server, let found = api.servers.first(where: { $0.name == server }) {
            var entry = self.server(found.template, description: found.description)
            var name = DocumentObject()
            name["name"] = .string(found.name)
            Self.adding(name, to: &entry)
            object["servers"] = .array([.object(entry)])
        }
        var format = Self.deprecationEntries(operation.deprecation)
        // The loader names an operation after its id as a Swift name; a spec's name of another form is said.
        if SwiftName.memberName(operation.specName) != operation.specName {
            format["name"] = .string(operation.specName)
        }
        if let namespace = operation.namespace { format["namespace"] = .string(namespace) }
        if Self.answersWouldBeFlattened(operation) { format["keepAnswers"] = .bool(true) }
        if let pagination = operation.pagination {
            format["pages"] = .object(pages(pagination, response: operation.response))
        } else if operation.method == "get",
            operation.responseHeaders?.headers.contains(where: { $0.wireName.lowercased() == "link" }) == true
        {
            // Not paged, though OpenAPI's `Link` header on a list would say so to `specsmith`.
            format["pages"] = .bool(false)
        }
        Self.adding(format, to: &object)
        return object
    }

    /// A path, query, header or cookie parameter.
    func parameter(_ parameter: Parameter) -> DocumentObject {
        var object = DocumentObject()
        object["name"] = .string(parameter.wireName)
        let place: String =
            switch parameter.location {
            case .path: "path"
            case .query, .body: "query"
            case .header: "header"
            case .cookie: "cookie"
            }
        object["in"] = .string(place)
        if let description = parameter.description { object["description"] = .string(description) }
        if parameter.location == .path || parameter.isRequired {
            object["required"] = .bool(true)
        }
        if parameter.deprecation != nil { object["deprecated"] = .bool(true) }
        var format = fieldEntries(
            name: parameter.name,
            key: parameter.wireName,
            type: parameter.type,
            dates: parameter.dates
        )
        if parameter.isObject {
            object["style"] = "deepObject"
            object["explode"] = .bool(true)
        } else if let separator = parameter.separator {
            switch separator {
            case " ": object["style"] = "spaceDelimited"
            case "|": object["style"] = "pipeDelimited"
            case ",": break
            default: format["separator"] = .string(separator)  // OpenAPI has no other
            }
            object["explode"] = .bool(false)
        }
        var schema = self.schema(parameter.type, dates: parameter.dates) ?? DocumentObject()
        if let defaultValue = defaultNode(parameter.defaultValue, of: parameter.type) {
            schema["default"] = defaultValue
        }
        object["schema"] = .object(schema)
        for entry in Self.deprecationEntries(parameter.deprecation).entries { format[entry.key] = entry.value }
        Self.adding(format, to: &object)
        return object
    }

    /// The request body, or `nil` for none.
    func requestBody(_ operation: Operation) -> DocumentObject? {
        guard let body = operation.body else { return nil }
        let parameters = Dictionary(operation.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var object = DocumentObject()
        var content = DocumentObject()
        var required = true
        switch body {
        case .value(let name, let contentType):
            guard let parameter = parameters[name] else { return nil }
            required = !parameter.type.isOptional
            content[contentType ?? "application/json"] = media(schema(parameter.type) ?? DocumentObject())
        case .fields(let model, _, let contentType):
            guard let found = api.models.first(where: { $0.name == model }) else { return nil }
            var schema = self.schema(of: found)
            schema["description"] = nil
            content[contentType ?? "application/json"] = media(schema)
            object[Self.formatKey] = .object(Self.bodyEntries("json"))
        case .form(let names):
            let fields = names.compactMap { parameters[$0] }
            var form = DocumentObject()
            form["schema"] = .object(fieldsSchema(fields))
            // Objects in brackets: `card[number]=…`, `items[0][price]=…`.
            var encoding = DocumentObject()
            for field in fields where field.isObject {
                var style = DocumentObject()
                style["style"] = "deepObject"
                style["explode"] = .bool(true)
                encoding[field.wireName] = .object(style)
            }
            if !encoding.isEmpty { form["encoding"] = .object(encoding) }
            content["application/x-www-form-urlencoded"] = .object(form)
            required = fields.contains(where: \.isRequired)
        case .binary(let name, let contentType), .file(let name, let contentType):
            required = parameters[name].map { !$0.type.isOptional } ?? true
            content[contentType] = media(Self.bytesSchema)
            if case .file = body { object[Self.formatKey] = .object(Self.bodyEntries("file")) }
        case .multipart(let parts):
            let fields = parts.compactMap { parameters[$0.parameter] }
            required = fields.contains(where: \.isRequired)
            var schema = fieldsSchema(fields, files: parts)
            schema["type"] = "object"
            var encoding = DocumentObject()
            for part in parts where part.kind == .json {
                var entry = DocumentObject()
                entry["contentType"] = "application/json"
                encoding[part.wireName] = .object(entry)
            }
            var entry = DocumentObject()
            entry["schema"] = .object(schema)
            if !encoding.isEmpty { entry["encoding"] = .object(encoding) }
            content["multipart/form-data"] = .object(entry)
        }
        object["content"] = .object(content)
        if required { object["required"] = .bool(true) }
        return object
    }

    /// `{body: kind}`: a JSON body whose properties are the method's parameters (`json`), or a body read from a
    /// file (`file`), as the format writes them.
    static func bodyEntries(_ kind: String) -> DocumentObject {
        var entries = DocumentObject()
        entries["body"] = .string(kind)
        return entries
    }

    /// `string` of `binary` format: bytes as they are.
    static var bytesSchema: DocumentObject {
        var schema = DocumentObject()
        schema["type"] = "string"
        schema["format"] = "binary"
        return schema
    }

    /// An object of `parameters` by wire name, for a form or multipart body; `files` says which parts are files.
    func fieldsSchema(_ parameters: [Parameter], files parts: [Operation.MultipartPart] = []) -> DocumentObject {
        var schema = DocumentObject()
        schema["type"] = "object"
        var properties = DocumentObject()
        var required: [DocumentNode] = []
        for parameter in parameters {
            var property: DocumentObject
            if parts.first(where: { $0.parameter == parameter.name })?.kind == .file {
                if case .array = parameter.type.unwrapped {
                    property = DocumentObject()
                    property["type"] = "array"
                    property["items"] = .object(Self.bytesSchema)
                } else {
                    property = Self.bytesSchema
                }
            } else {
                property = self.schema(parameter.type, dates: parameter.dates) ?? DocumentObject()
            }
            if let description = parameter.description { property["description"] = .string(description) }
            if let defaultValue = defaultNode(parameter.defaultValue, of: parameter.type) {
                property["default"] = defaultValue
            }
            var format = fieldEntries(
                name: parameter.name,
                key: parameter.wireName,
                type: parameter.type,
                dates: parameter.dates
            )
            let isRequired = parameter.isRequired
            if isRequired && parameter.type.isArray {
                // An empty list is no field at all in a form: not required, yet not optional in Swift.
                format["type"] = .string(Self.formatTypeText(parameter.type))
            } else if isRequired {
                required.append(.string(parameter.wireName))
            }
            Self.adding(format, to: &property)
            properties[parameter.wireName] = .object(property)
        }
        schema["properties"] = .object(properties)
        if !required.isEmpty { schema["required"] = .array(required) }
        return schema
    }

    /// A media type object of `schema`.
    func media(_ schema: DocumentObject, example: String? = nil) -> DocumentNode {
        var object = DocumentObject()
        object["schema"] = .object(schema)
        if let example, let node = Self.sampleNode(example) { object["example"] = node }
        return .object(object)
    }

    /// A sample's JSON text as a node; `nil` when it does not parse (it always does: the resolver checked it).
    static func sampleNode(_ json: String) -> DocumentNode? {
        var diagnostics = Diagnostics()
        return YAMLReader.read(json, file: "sample", diagnostics: &diagnostics).map(DocumentNode.init)
    }

    /// Whether a reader of the document would make the operation's answers flatter than the spec has them (see
    /// `OpenAPIReader.readResponses`): a redirect, a `304` without a conditional header, or success statuses of
    /// one body. The document then says to keep them (`keepAnswers`).
    static func answersWouldBeFlattened(_ operation: Operation) -> Bool {
        guard let answers = operation.answers else { return false }
        let conditional = operation.parameters.contains {
            $0.location == .header && OpenAPIReader.conditionalHeaders.contains($0.wireName.lowercased())
        }
        let statuses = answers.cases.map(\.status)
        if statuses.contains(where: { OpenAPIReader.followedRedirects.contains($0) || ($0 == 304 && !conditional) }) {
            return true
        }
        guard statuses.allSatisfy({ (200..<300).contains($0) }), !statuses.contains(202) else { return false }
        return Set(answers.cases.map(\.body).filter { $0 != .none }).count <= 1
    }

    /// The answers and the documented error bodies, by status.
    func responses(_ operation: Operation) -> DocumentObject {
        var responses = DocumentObject()
        if let answers = operation.answers {
            for answer in answers.cases {
                var response = DocumentObject()
                response["description"] = .string(answer.description ?? Self.reasonPhrase(answer.status))
                if answer.name != ResolveContext.answerNames[answer.status] {
                    var format = DocumentObject()
                    format["name"] = .string(answer.name)
                    Self.adding(format, to: &response)
                }
                if let content = content(answer.body, sample: nil) { response["content"] = .object(content) }
                responses[String(answer.status)] = .object(response)
            }
            if let headers = responseHeaders(operation),
                let success = answers.cases.first(where: { (200..<300).contains($0.status) }),
                case .object(var response)? = responses[String(success.status)]
            {
                response["headers"] = .object(headers)
                responses[String(success.status)] = .object(response)
            }
        } else {
            let status = operation.successStatus ?? (operation.responseBody == .none ? 204 : 200)
            var body = operation.responseBody
            // `response: Note?`: the note, or an answer without a body, which the loader reads back as `Note?`.
            // (An answer that may be `null` is exported as a nullable schema, which reads back the same.)
            let orNoContent: Bool
            if case .json(.optional(let wrapped)) = body, !operation.answerMayBeNull {
                body = .json(wrapped)
                orNoContent = true
            } else {
                orNoContent = false
            }
            var response = DocumentObject()
            response["description"] = .string(Self.reasonPhrase(status))
            if let headers = responseHeaders(operation) { response["headers"] = .object(headers) }
            if let content = content(
                body,
                sample: operation.sample,
                errors: streamErrors(operation)
            ) {
                response["content"] = .object(content)
            }
            responses[String(status)] = .object(response)
            if orNoContent {
                var none = DocumentObject()
                none["description"] = .string(Self.reasonPhrase(204))
                responses["204"] = .object(none)
            }
        }
        for error in operation.errors {
            let key: String
            switch error.pattern {
            case .status(let status): key = String(status)
            case .statusClass(let digit): key = "\(digit)XX"
            }
            guard responses[key] == nil else { continue }
            var response = DocumentObject()
            let description: String =
                if case .status(let status) = error.pattern { Self.reasonPhrase(status) } else { "An error." }
            response["description"] = .string(description)
            var content = DocumentObject()
            content["application/json"] = media(schema(error.type) ?? DocumentObject())
            response["content"] = .object(content)
            responses[key] = .object(response)
        }
        return responses
    }

    /// The media types of an answer's body; `nil` for none.
    /// The schema of an endpoint's documented error bodies, which its stream's error event carries as its data:
    /// the one type, or any of them.
    func errorBodySchema(_ operation: Operation) -> DocumentObject {
        var types: [TypeRef] = []
        for error in operation.errors where !types.contains(error.type) { types.append(error.type) }
        let schemas = types.compactMap { schema($0) }
        guard schemas.count > 1 else { return schemas.first ?? DocumentObject() }
        var any = DocumentObject()
        any["anyOf"] = .array(schemas.map { .object($0) })
        return any
    }

    /// How a stream says it failed, for its schema: its error event's name, the key of its values that are
    /// errors, and the schema of the error body they carry.
    struct StreamErrors {
        /// `errorEvent`: the event whose data is an error body.
        var event: String?
        /// `errorKey`: the key that makes a value an error body.
        var key: String?
        /// The schema of the error body.
        var data: DocumentObject
    }

    /// How `operation`'s stream says it failed; `nil` when it does not.
    func streamErrors(_ operation: Operation) -> StreamErrors? {
        guard operation.streamErrorEvent != nil || operation.streamErrorKey != nil else { return nil }
        return StreamErrors(
            event: operation.streamErrorEvent,
            key: operation.streamErrorKey,
            data: errorBodySchema(operation)
        )
    }

    /// The content of an answer; a stream's error event (its name and the schema of its data) is one of the
    /// stream's events, and the error body that a value with the stream's error key is, one of its values.
    func content(
        _ body: Operation.AnswerBody,
        sample: String?,
        errors: StreamErrors? = nil
    ) -> DocumentObject? {
        let errorEvent = errors.flatMap { errors in errors.event.map { (name: $0, data: errors.data) } }
        // A value that is an error body: unnamed, beside the values.
        let errorValue = errors?.key == nil ? nil : errors?.data
        var content = DocumentObject()
        switch body {
        case .none: return nil
        case .json(let type): content["application/json"] = media(schema(type) ?? DocumentObject(), example: sample)
        case .bytes(let accept):
            var media = DocumentObject()
            media["schema"] = .object(Self.bytesSchema)
            // Bytes of a `text/…` type, which the loader would read as text.
            if accept.lowercased().hasPrefix("text/") {
                var format = DocumentObject()
                format["binary"] = .string(accept)
                Self.adding(format, to: &media)
            }
            content[accept] = .object(media)
        case .file(let accept):
            var media = DocumentObject()
            media["schema"] = .object(Self.bytesSchema)
            var format = DocumentObject()
            format["file"] = .string(accept)
            Self.adding(format, to: &media)
            content[accept] = .object(media)
        case .text(let accept):
            var media = DocumentObject()
            var schema = DocumentObject()
            schema["type"] = "string"
            media["schema"] = .object(schema)
            // Text of another type than `text/…`, which the loader would read as bytes.
            if !accept.lowercased().hasPrefix("text/") {
                var format = DocumentObject()
                format["text"] = .string(accept)
                Self.adding(format, to: &media)
            }
            content[accept] = .object(media)
        case .events(let element, let terminator):
            var data = schema(element) ?? DocumentObject()
            if let errorValue { data = Self.either(data, errorValue) }
            var events = Self.eventSchema(data: data, name: nil, terminator: terminator)
            if let errorEvent {
                // The values' events are unnamed (`message`); the error event is named.
                events = Self.either(events, Self.eventSchema(data: errorEvent.data, name: errorEvent.name))
            }
            content["text/event-stream"] = streamMedia(
                events,
                format: Self.streamEntries(body, errors: errors),
                example: sample
            )
        case .jsonLines(let element):
            var line = schema(element) ?? DocumentObject()
            if let errorValue { line = Self.either(line, errorValue) }
            content["application/x-ndjson"] = streamMedia(
                line,
                format: errors == nil ? DocumentObject() : Self.streamEntries(body, errors: errors),
                example: sample
            )
        case .namedEvents(let union, let terminator):
            var schema = DocumentObject()
            schema["anyOf"] = .array(
                union.cases.map { .object(Self.eventSchema(data: self.schema($0.type), name: $0.event)) }
                    + (terminator.map { [.object(Self.eventSchema(data: nil, name: nil, terminator: $0))] } ?? [])
                    + (errorEvent.map { [.object(Self.eventSchema(data: $0.data, name: $0.name))] } ?? [])
                    + (errorValue.map { [.object(Self.eventSchema(data: $0, name: nil))] } ?? [])
            )
            content["text/event-stream"] = streamMedia(
                schema,
                format: Self.streamEntries(body, errors: errors),
                example: sample
            )
        }
        return content
    }

    /// `{anyOf: [one, other]}`.
    static func either(_ one: DocumentObject, _ other: DocumentObject) -> DocumentObject {
        var either = DocumentObject()
        either["anyOf"] = .array([.object(one), .object(other)])
        return either
    }

    /// The schema of a server-sent event whose data is JSON of `data` (`nil` for data that is ignored), named
    /// `name` when given: the event itself, as OpenAPI 3.2 and HTTP fuzzers read an event stream's schema,
    /// with the data's schema as its `contentSchema`. The stream's `terminator` (`[DONE]`), which is no JSON,
    /// is the other alternative of the data (a fuzzer that reads `contentSchema` would refuse it otherwise); an
    /// event of only the terminator (`data` `nil`, no name) is the terminator's own event.
    static func eventSchema(data: DocumentObject?, name: String?, terminator: String? = nil) -> DocumentObject {
        var properties = DocumentObject()
        if let name {
            var event = DocumentObject()
            event["const"] = .string(name)
            properties["event"] = .object(event)
        }
        var payload = DocumentObject()
        payload["type"] = "string"
        if let data {
            payload["contentMediaType"] = "application/json"
            payload["contentSchema"] = .object(data)
        }
        if let terminator {
            var end = DocumentObject()
            end["const"] = .string(terminator)
            if data == nil && name == nil {
                payload = end
            } else {
                var either = DocumentObject()
                either["anyOf"] = .array([.object(payload), .object(end)])
                payload = either
            }
        }
        properties["data"] = .object(payload)
        var schema = DocumentObject()
        schema["type"] = "object"
        schema["properties"] = .object(properties)
        if name != nil { schema["required"] = .array(["event"]) }
        return schema
    }

    /// A stream's media type: the schema of each value, the sample as the stream sends it, and what the
    /// format says of it.
    private func streamMedia(_ schema: DocumentObject, format: DocumentObject, example: String?) -> DocumentNode {
        var object = DocumentObject()
        object["schema"] = .object(schema)
        if let example { object["example"] = .string(example) }
        Self.adding(format, to: &object)
        return .object(object)
    }

    /// A stream of server-sent events as the format writes it: `{events: Chunk, terminator: "[DONE]"}`, or
    /// `{events: {message_start: {type: MessageStart}, …}}` for events of several kinds; JSON Lines as
    /// `{jsonLines: Line}`.
    static func streamEntries(_ body: Operation.AnswerBody, errors: StreamErrors? = nil) -> DocumentObject {
        var entries = DocumentObject()
        switch body {
        case .events(let element, let terminator):
            entries["events"] = .string(formatTypeText(element))
            if let terminator { entries["terminator"] = .string(terminator) }
        case .namedEvents(let union, let terminator):
            var events = DocumentObject()
            for event in union.cases {
                var entry = DocumentObject()
                entry["type"] = .string(formatTypeText(event.type))
                if event.name != SwiftName.memberName(event.event) { entry["swiftName"] = .string(event.name) }
                if let description = event.description { entry["description"] = .string(description) }
                events[event.event] = .object(entry)
            }
            entries["events"] = .object(events)
            if let terminator { entries["terminator"] = .string(terminator) }
        case .jsonLines(let element):
            entries["jsonLines"] = .string(formatTypeText(element))
        default: break
        }
        if let event = errors?.event { entries["errorEvent"] = .string(event) }
        if let key = errors?.key { entries["errorKey"] = .string(key) }
        return entries
    }

    /// Adds the stream method `variant` to the operation it is a variant of: its stream as a second media type
    /// of the success answer, and the body field that asks for it.
    mutating func addStream(of variant: Operation, to operation: inout DocumentObject) {
        guard case .object(var responses)? = operation["responses"],
            let key = responses.entries.first(where: { $0.key.hasPrefix("2") })?.key,
            case .object(var response)? = responses[key],
            let streamed = content(
                variant.responseBody,
                sample: variant.sample,
                errors: streamErrors(variant)
            )
        else { return }
        var content: DocumentObject
        if case .object(let existing)? = response["content"] { content = existing } else { content = DocumentObject() }
        for entry in streamed.entries { content[entry.key] = entry.value }
        response["content"] = .object(content)
        responses[key] = .object(response)
        operation["responses"] = .object(responses)
        var stream = DocumentObject()
        stream["name"] = .string(variant.specName)
        if let item = variant.addedQueryItem {
            stream["query"] = .string(item)
            stream["value"] = value(variant.addedValue)
            addStreamParameter(item, of: variant, to: &operation)
        } else if let field = variant.addedBodyField {
            stream["field"] = .string(field)
            stream["value"] = value(variant.addedValue)
            addStreamField(field, value: variant.addedValue, of: variant, to: &operation)
        } else if let constant = streamField(variant) {
            stream["field"] = .string(constant.key)
            stream["value"] = value(constant.value)
            addStreamField(constant.key, value: constant.value, of: variant, to: &operation)
        }
        for entry in Self.streamEntries(variant.responseBody, errors: streamErrors(variant)).entries {
            stream[entry.key] = entry.value
        }
        var format = DocumentObject()
        format["stream"] = .object(stream)
        Self.adding(format, to: &operation)
    }

    /// The query parameter that asks for a stream (`?follow=true`), listed with the operation's own parameters
    /// so that any reader of the document can send it; `specsmith` reads it back as the stream's `query`.
    private func addStreamParameter(_ name: String, of variant: Operation, to operation: inout DocumentObject) {
        var parameter = DocumentObject()
        parameter["name"] = .string(name)
        parameter["in"] = "query"
        var schema = DocumentObject()
        schema["type"] = Self.schemaType(of: variant.addedValue)
        schema["enum"] = .array([value(variant.addedValue)])
        parameter["description"] = .string(
            "Sent as `\(variant.addedValue.fieldText ?? "true")` for the answer as a stream (`\(variant.specName)`); left out for the other."
        )
        parameter["schema"] = .object(schema)
        var parameters: [DocumentNode] = []
        if case .array(let existing)? = operation["parameters"] { parameters = existing }
        parameters.append(.object(parameter))
        operation["parameters"] = .array(parameters)
    }

    /// The body field that asks for a stream (`"stream": true`), listed among the body's own properties (not
    /// required: the other method leaves it out), so that any reader of the document can send it; `specsmith`
    /// reads it back as the stream's `field`. A body that is a reference to a shared schema is left as it is.
    private func addStreamField(
        _ name: String,
        value sent: DefaultValue,
        of variant: Operation,
        to operation: inout DocumentObject
    ) {
        guard case .object(var body)? = operation["requestBody"], case .object(var content)? = body["content"]
        else { return }
        for entry in content.entries {
            guard case .object(var media) = entry.value, case .object(var schema)? = media["schema"],
                case .object(var properties)? = schema["properties"], properties[name] == nil
            else { continue }
            var property = DocumentObject()
            property["type"] = Self.schemaType(of: sent)
            property["description"] = .string(
                "`\(sent.fieldText ?? "true")` for the answer as a stream (`\(variant.specName)`); left out "
                    + "for the answer in one piece."
            )
            properties[name] = .object(property)
            schema["properties"] = .object(properties)
            media["schema"] = .object(schema)
            content[entry.key] = .object(media)
        }
        body["content"] = .object(content)
        operation["requestBody"] = .object(body)
    }

    /// The JSON Schema type of the value that asks for a stream: `true`, `sse` or a number.
    private static func schemaType(of value: DefaultValue) -> DocumentNode {
        switch value {
        case .int: "integer"
        case .string: "string"
        default: "boolean"
        }
    }

    /// The constant field of an inline body that asks for the stream, and its value.
    private func streamField(_ variant: Operation) -> (key: String, value: DefaultValue)? {
        guard case .fields(let model, _, _)? = variant.body,
            let found = api.models.first(where: { $0.name == model }), case .object(let properties) = found.shape,
            let property = properties.first(where: { $0.constant != nil }), let constant = property.constant
        else { return nil }
        return (property.key, constant)
    }

    /// The documented response headers, by name.
    func responseHeaders(_ operation: Operation) -> DocumentObject? {
        guard let headers = operation.responseHeaders else { return nil }
        var object = DocumentObject()
        for header in headers.headers {
            var entry = DocumentObject()
            if let description = header.description { entry["description"] = .string(description) }
            if !header.type.isOptional { entry["required"] = .bool(true) }
            var schema = DocumentObject()
            var format = fieldEntries(name: header.name, key: header.wireName, type: header.type, dates: header.dates)
            if case .model(let name) = header.type.unwrapped, !api.models.contains(where: { $0.name == name }) {
                schema["type"] = "string"  // the runtime's `Links`: the header's text
                format["type"] = .string("Links" + (header.type.isOptional ? "?" : ""))
            } else if header.type.unwrapped == .builtin(.date), header.dates == nil {
                schema["type"] = "string"  // an HTTP date
                format["type"] = .string(Self.formatTypeText(header.type))
            } else {
                schema = self.schema(header.type, dates: header.dates) ?? DocumentObject()
                format["type"] = .string(Self.formatTypeText(header.type))
            }
            entry["schema"] = .object(schema)
            Self.adding(format, to: &entry)
            object[header.wireName] = .object(entry)
        }
        return object
    }

    /// The pagination of a paged list, as the format writes it.
    func pages(_ pagination: Pagination, response: TypeRef) -> DocumentObject {
        var object = DocumentObject()
        func path(_ path: FieldPath, from start: TypeRef = response) -> DocumentNode {
            .string(api.keys(of: path, from: start).joined(separator: "."))
        }
        switch pagination.kind {
        case .link(let relation):
            object["by"] = "link"
            if relation != "next" { object["relation"] = .string(relation) }
        case .url(let next):
            object["by"] = "url"
            object["next"] = path(next)
        case .cursor(let cursor, let parameter):
            object["by"] = "cursor"
            object["cursor"] = path(cursor)
            object["parameter"] = .string(parameter)
        case .after(let parameter, let itemID, let hasMore):
            object["by"] = "after"
            object["parameter"] = .string(parameter)
            object["itemID"] = path(itemID, from: pagination.item)
            if let hasMore { object["hasMore"] = path(hasMore) }
        case .page(let parameter, let first, let size, let totalPages):
            object["by"] = "page"
            object["parameter"] = .string(parameter)
            object["first"] = .int(first)
            if let size { object["size"] = .string(size) }
            if let totalPages { object["totalPages"] = path(totalPages) }
        case .offset(let parameter, let size, let totalItems):
            object["by"] = "offset"
            object["parameter"] = .string(parameter)
            if let size { object["size"] = .string(size) }
            if let totalItems { object["totalItems"] = path(totalItems) }
        }
        if !pagination.items.steps.isEmpty { object["items"] = path(pagination.items) }
        return object
    }

    /// The reason phrase of a status, as a response's description.
    static func reasonPhrase(_ status: Int) -> String {
        HTTPStatus.reasonPhrase(status) ?? "Status \(status)."
    }
}
