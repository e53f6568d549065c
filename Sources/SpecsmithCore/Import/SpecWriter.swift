/// Writes a ``RawSpec`` as a spec in the format: what `specsmith import` makes of an OpenAPI document, for the
/// user to own and edit. Loading the text again gives the same spec, so generating from it gives the same
/// Swift as generating from the document.
///
/// Scalars that YAML could read as something else (`true`, `1.0`, `[String]`, `a: b`) are quoted in JSON's
/// style, which YAML reads as written; descriptions keep their Markdown.
public enum SpecWriter {
    /// The spec `raw` as YAML text, with a header comment naming `source`.
    public static func write(_ raw: RawSpec, source: String) -> String {
        var writer = YAMLTextWriter()
        writer.comment("Imported by specsmith from \(source).")
        writer.comment("Yours to edit: generating from it gives the same Swift as generating from the document.")
        writer.scalar("specsmith", "1", plain: true)
        if let name = raw.name { writer.scalar("name", name.value) }
        if let description = raw.description { writer.scalar("description", description) }
        if let version = raw.version { writer.scalar("version", version) }
        if let baseURL = raw.baseURL { writer.scalar("baseURL", baseURL.value) }
        // What the document's `x-specsmith` says of the client: its style, flavours, access, samples and dates.
        if let style = raw.style { writer.scalar("style", style.value) }
        if !raw.flavours.isEmpty { writer.list("flavours", raw.flavours.map(\.value)) }
        if let access = raw.access { writer.scalar("access", access.value) }
        if let samples = raw.samples { writer.scalar("samples", samples.value) }
        if let hashable = raw.hashable { writer.scalar("hashable", hashable.value ? "true" : "false", plain: true) }
        if let dates = raw.dates { writer.scalar("dates", dates.value) }
        if !raw.variables.isEmpty {
            writer.block("variables") { writer in
                for variable in raw.variables {
                    writer.block(variable.name.value) { writer in
                        if let value = variable.defaultValue { writer.scalar("default", value.value) }
                        if !variable.values.isEmpty { writer.list("enum", variable.values.map(\.value)) }
                        if let description = variable.description { writer.scalar("description", description) }
                    }
                }
            }
        }
        if !raw.servers.isEmpty {
            writer.block("servers") { writer in
                for server in raw.servers {
                    writer.block(server.name.value) { writer in
                        if let url = server.url { writer.scalar("url", url.value) }
                        if let description = server.description { writer.scalar("description", description) }
                    }
                }
            }
        }
        if !raw.headers.isEmpty || !raw.headerParameters.isEmpty {
            writer.block("headers") { writer in
                for header in raw.headers { writer.scalar(header.name.value, header.value.value) }
                for header in raw.headerParameters {
                    writer.block(header.name.value) { writer in writer.scalar("parameter", header.parameter.value) }
                }
            }
        }
        if let auth = raw.auth { write(auth, into: &writer) }
        if !raw.errors.isEmpty {
            writer.block("errors") { writer in
                for error in raw.errors { writer.scalar(error.status.value, error.type.value) }
            }
        }
        if !raw.models.isEmpty {
            writer.blankLine()
            writer.block("models") { writer in
                for (index, model) in raw.models.enumerated() {
                    if index > 0 { writer.blankLine() }
                    write(model, into: &writer)
                }
            }
        }
        if !raw.endpoints.isEmpty {
            writer.blankLine()
            writer.block("endpoints") { writer in
                for (index, endpoint) in raw.endpoints.enumerated() {
                    if index > 0 { writer.blankLine() }
                    write(endpoint, into: &writer)
                }
            }
        }
        if let webhooks = raw.webhooks, !webhooks.events.isEmpty {
            writer.blankLine()
            write(webhooks, into: &writer)
        }
        return writer.text
    }

