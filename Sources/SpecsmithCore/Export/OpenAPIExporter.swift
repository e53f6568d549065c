/// `specsmith export openapi`: a resolved spec as an OpenAPI 3.1 document, for the tools that read OpenAPI
/// (backend frameworks, documentation portals, other languages' generators, HTTP fuzzers).
///
/// Everything OpenAPI says is written as OpenAPI says it: models as schemas, endpoints as operations, error
/// bodies as 4xx/5xx responses, auth as security schemes whose requirements list scopes as roles, samples as
/// examples. What only the format says (parameter labels, scopes' includes, pagination, streams' terminators
/// and event names, downloads to files, default headers) is in `x-specsmith-…` extensions, which other tools
/// ignore and `specsmith` reads back, so that the document generates the same Swift as the spec.
public struct OpenAPIExporter {
    /// The API being exported.
    let api: API
    /// What the document could not say, one sentence each.
    private(set) var notes: [String] = []

    /// The exporter of `api`.
    init(api: API) {
        self.api = api
    }

    /// `api` as an OpenAPI 3.1 document: YAML text, or JSON text when `json`; and what it could not say.
    public static func export(_ api: API, json: Bool = false) -> (text: String, notes: [String]) {
        var exporter = OpenAPIExporter(api: api)
        let document = exporter.document()
        return (json ? document.jsonText() + "\n" : document.yamlText, exporter.notes)
    }

    /// The extension that holds, on any object of the document, what only the format says of it, in the
    /// format's own words: `x-specsmith: {swiftName: coordinates}` on a property.
    public static let formatKey = "x-specsmith"

    /// The format's type text of `type`: `[Country]`, `[String: Int]?`.
    static func formatTypeText(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): builtin.rawValue
        case .model(let name): name
        case .array(let element): "[" + formatTypeText(element) + "]"
        case .dictionary(let value): "[String: " + formatTypeText(value) + "]"
        case .optional(let wrapped), .nullable(let wrapped): formatTypeText(wrapped) + "?"
        case .void: "Void"
        case .stream(let element): formatTypeText(element)
        }
    }

    /// `object`'s format extension with `entries` added; unchanged when there are none.
    static func adding(_ entries: DocumentObject, to object: inout DocumentObject) {
        guard !entries.isEmpty else { return }
        var format: DocumentObject
        if case .object(let existing)? = object[formatKey] { format = existing } else { format = DocumentObject() }
        for entry in entries.entries { format[entry.key] = entry.value }
        object[formatKey] = .object(format)
    }

    /// A deprecation's message, for the format extension (OpenAPI's `deprecated` is a flag).
    static func deprecationEntries(_ deprecation: Deprecation?) -> DocumentObject {
        var entries = DocumentObject()
        if let message = deprecation?.message { entries["deprecated"] = .string(message) }
        return entries
    }

    /// Records what the document leaves out.
    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// The whole document.
    mutating func document() -> DocumentNode {
        var document = DocumentObject()
        document["openapi"] = "3.1.0"
        var info = DocumentObject()
        info["title"] = .string(api.name)
        info["version"] = .string(api.version ?? "")  // OpenAPI requires one; empty reads back as none
        if let description = api.description { info["description"] = .string(description) }
        document["info"] = .object(info)
        document["servers"] = .array([
            .object(server(api.baseURLTemplate.isEmpty ? api.baseURL : api.baseURLTemplate, description: nil))
        ])
        var format = DocumentObject()
        if api.style != .endpoints { format["style"] = .string(api.style.rawValue) }
        if api.access != .public { format["access"] = .string(api.access.rawValue) }
        if !api.hashable { format["hashable"] = .bool(false) }
        if api.flavours != [.async] { format["flavours"] = .array(api.flavours.sorted().map { .string($0.rawValue) }) }
        if api.dates != "iso8601" { format["dates"] = .string(api.dates) }
        if !api.headers.isEmpty || !api.headerParameters.isEmpty {
            var headers = DocumentObject()
            for header in api.headers { headers[header.name] = .string(header.value) }
            for header in api.headerParameters {
                var parameter = DocumentObject()
                parameter["parameter"] = .string(header.parameter)
                headers[header.name] = .object(parameter)
            }
            format["headers"] = .object(headers)
        }
        let paths = self.paths()
        // The orders OpenAPI's grouping by path and by scheme would change.
        let operationIDs = paths.entries.flatMap { item -> [String] in
            guard case .object(let operations) = item.value else { return [] }
            return operations.entries.compactMap { operation -> String? in
                guard case .object(let object) = operation.value, case .string(let id)? = object["operationId"] else {
                    return nil
                }
                return id
            }
        }
        let endpoints = api.operations.map(\.specName).filter(operationIDs.contains)
        if endpoints != operationIDs { format["endpoints"] = .array(endpoints.map(DocumentNode.string)) }
        let scopes = (api.auth?.scopes ?? []).filter(\.alternatives.isEmpty)
        let byScheme = securitySchemeNames.flatMap { scheme in scopes.filter { schemeName(of: $0) == scheme.name } }
        if byScheme.map(\.specName) != scopes.map(\.specName) {
            format["scopes"] = .array(scopes.map { .string($0.specName) })
        }
        if let webhooksFormat = webhooksFormat() { format["webhooks"] = .object(webhooksFormat) }
        if !format.isEmpty { document[Self.formatKey] = .object(format) }
        document["paths"] = .object(paths)
        if let webhooks = webhooks() { document["webhooks"] = .object(webhooks) }
        var components = DocumentObject()
        var schemas = DocumentObject()
        // An inline body's model is written inline, where its properties are the method's parameters.
        let bodies = Set(
            api.operations.compactMap { operation -> String? in
                if case .fields(let model, _, _)? = operation.body { return model }
                return nil
            }
        )
        for model in api.models where !bodies.contains(model.name) {
            schemas[Self.componentName(model.name)] = .object(schema(of: model))
        }
        if !schemas.isEmpty { components["schemas"] = .object(schemas) }
        if let securitySchemes = securitySchemes() { components["securitySchemes"] = .object(securitySchemes) }
        if !components.isEmpty { document["components"] = .object(components) }
        return .object(document)
    }

    /// A server object of `url`, with the variables it uses.
    func server(_ url: String, description: String?) -> DocumentObject {
        var server = DocumentObject()
        server["url"] = .string(url)
        if let description { server["description"] = .string(description) }
        var variables = DocumentObject()
        for variable in api.variables where url.contains("{" + variable.name + "}") {
            var entry = DocumentObject()
            entry["default"] = .string(variable.defaultValue)
            if !variable.values.isEmpty { entry["enum"] = .array(variable.values.map(DocumentNode.string)) }
            if let description = variable.description { entry["description"] = .string(description) }
            variables[variable.name] = .object(entry)
        }
        if !variables.isEmpty { server["variables"] = .object(variables) }
        return server
    }
}
