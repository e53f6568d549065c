/// The load stage: YAML text → ``RawSpec``, reporting YAML errors, unknown keys and values of the wrong kind.
public enum SpecLoader {
    /// Reads `text`, the contents of the spec at `file`. Returns `nil` only when the YAML itself is unreadable;
    /// otherwise returns what could be read, with problems in `diagnostics`.
    ///
    /// An OpenAPI document goes to the OpenAPI loader, which takes `config`'s options for OpenAPI input
    /// (`name`, `namespaces`, `filter`, `rename`); for a spec in the format, they are errors at their place.
    /// `readFile` reads the other files an OpenAPI document refers to, by path relative to its folder.
    public static func load(
        _ text: String,
        file: String,
        config: RawConfig? = nil,
        readFile: ((String) -> String?)? = nil,
        diagnostics: inout Diagnostics
    ) -> RawSpec? {
        guard let root = YAMLReader.read(text, file: file, diagnostics: &diagnostics) else { return nil }
        if OpenAPILoader.isOpenAPI(root) {
            return OpenAPILoader.load(root, file: file, config: config, readFile: readFile, diagnostics: &diagnostics)
        }
        for option in [config?.name, config?.namespaces].compactMap({ $0 }) {
            diagnostics.error(
                "this option is for OpenAPI documents; a spec says it itself",
                at: option.location,
                hint: "remove it from the config"
            )
        }
        if let filter = config?.filter {
            diagnostics.error(
                "`filter` is for OpenAPI documents; a spec lists the endpoints it has",
                at: filter.location,
                hint: "remove it from the config"
            )
        }
        if let renames = config?.renames {
            diagnostics.error(
                "`rename` is for OpenAPI documents; rename in the spec itself",
                at: renames.location,
                hint: "remove it from the config"
            )
        }
        if let tolerate = config?.tolerate.first {
            diagnostics.error(
                "`tolerate` is for OpenAPI documents, whose APIs send otherwise than they say; a spec says its types",
                at: tolerate.kind.location,
                hint: "remove it from the config"
            )
        }
        if let pages = config?.pages.first {
            diagnostics.error(
                "`pages` is for OpenAPI documents; a spec's endpoint says how it pages",
                at: pages.operation.location,
                hint: "write `pages:` on the endpoint in the spec, and remove it from the config"
            )
        }
        if let webhooks = config?.webhooks {
            diagnostics.error(
                "the config's `webhooks` is for OpenAPI documents; a spec says how its webhooks are signed and named",
                at: webhooks.location,
                hint: "write it under the spec's own `webhooks:`, and remove it from the config"
            )
        }
        var reader = FormatReader(diagnostics: diagnostics)
        let spec = reader.spec(root, file: file)
        diagnostics = reader.diagnostics
        return spec
    }

    /// Reads `text`, the contents of a `specsmith-config.yaml` at `file`: the generation options a package
    /// sets for the specs in its folder. Returns `nil` only when the YAML itself is unreadable.
    public static func loadConfig(_ text: String, file: String, diagnostics: inout Diagnostics) -> RawConfig? {
        guard let root = YAMLReader.read(text, file: file, diagnostics: &diagnostics, allowEmpty: true) else {
            return nil
        }
        var reader = FormatReader(diagnostics: diagnostics)
        let config = reader.config(root)
        diagnostics = reader.diagnostics
        return config
    }
}

/// Keys each mapping of the format accepts, also the candidates for "did you mean …?".
enum SpecKeys {
    static let top = [
        "specsmith", "name", "description", "version", "baseURL", "headers", "style", "access", "flavours", "dates",
        "samples", "hashable",
        "auth", "errors", "models", "endpoints", "variables", "servers", "webhooks",
    ]
    static let webhooks = ["signature", "tolerance", "eventKey", "eventHeader", "events"]
    static let webhookEvent = ["body", "description", "deprecated", "swiftName", "sample", "route"]
    static let variable = ["default", "enum", "description"]
    static let server = ["url", "description"]
    static let config = [
        "style", "access", "flavours", "samples", "dates", "name", "namespaces", "filter", "rename", "pages",
        "tolerate", "webhooks", "errors", "headers", "hashable",
    ]
    static let headerParameter = ["parameter"]
    static let configErrors = ["default"]
    static let tolerate = ["numbersAsText", "emptyTextAsAbsent", "missingOrNull"]
    static let filter = ["operations", "tags", "paths", "depth", "keep", "cut"]
    static let rename = ["schemas", "operations", "properties"]
    static let auth = ["scheme", "schemes", "scopes", "default"]
    static let scheme = ["type", "header", "prefix", "name", "in", "tokenURL"]
    static let scope = ["description", "includes", "scheme"]
    static let objectModel = ["description", "deprecated", "includes", "properties", "additionalProperties"]
    static let enumModel = ["description", "deprecated", "enum", "extensible"]
    static let unionModel = ["description", "deprecated", "oneOf", "discriminator", "fallback", "base"]
    static let discriminator = ["property", "mapping"]
    static let parameter = ["type", "description", "default", "swiftName", "deprecated", "dates"]
    static let property = parameter + ["const", "nullable", "readOnly", "writeOnly"]
    static let queryParameter = parameter + ["separator"]
    static let endpoint = [
        "method", "path", "description", "deprecated", "namespace", "pathParameters", "query", "headers", "cookies",
        "body", "response", "responses", "responseHeaders", "sample", "sampleFile", "scope", "errors",
        "server", "stream", "pages",
    ]
    static let pages = [
        "by", "items", "relation", "next", "cursor", "parameter", "hasMore", "itemID", "size", "first",
        "totalPages", "totalItems",
    ]
    static let streamVariant = [
        "field", "query", "value", "name", "events", "terminator", "errorEvent", "errorKey", "jsonLines", "sample",
        "sampleFile",
    ]
    static let eventCase = ["type", "description", "swiftName"]
    static let body = ["json", "form", "binary", "file", "multipart", "contentType"]
    static let answerBody = [
        "type", "binary", "text", "file", "events", "terminator", "errorEvent", "errorKey", "jsonLines",
    ]
    static let answer = answerBody + ["name", "description"]
    static let responseHeader = ["type", "description", "swiftName", "dates"]
    /// What an OpenAPI document's `x-specsmith` says of the document, of a field, of an operation.
    static let documentFormat = [
        "style", "access", "flavours", "dates", "headers", "endpoints", "scopes", "webhooks", "hashable",
    ]
    static let fieldFormat = ["type", "swiftName", "dates", "separator", "deprecated", "const", "nullable"]
    static let modelFormat = ["name", "deprecated", "oneOf", "enum", "fallback"]
    static let operationFormat = ["pages", "stream", "deprecated", "namespace", "name", "keepAnswers"]
}