    /// `webhooks:` with its signature, where events are named, and each event.
    private static func write(_ webhooks: RawWebhooks, into writer: inout YAMLTextWriter) {
        writer.block("webhooks") { writer in
            if let signature = webhooks.signature { writer.scalar("signature", signature.value) }
            if let tolerance = webhooks.tolerance { writer.scalar("tolerance", String(tolerance.value), plain: true) }
            if let key = webhooks.eventKey { writer.scalar("eventKey", key.value) }
            if let header = webhooks.eventHeader { writer.scalar("eventHeader", header.value) }
            writer.block("events") { writer in
                for event in webhooks.events {
                    writer.block(event.name.value) { writer in
                        if let body = event.body { writer.scalar("body", body.value) }
                        if let description = event.description { writer.scalar("description", description) }
                        if let deprecation = event.deprecated { write(deprecation, into: &writer) }
                        if let swiftName = event.swiftName { writer.scalar("swiftName", swiftName.value) }
                        if let route = event.route { writer.scalar("route", route.value) }
                        writeSample(event.sample.map { .inline($0) }, into: &writer)
                    }
                }
            }
        }
    }

    private static func write(_ auth: RawAuth, into writer: inout YAMLTextWriter) {
        writer.block("auth") { writer in
            if let scheme = auth.scheme { write(scheme, key: "scheme", into: &writer) }
            if auth.schemesLocation != nil {
                writer.block("schemes") { writer in
                    for (name, scheme) in auth.schemes { write(scheme, key: name.value, into: &writer) }
                }
            }
            if !auth.scopes.isEmpty {
                writer.block("scopes") { writer in
                    for scope in auth.scopes {
                        writer.block(scope.name.value) { writer in
                            if let scheme = scope.scheme { writer.scalar("scheme", scheme.value) }
                            if let description = scope.description { writer.scalar("description", description) }
                            if !scope.includes.isEmpty { writer.list("includes", scope.includes.map(\.value)) }
                        }
                    }
                }
            }
            if let scope = auth.defaultScope { writer.scalar("default", scope.value) }
        }
    }

    private static func write(_ scheme: RawAuthScheme, key: String, into writer: inout YAMLTextWriter) {
        writer.block(key) { writer in
            writer.scalar("type", scheme.type.value)
            if let header = scheme.header { writer.scalar("header", header.value) }
            if let prefix = scheme.prefix { writer.scalar("prefix", prefix.value) }
            if let name = scheme.name { writer.scalar("name", name.value) }
            if let location = scheme.location { writer.scalar("in", location.value) }
            if let url = scheme.tokenURL { writer.scalar("tokenURL", url.value) }
        }
    }

    private static func write(_ model: RawModel, into writer: inout YAMLTextWriter) {
        writer.block(model.name.value) { writer in
            if let description = model.description { writer.scalar("description", description) }
            if let deprecated = model.deprecated { write(deprecated, into: &writer) }
            if !model.includes.isEmpty { writer.list("includes", model.includes.map(\.value)) }
            switch model.shape {
            case .object(let fields):
                writer.block("properties") { writer in
                    for field in fields { write(field, into: &writer) }
                }
                if let extra = model.additionalProperties { writer.scalar("additionalProperties", extra.value) }
                if model.isClosed { writer.scalar("additionalProperties", "false", plain: true) }
            case .enumeration(let values):
                writer.line("enum:")
                writer.indented { writer in
                    for value in values {
                        if let name = value.name {
                            writer.line(YAMLTextWriter.quoted(name.value) + ": " + enumValue(value))
                        } else {
                            writer.line("- " + enumValue(value))
                        }
                    }
                }
                if model.isExtensible?.value == true { writer.scalar("extensible", "true", plain: true) }
            case .union(let union):
                writer.line("oneOf:")
                writer.indented { writer in
                    for alternative in union.alternatives {
                        if let name = alternative.name {
                            writer.line(
                                YAMLTextWriter.quoted(name.value) + ": " + YAMLTextWriter.quoted(alternative.type.value)
                            )
                        } else {
                            writer.line("- " + YAMLTextWriter.quoted(alternative.type.value))
                        }
                    }
                }
                if let discriminator = union.discriminator {
                    if union.mapping.isEmpty {
                        writer.scalar("discriminator", discriminator.value)
                    } else {
                        writer.block("discriminator") { writer in
                            writer.scalar("property", discriminator.value)
                            writer.block("mapping") { writer in
                                for (tag, model) in union.mapping { writer.scalar(tag.value, model.value) }
                            }
                        }
                    }
                }
                if let fallback = union.fallback {
                    writer.scalar("fallback", fallback.value ? "true" : "false", plain: true)
                }
                if let base = union.base { writer.scalar("base", base.value) }
            }
        }
    }

