/// Swagger 2.0 read as OpenAPI 3.0: the document's tree is rewritten into the shape the OpenAPI reader reads,
/// every value keeping the location it was written at, so that warnings and errors point into the Swagger
/// document.
///
/// Only the places where the two versions differ are rewritten: `host`, `basePath` and `schemes` become
/// `servers`; `body` and `formData` parameters become a `requestBody` by the operation's `consumes`; the other
/// parameters' types move into a `schema`, their `collectionFormat` into a `style`; a response's `schema`
/// moves into `content` by `produces`; `securityDefinitions` become `securitySchemes`, OAuth 2 `flow`s
/// `flows`. Schemas stay as written (`definitions`): the reader follows `#/definitions/…` references, reads
/// `type: file` as bytes and `x-nullable`.
struct Swagger2 {
    let root: YAMLValue
    var diagnostics: Diagnostics
    /// The document's `consumes` and `produces`, for operations that do not name their own.
    let consumes: [String]
    let produces: [String]

    /// The document as OpenAPI 3.0, or `nil` after an error for a version other than 2.0.
    static func upgrade(_ root: YAMLValue, diagnostics: inout Diagnostics) -> YAMLValue? {
        guard let version = root["swagger"] else { return root }
        guard version.scalarText == "2.0" || version.scalarText == "2" else {
            diagnostics.error(
                "Swagger \(version.scalarText ?? version.kindDescription) is not a version this reads; it reads Swagger 2.0 and OpenAPI 3.0 and 3.1",
                at: version.location
            )
            return nil
        }
        var upgrade = Swagger2(
            root: root,
            diagnostics: diagnostics,
            consumes: Self.mediaTypes(root["consumes"]),
            produces: Self.mediaTypes(root["produces"])
        )
        let document = upgrade.document()
        diagnostics = upgrade.diagnostics
        return document
    }

    static func mediaTypes(_ value: YAMLValue?) -> [String] {
        guard let value, case .sequence(let items) = value.kind else { return [] }
        return items.compactMap(\.scalarText)
    }

    // MARK: Building values

    /// A mapping located at `location`, each key there too.
    static func mapping(_ entries: [(String, YAMLValue)], at location: SourceLocation) -> YAMLValue {
        YAMLValue(
            kind: .mapping(entries.map { YAMLValue.Entry(key: Located($0.0, at: location), value: $0.1) }),
            location: location
        )
    }

    static func string(_ text: String, at location: SourceLocation) -> YAMLValue {
        YAMLValue(kind: .string(text), location: location)
    }

    /// `value`'s entries, without the keys in `dropping`.
    static func entries(of value: YAMLValue, dropping: Set<String> = []) -> [YAMLValue.Entry] {
        guard case .mapping(let entries) = value.kind else { return [] }
        return entries.filter { !dropping.contains($0.key.value) }
    }

    // MARK: The document

    mutating func document() -> YAMLValue {
        var entries: [YAMLValue.Entry] = [
            YAMLValue.Entry(
                key: Located("openapi", at: root["swagger"]!.location),
                value: Self.string("3.0.3", at: root["swagger"]!.location)
            )
        ]
        let moved: Set<String> = [
            "swagger", "host", "basePath", "schemes", "consumes", "produces", "definitions", "parameters", "responses",
            "securityDefinitions", "paths",
        ]
        entries += Self.entries(of: root, dropping: moved)
        if let servers = servers() {
            entries.append(YAMLValue.Entry(key: Located("servers", at: servers.location), value: servers))
        }
        var components: [(String, YAMLValue)] = []
        if let definitions = root["definitions"] { components.append(("schemas", definitions)) }
        if let schemes = securitySchemes() { components.append(("securitySchemes", schemes)) }
        if !components.isEmpty {
            entries.append(
                YAMLValue.Entry(
                    key: Located("components", at: root.location),
                    value: Self.mapping(components, at: root.location)
                )
            )
        }
        if let paths = root["paths"] {
            entries.append(YAMLValue.Entry(key: Located("paths", at: paths.location), value: self.paths(paths)))
        }
        return YAMLValue(kind: .mapping(entries), location: root.location)
    }