/// Walks the YAML tree, collecting diagnostics as it goes.
struct FormatReader {
    var diagnostics: Diagnostics

    mutating func spec(_ root: YAMLValue, file: String) -> RawSpec {
        var spec = RawSpec(file: file, location: root.location)
        guard let entries = mapping(root, what: "the spec") else { return spec }
        if !entries.contains(where: { $0.key.value == "name" }) {
            diagnostics.error("the spec needs a `name`", at: root.location, hint: "add `name: MyAPI`")
        }
        if !entries.contains(where: { $0.key.value == "baseURL" }) {
            diagnostics.error(
                "the spec needs a `baseURL`",
                at: root.location,
                hint: "add `baseURL: https://api.example.com/v1`"
            )
        }
        for entry in entries {
            let value = entry.value
            switch entry.key.value {
            case "specsmith":
                if case .int(let version) = value.kind {
                    spec.formatVersion = Located(version, at: value.location)
                } else {
                    mismatch(value, expected: "the format version number, 1", key: "specsmith")
                }
            case "name": spec.name = string(value, key: "name")
            case "description": spec.description = string(value, key: "description")?.value
            case "version": spec.version = scalarText(value, key: "version")?.value
            case "baseURL": spec.baseURL = string(value, key: "baseURL")
            case "style": spec.style = string(value, key: "style")
            case "samples": spec.samples = string(value, key: "samples")
            case "hashable": spec.hashable = flag(value, key: "hashable")
            case "access": spec.access = string(value, key: "access")
            case "flavours": spec.flavours = flavours(value) ?? []
            case "dates": spec.dates = string(value, key: "dates")
            case "headers":
                let (fixed, parameters) = headers(value)
                spec.headers = fixed
                spec.headerParameters = parameters
            case "auth": spec.auth = auth(value)
            case "variables":
                for item in mapping(value, what: "`variables`") ?? [] {
                    spec.variables.append(variable(item))
                }
            case "servers":
                for item in mapping(value, what: "`servers`") ?? [] {
                    spec.servers.append(server(item))
                }
            case "errors": spec.errors = errors(value, spec: true)
            case "models":
                spec.models = (mapping(value, what: "`models`") ?? []).compactMap { model($0) }
            case "endpoints":
                spec.endpoints = (mapping(value, what: "`endpoints`") ?? []).compactMap { endpoint($0) }
            case "webhooks": spec.webhooks = webhooks(value)
            default:
                unknownKey(entry.key, allowed: SpecKeys.top, in: "the spec")
            }
        }
        return spec
    }