    private static func enumValue(_ value: RawEnumValue) -> String {
        value.isInteger ? value.value.value : YAMLTextWriter.quoted(value.value.value)
    }

    private static func write(_ deprecation: RawDeprecation, into writer: inout YAMLTextWriter) {
        if let message = deprecation.message {
            writer.scalar("deprecated", message)
        } else {
            writer.scalar("deprecated", "true", plain: true)
        }
    }

    /// `key: Type`, or a mapping when the field says more than its type.
    private static func write(_ field: RawField, into writer: inout YAMLTextWriter) {
        let simple =
            field.description == nil && field.defaultValue == nil && field.swiftName == nil && field.deprecated == nil
            && field.separator == nil && field.constant == nil && field.nullable == nil && field.dates == nil
            && field.readOnly == nil && field.writeOnly == nil
        if simple, let type = field.type {
            writer.scalar(field.key.value, type.value)
            return
        }
        writer.block(field.key.value) { writer in
            if let type = field.type { writer.scalar("type", type.value) }
            if let description = field.description { writer.scalar("description", description) }
            if let value = field.defaultValue { writer.scalar("default", value.value.jsonText, plain: true) }
            if let constant = field.constant { writer.scalar("const", constant.value.jsonText, plain: true) }
            if let swiftName = field.swiftName { writer.scalar("swiftName", swiftName.value) }
            if let deprecated = field.deprecated { write(deprecated, into: &writer) }
            if let separator = field.separator { writer.scalar("separator", separator.value) }
            if let nullable = field.nullable {
                writer.scalar("nullable", nullable.value ? "true" : "false", plain: true)
            }
            if let dates = field.dates { writer.scalar("dates", dates.value) }
            if let flag = field.readOnly { writer.scalar("readOnly", flag.value ? "true" : "false", plain: true) }
            if let flag = field.writeOnly { writer.scalar("writeOnly", flag.value ? "true" : "false", plain: true) }
        }
    }

    private static func write(_ endpoint: RawEndpoint, into writer: inout YAMLTextWriter) {
        writer.block(endpoint.name.value) { writer in
            if let description = endpoint.description { writer.scalar("description", description) }
            if let deprecated = endpoint.deprecated { write(deprecated, into: &writer) }
            if let namespace = endpoint.namespace { writer.scalar("namespace", namespace.value) }
            if let method = endpoint.method { writer.scalar("method", method.value) }
            if let path = endpoint.path { writer.scalar("path", path.value) }
            if let server = endpoint.server { writer.scalar("server", server.value) }
            if let alternatives = endpoint.scopeAlternatives {
                writer.list("scope", alternatives.map(\.value))
            } else if let scope = endpoint.scope {
                writer.scalar("scope", scope.value)
            }
            for (key, fields) in [
                ("pathParameters", endpoint.pathParameters), ("query", endpoint.query), ("headers", endpoint.headers),
                ("cookies", endpoint.cookies),
            ] where !fields.isEmpty {
                writer.block(key) { writer in
                    for field in fields { write(field, into: &writer) }
                }
            }
            if let body = endpoint.body { write(body, contentType: endpoint.bodyContentType, into: &writer) }
            if let response = endpoint.response { write(response, key: "response", into: &writer) }
            if !endpoint.responses.isEmpty {
                writer.block("responses") { writer in
                    for answer in endpoint.responses { write(answer, into: &writer) }
                }
            }
            if let stream = endpoint.stream, let answer = stream.answer {
                writer.block("stream") { writer in
                    if let field = stream.field { writer.scalar("field", field.value) }
                    if let query = stream.query { writer.scalar("query", query.value) }
                    if let value = stream.value {
                        switch value.value.kind {
                        case .string(let text): writer.scalar("value", text)
                        default: writer.scalar("value", value.value.jsonText, plain: true)
                        }
                    }
                    if let name = stream.name { writer.scalar("name", name.value) }
                    writeStream(answer, into: &writer)
                    writeSample(stream.sample, into: &writer)
                }
            }
            writeSample(endpoint.sample, into: &writer)
            if let pages = endpoint.pages {
                writer.block("pages") { writer in
                    for (key, value) in [
                        ("by", pages.by), ("items", pages.items), ("relation", pages.relation),
                        ("next", pages.next), ("cursor", pages.cursor), ("parameter", pages.parameter),
                        ("hasMore", pages.hasMore),
                        ("itemID", pages.itemID), ("size", pages.size), ("first", pages.first),
                        ("totalPages", pages.totalPages), ("totalItems", pages.totalItems),
                    ] {
                        if let value { writer.scalar(key, value.value) }
                    }
                }
            }
            if !endpoint.responseHeaders.isEmpty {
                writer.block("responseHeaders") { writer in
                    for field in endpoint.responseHeaders { write(field, into: &writer) }
                }
            }
            if !endpoint.errors.isEmpty {
                writer.block("errors") { writer in
                    for error in endpoint.errors { writer.scalar(error.status.value, error.type.value) }
                }
            }
        }
    }