    /// `scheme://host/basePath`, https first; only the base path when there is no host, which the reader
    /// warns of.
    func servers() -> YAMLValue? {
        let host = root["host"]
        let basePath = root["basePath"]?.scalarText ?? ""
        guard let host, let name = host.scalarText else {
            guard let base = root["basePath"] else { return nil }
            let server = Self.mapping([("url", Self.string(basePath, at: base.location))], at: base.location)
            return YAMLValue(kind: .sequence([server]), location: base.location)
        }
        let schemes = Self.mediaTypes(root["schemes"])
        let scheme = schemes.contains("https") || schemes.isEmpty ? "https" : (schemes.first ?? "https")
        let path = basePath == "/" ? "" : basePath
        let url = Self.string("\(scheme)://\(name)\(path)", at: host.location)
        let server = Self.mapping([("url", url)], at: host.location)
        return YAMLValue(kind: .sequence([server]), location: host.location)
    }

    /// `securityDefinitions` as `securitySchemes`: `basic` as HTTP basic, OAuth 2's `flow` as `flows`.
    func securitySchemes() -> YAMLValue? {
        guard let definitions = root["securityDefinitions"], case .mapping(let schemes) = definitions.kind else {
            return nil
        }
        let upgraded = schemes.map { entry -> YAMLValue.Entry in
            let scheme = entry.value
            var value = scheme
            switch scheme["type"]?.scalarText {
            case "basic":
                let location = scheme["type"]!.location
                value = Self.mapping(
                    [("type", Self.string("http", at: location)), ("scheme", Self.string("basic", at: location))]
                        + Self.entries(of: scheme, dropping: ["type"]).map { ($0.key.value, $0.value) },
                    at: scheme.location
                )
            case "oauth2":
                let flowNames = [
                    "implicit": "implicit", "password": "password", "application": "clientCredentials",
                    "accessCode": "authorizationCode",
                ]
                let flow = scheme["flow"]
                let name = flow?.scalarText.flatMap { flowNames[$0] } ?? "clientCredentials"
                let location = flow?.location ?? scheme.location
                let details = ["authorizationUrl", "tokenUrl", "scopes"].compactMap { key in
                    scheme[key].map { (key, $0) }
                }
                value = Self.mapping(
                    Self.entries(
                        of: scheme,
                        dropping: ["flow", "authorizationUrl", "tokenUrl", "scopes"]
                    ).map { ($0.key.value, $0.value) }
                        + [("flows", Self.mapping([(name, Self.mapping(details, at: location))], at: location))],
                    at: scheme.location
                )
            default:
                break
            }
            return YAMLValue.Entry(key: entry.key, value: value)
        }
        return YAMLValue(kind: .mapping(upgraded), location: definitions.location)
    }

    // MARK: Operations

    mutating func paths(_ paths: YAMLValue) -> YAMLValue {
        guard case .mapping(let items) = paths.kind else { return paths }
        let upgraded = items.map { item -> YAMLValue.Entry in
            guard case .mapping(let keys) = item.value.kind else { return item }
            let shared = item.value["parameters"]
            var entries: [YAMLValue.Entry] = []
            for key in keys {
                if OpenAPIReader.methods.contains(key.key.value) {
                    entries.append(
                        YAMLValue.Entry(key: key.key, value: operation(key.value, sharedParameters: shared))
                    )
                } else if key.key.value != "parameters" {
                    entries.append(key)
                }
            }
            return YAMLValue.Entry(
                key: item.key,
                value: YAMLValue(kind: .mapping(entries), location: item.value.location)
            )
        }
        return YAMLValue(kind: .mapping(upgraded), location: paths.location)
    }