    mutating func config(_ root: YAMLValue) -> RawConfig {
        var config = RawConfig()
        for entry in mapping(root, what: "the config") ?? [] {
            let value = entry.value
            switch entry.key.value {
            case "style": config.style = string(value, key: "style")
            case "samples": config.samples = string(value, key: "samples")
            case "hashable": config.hashable = flag(value, key: "hashable")
            case "dates": config.dates = string(value, key: "dates")
            case "access": config.access = string(value, key: "access")
            case "flavours": config.flavours = flavours(value)
            case "name": config.name = string(value, key: "name")
            case "namespaces":
                config.namespaces = string(value, key: "namespaces")
                if let namespaces = config.namespaces, namespaces.value != "tags" {
                    diagnostics.error(
                        "`namespaces` can only be `tags`, not `\(namespaces.value)`",
                        at: namespaces.location,
                        hint: "write `namespaces: tags` to put each operation in the namespace of its first tag"
                    )
                }
            case "filter":
                var filter = RawFilter(location: value.location)
                for item in mapping(value, what: "`filter`") ?? [] {
                    if item.key.value == "depth" {
                        if case .int(let depth) = item.value.kind, depth >= 1 {
                            filter.depth = Located(depth, at: item.value.location)
                        } else {
                            diagnostics.error(
                                "`filter.depth` must be a whole number of at least 1",
                                at: item.value.location,
                                hint: "`depth: 2` generates the models of the kept operations and those their "
                                    + "properties refer to; further ones are `JSON`"
                            )
                        }
                        continue
                    }
                    let names: [Located<String>]
                    if case .sequence(let items) = item.value.kind {
                        names = items.compactMap { string($0, key: item.key.value) }
                    } else {
                        names = string(item.value, key: item.key.value).map { [$0] } ?? []
                    }
                    if ["operations", "tags", "paths"].contains(item.key.value) { filter.selectsOperations = true }
                    switch item.key.value {
                    case "operations": filter.operations = names
                    case "tags": filter.tags = names
                    case "paths": filter.paths = names
                    case "keep": filter.keep = names
                    case "cut": filter.cut = names
                    default: unknownKey(item.key, allowed: SpecKeys.filter, in: "`filter`")
                    }
                }
                config.filter = filter
            case "rename":
                var renames = RawRenames(location: value.location)
                for group in mapping(value, what: "`rename`") ?? [] {
                    let entries = (mapping(group.value, what: "`rename.\(group.key.value)`") ?? []).compactMap {
                        item -> RawRenames.Entry? in
                        string(item.value, key: item.key.value).map { RawRenames.Entry(from: item.key, to: $0) }
                    }
                    switch group.key.value {
                    case "schemas": renames.schemas = entries
                    case "operations": renames.operations = entries
                    case "properties": renames.properties = entries
                    default: unknownKey(group.key, allowed: SpecKeys.rename, in: "`rename`")
                    }
                }
                config.renames = renames
            case "tolerate":
                // `numbersAsText: [Price.amount, Usage]`, or `emptyTextAsAbsent: all`.
                for item in mapping(value, what: "`tolerate`") ?? [] {
                    let tolerance: Tolerance
                    switch item.key.value {
                    case "numbersAsText": tolerance = .numbersAsText
                    case "emptyTextAsAbsent": tolerance = .emptyTextAsAbsent
                    case "missingOrNull": tolerance = .missingOrNull
                    default:
                        unknownKey(item.key, allowed: SpecKeys.tolerate, in: "`tolerate`")
                        continue
                    }
                    if case .string("all") = item.value.kind {
                        config.tolerate.append((item.key, tolerance, nil))
                    } else if case .sequence(let names) = item.value.kind {
                        config.tolerate.append(
                            (item.key, tolerance, names.compactMap { string($0, key: item.key.value) })
                        )
                    } else {
                        mismatch(
                            item.value,
                            expected: "`all` or a list of `Schema` and `Schema.property`",
                            key: item.key.value
                        )
                    }
                }
            case "headers":
                (config.headers, config.headerParameters) = headers(value)
            case "errors":
                // `errors: {default: ErrorResponse}`: the error body of operations that document none.
                for item in mapping(value, what: "`errors`") ?? [] {
                    guard item.key.value == "default" else {
                        unknownKey(item.key, allowed: SpecKeys.configErrors, in: "`errors`")
                        continue
                    }
                    config.defaultErrors = string(item.value, key: item.key.value)
                }
            case "webhooks":
                config.webhooks = webhooks(value)
                if let events = config.webhooks?.events.first {
                    diagnostics.error(
                        "the config's `webhooks` says how deliveries are signed and named, not which events there are",
                        at: events.name.location,
                        hint: "the events are the document's"
                    )
                }
            case "pages":
                // `listWidgets: {by: url, items: widgets, next: next}`, or `listThings: false`.
                for item in mapping(value, what: "`pages`") ?? [] {
                    if case .bool(false) = item.value.kind {
                        config.pages.append((item.key, nil))
                    } else if let paging = paging(item) {
                        config.pages.append((item.key, paging))
                    }
                }
            default: unknownKey(entry.key, allowed: SpecKeys.config, in: "the config")
            }
        }
        return config
    }

    /// `flavours: [async, combine]`, or a single name.
    mutating func flavours(_ value: YAMLValue) -> [Located<String>]? {
        switch value.kind {
        case .string(let text): return [value.located(text)]
        case .sequence(let names): return names.compactMap { string($0, key: "flavours") }
        default:
            mismatch(value, expected: "a list of flavours, such as [async, combine]", key: "flavours")
            return nil
        }
    }

    mutating func model(_ entry: YAMLValue.Entry) -> RawModel? {
        guard let entries = mapping(entry.value, what: "model `\(entry.key.value)`") else { return nil }
        let isEnum = entries.contains { $0.key.value == "enum" }
        let isUnion = !isEnum && entries.contains { $0.key.value == "oneOf" }
        let allowed = isEnum ? SpecKeys.enumModel : isUnion ? SpecKeys.unionModel : SpecKeys.objectModel
        var model = RawModel(name: entry.key, shape: .object([]))
        var union = RawUnion(location: entry.key.location)
        var sawShape = false
        for item in entries {
            switch item.key.value {
            case "description": model.description = string(item.value, key: "description")?.value
            case "deprecated": model.deprecated = deprecation(item.value)
            case "properties" where !isEnum && !isUnion:
                sawShape = true
                model.shape = .object(fields(item.value, allowed: SpecKeys.property, what: "`properties`"))
            case "includes" where !isEnum && !isUnion:
                sawShape = true
                switch item.value.kind {
                case .string(let text): model.includes = [item.value.located(text)]
                case .sequence(let names): model.includes = names.compactMap { string($0, key: "includes") }
                default: mismatch(item.value, expected: "a model or a list of models", key: "includes")
                }
            case "additionalProperties" where !isEnum && !isUnion:
                if case .bool(false) = item.value.kind {
                    model.isClosed = true
                } else {
                    model.additionalProperties = string(item.value, key: "additionalProperties")
                }
            case "enum":
                sawShape = true
                model.shape = .enumeration(enumValues(item.value))
            case "extensible" where isEnum:
                model.isExtensible = flag(item.value, key: "extensible")
            case "oneOf" where isUnion:
                sawShape = true
                union.location = item.value.location
                union.alternatives = alternatives(item.value)
            case "discriminator" where isUnion: discriminator(item.value, into: &union)
            case "fallback" where isUnion:
                union.fallback = flag(item.value, key: "fallback")
            case "base" where isUnion:
                if let name = item.value.scalarText {
                    union.base = item.value.located(name)
                } else {
                    diagnostics.error(
                        "`base` names a model: the object whose properties every alternative has",
                        at: item.value.location
                    )
                }
            default:
                unknownKey(item.key, allowed: allowed, in: "model `\(entry.key.value)`")
            }
        }
        if isUnion { model.shape = .union(union) }
        if !sawShape {
            diagnostics.error(
                "model `\(entry.key.value)` needs `properties` or `includes` (a struct), `enum` (a list of values) or `oneOf` (a union)",
                at: entry.key.location
            )
        }
        return model
    }