    private static func write(
        _ body: RawEndpoint.Body,
        contentType: Located<String>?,
        into writer: inout YAMLTextWriter
    ) {
        switch body {
        case .type(let type):
            if let contentType {
                writer.block("body") { writer in
                    writer.scalar("json", type.value)
                    writer.scalar("contentType", contentType.value)
                }
            } else {
                writer.scalar("body", type.value)
            }
        case .json(let fields, _), .form(let fields, _), .multipart(let fields, _):
            let key: String
            switch body {
            case .json: key = "json"
            case .form: key = "form"
            default: key = "multipart"
            }
            writer.block("body") { writer in
                writer.block(key) { writer in
                    for field in fields { write(field, into: &writer) }
                }
                if let contentType, key == "json" { writer.scalar("contentType", contentType.value) }
            }
        case .binary(let mediaType):
            writer.block("body") { writer in writer.scalar("binary", mediaType.value) }
        case .file(let mediaType):
            writer.block("body") { writer in writer.scalar("file", mediaType.value) }
        }
    }

    private static func write(_ body: RawAnswerBody, key: String, into writer: inout YAMLTextWriter) {
        switch body {
        case .type(let type): writer.scalar(key, type.value)
        case .binary(let media): writer.block(key) { writer in writer.scalar("binary", media.value) }
        case .text(let media): writer.block(key) { writer in writer.scalar("text", media.value) }
        case .file(let media): writer.block(key) { writer in writer.scalar("file", media.value) }
        case .events, .jsonLines, .namedEvents:
            writer.block(key) { writer in writeStream(body, into: &writer) }
        }
    }

    /// A stream's keys: `events` (a type, or a type per event name) or `jsonLines`, and how it ends.
    private static func writeStream(_ body: RawAnswerBody, into writer: inout YAMLTextWriter) {
        switch body {
        case .events(let type, let end):
            writer.scalar("events", type.value)
            write(end, into: &writer)
        case .jsonLines(let type, let end):
            writer.scalar("jsonLines", type.value)
            write(end, into: &writer)
        case .namedEvents(let events, let end, _):
            writer.block("events") { writer in
                for var event in events {
                    // An event with its case name and description; one whose data is ignored is `Void`.
                    event.type = event.type ?? Located("Void", at: event.key.location)
                    write(event, into: &writer)
                }
            }
            write(end, into: &writer)
        case .type, .binary, .text, .file: break  // No stream.
        }
    }