    /// An operation with its parameters (the path's merged in, since a `body` or `formData` one of the path's
    /// belongs in the operation's body), request body and responses upgraded.
    mutating func operation(_ operation: YAMLValue, sharedParameters: YAMLValue?) -> YAMLValue {
        guard case .mapping = operation.kind else { return operation }
        let consumes = operation["consumes"].map { Self.mediaTypes($0) } ?? self.consumes
        let produces = operation["produces"].map { Self.mediaTypes($0) } ?? self.produces
        var entries = Self.entries(of: operation, dropping: ["parameters", "responses", "consumes", "produces"])

        var parameters: [(name: String, place: String, value: YAMLValue)] = []
        for list in [sharedParameters, operation["parameters"]] {
            guard let list, case .sequence(let items) = list.kind else { continue }
            for item in items {
                guard let parameter = dereferenced(item, section: "parameters"),
                    let name = parameter["name"]?.scalarText, let place = parameter["in"]?.scalarText
                else { continue }
                parameters.removeAll { $0.name == name && $0.place == place }
                parameters.append((name, place, parameter))
            }
        }
        let plain = parameters.filter { $0.place != "body" && $0.place != "formData" }.map { self.parameter($0.value) }
        if !plain.isEmpty {
            let location = operation["parameters"]?.location ?? sharedParameters?.location ?? operation.location
            entries.append(
                YAMLValue.Entry(
                    key: Located("parameters", at: location),
                    value: YAMLValue(kind: .sequence(plain), location: location)
                )
            )
        }
        if let body = parameters.first(where: { $0.place == "body" })?.value {
            entries.append(
                YAMLValue.Entry(key: Located("requestBody", at: body.location), value: jsonBody(body, consumes))
            )
        } else {
            let form = parameters.filter { $0.place == "formData" }.map(\.value)
            if !form.isEmpty {
                entries.append(
                    YAMLValue.Entry(key: Located("requestBody", at: form[0].location), value: formBody(form, consumes))
                )
            }
        }
        if let responses = operation["responses"], case .mapping(let answers) = responses.kind {
            let upgraded = answers.map { answer -> YAMLValue.Entry in
                guard let response = dereferenced(answer.value, section: "responses") else { return answer }
                return YAMLValue.Entry(key: answer.key, value: self.response(response, produces))
            }
            entries.append(
                YAMLValue.Entry(
                    key: Located("responses", at: responses.location),
                    value: YAMLValue(kind: .mapping(upgraded), location: responses.location)
                )
            )
        }
        return YAMLValue(kind: .mapping(entries), location: operation.location)
    }

    /// `value`, or what its `$ref` to `#/<section>/…` points to.
    mutating func dereferenced(_ value: YAMLValue, section: String) -> YAMLValue? {
        guard let reference = value["$ref"] else { return value }
        let prefix = "#/\(section)/"
        guard let text = reference.scalarText, text.hasPrefix(prefix),
            let target = root[section]?[String(text.dropFirst(prefix.count))]
        else {
            diagnostics.error(
                "`\(reference.scalarText ?? "")` refers to nothing in this document",
                at: reference.location,
                hint: "references to \(section) read `#/\(section)/Name`"
            )
            return nil
        }
        return target
    }

    /// The keys of a Swagger 2.0 parameter or header that describe its value, which OpenAPI 3 puts in a `schema`.
    static let schemaKeys: Set<String> = [
        "type", "format", "items", "default", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern",
        "x-nullable",
    ]

    /// The keys of `value` that describe its value, as a schema; `items` of arrays upgraded the same way.
    static func schema(of value: YAMLValue) -> YAMLValue {
        let entries = Self.entries(of: value).filter { schemaKeys.contains($0.key.value) }.map { entry in
            entry.key.value == "items" ? YAMLValue.Entry(key: entry.key, value: schema(of: entry.value)) : entry
        }
        return YAMLValue(kind: .mapping(entries), location: value.location)
    }

    /// A path, query or header parameter: its type in a `schema`, its `collectionFormat` as a `style`.
    mutating func parameter(_ parameter: YAMLValue) -> YAMLValue {
        var entries = Self.entries(of: parameter).filter {
            !Self.schemaKeys.contains($0.key.value) && $0.key.value != "collectionFormat"
        }
        entries.append(
            YAMLValue.Entry(key: Located("schema", at: parameter.location), value: Self.schema(of: parameter))
        )
        if parameter["type"]?.scalarText == "array" {
            let format = parameter["collectionFormat"]
            let location = format?.location ?? parameter.location
            var style: (String, Bool)
            switch format?.scalarText ?? "csv" {
            case "multi": style = ("form", true)
            case "ssv": style = ("spaceDelimited", false)
            case "pipes": style = ("pipeDelimited", false)
            case "tsv":
                diagnostics.warning(
                    "tab-separated values are not a style the client sends; it separates them with commas",
                    at: location
                )
                style = ("form", false)
            default: style = ("form", false)
            }
            if parameter["in"]?.scalarText != "query" { style.0 = "simple" }
            entries.append(
                YAMLValue.Entry(key: Located("style", at: location), value: Self.string(style.0, at: location))
            )
            entries.append(
                YAMLValue.Entry(
                    key: Located("explode", at: location),
                    value: YAMLValue(kind: .bool(style.1), location: location)
                )
            )
        }
        return YAMLValue(kind: .mapping(entries), location: parameter.location)
    }