    /// `enum: [open, closed]`, `enum: [1, 2]`, or `enum: {low: 1, high: 3}` (case names → values).
    mutating func enumValues(_ value: YAMLValue) -> [RawEnumValue] {
        switch value.kind {
        case .sequence(let items):
            return items.compactMap { item in
                enumValue(item).map { RawEnumValue(name: nil, value: $0.value, isInteger: $0.isInteger) }
            }
        case .mapping(let entries):
            return entries.compactMap { entry in
                enumValue(entry.value).map { RawEnumValue(name: entry.key, value: $0.value, isInteger: $0.isInteger) }
            }
        default:
            mismatch(value, expected: "a list of values, or a mapping of case names to values", key: "enum")
            return []
        }
    }

    private mutating func enumValue(_ value: YAMLValue) -> (value: Located<String>, isInteger: Bool)? {
        if case .int(let number) = value.kind { return (value.located(String(number)), true) }
        guard let text = scalarText(value, key: "enum") else { return nil }
        return (text, false)
    }

    /// `oneOf: [TextPart, ImagePart]` or `oneOf: {text: String, parts: "[Part]"}` (case names → types).
    mutating func alternatives(_ value: YAMLValue) -> [RawUnion.Alternative] {
        switch value.kind {
        case .sequence(let items):
            return items.compactMap { item in string(item, key: "oneOf").map { RawUnion.Alternative(type: $0) } }
        case .mapping(let entries):
            return entries.compactMap { entry in
                string(entry.value, key: entry.key.value).map { RawUnion.Alternative(name: entry.key, type: $0) }
            }
        default:
            mismatch(value, expected: "a list of types, or a mapping of case names to types", key: "oneOf")
            return []
        }
    }

    /// `discriminator: type` or `discriminator: {property: type, mapping: {tag: Model}}`.
    mutating func discriminator(_ value: YAMLValue, into union: inout RawUnion) {
        if case .string(let text) = value.kind {
            union.discriminator = value.located(text)
            return
        }
        guard let entries = mapping(value, what: "`discriminator`") else { return }
        for entry in entries {
            switch entry.key.value {
            case "property": union.discriminator = string(entry.value, key: "property")
            case "mapping":
                for tag in mapping(entry.value, what: "`mapping`") ?? [] {
                    if let model = string(tag.value, key: tag.key.value) { union.mapping.append((tag.key, model)) }
                }
            default: unknownKey(entry.key, allowed: SpecKeys.discriminator, in: "`discriminator`")
            }
        }
        if union.discriminator == nil {
            diagnostics.error(
                "`discriminator` needs a `property`",
                at: value.location,
                hint: "add `property: type`, the key that names the alternative"
            )
        }
    }

    mutating func endpoint(_ entry: YAMLValue.Entry) -> RawEndpoint? {
        guard let entries = mapping(entry.value, what: "endpoint `\(entry.key.value)`") else { return nil }
        var endpoint = RawEndpoint(name: entry.key)
        for item in entries {
            let value = item.value
            switch item.key.value {
            case "method": endpoint.method = string(value, key: "method")
            case "path": endpoint.path = string(value, key: "path")
            case "description": endpoint.description = string(value, key: "description")?.value
            case "deprecated": endpoint.deprecated = deprecation(value)
            case "namespace": endpoint.namespace = string(value, key: "namespace")
            case "pathParameters":
                endpoint.pathParameters = fields(value, allowed: SpecKeys.parameter, what: "`pathParameters`")
            case "query": endpoint.query = fields(value, allowed: SpecKeys.queryParameter, what: "`query`")
            case "headers": endpoint.headers = fields(value, allowed: SpecKeys.parameter, what: "`headers`")
            case "cookies": endpoint.cookies = fields(value, allowed: SpecKeys.parameter, what: "`cookies`")
            case "body": (endpoint.body, endpoint.bodyContentType) = body(value)
            case "response": endpoint.response = answerBody(value, key: "response")
            case "stream": endpoint.stream = streamVariant(item)
            case "pages": endpoint.pages = paging(item)
            case "responses":
                endpoint.responsesLocation = item.key.location
                for entry in mapping(value, what: "`responses`") ?? [] {
                    endpoint.responses.append(answer(entry))
                }
            case "responseHeaders":
                endpoint.responseHeadersLocation = item.key.location
                endpoint.responseHeaders = fields(value, allowed: SpecKeys.responseHeader, what: "`responseHeaders`")
            case "sample":
                if endpoint.sample != nil { bothSamples(item.key) }
                endpoint.sample = .inline(YAMLValueBox(value: value))
            case "sampleFile":
                if endpoint.sample != nil { bothSamples(item.key) }
                if let path = string(value, key: "sampleFile") { endpoint.sample = .file(path) }
            case "scope":
                if case .sequence(let names) = value.kind {
                    endpoint.scopeAlternatives = names.compactMap { string($0, key: "scope") }
                    endpoint.scope = endpoint.scopeAlternatives?.first
                } else {
                    endpoint.scope = string(value, key: "scope")
                }
            case "server": endpoint.server = string(value, key: "server")
            case "errors": endpoint.errors = errors(value, spec: false)
            default:
                unknownKey(item.key, allowed: SpecKeys.endpoint, in: "endpoint `\(entry.key.value)`")
            }
        }
        for key in ["method", "path"] where !entries.contains(where: { $0.key.value == key }) {
            diagnostics.error(
                "endpoint `\(entry.key.value)` needs a `\(key)`",
                at: entry.key.location,
                hint: key == "method" ? "add `method: GET`" : "add `path: /\(entry.key.value)`"
            )
        }
        return endpoint
    }