    /// `sample:` and the sample as YAML, which reads back as the same values; a `sampleFile` stays the file
    /// it names, beside the document.
    private static func writeSample(_ sample: RawEndpoint.Sample?, into writer: inout YAMLTextWriter) {
        switch sample {
        case .inline(let value)?:
            var entry = DocumentObject()
            entry["sample"] = DocumentNode(value.value)
            // Every line, the empty lines of a literal block too (empty, not indented).
            for line in DocumentNode.object(entry).yamlText.dropLast().split(
                separator: "\n",
                omittingEmptySubsequences: false
            ) {
                if line.isEmpty { writer.blankLine() } else { writer.line(String(line)) }
            }
        case .file(let path)?: writer.scalar("sampleFile", path.value)
        case nil: break
        }
    }

    private static func write(_ end: RawStreamEnd, into writer: inout YAMLTextWriter) {
        if let terminator = end.terminator { writer.scalar("terminator", terminator.value) }
        if let errorEvent = end.errorEvent { writer.scalar("errorEvent", errorEvent.value) }
        if let errorKey = end.errorKey { writer.scalar("errorKey", errorKey.value) }
    }

    private static func write(_ answer: RawAnswer, into writer: inout YAMLTextWriter) {
        guard answer.name != nil || answer.description != nil else {
            switch answer.body {
            case nil: writer.scalar(answer.status.value, "Void")
            case .type(let type)?: writer.scalar(answer.status.value, type.value)
            case let body?: write(body, key: answer.status.value, into: &writer)
            }
            return
        }
        writer.block(answer.status.value) { writer in
            switch answer.body {
            case nil: writer.scalar("type", "Void")
            case .type(let type)?: writer.scalar("type", type.value)
            case .binary(let media)?: writer.scalar("binary", media.value)
            case .text(let media)?: writer.scalar("text", media.value)
            case .file(let media)?: writer.scalar("file", media.value)
            case .events(let type, let end)?:
                writer.scalar("events", type.value)
                write(end, into: &writer)
            case .jsonLines(let type, let end)?:
                writer.scalar("jsonLines", type.value)
                write(end, into: &writer)
            case .namedEvents?: break  // A stream is never one of several answers.
            }
            if let name = answer.name { writer.scalar("name", name.value) }
            if let description = answer.description { writer.scalar("description", description) }
        }
    }
}

/// YAML text, a line at a time, two spaces per level.
struct YAMLTextWriter {
    private(set) var text = ""
    private var indentation = ""

    mutating func line(_ content: String) {
        text += indentation + content + "\n"
    }

    mutating func blankLine() {
        text += "\n"
    }

    mutating func comment(_ content: String) {
        line("# " + content)
    }

    mutating func indented(_ body: (inout YAMLTextWriter) -> Void) {
        let saved = indentation
        indentation += "  "
        body(&self)
        indentation = saved
    }

    /// `key: value`, the value quoted unless `plain` (numbers, flags, JSON written already).
    mutating func scalar(_ key: String, _ value: String, plain: Bool = false) {
        line(Self.quoted(key) + ": " + (plain ? value : Self.quoted(value)))
    }

    /// `key:` and the lines `body` writes below it.
    mutating func block(_ key: String, _ body: (inout YAMLTextWriter) -> Void) {
        line(Self.quoted(key) + ":")
        indented(body)
    }

    /// `key: [a, b]`, each quoted as needed.
    mutating func list(_ key: String, _ values: [String]) {
        line(Self.quoted(key) + ": [" + values.map(Self.quoted).joined(separator: ", ") + "]")
    }

    /// `text` as a YAML key or scalar that reads back as that string: plain when nothing in it means anything
    /// to YAML, otherwise double-quoted with JSON's escapes.
    static func quoted(_ text: String) -> String {
        isPlain(text) ? text : YAMLValue.portableString(text)
    }

    private static let plainCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./"
    )

    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" || first == "/" else { return false }
        guard text.allSatisfy({ plainCharacters.contains($0) }) else { return false }
        // Words YAML reads as something other than a string.
        let reserved: Set = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]
        return !reserved.contains(text.lowercased())
    }
}