    /// The media types an operation sends or answers, JSON when it names none.
    static func orJSON(_ types: [String]) -> [String] {
        types.isEmpty ? ["application/json"] : types
    }

    /// A `body` parameter as a request body of each type the operation consumes.
    func jsonBody(_ body: YAMLValue, _ consumes: [String]) -> YAMLValue {
        let schema = body["schema"] ?? Self.mapping([], at: body.location)
        let content = Self.orJSON(consumes).map { type in
            (type, Self.mapping([("schema", schema)], at: schema.location))
        }
        var entries: [(String, YAMLValue)] = [("content", Self.mapping(content, at: body.location))]
        if let required = body["required"] { entries.append(("required", required)) }
        if let description = body["description"] { entries.append(("description", description)) }
        return Self.mapping(entries, at: body.location)
    }

    /// `formData` parameters as one object schema, sent as multipart when the operation consumes it or a
    /// parameter is a file, as a URL-encoded form otherwise; and as a JSON object of the same fields too when
    /// the operation consumes both a form and JSON (Slack's `chat.postMessage`, which its SDK posts as JSON).
    func formBody(_ fields: [YAMLValue], _ consumes: [String]) -> YAMLValue {
        let location = fields[0].location
        let multipart =
            consumes.contains { $0.hasPrefix("multipart/form-data") }
            || fields.contains { $0["type"]?.scalarText == "file" }
        let properties = fields.compactMap { field -> (String, YAMLValue)? in
            guard let name = field["name"]?.scalarText else { return nil }
            var schema = Self.schema(of: field)
            if let description = field["description"], case .mapping(var entries) = schema.kind {
                entries.append(
                    YAMLValue.Entry(key: Located("description", at: description.location), value: description)
                )
                schema.kind = .mapping(entries)
            }
            return (name, schema)
        }
        let required = fields.filter { $0["required"]?.isTrue == true }.compactMap { field in
            field["name"].flatMap { name in name.scalarText.map { Self.string($0, at: name.location) } }
        }
        var schema: [(String, YAMLValue)] = [
            ("type", Self.string("object", at: location)), ("properties", Self.mapping(properties, at: location)),
        ]
        if !required.isEmpty { schema.append(("required", YAMLValue(kind: .sequence(required), location: location))) }
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var types = [type]
        let json = consumes.first { $0.split(separator: ";").first.map(String.init) == "application/json" }
        if !multipart, consumes.contains(where: { $0.hasPrefix(type) }), let json { types.append(json) }
        let content = Self.mapping(
            types.map { ($0, Self.mapping([("schema", Self.mapping(schema, at: location))], at: location)) },
            at: location
        )
        return Self.mapping(
            [("content", content), ("required", YAMLValue(kind: .bool(!required.isEmpty), location: location))],
            at: location
        )
    }

    /// A response: its `schema` as the content of the first type the operation produces (JSON first), its
    /// headers' types in schemas.
    func response(_ response: YAMLValue, _ produces: [String]) -> YAMLValue {
        var entries = Self.entries(of: response, dropping: ["schema", "headers", "examples"])
        if let schema = response["schema"] {
            let types = Self.orJSON(produces)
            let type = types.first { $0.contains("json") } ?? types[0]
            let content = Self.mapping(
                [(type, Self.mapping([("schema", schema)], at: schema.location))],
                at: schema.location
            )
            entries.append(YAMLValue.Entry(key: Located("content", at: schema.location), value: content))
        }
        if let headers = response["headers"], case .mapping(let items) = headers.kind {
            let upgraded = items.map { item -> YAMLValue.Entry in
                var header = Self.entries(of: item.value).filter { !Self.schemaKeys.contains($0.key.value) }
                header.append(
                    YAMLValue.Entry(key: Located("schema", at: item.value.location), value: Self.schema(of: item.value))
                )
                return YAMLValue.Entry(
                    key: item.key,
                    value: YAMLValue(kind: .mapping(header), location: item.value.location)
                )
            }
            entries.append(
                YAMLValue.Entry(
                    key: Located("headers", at: headers.location),
                    value: YAMLValue(kind: .mapping(upgraded), location: headers.location)
                )
            )
        }
        return YAMLValue(kind: .mapping(entries), location: response.location)
    }
}