    /// `Type`, `{binary: media/type}` or `{text: media/type}` (also `{type: Type}` under `responses:`).
    mutating func answerBody(_ value: YAMLValue, key: String) -> RawAnswerBody? {
        guard case .mapping(let entries) = value.kind else {
            // A type; `string` explains an unquoted `[Type]`.
            return string(value, key: key).map { .type($0) }
        }
        var bodies: [RawAnswerBody] = []
        var endings: [YAMLValue.Entry] = []
        // The key of each answer read, to point at the second.
        var kinds: [Located<String>] = []
        for entry in entries {
            let read = bodies.count
            switch entry.key.value {
            case "type": string(entry.value, key: "type").map { bodies.append(.type($0)) }
            case "binary": string(entry.value, key: "binary").map { bodies.append(.binary($0)) }
            case "text": string(entry.value, key: "text").map { bodies.append(.text($0)) }
            case "file": string(entry.value, key: "file").map { bodies.append(.file($0)) }
            case "events":
                if case .mapping = entry.value.kind {
                    let events = fields(entry.value, allowed: SpecKeys.eventCase, what: "`events`")
                    bodies.append(.namedEvents(events, end: RawStreamEnd(), location: entry.key.location))
                } else {
                    string(entry.value, key: "events").map { bodies.append(.events($0, end: RawStreamEnd())) }
                }
            case "jsonLines":
                string(entry.value, key: "jsonLines").map { bodies.append(.jsonLines($0, end: RawStreamEnd())) }
            case "terminator", "errorEvent", "errorKey": endings.append(entry)
            default: unknownKey(entry.key, allowed: SpecKeys.answerBody, in: "`\(key)`")
            }
            if bodies.count > read { kinds.append(entry.key) }
        }
        if bodies.count > 1 {
            let second = kinds.count > 1 ? kinds[1].location : value.location
            if key == "stream" {
                diagnostics.error(
                    "a stream is read as `events` or as `jsonLines`, not both",
                    at: second,
                    hint: "keep one of them"
                )
            } else {
                diagnostics.error(
                    "`\(key)` is a type, or a mapping with one of `type`, `binary`, `text`, `file`, `events` or `jsonLines`",
                    at: second
                )
            }
            return nil
        }
        guard let first = endings.first else { return bodies.first }
        var end = RawStreamEnd()
        for ending in endings {
            let text = string(ending.value, key: ending.key.value)
            switch ending.key.value {
            case "terminator": end.terminator = text
            case "errorEvent": end.errorEvent = text
            default: end.errorKey = text
            }
        }
        switch bodies.first {
        case .events(let type, _)?: return .events(type, end: end)
        case .namedEvents(let events, _, let location)?: return .namedEvents(events, end: end, location: location)
        case .jsonLines(let type, _)? where endings.allSatisfy({ $0.key.value == "errorKey" }):
            // JSON Lines have no events and no terminator: only a line can be an error.
            return .jsonLines(type, end: end)
        default:
            if let first = endings.first(where: { $0.key.value != "errorKey" }) {
                diagnostics.error(
                    "`\(first.key.value)` ends a stream of `events`",
                    at: first.key.location,
                    hint: "remove it, or answer `events: Type`"
                )
            } else {
                diagnostics.error(
                    "`errorKey` marks the values of a stream that are errors, and this answer is no stream",
                    at: first.key.location,
                    hint: "remove it, or answer `events: Type` or `jsonLines: Type`"
                )
            }
            return nil
        }
    }

    /// `pages: {by: cursor, cursor: next_cursor, parameter: cursor, items: data}` and the other kinds.
    mutating func paging(_ entry: YAMLValue.Entry) -> RawPaging? {
        guard let entries = mapping(entry.value, what: "`pages`") else { return nil }
        var paging = RawPaging(location: entry.key.location)
        for item in entries {
            let key = item.key.value
            guard SpecKeys.pages.contains(key) else {
                unknownKey(item.key, allowed: SpecKeys.pages, in: "`pages`")
                continue
            }
            // `first: 0` is a number.
            let text = key == "first" ? scalarText(item.value, key: key) : string(item.value, key: key)
            switch key {
            case "by": paging.by = text
            case "items": paging.items = text
            case "relation": paging.relation = text
            case "cursor": paging.cursor = text
            case "next": paging.next = text
            case "parameter": paging.parameter = text
            case "hasMore": paging.hasMore = text
            case "itemID": paging.itemID = text
            case "size": paging.size = text
            case "first": paging.first = text
            case "totalPages": paging.totalPages = text
            case "totalItems": paging.totalItems = text
            default: break
            }
        }
        if paging.by == nil {
            diagnostics.error(
                "`pages` needs `by`, the way the next page is found",
                at: entry.key.location,
                hint: "add `by: link`, `url`, `cursor`, `after`, `page` or `offset`"
            )
            return nil
        }
        return paging
    }

    /// `stream: {field: stream, events: Chunk, terminator: "[DONE]"}`, or `{jsonLines: …}`, with an optional `name`.
    mutating func streamVariant(_ entry: YAMLValue.Entry) -> RawStreamVariant? {
        guard let entries = mapping(entry.value, what: "`stream`") else { return nil }
        var variant = RawStreamVariant(location: entry.key.location)
        var answerEntries: [YAMLValue.Entry] = []
        for item in entries {
            switch item.key.value {
            case "field", "query":
                if variant.field != nil || variant.query != nil {
                    diagnostics.error(
                        "a stream is asked for by a body `field` or by a `query` parameter, not both",
                        at: item.key.location,
                        hint: "remove one of them"
                    )
                } else if item.key.value == "field" {
                    variant.field = string(item.value, key: "field")
                } else {
                    variant.query = string(item.value, key: "query")
                }
            case "value":
                switch item.value.kind {
                case .bool, .string, .int: variant.value = YAMLValueBox(value: item.value)
                default:
                    diagnostics.error(
                        "`value` must be a string, a number or a Bool, not \(item.value.kindDescription)",
                        at: item.value.location,
                        hint: "write the value the stream's method sends, such as `value: sse`"
                    )
                }
            case "name": variant.name = string(item.value, key: "name")
            case "sample":
                if variant.sample != nil { bothSamples(item.key, of: "a stream") }
                variant.sample = .inline(YAMLValueBox(value: item.value))
            case "sampleFile":
                if variant.sample != nil { bothSamples(item.key, of: "a stream") }
                if let path = string(item.value, key: "sampleFile") { variant.sample = .file(path) }
            case "events", "terminator", "errorEvent", "errorKey", "jsonLines": answerEntries.append(item)
            default: unknownKey(item.key, allowed: SpecKeys.streamVariant, in: "`stream`")
            }
        }
        guard answerEntries.contains(where: { $0.key.value == "events" || $0.key.value == "jsonLines" }) else {
            diagnostics.error(
                "`stream` needs the type of its values",
                at: entry.key.location,
                hint: "add `events: Type` (server-sent events) or `jsonLines: Type`"
            )
            return nil
        }
        variant.answer = answerBody(
            YAMLValue(kind: .mapping(answerEntries), location: entry.value.location),
            key: "stream"
        )
        return variant.answer == nil ? nil : variant
    }

    /// `200: Type`, `304: Void`, or `201: {type: Type, name: created, description: …}` under `responses:`.
    mutating func answer(_ entry: YAMLValue.Entry) -> RawAnswer {
        var answer = RawAnswer(status: entry.key)
        switch entry.value.kind {
        case .string(let text):
            answer.body = .type(entry.value.located(text))
        case .null:
            break
        case .mapping(let entries):
            var bodyEntries: [YAMLValue.Entry] = []
            for item in entries {
                switch item.key.value {
                case "name": answer.name = string(item.value, key: "name")
                case "description": answer.description = string(item.value, key: "description")?.value
                case "type", "binary", "text", "file", "events", "terminator", "errorEvent", "errorKey", "jsonLines":
                    bodyEntries.append(item)
                default: unknownKey(item.key, allowed: SpecKeys.answer, in: "answer `\(entry.key.value)`")
                }
            }
            if !bodyEntries.isEmpty {
                let body = YAMLValue(kind: .mapping(bodyEntries), location: entry.value.location)
                answer.body = answerBody(body, key: entry.key.value)
            }
        default:
            mismatch(
                entry.value,
                expected: "a type or a mapping with `type`, `binary`, `text` or `file`",
                key: entry.key.value
            )
        }
        return answer
    }

    /// `region: {default: eu, enum: [eu, us], description: …}` under `variables:`.
    mutating func variable(_ entry: YAMLValue.Entry) -> RawServerVariable {
        var variable = RawServerVariable(name: entry.key)
        for item in mapping(entry.value, what: "variable `\(entry.key.value)`") ?? [] {
            switch item.key.value {
            case "default": variable.defaultValue = scalarText(item.value, key: "default")
            case "description": variable.description = string(item.value, key: "description")?.value
            case "enum":
                guard case .sequence(let values) = item.value.kind else {
                    mismatch(item.value, expected: "a list of values", key: "enum")
                    continue
                }
                variable.values = values.compactMap { scalarText($0, key: "enum") }
            default: unknownKey(item.key, allowed: SpecKeys.variable, in: "variable `\(entry.key.value)`")
            }
        }
        return variable
    }

    /// `uploads: https://uploads.example.com` or `uploads: {url: …, description: …}` under `servers:`.
    mutating func server(_ entry: YAMLValue.Entry) -> RawServer {
        var server = RawServer(name: entry.key)
        if case .string(let text) = entry.value.kind {
            server.url = entry.value.located(text)
            return server
        }
        for item in mapping(entry.value, what: "server `\(entry.key.value)`") ?? [] {
            switch item.key.value {
            case "url": server.url = string(item.value, key: "url")
            case "description": server.description = string(item.value, key: "description")?.value
            default: unknownKey(item.key, allowed: SpecKeys.server, in: "server `\(entry.key.value)`")
            }
        }
        if server.url == nil {
            diagnostics.error("server `\(entry.key.value)` needs a `url`", at: entry.key.location)
        }
        return server
    }

    mutating func bothSamples(_ key: Located<String>, of owner: String = "an endpoint") {
        diagnostics.error("\(owner) has either `sample` or `sampleFile`, not both", at: key.location)
    }

    /// `body: Type`, or a mapping with one of `json`, `form` or `binary` (and for `json`, a `contentType`).
    mutating func body(_ value: YAMLValue) -> (RawEndpoint.Body?, Located<String>?) {
        if case .string(let text) = value.kind {
            return (.type(value.located(text)), nil)
        }
        guard let entries = mapping(value, what: "`body`") else { return (nil, nil) }
        var contentType: Located<String>?
        var forms: [YAMLValue.Entry] = []
        for entry in entries {
            switch entry.key.value {
            case "contentType": contentType = string(entry.value, key: "contentType")
            case "json", "form", "binary", "file", "multipart": forms.append(entry)
            default: unknownKey(entry.key, allowed: SpecKeys.body, in: "`body`")
            }
        }
        guard forms.count == 1, let entry = forms.first else {
            diagnostics.error(
                "`body` is a type, or a mapping with exactly one of `json`, `form`, `multipart`, `binary` or `file`",
                at: value.location
            )
            return (nil, nil)
        }
        if let contentType, entry.key.value != "json" {
            diagnostics.error(
                "`contentType` is for `json` bodies; a `\(entry.key.value)` body has its own",
                at: contentType.location
            )
        }
        if entry.key.value == "json", case .string(let text) = entry.value.kind {
            return (.type(entry.value.located(text)), contentType)
        }
        if entry.key.value == "binary" {
            return (string(entry.value, key: "binary").map { .binary($0) }, nil)
        }
        if entry.key.value == "file" {
            return (string(entry.value, key: "file").map { .file($0) }, nil)
        }
        if entry.key.value == "multipart" {
            let parts = fields(entry.value, allowed: SpecKeys.parameter, what: "`multipart`")
            return (.multipart(parts, entry.key.location), nil)
        }
        let allowed = entry.key.value == "json" ? SpecKeys.property : SpecKeys.parameter
        let inline = fields(entry.value, allowed: allowed, what: "`\(entry.key.value)`")
        return entry.key.value == "json"
            ? (.json(inline, entry.key.location), contentType) : (.form(inline, entry.key.location), nil)
    }

    mutating func auth(_ value: YAMLValue) -> RawAuth? {
        guard let entries = mapping(value, what: "`auth`") else { return nil }
        var auth = RawAuth(location: value.location)
        for entry in entries {
            switch entry.key.value {
            case "scheme": auth.scheme = scheme(entry.value)
            case "schemes":
                auth.schemesLocation = entry.key.location
                for item in mapping(entry.value, what: "`schemes`") ?? [] {
                    if let scheme = scheme(item.value) { auth.schemes.append((item.key, scheme)) }
                }
            case "default": auth.defaultScope = string(entry.value, key: "default")
            case "scopes":
                for item in mapping(entry.value, what: "`scopes`") ?? [] {
                    auth.scopes.append(scope(item))
                }
            default: unknownKey(entry.key, allowed: SpecKeys.auth, in: "`auth`")
            }
        }
        if auth.scheme == nil && auth.schemesLocation == nil {
            diagnostics.error("`auth` needs a `scheme`", at: value.location, hint: "add `scheme: bearer`")
        }
        return auth
    }

    mutating func scheme(_ value: YAMLValue) -> RawAuthScheme? {
        if case .string(let text) = value.kind {
            return RawAuthScheme(type: value.located(text))
        }
        guard let entries = mapping(value, what: "`scheme`") else { return nil }
        var type: Located<String>?
        var scheme = RawAuthScheme(type: Located("", at: value.location))
        for entry in entries {
            switch entry.key.value {
            case "type": type = string(entry.value, key: "type")
            case "header": scheme.header = string(entry.value, key: "header")
            case "prefix": scheme.prefix = string(entry.value, key: "prefix")
            case "name": scheme.name = string(entry.value, key: "name")
            case "in": scheme.location = string(entry.value, key: "in")
            case "tokenURL": scheme.tokenURL = string(entry.value, key: "tokenURL")
            default: unknownKey(entry.key, allowed: SpecKeys.scheme, in: "`scheme`")
            }
        }
        guard let type else {
            diagnostics.error(
                "`scheme` needs a `type`",
                at: value.location,
                hint: "add `type: bearer`, `type: apiKey` or `type: basic`"
            )
            return nil
        }
        scheme.type = type
        return scheme
    }

    mutating func scope(_ entry: YAMLValue.Entry) -> RawScope {
        var scope = RawScope(name: entry.key)
        for item in mapping(entry.value, what: "scope `\(entry.key.value)`") ?? [] {
            switch item.key.value {
            case "description": scope.description = string(item.value, key: "description")?.value
            case "scheme": scope.scheme = string(item.value, key: "scheme")
            case "includes":
                switch item.value.kind {
                case .string(let text): scope.includes = [item.value.located(text)]
                case .sequence(let names): scope.includes = names.compactMap { string($0, key: "includes") }
                default: mismatch(item.value, expected: "a scope or a list of scopes", key: "includes")
                }
            default: unknownKey(item.key, allowed: SpecKeys.scope, in: "scope `\(entry.key.value)`")
            }
        }
        return scope
    }

    /// `errors: Model` (the spec's, meaning every 4XX status) or `errors: {401: Model, 4XX: Other}`.
    mutating func errors(_ value: YAMLValue, spec: Bool) -> [RawErrorStatus] {
        if spec, case .string(let text) = value.kind {
            return [RawErrorStatus(status: Located("4XX", at: value.location), type: value.located(text))]
        }
        return (mapping(value, what: "`errors`") ?? []).compactMap { entry in
            string(entry.value, key: entry.key.value).map { RawErrorStatus(status: entry.key, type: $0) }
        }
    }

    mutating func fields(_ value: YAMLValue, allowed: [String], what: String) -> [RawField] {
        (mapping(value, what: what) ?? []).compactMap { field($0, allowed: allowed) }
    }

    /// A field as written: a type, or a mapping with `type` (not needed when `requiresType` is false, for
    /// what an OpenAPI document's `x-specsmith` adds to a field it types).
    mutating func field(_ entry: YAMLValue.Entry, allowed: [String], requiresType: Bool = true) -> RawField? {
        var field = RawField(key: entry.key)
        switch entry.value.kind {
        case .string(let text):
            field.type = entry.value.located(text)
            return field
        case .mapping(let entries):
            for item in entries {
                switch item.key.value {
                case "type" where allowed.contains("type"): field.type = string(item.value, key: "type")
                case "description": field.description = string(item.value, key: "description")?.value
                case "default": field.defaultValue = YAMLValueBox(value: item.value)
                case "swiftName": field.swiftName = string(item.value, key: "swiftName")
                case "deprecated": field.deprecated = deprecation(item.value)
                case "separator" where allowed.contains("separator"):
                    field.separator = string(item.value, key: "separator")
                case "const" where allowed.contains("const"): field.constant = YAMLValueBox(value: item.value)
                case "nullable" where allowed.contains("nullable"): field.nullable = flag(item.value, key: "nullable")
                case "dates" where allowed.contains("dates"): field.dates = string(item.value, key: "dates")
                case "readOnly" where allowed.contains("readOnly"): field.readOnly = flag(item.value, key: "readOnly")
                case "writeOnly" where allowed.contains("writeOnly"):
                    field.writeOnly = flag(item.value, key: "writeOnly")
                default: unknownKey(item.key, allowed: allowed, in: "`\(entry.key.value)`")
                }
            }
            if field.type == nil && field.constant == nil && requiresType {
                // A `type` that is not a string was reported already.
                if !entries.contains(where: { $0.key.value == "type" }) {
                    diagnostics.error("`\(entry.key.value)` needs a `type`", at: entry.key.location)
                }
                return nil
            }
            return field
        default:
            mismatch(entry.value, expected: "a type or a mapping with `type`", key: entry.key.value)
            return nil
        }
    }

    /// `headers:`: a value for each header (`X-Client: specsmith`), or `{parameter: organization}` for one the
    /// client's initializer takes.
    mutating func headers(
        _ value: YAMLValue
    ) -> ([(name: Located<String>, value: Located<String>)], [(name: Located<String>, parameter: Located<String>)]) {
        var fixed: [(name: Located<String>, value: Located<String>)] = []
        var parameters: [(name: Located<String>, parameter: Located<String>)] = []
        for header in mapping(value, what: "`headers`") ?? [] {
            if case .mapping(let keys) = header.value.kind {
                for key in keys where key.key.value != "parameter" {
                    unknownKey(key.key, allowed: SpecKeys.headerParameter, in: "a header")
                }
                if let name = header.value["parameter"] {
                    if let parameter = string(name, key: "parameter") { parameters.append((header.key, parameter)) }
                } else {
                    diagnostics.error(
                        "the header `\(header.key.value)` needs a value or a `parameter`",
                        at: header.value.location,
                        hint: "write `\(header.key.value): {parameter: name}` for a value the client takes"
                    )
                }
            } else if let text = scalarText(header.value, key: header.key.value) {
                fixed.append((header.key, text))
            }
        }
        return (fixed, parameters)
    }

    mutating func deprecation(_ value: YAMLValue) -> RawDeprecation? {
        switch value.kind {
        case .bool(let flag): return flag ? RawDeprecation(message: nil) : nil
        case .string(let message): return RawDeprecation(message: message)
        default:
            mismatch(value, expected: "`true` or a message", key: "deprecated")
            return nil
        }
    }

    mutating func mapping(_ value: YAMLValue, what: String) -> [YAMLValue.Entry]? {
        if case .mapping(let entries) = value.kind { return entries }
        if case .null = value.kind { return [] }
        diagnostics.error("\(what) must be a mapping, not \(value.kindDescription)", at: value.location)
        return nil
    }

    mutating func flag(_ value: YAMLValue, key: String) -> Located<Bool>? {
        if case .bool(let flag) = value.kind { return Located(flag, at: value.location) }
        mismatch(value, expected: "`true` or `false`", key: key)
        return nil
    }

    mutating func string(_ value: YAMLValue, key: String) -> Located<String>? {
        if case .string(let text) = value.kind { return value.located(text) }
        mismatch(value, expected: "a string", key: key)
        return nil
    }

    /// Any scalar as text: `version: 1.0` and `version: "1.0"` both read as "1.0".
    mutating func scalarText(_ value: YAMLValue, key: String) -> Located<String>? {
        if let text = value.scalarText, value.kind != .null { return value.located(text) }
        mismatch(value, expected: "a string", key: key)
        return nil
    }

    mutating func mismatch(_ value: YAMLValue, expected: String, key: String) {
        diagnostics.error(
            "`\(key)` must be \(expected), not \(value.kindDescription)",
            at: value.location,
            hint: Self.typeText(ofList: value).map {
                "write the type in quotes, `\"\($0)\"`: unquoted, YAML reads `[…]` as a list"
            }
        )
    }

    /// The type an unquoted `[Country]` or `[String: Int]` was meant to be, from the list YAML read it as; `nil`
    /// when what is inside is no type's name (`field: [stream]` is not a type written without quotes).
    static func typeText(ofList value: YAMLValue) -> String? {
        guard case .sequence(let items) = value.kind, items.count == 1 else { return nil }
        switch items[0].kind {
        case .string(let name) where name.first?.isUppercase == true: return "[\(name)]"
        case .sequence: return typeText(ofList: items[0]).map { "[\($0)]" }
        case .mapping(let entries) where entries.count == 1 && entries[0].key.value.first?.isUppercase == true:
            let valueText = entries[0].value.scalarText ?? typeText(ofList: entries[0].value)
            return valueText.map { "[\(entries[0].key.value): \($0)]" }
        default: return nil
        }
    }

    mutating func unknownKey(_ key: Located<String>, allowed: [String], in context: String) {
        diagnostics.error(
            "unknown key `\(key.value)` in \(context)",
            at: key.location,
            hint: Suggestions.hint(for: key.value, in: allowed)
        )
    }
}
