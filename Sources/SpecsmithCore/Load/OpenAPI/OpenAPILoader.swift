/// The second loader: an OpenAPI 3.0 or 3.1 document (YAML or JSON) → the same ``RawSpec`` the format's own
/// loader makes, every value located in the document, so that the rest of the pipeline does not know where a
/// spec came from.
///
/// What the format cannot say yet is a warning at its place, saying what was done instead; only a broken
/// document (a `$ref` to nothing, a required key missing) is an error.
enum OpenAPILoader {
    /// Whether `root` is an OpenAPI document (`openapi:`) or a Swagger 2.0 one (`swagger:`).
    static func isOpenAPI(_ root: YAMLValue) -> Bool {
        guard case .mapping(let entries) = root.kind else { return false }
        return entries.contains { $0.key.value == "openapi" || $0.key.value == "swagger" }
    }

    static func load(
        _ root: YAMLValue,
        file: String,
        config: RawConfig?,
        readFile: ((String) -> String?)? = nil,
        diagnostics: inout Diagnostics
    ) -> RawSpec {
        guard let upgraded = Swagger2.upgrade(root, diagnostics: &diagnostics) else {
            return RawSpec(file: file, location: root.location)
        }
        let root = ExternalReferences.bundle(upgraded, file: file, readFile: readFile, diagnostics: &diagnostics)
        var reader = OpenAPIReader(root: root, file: file, diagnostics: diagnostics)
        reader.config = config
        var spec = reader.read()
        // Inline schemas written alike in several places are named by what the places share, which is known
        // once every place is read: then the document is read again with those names.
        let shared = reader.namesOfSharedInlineSchemas()
        if !shared.isEmpty {
            var second = OpenAPIReader(root: root, file: file, diagnostics: diagnostics)
            second.config = config
            second.sharedInlineNames = shared
            spec = second.read()
            reader = second
        }
        diagnostics = reader.diagnostics
        return spec
    }
}

/// Walks an OpenAPI document, hoisting inline schemas into named models as it goes.
struct OpenAPIReader {
    let root: YAMLValue
    let file: String
    var diagnostics: Diagnostics
    var spec: RawSpec
    /// Component schema name → the spec name of its model, for schemas that are models.
    var modelNames: [String: String] = [:]
    /// Component schema name → its schema, for every component schema.
    var componentSchemas: [String: YAMLValue] = [:]
    /// Spec names taken by models.
    var takenNames: Set<String> = []
    /// References being turned into type text, to stop at cycles of aliases.
    var resolving: Set<String> = []
    /// The type text of each reference to a schema that is not a model, once made.
    var referenceTexts: [String: String] = [:]
    /// The operations' `callbacks`, by the operation's name, read with the webhooks.
    var callbackNodes: [(operation: String, node: YAMLValue)] = []
    /// Kinds of things skipped with a warning already (callbacks, webhooks, …): one warning each.
    var warnedKinds: Set<String> = []
    /// The `operationId` each endpoint was read from, by the endpoint's name: what the config names operations by.
    var operationIDs: [String: String] = [:]
    /// The names operations whose ids FastAPI made are read as, by id (`read_flow_flows__id__get` → `read_flow`).
    var fastAPINames: [String: String] = [:]
    /// The security schemes the client sends, and the OAuth 2 scopes among its scopes.
    var securityNames: Set<String> = []
    /// The OAuth 2 scopes that are compile-time scopes, by scheme.
    var oauthScopes: [String: Set<String>] = [:]
    /// The document's `security`, as scheme names (`public` for `{}`).
    var defaultRequirement: [String]?
    /// The config's options for OpenAPI input: `name`, `namespaces`, `filter`.
    var config: RawConfig?
    /// Inline object schemas hoisted into models.
    var hoistedObjects: Set<String> = []
    /// The model of integer-or-string values (see ``intOrString(at:)``), once made.
    var intOrStringModel: String?
    /// The model each inline schema became, by where it is written: a schema inside a shared response or
    /// parameter is one model however many operations use it.
    var inlineModels: [SourceLocation: String] = [:]
    /// The model each inline schema became, by its text: schemas written alike are one model.
    var inlineShapes: [String: String] = [:]
    /// The names the places of each inline schema would give it, by its text, in the order read, and its values
    /// when it is an enumeration of strings.
    var inlineUses: [String: (names: [String], roles: [String?], values: [String]?)] = [:]
    /// The name of the property or parameter whose schema is being read, until an inline schema takes it.
    var inlineRole: String?
    /// The names of inline schemas written alike in several places, by their text: what the places share
    /// (``SharedSchemaNames``), found by a first reading.
    var sharedInlineNames: [String: String] = [:]
    /// The config's `pages:` entries an operation took, by where they are written.
    var usedConfigPages: Set<SourceLocation> = []
    /// Where the document would name its server, when it names none at its top (its operations may).
    var missingServerLocation: SourceLocation?
    /// The order of the endpoints and of the scopes the document's `x-specsmith` gives (`endpoints`,
    /// `scopes`), when it is not the document's own.
    var formatOrder: (endpoints: [String], scopes: [String]) = ([], [])
    /// How deeply the schema being read is nested in others.
    var depth = 0
    /// The component schema whose model operations without an error body take (``defaultErrorSchema()``).
    var defaultErrorComponent: String?
    /// The type names models may not take, once the API's name is known.
    var reservedNames: Set<String> = []
    /// The spec names of component schemas that are objects, once computed.
    var objectModels: Set<String>?
    /// The config's renames that named something, by where they are written.
    var usedRenames: Set<SourceLocation> = []
    /// Keys that `allOf` parts of a model require, by model.
    var allOfRequired: [String: Set<String>] = [:]
    /// The component schemas the config's `filter` leaves as `JSON` (see ``filterReach()``).
    var cutSchemas: Set<String> = []
    /// The component schemas that are the parents of others by `allOf` and tell them apart by a discriminator
    /// of their own (see `findPolymorphicParents()`), by component name.
    var polymorphicParents: [String: PolymorphicParent] = [:]
    /// Whether the document mentions `[DONE]`, once searched (see `mentionsDone()`).
    var mentionsDoneCache: Bool?

    init(root: YAMLValue, file: String, diagnostics: Diagnostics) {
        self.root = root
        self.file = file
        self.diagnostics = diagnostics
        self.spec = RawSpec(file: file, location: root.location)
        self.spec.isOpenAPI = true
    }

    // MARK: The document

    mutating func read() -> RawSpec {
        guard case .mapping = root.kind else { return spec }
        if let version = root["openapi"], let text = version.scalarText, !text.hasPrefix("3.") {
            diagnostics.error("OpenAPI \(text) is not a version this reads; it reads 3.0 and 3.1", at: version.location)
            return spec
        }
        readInfo()
        readServers()
        readDocumentFormat()
        fastAPINames = fastAPIOperationNames()
        if let schemas = root["components"]?["schemas"], case .mapping(let entries) = schemas.kind {
            for entry in entries {
                componentSchemas[entry.key.value] = entry.value
            }
            // Models first get their names, so that references between them resolve in any order; reverse-DNS
            // names (`io.k8s.api.core.v1.Pod`) by their last parts (`Pod`).
            let short = SchemaNames.shortened(
                entries.filter { isModel($0.value) }.map(\.key.value),
                taken: ReservedNames.types(
                    api: spec.name?.value ?? APIName.fallback,
                    hasAuth: true,
                    flavours: Set(API.Flavour.allCases)
                )
            )
            for entry in entries where isModel(entry.value) {
                let renamed = rename(entry.key.value, in: \.schemas) ?? formatModelName(of: entry.value)
                modelNames[entry.key.value] = claim(
                    renamed?.value ?? fastAPIBodyName(entry.key.value) ?? short[entry.key.value] ?? entry.key.value,
                    at: renamed?.location ?? entry.key.location
                )
            }
            defaultErrorComponent = defaultErrorSchema()
            // With a filter, only the schemas its operations reach: inline schemas are named after places
            // that are generated.
            let reach = filterReach()
            cutSchemas = reach?.cut ?? []
            // After the filter: a child it leaves out is no kind of its parent here.
            findPolymorphicParents(entries, read: reach?.read)
            warnOfSchemasCutByDepth(reach.map { reach in reach.cutByDepth.filter { !reach.read.contains($0) } } ?? [])
            if reach == nil, let filter = config?.filter, filter.depth != nil || !filter.cut.isEmpty {
                diagnostics.warning(
                    "the filter's `depth` and `cut` are not applied to a document that refers to other files",
                    at: filter.depth?.location ?? filter.cut[0].location,
                    hint: "bundle the document into one file to cut its models"
                )
            }
            for entry in entries where isModel(entry.value) && reach?.read.contains(entry.key.value) != false {
                if let parent = polymorphicParents[entry.key.value], let name = modelNames[entry.key.value] {
                    // Its inline schemas are named after the parent, as they would be without children.
                    addModel(
                        entry.value,
                        name: Located(parent.base, at: entry.key.location),
                        inlineNamesAfter: name,
                        description:
                            "The properties every kind of `\(name)` has (each kind includes them), told apart by `\(parent.property.value)`."
                    )
                    addPolymorphicUnion(
                        parent,
                        component: entry.key.value,
                        of: entry.value,
                        name: Located(name, at: entry.key.location)
                    )
                } else if let name = modelNames[entry.key.value] {
                    addModel(entry.value, name: Located(name, at: entry.key.location))
                }
            }
        }
        readSecurity()
        readPaths()
        if let schema = defaultErrorComponent { giveDefaultErrorBodies(schema) }
        readWebhooks()
        useServerOfEveryOperation()
        applyFormatOrder()
        flattenConflictingIncludes()
        requireDiscriminators()
        makeOneValueEnumerationsConstants()
        if config?.filter != nil {
            keepReachableModels()
            warnOfFilterEntries()
            let warned = warnOfLargeFilter()
            spec.filterSummary = FilterSummary(
                documentOperations: documentOperationCount(),
                depth: config?.filter?.depth?.value,
                depthWarned: warned
            )
        }
        renameProperties()
        applyTolerance()
        warnOfUnusedRenames()
        warnOfUnusedConfigPages()
        return spec
    }

    // MARK: Renames (the config's `rename:`)

    /// The config's new name for `name` among `group`'s renames, marked used.
    mutating func rename(_ name: String, in group: KeyPath<RawRenames, [RawRenames.Entry]>) -> Located<String>? {
        guard let entry = config?.renames?[keyPath: group].first(where: { $0.from.value == name }) else { return nil }
        usedRenames.insert(entry.from.location)
        return entry.to
    }

    /// `Schema.property: name` gives the property its Swift name; `Schema` is the document's name of the
    /// schema or the model's.
    mutating func renameProperties() {
        guard let renames = config?.renames?.properties, !renames.isEmpty else { return }
        let documentNames = Dictionary(modelNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        for index in spec.models.indices {
            guard case .object(var fields) = spec.models[index].shape else { continue }
            let model = spec.models[index].name.value
            let owners = [model, documentNames[model]].compactMap { $0 }
            for field in fields.indices {
                for owner in owners {
                    if let name = rename(owner + "." + fields[field].key.value, in: \.properties) {
                        fields[field].swiftName = name
                    }
                }
            }
            spec.models[index].shape = .object(fields)
        }
    }

    /// The config's `tolerate:`: each property it names (`Schema.property`, by the document's or the model's
    /// name), every property of a schema it names, or every property (`all`) reads what the API sends besides
    /// what its type says. A name that is no schema or property of the document is a warning.
    mutating func applyTolerance() {
        guard let entries = config?.tolerate, !entries.isEmpty else { return }
        let documentNames = Dictionary(modelNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var used = Set<SourceLocation>()
        for index in spec.models.indices {
            guard case .object(var fields) = spec.models[index].shape else { continue }
            let model = spec.models[index].name.value
            let owners = [model, documentNames[model]].compactMap { $0 }
            for field in fields.indices {
                for entry in entries {
                    guard let names = entry.names else {
                        fields[field].tolerance.insert(entry.tolerance)
                        continue
                    }
                    let keys = owners.flatMap { [$0, $0 + "." + fields[field].key.value] }
                    for name in names where keys.contains(name.value) {
                        fields[field].tolerance.insert(entry.tolerance)
                        used.insert(name.location)
                    }
                }
                // What the API leaves out or sends as `null` is optional, whatever the description requires.
                if fields[field].tolerance.contains(.missingOrNull), var type = fields[field].type,
                    !type.value.hasSuffix("?")
                {
                    type.value += "?"
                    fields[field].type = type
                    fields[field].nullable = nil
                }
            }
            spec.models[index].shape = .object(fields)
        }
        // A parameter the API's clients leave out though the description requires it (Slack's `token`, which its
        // SDKs send as the scheme's `Authorization` instead): optional, so that a server takes such a request.
        for index in spec.endpoints.indices {
            let endpoint = spec.endpoints[index]
            let owners = Set([endpoint.name.value, operationIDs[endpoint.name.value]].compactMap { $0 })
            func tolerate(_ fields: inout [RawField]) {
                for field in fields.indices {
                    for entry in entries where entry.tolerance == .missingOrNull {
                        for name in entry.names ?? [] {
                            let parts = name.value.split(separator: ".", maxSplits: 1).map(String.init)
                            guard parts.count == 2, owners.contains(parts[0]), parts[1] == fields[field].key.value
                            else { continue }
                            used.insert(name.location)
                            if var type = fields[field].type, !type.value.hasSuffix("?") {
                                type.value += "?"
                                fields[field].type = type
                            }
                        }
                    }
                }
            }
            tolerate(&spec.endpoints[index].query)
            tolerate(&spec.endpoints[index].headers)
            tolerate(&spec.endpoints[index].cookies)
            switch spec.endpoints[index].body {
            case .form(var fields, let location)?:
                tolerate(&fields)
                spec.endpoints[index].body = .form(fields, location)
            case .json(var fields, let location)?:
                tolerate(&fields)
                spec.endpoints[index].body = .json(fields, location)
            case .multipart(var fields, let location)?:
                tolerate(&fields)
                spec.endpoints[index].body = .multipart(fields, location)
            default:
                break
            }
        }
        let schemaNames = Set(componentSchemas.keys).union(modelNames.values)
        for entry in entries {
            for name in entry.names ?? [] where !used.contains(name.location) {
                let owner = String(name.value.split(separator: ".", maxSplits: 1).first ?? "")
                if config?.filter != nil, schemaNames.contains(owner) {
                    diagnostics.warning(
                        "`\(name.value)` in `tolerate.\(entry.kind.value)` names a schema the filter leaves out; it changes nothing",
                        at: name.location,
                        hint: "keep the schema with the filter's `keep:`, or remove the entry"
                    )
                    continue
                }
                diagnostics.warning(
                    "`\(name.value)` in `tolerate.\(entry.kind.value)` names no schema, property or operation's parameter of the document",
                    at: name.location,
                    hint: "write `Schema`, `Schema.property` or `operationId.parameter`"
                )
            }
        }
    }

    /// A rename that names nothing of the document is a warning, as a filter's entry is.
    mutating func warnOfUnusedRenames() {
        guard let renames = config?.renames else { return }
        for (entries, what) in [
            (renames.schemas, "schema"), (renames.operations, "operation"), (renames.properties, "property"),
        ] {
            for entry in entries where !usedRenames.contains(entry.from.location) {
                diagnostics.warning(
                    "the rename's `\(entry.from.value)` names no \(what) of the document",
                    at: entry.from.location,
                    hint: what == "property" ? "write `Schema.property`" : nil
                )
            }
        }
    }

    /// A model of `allOf` that redefines a property of a model it includes (often to require it) has that
    /// model's properties copied in instead, its own winning: the format's `includes` may not conflict.
    mutating func flattenConflictingIncludes() {
        var changed = true
        var rounds = 0
        while changed && rounds < 8 {
            changed = false
            rounds += 1
            let byName = Dictionary(spec.models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
            for index in spec.models.indices {
                guard case .object(var fields) = spec.models[index].shape, !spec.models[index].includes.isEmpty
                else { continue }
                let own = Set(fields.map(\.key.value))
                let required = allOfRequired[spec.models[index].name.value] ?? []
                var includes: [Located<String>] = []
                // The properties of the includes kept so far: two included models may not both have one.
                var included = Set<String>()
                for include in spec.models[index].includes {
                    // A conflict with the included model's own properties or those it includes in turn.
                    let keys = Self.keys(of: include.value, in: byName)
                    guard let model = byName[include.value], case .object(let inherited) = model.shape,
                        keys.contains(where: { own.contains($0) || required.contains($0) || included.contains($0) })
                    else {
                        includes.append(include)
                        included.formUnion(keys)
                        continue
                    }
                    includes += model.includes
                    // A part that narrows an included property (CAMARA's `type: {enum: [...]}` beside a base that
                    // requires `type`) narrows a required one: `allOf` means both, so it stays required.
                    for field in fields.indices {
                        guard let base = inherited.first(where: { $0.key.value == fields[field].key.value }),
                            base.type.map({ !$0.value.hasSuffix("?") }) == true || base.nullable != nil
                        else { continue }
                        Self.require(&fields[field])
                    }
                    var copied = inherited.filter { !own.contains($0.key.value) && !included.contains($0.key.value) }
                    included.formUnion(copied.map(\.key.value))
                    for field in copied.indices where required.contains(copied[field].key.value) {
                        Self.require(&copied[field])
                    }
                    fields = copied + fields
                    changed = true
                }
                spec.models[index].includes = includes
                spec.models[index].shape = .object(fields)
            }
        }
    }

    /// The property names of the object model `name` and of every model it includes, as deep as includes may
    /// nest (``ResolveContext/maximumIncludeDepth``: deeper is an error, and a long chain would make this
    /// quadratic).
    static func keys(of name: String, in models: [String: RawModel]) -> Set<String> {
        var keys = Set<String>()
        var stack = [(name: name, depth: 0)]
        var seen = Set<String>()
        while let next = stack.popLast() {
            guard next.depth <= ResolveContext.maximumIncludeDepth, seen.insert(next.name).inserted,
                let model = models[next.name], case .object(let fields) = model.shape
            else { continue }
            keys.formUnion(fields.map(\.key.value))
            stack += model.includes.map { ($0.value, next.depth + 1) }
        }
        return keys
    }

    /// With a `filter`, only the models the kept endpoints use, directly or through other models.
    mutating func keepReachableModels() {
        let reached = reachableModels()
        spec.models.removeAll { !reached.contains($0.name.value) }
    }

    /// The models the endpoints, webhooks and shared errors use, directly or through other models.
    func reachableModels() -> Set<String> {
        let models = Dictionary(spec.models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var stack: [String] = spec.errors.flatMap { Self.identifiers($0.type.value) }
        stack += (spec.webhooks?.events ?? []).compactMap(\.body?.value).flatMap(Self.identifiers)
        for endpoint in spec.endpoints {
            var texts =
                (endpoint.pathParameters + endpoint.query + endpoint.headers + endpoint.cookies
                + endpoint.responseHeaders)
                .compactMap(\.type?.value)
            texts += endpoint.errors.map(\.type.value)
            switch endpoint.body {
            case .type(let type)?: texts.append(type.value)
            case .json(let fields, _)?, .form(let fields, _)?, .multipart(let fields, _)?:
                texts += fields.compactMap(\.type?.value)
            default: break
            }
            // Answers, streams' values too (a stream method's, and each named event's).
            for body in [endpoint.response, endpoint.stream?.answer] + endpoint.responses.map(\.body) {
                switch body {
                case .type(let type)?, .events(let type, _)?, .jsonLines(let type, _)?: texts.append(type.value)
                case .namedEvents(let events, _, _)?: texts += events.compactMap(\.type?.value)
                default: break
                }
            }
            stack += texts.flatMap(Self.identifiers)
        }
        var reached = Set<String>()
        while let name = stack.popLast() {
            guard let model = models[name], reached.insert(name).inserted else { continue }
            stack += model.includes.map(\.value)
            stack += model.additionalProperties.map { Self.identifiers($0.value) } ?? []
            switch model.shape {
            case .object(let fields): stack += fields.compactMap(\.type?.value).flatMap(Self.identifiers)
            case .union(let union):
                stack +=
                    union.alternatives.flatMap { Self.identifiers($0.type.value) } + union.mapping.map(\.model.value)
                    + (union.base.map { [$0.value] } ?? [])
            case .enumeration: break
            }
        }
        return reached
    }

    /// The names in a type's text: `[String: Pet]?` → `String`, `Pet`.
    static func identifiers(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    /// A union's discriminator is in every alternative, whether or not the document lists it as `required`,
    /// and is text: an enumeration of one value (OpenAPI's usual way to fix it) is that value, a constant.
    mutating func requireDiscriminators() {
        var enumerations: [String: [RawEnumValue]] = [:]
        for model in spec.models {
            if case .enumeration(let values) = model.shape { enumerations[model.name.value] = values }
        }
        var positions: [String: Int] = [:]
        for (index, model) in spec.models.enumerated() where positions[model.name.value] == nil {
            positions[model.name.value] = index
        }
        for unionIndex in spec.models.indices {
            guard case .union(var shape) = spec.models[unionIndex].shape, let key = shape.discriminator?.value
            else { continue }
            var tags: [String: String] = [:]
            var ambiguous = false
            var missing: String?
            // Tags the alternatives' enumerations of several values give, for the mapping.
            var added: [(tag: Located<String>, model: Located<String>)] = []
            for alternative in shape.alternatives {
                // The alternative's own field, or the one it includes.
                var owner = alternative.type.value
                var visited = Set<String>()
                while visited.insert(owner).inserted,
                    let index = positions[owner],
                    case .object(let fields) = spec.models[index].shape,
                    !fields.contains(where: { $0.key.value == key }),
                    let include = spec.models[index].includes.last?.value
                {
                    owner = include
                }
                guard let index = positions[owner],
                    case .object(var fields) = spec.models[index].shape
                else { continue }
                if !fields.contains(where: { $0.key.value == key }) {
                    missing = missing ?? alternative.type.value
                    continue
                }
                for field in fields.indices where fields[field].key.value == key {
                    if fields[field].constant != nil {
                        // The tag of a discriminated union's alternative is always there, even where the
                        // alternative's own schema does not require it.
                        fields[field].type = nil
                    }
                    guard var type = fields[field].type?.value else {
                        if let constant = fields[field].constant?.value.scalarText {
                            if let other = tags.updateValue(alternative.type.value, forKey: constant),
                                other != alternative.type.value
                            {
                                ambiguous = true
                            }
                        }
                        continue
                    }
                    if type.hasSuffix("?") { type.removeLast() }
                    // A tag of a model the alternative includes (OpenAI's WebSocket events are its stream's events
                    // with a `stream_id`) is the alternative's too, and the included model, which other unions list
                    // as it is, keeps its field: written as `String`, it left both unions telling their values apart
                    // by schema names, which no payload has.
                    let included = owner != alternative.type.value
                    if !included, let values = enumerations[type], values.count == 1, !values[0].isInteger {
                        let tag = values[0].value.value
                        Self.makeConstant(&fields[field], values[0])
                        if let other = tags.updateValue(alternative.type.value, forKey: tag),
                            other != alternative.type.value
                        {
                            ambiguous = true
                        }
                    } else {
                        // An enumeration of several values (OpenAI's `type: {enum: [web_search_preview,
                        // web_search_preview_2025_03_11]}`), or an included model's: each value is a tag of the
                        // alternative.
                        if let values = enumerations[type], included || values.count > 1,
                            !shape.mapping.contains(where: { $0.model.value == alternative.type.value })
                        {
                            for value in values where !value.isInteger {
                                if let other = tags.updateValue(alternative.type.value, forKey: value.value.value),
                                    other != alternative.type.value
                                {
                                    ambiguous = true
                                }
                                added.append(
                                    (value.value, Located(alternative.type.value, at: alternative.type.location))
                                )
                            }
                        }
                        if !included { fields[field].type?.value = "String" }
                    }
                }
                spec.models[index].shape = .object(fields)
            }
            if !added.isEmpty && !ambiguous {
                shape.mapping += added
                spec.models[unionIndex].shape = .union(shape)
            }
            if let missing {
                diagnostics.warning(
                    "the discriminator of `\(spec.models[unionIndex].name.value)` is dropped: `\(missing)` has no property `\(key)`; values are told apart by their shape",
                    at: shape.discriminator?.location ?? shape.location
                )
                shape.discriminator = nil
                shape.mapping = []
                spec.models[unionIndex].shape = .union(shape)
            } else if ambiguous && shape.mapping.isEmpty {
                diagnostics.warning(
                    "the discriminator of `\(spec.models[unionIndex].name.value)` is dropped: two alternatives have one tag; values are told apart by their shape",
                    at: shape.discriminator?.location ?? shape.location
                )
                shape.discriminator = nil
                spec.models[unionIndex].shape = .union(shape)
            }
        }
    }

    mutating func readInfo() {
        guard let info = root["info"] else {
            diagnostics.error("the document needs an `info` with a `title`", at: root.location)
            spec.name = Located(APIName.fallback, at: root.location)
            return
        }
        if let name = config?.name {
            spec.name = name
        } else if let title = info["title"], let text = title.scalarText {
            // "Bookshelf API" is `Bookshelf`: the generated types add `API`, `Client` and the like themselves.
            spec.name = Located(APIName.named(byTitle: text), at: title.location)
        } else {
            diagnostics.error("`info` needs a `title`", at: info.location)
            spec.name = Located(APIName.fallback, at: info.location)
        }
        spec.description = info["description"]?.scalarText
        spec.version = info["version"]?.scalarText.flatMap { $0.isEmpty ? nil : $0 }
    }

    mutating func readServers() {
        guard let servers = root["servers"], case .sequence(let items) = servers.kind, let first = items.first,
            let url = first["url"], let written = url.scalarText
        else {
            // Said once the operations are read, which may all name one (`useServerOfEveryOperation`).
            missingServerLocation = root["servers"]?.location ?? root.location
            spec.baseURL = Located("https://api.example.com", at: root.location)
            return
        }
        let text = Self.withURLVariables(written, of: first)
        if text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("{") {
            spec.baseURL = text == written ? url.located(text) : Located(text, at: url.location)
        } else {
            let path = (text.hasPrefix("/") ? "" : "/") + text
            if path.contains("{") || path.contains(" ") {
                // A path with variables: below a placeholder host, as the variables are filled in there.
                diagnostics.warning(
                    "the server URL `\(text)` is relative; the client's default base URL is https://api.example.com\(path)",
                    at: url.location,
                    hint: "pass the real one as `baseURL` when creating the client"
                )
                spec.baseURL = Located("https://api.example.com" + path, at: url.location)
                addVariables(of: first)
                return
            }
            diagnostics.warning(
                "the server URL `\(text)` names no host: the client's initializers take the API's origin as `baseURL` (such as `http://localhost:8000`), and its requests go to `\(path)` there",
                at: url.location
            )
            spec.baseURL = Located(path, at: url.location)
        }
        if items.count > 1 {
            diagnostics.warning(
                "the document names \(items.count) servers; the client's default is the first, and any other is a `baseURL` away",
                at: items[1].location
            )
        }
        addVariables(of: first)
    }

    /// A document that names no server at its top but the same one on every path or operation: that server is
    /// the client's base URL, rather than a placeholder beside a second server. Otherwise the placeholder is
    /// said.
    mutating func useServerOfEveryOperation() {
        guard let location = missingServerLocation else { return }
        let names = Set(spec.endpoints.map { $0.server?.value })
        if !spec.endpoints.isEmpty, names.count == 1, let name = names.first ?? nil,
            let index = spec.servers.firstIndex(where: { $0.name.value == name }), let url = spec.servers[index].url
        {
            spec.baseURL = url
            spec.servers.remove(at: index)
            for index in spec.endpoints.indices { spec.endpoints[index].server = nil }
            return
        }
        // A document of webhooks alone has no client, whose server would matter.
        if spec.endpoints.isEmpty && spec.webhooks != nil { return }
        diagnostics.warning(
            "the document names no server; the client's default base URL is https://api.example.com",
            at: location,
            hint: "pass the real one as `baseURL` when creating the client"
        )
    }

    /// The variables of a server that stand for a part of a URL (`{origin}` with the default
    /// `https://uploads.github.com`) rather than a value in it: written into its URL instead, since a
    /// variable's value is percent-encoded.
    static func urlVariables(of server: YAMLValue) -> [(name: String, value: String)] {
        guard let variables = server["variables"], case .mapping(let entries) = variables.kind else { return [] }
        return entries.compactMap { entry in
            guard let value = entry.value["default"]?.scalarText, value.contains(where: { ":/?#".contains($0) })
            else { return nil }
            return (entry.key.value, value)
        }
    }

    /// `url` with the server's ``urlVariables(of:)`` written in.
    static func withURLVariables(_ url: String, of server: YAMLValue) -> String {
        urlVariables(of: server).reduce(url) { url, variable in
            url.replacingOccurrences(of: "{\(variable.name)}", with: variable.value)
        }
    }

    /// The `variables` of a server the spec does not have yet, but those written into its URL.
    mutating func addVariables(of server: YAMLValue) {
        guard let variables = server["variables"], case .mapping(let entries) = variables.kind else { return }
        let written = Set(Self.urlVariables(of: server).map(\.name))
        for entry in entries
        where !written.contains(entry.key.value)
            && !spec.variables.contains(where: { $0.name.value == entry.key.value })
        {
            var variable = RawServerVariable(name: entry.key)
            variable.defaultValue = entry.value["default"].flatMap { value in value.scalarText.map(value.located) }
            variable.description = entry.value["description"]?.scalarText
            if let values = entry.value["enum"], case .sequence(let items) = values.kind {
                variable.values = items.compactMap { item in item.scalarText.map(item.located) }
            }
            spec.variables.append(variable)
        }
    }

    // MARK: Schemas

    /// Whether a component schema becomes a model (an object, an enumeration, a union, a composition), rather
    /// than an alias whose uses are written out (an array, a map, a scalar).
    func isModel(_ schema: YAMLValue) -> Bool {
        if schema["$ref"] != nil { return false }
        if schema["properties"] != nil || isEnumeration(schema) { return true }
        for key in ["oneOf", "anyOf", "allOf"] {
            guard let list = schema[key], case .sequence(let items) = list.kind else { continue }
            // `allOf: [{$ref: X}]` with `nullable: true`, `oneOf: [X, {type: null}]`: X itself, not a model; so is
            // `allOf: [{$ref: X}, {description: …}]`, which only describes X where it is used.
            if Self.parts(items, of: key).count > 1 { return true }
            if key == "allOf" && items.contains(where: { $0["properties"] != nil }) { return true }
            // A union of one alternative, told by its tag: a union still, which may gain alternatives.
            if key != "allOf" && schema["discriminator"] != nil && !items.isEmpty { return true }
            // `oneOf` of one alternative that has a tag (a `const`, or an enumeration of one value): a value with
            // another tag is not that alternative, so it stays a union that keeps such a value as unknown.
            // (`anyOf: [X]` is how OpenAPI 3.0 documents add `nullable` or a description to a reference.)
            if key == "oneOf" && isTaggedAlone(items) { return true }
            // One that the format's extension says is a union (`x-specsmith: {oneOf: …}` naming its cases, or
            // `fallback`, which an exported union always says).
            if key != "allOf", let format = schema[Self.formatKey], format["oneOf"] ?? format["fallback"] != nil,
                !items.isEmpty
            {
                return true
            }
        }
        return false
    }

    /// A spec name for `name` that no other model has: its Swift type name, numbered when taken.
    mutating func claim(_ name: String, at location: SourceLocation) -> String {
        let base = SwiftName.typeName(name)
        // Names generated code uses (`Error`, `Data`, `Scope`, …) are kept from models, whatever the flavours.
        if reservedNames.isEmpty {
            // A document `specsmith export` wrote says its flavours; its auth is its security schemes.
            let exported = format(of: root) != nil
            reservedNames = ReservedNames.types(
                api: spec.name?.value ?? APIName.fallback,
                hasAuth: exported ? root["components"]?["securitySchemes"] != nil : true,
                flavours: exported
                    ? Set(spec.flavours.compactMap { API.Flavour(rawValue: $0.value) }).union([.async])
                    : Set(API.Flavour.allCases)
            )
        }
        let reserved = reservedNames
        var stem = base == "_" ? "Model" : base
        if reserved.contains(stem) { stem += "Model" }
        var candidate = stem
        var number = 2
        while takenNames.contains(candidate) || reserved.contains(candidate) {
            candidate = stem + String(number)
            number += 1
        }
        if candidate != base && base != "_" {
            let why = reserved.contains(base) ? "is a type generated code uses" : "is taken"
            diagnostics.warning("`\(name)` is named `\(candidate)` here: `\(base)` \(why)", at: location)
        }
        takenNames.insert(candidate)
        return candidate
    }

    /// Adds the model `schema` describes under `name`; its inline schemas are named after `owner` (the model's
    /// own name when `nil`). Its documentation is `description` when given, else the schema's.
    mutating func addModel(
        _ schema: YAMLValue,
        name: Located<String>,
        inlineNamesAfter owner: String? = nil,
        description: String? = nil
    ) {
        let owner = owner ?? name.value
        var model = RawModel(name: name, shape: .object([]))
        model.description = description ?? schema["description"]?.scalarText
        // A deprecation the format says (`x-specsmith: {deprecated: …}`) is the format's, with `@available`.
        if format(of: schema)?["deprecated"] == nil, schema["deprecated"]?.isTrue == true {
            // Said in the documentation, not with `@available`: the document's other schemas, which are not
            // deprecated, still use it, and every use would be a warning.
            model.description = [model.description, "Deprecated."].compactMap { $0 }.joined(separator: "\n\n")
        }
        if isEnumeration(schema), let values = schema["enum"] {
            model.shape = .enumeration(namedByTheDocument(enumValues(values), schema: schema))
        } else if let values = extensibleValues(schema) {
            model.shape = .enumeration(enumValues(values))
            model.isExtensible = Located(true, at: schema.location)
        } else if let alternatives = schema["oneOf"] ?? schema["anyOf"], schema["properties"] == nil {
            model.shape = .union(union(alternatives, schema: schema, name: name.value))
        } else {
            if schema["oneOf"] != nil || schema["anyOf"] != nil {
                skip(
                    "`oneOf` and `anyOf` beside `properties`",
                    at: schema.location,
                    because: "they only constrain which properties are present; the object has them all"
                )
            }
            var fields: [RawField] = []
            var required = Set<String>()
            if let parts = schema["allOf"], case .sequence(let items) = parts.kind {
                // A property several parts list is the last part's.
                func add(_ part: [RawField]) {
                    let keys = Set(part.map(\.key.value))
                    fields.removeAll { keys.contains($0.key.value) }
                    fields += part
                }
                for part in items {
                    required.formUnion(requiredKeys(part))
                    // An included schema's required keys come before the part's own, as its properties do.
                    model.requiredOrder +=
                        (part["$ref"].flatMap(referencedSchema).map(orderedRequiredKeys) ?? [])
                        + orderedRequiredKeys(part)
                    if let reference = part["$ref"] {
                        // A parent told apart from its children by a discriminator is included as its base.
                        if let included = polymorphicBase(reference) ?? referencedModel(reference),
                            isObjectModel(reference)
                        {
                            model.includes.append(Located(included, at: reference.location))
                        } else if let target = referencedSchema(reference) {
                            add(properties(of: target, owner: owner))
                        }
                    } else {
                        add(properties(of: part, owner: owner))
                    }
                }
            }
            required.formUnion(requiredKeys(schema))
            model.requiredOrder += orderedRequiredKeys(schema)
            if !required.isEmpty { allOfRequired[name.value] = required }
            for field in properties(of: schema, owner: owner) {
                fields.removeAll { $0.key.value == field.key.value }  // the schema's own wins
                fields.append(field)
            }
            // Required by another part of `allOf`.
            for index in fields.indices where required.contains(fields[index].key.value) {
                Self.require(&fields[index])
            }
            model.shape = .object(fields)
            if let extra = schema["additionalProperties"], case .mapping = extra.kind, !fields.isEmpty {
                model.additionalProperties = Located(typeText(extra, name: owner + "Value"), at: extra.location)
            }
            if case .bool(false)? = schema["additionalProperties"]?.kind, !fields.isEmpty { model.isClosed = true }
        }
        mergeFormat(of: schema, into: &model)
        spec.models.append(model)
    }

    /// Whether `items`, the parts of a `oneOf`, are one alternative whose object has a tag: a property that is a
    /// string `const` or an enumeration of one string. (`oneOf: [X, {type: "null"}]` is how 3.1 documents make a
    /// reference nullable: that is `X?`.)
    func isTaggedAlone(_ items: [YAMLValue]) -> Bool {
        guard items.count == 1, !Self.isNullMarker(items[0]) else { return false }
        let alternative = items[0]["$ref"].flatMap(referencedSchema) ?? items[0]
        guard let properties = alternative["properties"], case .mapping(let entries) = properties.kind else {
            return false
        }
        return entries.contains { entry in
            var property = entry.value
            if let reference = property["$ref"], let target = referencedSchema(reference) { property = target }
            if case .string? = property["const"]?.kind { return true }
            guard case .sequence(let values)? = property["enum"]?.kind, values.count == 1 else { return false }
            if case .string = values[0].kind { return true }
            return false
        }
    }

    /// Whether `schema` is an enumeration the format has: strings or integers. Booleans, numbers and objects
    /// listed in `enum` only narrow their type, which stays the type (`enum: [true]` is a `Bool`).
    func isEnumeration(_ schema: YAMLValue) -> Bool {
        guard case .sequence(let items)? = schema["enum"]?.kind else { return false }
        var type = schema["type"]?.scalarText
        if case .sequence(let types)? = schema["type"]?.kind {
            type = types.compactMap(\.scalarText).first { $0 != "null" }
        }
        if let type, type != "string" && type != "integer" { return false }
        return items.contains {
            switch $0.kind {
            case .string, .int: true
            default: false
            }
        }
    }

    mutating func enumValues(_ values: YAMLValue) -> [RawEnumValue] {
        guard case .sequence(let items) = values.kind else { return [] }
        var values: [RawEnumValue] = items.compactMap { item in
            switch item.kind {
            case .int(let number): RawEnumValue(value: item.located(String(number)), isInteger: true)
            case .string(let text): RawEnumValue(value: item.located(text), isInteger: false)
            case .null: nil  // a nullable enumeration lists `null`: the property is optional instead.
            default: item.scalarText.map { RawEnumValue(value: item.located($0), isInteger: false) }
            }
        }
        // JSON Schema only asks for unique values: a repeat is read once (Mistral's description has one).
        var listed = Set<String>()
        values = values.filter { value in
            guard listed.insert(value.value.value).inserted else {
                diagnostics.warning(
                    "enum value `\(value.value.value)` is listed twice; the repeat is dropped",
                    at: value.value.location
                )
                return false
            }
            return true
        }
        // Mixed kinds are strings; values whose case names would be one (`Etc/GMT+0`, `Etc/GMT-0`) are numbered.
        if values.contains(where: \.isInteger) && values.contains(where: { !$0.isInteger }) {
            for index in values.indices { values[index].isInteger = false }
        }
        var seen = Set<String>()
        var named = false
        for value in values {
            let name = SwiftName.memberName(value.isInteger ? "value" + value.value.value : value.value.value)
            if !seen.insert(name).inserted { named = true }
        }
        guard named else { return values }
        seen = []
        for index in values.indices {
            let base = SwiftName.memberName(
                values[index].isInteger ? "value" + values[index].value.value : values[index].value.value
            )
            let name = SwiftName.numbered(base, taken: &seen)
            values[index].name = Located(name, at: values[index].value.location)
        }
        return values
    }

    /// The extensions in which generators' users name enumeration values, one name per value in order:
    /// OpenAPI Generator's `x-enum-varnames`, NSwag's `x-enumNames`, and `x-enum-names`.
    static let enumNameExtensions = ["x-enum-varnames", "x-enumNames", "x-enum-names"]

    /// `values` with the case names the document gives them (`x-enum-varnames: [Low, High]` for `[1, 2]` gives
    /// `.low` and `.high`, not `.value1` and `.value2`); a list of another length is a warning, and unused.
    mutating func namedByTheDocument(_ values: [RawEnumValue], schema: YAMLValue) -> [RawEnumValue] {
        guard let list = Self.enumNameExtensions.lazy.compactMap({ schema[$0] }).first,
            case .sequence(let items) = list.kind
        else { return values }
        let names = items.compactMap { item in item.scalarText.map { item.located($0) } }
        guard names.count == values.count, names.count == items.count else {
            diagnostics.warning(
                "\(items.count) names for \(values.count) enumeration values; the names are not used",
                at: list.location
            )
            return values
        }
        var named = values
        var taken = Set<String>()
        for index in named.indices {
            let name = SwiftName.numbered(SwiftName.memberName(names[index].value), taken: &taken)
            named[index].name = Located(name, at: names[index].location)
        }
        return named
    }

    /// Whether a schema is an object with properties (rather than an enumeration, a union or an alias).
    func isObject(_ schema: YAMLValue) -> Bool {
        guard isModel(schema), !isEnumeration(schema) else { return false }
        if schema["properties"] != nil { return true }
        return schema["allOf"] != nil && schema["oneOf"] == nil && schema["anyOf"] == nil
    }

    /// The keys a schema lists under `required`.
    func requiredKeys(_ schema: YAMLValue) -> Set<String> {
        Set(orderedRequiredKeys(schema))
    }

    /// The keys a schema lists under `required`, in its order.
    func orderedRequiredKeys(_ schema: YAMLValue) -> [String] {
        guard let list = schema["required"], case .sequence(let items) = list.kind else { return [] }
        return items.compactMap(\.scalarText)
    }

    /// Whether a `$ref` names a component that is an object model (which another may include); a cycle of
    /// `allOf` references is not one. Followed without recursion, so that no chain of references can exhaust
    /// the stack.
    func isObjectModel(_ reference: YAMLValue) -> Bool {
        var pending = [reference]
        var visited = Set<String>()
        while let next = pending.popLast() {
            guard let target = next.scalarText, visited.insert(target).inserted, let schema = referencedSchema(next)
            else { continue }
            if schema["properties"] != nil { return true }
            guard let parts = schema["allOf"], case .sequence(let items) = parts.kind else { continue }
            if items.contains(where: { $0["properties"] != nil }) { return true }
            pending += items.compactMap { $0["$ref"] }.reversed()
        }
        return false
    }

    /// What an inline alternative of a union adds to the union's name for its own: its `title` (`WhatsApp`),
    /// else the one value of the union's discriminator it has (`type: {const: text}` → `Text`), else the one
    /// property of an object (`{id: …}` → `Id`), else its place (`Option2`). Referenced alternatives keep their component's name.
    func alternativeName(_ item: YAMLValue, schema: YAMLValue, index: Int) -> String {
        if let title = item["title"]?.scalarText, !SwiftName.typeName(title).hasPrefix("_") {
            return SwiftName.typeName(title)
        }
        let property = (schema["discriminator"]?["propertyName"] ?? schema["discriminator"])?.scalarText ?? "type"
        if let tag = item["properties"]?[property] {
            let values: [String]
            if let constant = tag["const"]?.scalarText {
                values = [constant]
            } else if case .sequence(let items)? = tag["enum"]?.kind {
                values = items.compactMap(\.scalarText)
            } else {
                values = []
            }
            if values.count == 1, let value = values.first, !SwiftName.typeName(value).hasPrefix("_") {
                return SwiftName.typeName(value)
            }
        }
        // An object of one property is named by it (GitHub's `{labels: [...]}` → `Labels`), numbered after the
        // first when other alternatives have the same one (`Labels2`).
        if let key = Self.onlyPropertyKey(item), !SwiftName.typeName(key).hasPrefix("_"),
            case .sequence(let siblings)? = (schema["oneOf"] ?? schema["anyOf"])?.kind
        {
            // Those named by the same property before it (a titled one is named by its title).
            let earlier = siblings.prefix(index).filter { $0["title"] == nil && Self.onlyPropertyKey($0) == key }.count
            return SwiftName.typeName(key) + (earlier == 0 ? "" : String(earlier + 1))
        }
        return "Option" + String(index + 1)
    }

    /// The key of an inline object schema with exactly one property; `nil` for any other.
    static func onlyPropertyKey(_ item: YAMLValue) -> String? {
        guard item["$ref"] == nil, item["allOf"] == nil, item["oneOf"] == nil, item["anyOf"] == nil,
            case .mapping(let entries)? = item["properties"]?.kind, entries.count == 1
        else { return nil }
        return entries[0].key.value
    }

    mutating func union(_ alternatives: YAMLValue, schema: YAMLValue, name: String) -> RawUnion {
        var union = RawUnion(location: alternatives.location)
        var seen = Set<String>()
        if case .sequence(let items) = alternatives.kind {
            for (index, item) in items.enumerated() {
                if Self.isNullMarker(item) { continue }  // `oneOf: [X, {type: null}]`
                // A model named as an alternative is the union's part, read with it (see `filterReach()`),
                // even where the config's `filter` leaves it as `JSON` elsewhere.
                var text =
                    item["$ref"].flatMap(referencedModel)
                    ?? typeText(item, name: name + alternativeName(item, schema: schema, index: index))
                if text.hasSuffix("?") { text.removeLast() }  // the union's own optionality says it
                // A free-form object beside other kinds (`anyOf: [string, …, {type: object}]`) takes objects
                // only: as `JSON` it would take every kind, and a list would read as it.
                if text == "JSON", item["$ref"] == nil, item["type"]?.scalarText == "object" { text = "[String: JSON]" }
                guard seen.insert(text).inserted else {
                    skip(
                        "alternatives of the same type",
                        at: item.location,
                        because: "a union has each type once; the alternatives differ only in what they require"
                    )
                    continue
                }
                union.alternatives.append(RawUnion.Alternative(type: Located(text, at: item.location)))
            }
        }
        if objectModels == nil {
            objectModels = Set(
                componentSchemas.keys.filter { isObject(componentSchemas[$0]!) }.compactMap { modelNames[$0] }
            )
        }
        let objects = objectModels ?? []
        if let discriminator = schema["discriminator"],
            !union.alternatives.allSatisfy({ objects.contains($0.type.value) || hoistedObjects.contains($0.type.value) }
            )
        {
            diagnostics.warning(
                "the discriminator is dropped: not every alternative is an object; values are told apart by their shape",
                at: discriminator.location
            )
        } else if let discriminator = schema["discriminator"] {
            if let text = (discriminator["propertyName"] ?? discriminator).scalarText {
                let property = discriminator["propertyName"] ?? discriminator
                union.discriminator = property.located(text)
            }
            if let mapping = discriminator["mapping"], case .mapping(let entries) = mapping.kind {
                for entry in entries {
                    guard let target = entry.value.scalarText, let model = modelName(forReference: target)
                    else { continue }
                    union.mapping.append((entry.key, Located(model, at: entry.value.location)))
                }
            }
        }
        return union
    }

    /// The fields of an object schema's `properties`, optional unless `required`.
    mutating func properties(of schema: YAMLValue, owner: String) -> [RawField] {
        guard let properties = schema["properties"], case .mapping(let entries) = properties.kind else { return [] }
        var required = Set<String>()
        if let list = schema["required"], case .sequence(let items) = list.kind {
            required = Set(items.compactMap(\.scalarText))
        }
        let fields = entries.map { entry in
            var field = RawField(key: entry.key)
            let property = entry.value
            inlineRole = SwiftName.typeName(entry.key.value)
            var text = typeText(property, name: owner + SwiftName.typeName(entry.key.value))
            inlineRole = nil
            field.allowsNull = text.hasSuffix("?") || allowsNull(property)
            if !text.hasSuffix("?") { text += "?" }
            field.type = Located(text, at: property.location)
            if required.contains(entry.key.value) { Self.require(&field) }
            // Or the description an `allOf` part gives it where it is used (`allOf: [{$ref: X}, {description: …}]`).
            var described = property["description"]?.scalarText
            if described == nil, case .sequence(let parts)? = property["allOf"]?.kind {
                described = parts.lazy.compactMap { $0["$ref"] == nil ? $0["description"]?.scalarText : nil }.first
            }
            field.description = described
            let cut = cutReferences(in: property)
            if !cut.isEmpty {
                let names = cut.map { "`\($0)`" }.joined(separator: ", ")
                let what =
                    text.hasPrefix("String")
                    ? "The id alone, where the description also allows a whole \(names),"
                    : "`JSON` for the description's \(names),"
                let note = what + " which the config's `filter` leaves out (its `keep:` brings a schema in)."
                field.description = [field.description, note].compactMap { $0 }.joined(separator: "\n\n")
            }
            if let value = property["default"] {
                // `oneOf: [T, {type: "null"}]` is a nullable `T`, not a union.
                func alternatives(_ schema: YAMLValue) -> Int {
                    guard case .sequence(let items)? = (schema["oneOf"] ?? schema["anyOf"])?.kind else { return 0 }
                    return items.filter { !Self.isNullMarker($0) }.count
                }
                let isUnion =
                    alternatives(property) > 1
                    || property["$ref"].flatMap(referencedSchema).map { alternatives($0) > 1 } == true
                if isUnion {
                    skip("defaults of unions", at: value.location, because: "the format gives unions no default")
                } else if value.jsonText == "{}" && (property["$ref"] != nil || property["allOf"] != nil) {
                    // Kubernetes' description gives every model reference `default: {}`: one warning, not one each.
                    skip(
                        "empty defaults of models (`default: {}`)",
                        at: value.location,
                        because: "models have no defaults"
                    )
                } else {
                    field.defaultValue = YAMLValueBox(value: value)
                }
            }
            if property["deprecated"]?.isTrue == true {
                field.deprecated = RawDeprecation(message: nil)
            }
            if let flag = property["readOnly"], case .bool(let value) = flag.kind {
                field.readOnly = Located(value, at: flag.location)
            }
            if let flag = property["writeOnly"], case .bool(let value) = flag.kind {
                field.writeOnly = Located(value, at: flag.location)
            }
            if let constant = property["const"] {
                // A `const` is the format's constant: always sent, checked when received, no parameter. An
                // optional one (pydantic's `type: Literal["a"] = "a"`) keeps its optional type, which lets a
                // received value leave the key out; the model still cannot hold another value.
                switch constant.kind {
                case .bool, .int, .double, .string:
                    field.constant = YAMLValueBox(value: constant)
                    if required.contains(entry.key.value) { field.type = nil }
                    field.defaultValue = nil
                default: break
                }
            }
            mergeFormat(of: property, into: &field)
            return field
        }
        return Self.namedApart(fields)
    }

    /// `field`, which a schema's `required` lists: not optional, or, when the document lets its value be `null`,
    /// `nullable` (`T?` that is always there, `nil` sent as `null`). A field already required, or whose
    /// `x-specsmith` says how it is nullable, stays as it is.
    static func require(_ field: inout RawField) {
        guard field.nullable == nil, var type = field.type, type.value.hasSuffix("?") else { return }
        type.value.removeLast()
        field.type = type
        if field.allowsNull { field.nullable = Located(true, at: type.location) }
    }

    /// `fields` with those whose Swift names would be one (`+1` and `-1`, `total_count` and `totalCount`)
    /// given names of their own, their JSON keys kept: a leading `+` reads `plus`, a leading `-` `minus`
    /// (`plus1`, `minus1`), and the others are numbered (`totalCount`, `totalCount2`).
    static func namedApart(_ fields: [RawField]) -> [RawField] {
        func derived(_ field: RawField) -> String { field.swiftName?.value ?? SwiftName.memberName(field.key.value) }
        var counts: [String: Int] = [:]
        for field in fields { counts[derived(field), default: 0] += 1 }
        guard counts.values.contains(where: { $0 > 1 }) else { return fields }
        // Names that stand alone, and names given, stay as they are.
        var taken = Set(fields.filter { counts[derived($0)] == 1 || $0.swiftName != nil }.map(derived))
        var result = fields
        for index in result.indices where result[index].swiftName == nil && counts[derived(result[index])]! > 1 {
            let key = result[index].key.value
            var spelled = key
            if key.hasPrefix("+") {
                spelled = "plus " + key.dropFirst()
            } else if key.hasPrefix("-") {
                spelled = "minus " + key.dropFirst()
            }
            let name = SwiftName.numbered(SwiftName.memberName(spelled), taken: &taken)
            result[index].swiftName = Located(name, at: result[index].key.location)
        }
        return result
    }

    /// The format's type text for `schema`, hoisting inline objects, enumerations and unions into models
    /// named `name`; `T?` when the schema allows `null`.
    mutating func typeText(_ schema: YAMLValue, name: String) -> String {
        // Schemas nested deeper than any API's (YAML allows 1,000 levels) are any JSON, so that reading them
        // never exhausts the stack.
        guard depth < Self.maximumDepth else {
            skip(
                "schemas nested deeper than \(Self.maximumDepth) levels",
                at: schema.location,
                because: "they are read as `JSON`"
            )
            return "JSON"
        }
        depth += 1
        defer { depth -= 1 }
        let text = nonNullTypeText(schema, name: name)
        // Lists and maps nested past the 16 levels a type may nest (`TypeParser.maxDepth`) are any JSON from
        // there on: the Swift compiler's time doubles with each level.
        if Self.nesting(of: text) > TypeParser.maxDepth {
            skip(
                "lists and maps nested deeper than \(TypeParser.maxDepth) levels",
                at: schema.location,
                because: "they are read as `JSON` from that level"
            )
            return isNullable(schema) ? "JSON?" : "JSON"
        }
        return isNullable(schema) && !text.hasSuffix("?") ? text + "?" : text
    }

    /// How deeply `[` nest in a type's text.
    static func nesting(of text: String) -> Int {
        var deepest = 0
        var current = 0
        for character in text.utf8 {
            if character == UInt8(ascii: "[") {
                current += 1
                deepest = max(deepest, current)
            } else if character == UInt8(ascii: "]") {
                current -= 1
            }
        }
        return deepest
    }

    /// How deeply schemas may nest in one another.
    static let maximumDepth = 24

    /// Whether `schema` lets a value be `null`, by what it says or by what the schemas it refers to say
    /// (`$ref` to a `nullable: true` schema, as GitHub's `nullable-simple-user`; `allOf` of one such reference).
    /// References are followed without recursion, so that no chain of them can exhaust the stack.
    func allowsNull(_ schema: YAMLValue) -> Bool {
        var pending = [schema]
        var visited = Set<String>()
        while let next = pending.popLast() {
            if isNullable(next) { return true }
            if let reference = next["$ref"] {
                if let target = reference.scalarText, visited.insert(target).inserted,
                    let found = referencedSchema(reference)
                {
                    pending.append(found)
                }
            } else if let parts = next["allOf"], case .sequence(let items) = parts.kind,
                Self.parts(items, of: "allOf").count == 1, let only = Self.parts(items, of: "allOf").first
            {
                pending.append(only)
                continue
            } else if let parts = next["allOf"], case .sequence(let items) = parts.kind, items.count == 1 {
                pending.append(items[0])
            }
        }
        return false
    }

    func isNullable(_ schema: YAMLValue) -> Bool {
        if schema["nullable"]?.isTrue == true || schema["x-nullable"]?.isTrue == true { return true }
        if let types = schema["type"], case .sequence(let items) = types.kind {
            return items.contains { $0.scalarText == "null" }
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            if let list = schema[key], case .sequence(let items) = list.kind, items.contains(where: Self.isNullMarker) {
                return true
            }
        }
        return false
    }

    /// The parts of `oneOf`, `anyOf` or `allOf` (`key`) that say what a value is: not a part that only allows
    /// `null`, nor, in `allOf`, one that only describes (DigitalOcean's `allOf: [{$ref: droplet_next_backup_window.yml},
    /// {description: …}]`, X where it is used, nullable if X is).
    static func parts(_ items: [YAMLValue], of key: String) -> [YAMLValue] {
        items.filter { part in
            if isNullMarker(part) { return false }
            guard key == "allOf", case .mapping(let entries) = part.kind, !entries.isEmpty else { return true }
            return !entries.allSatisfy {
                ["description", "title", "example", "examples", "externalDocs"].contains($0.key.value)
            }
        }
    }

    /// Whether a part of `oneOf`, `anyOf` or `allOf` only says that `null` is allowed: `{type: "null"}`, or
    /// `{nullable: true}` alone (OpenAI's `allOf: [{$ref: TruncationObject}, {nullable: true}]`).
    static func isNullMarker(_ part: YAMLValue) -> Bool {
        if part["type"]?.scalarText == "null" { return true }
        guard case .mapping(let entries) = part.kind, part["nullable"]?.isTrue == true else { return false }
        return entries.allSatisfy { ["nullable", "description", "title"].contains($0.key.value) }
    }

    private mutating func nonNullTypeText(_ schema: YAMLValue, name: String) -> String {
        if let reference = schema["$ref"] { return referenceText(reference) }
        if schema["format"]?.scalarText == "int-or-string" || schema["x-kubernetes-int-or-string"]?.isTrue == true {
            return intOrString(at: schema.location)
        }
        if let cut = cutUnionText(schema, name: name) { return cut }
        // `oneOf: [{$ref: X}, {type: null}]`, or `allOf: [{$ref: X}]` (to add a description): the one type itself.
        for key in ["oneOf", "anyOf", "allOf"] {
            if let list = schema[key], case .sequence(let items) = list.kind {
                let types = Self.parts(items, of: key)
                if types.count == 1, schema["properties"] == nil, schema["discriminator"] == nil,
                    key != "oneOf" || !isTaggedAlone(items)
                {
                    return nonNullTypeText(types[0], name: name)
                }
            }
        }
        if isModel(schema) {
            // One schema reached from many places (inside a shared response or parameter) is one type, and so
            // are schemas written the same way in many places (a payment API repeats one inline union 43 times).
            if let model = inlineModels[schema.location] { return model }
            // A reference to another file reads relative to the file it is in: alike only within one file.
            var shape = schema.jsonText
            if shape.components(separatedBy: "\"$ref\":\"").dropFirst().contains(where: { !$0.hasPrefix("#") }) {
                shape = schema.location.file + "\n" + shape
            }
            recordUse(of: schema, shape: shape, name: name)
            if let model = inlineShapes[shape] {
                inlineModels[schema.location] = model
                return model
            }
            let taken = takenNames
            let shared = sharedInlineNames[shape].map(SwiftName.typeName).flatMap { shared in
                taken.contains(shared) || reservedNames.contains(shared) ? nil : shared
            }
            let model = claim(
                shared
                    ?? SwiftName.shortened(SwiftName.typeName(name)) {
                        !taken.contains($0) && !reservedNames.contains($0)
                    },
                at: schema.location
            )
            inlineModels[schema.location] = model
            inlineShapes[shape] = model
            if !isEnumeration(schema) && (schema["properties"] != nil || schema["allOf"] != nil) {
                hoistedObjects.insert(model)
            }
            addModel(schema, name: Located(model, at: schema.location))
            return model
        }
        var type = schema["type"]?.scalarText
        if let types = schema["type"], case .sequence(let items) = types.kind {
            type = items.compactMap(\.scalarText).first { $0 != "null" }
        }
        if let constant = schema["const"] {
            // The one value's own type: `const: true` is a `Bool`, `const: 2` an `Int`.
            switch constant.kind {
            case .bool: return "Bool"
            case .int: return schema["format"]?.scalarText == "int64" ? "Int64" : "Int"
            case .double: return "Double"
            case .string: return "String"
            default: return "JSON"
            }
        }
        let format = schema["format"]?.scalarText
        switch type {
        case "string":
            switch format {
            case "date-time": return "Date"
            case "date": return "CalendarDate"
            case "uuid": return "UUID"
            case "uri", "url": return "URL"
            case "byte": return "Data"
            case "binary": return "Data"
            default: return "String"
            }
        case "file":  // Swagger 2.0's file, in a form
            return "Data"
        case "integer":
            switch format {
            case "int32": return "Int32"
            case "int64": return "Int64"
            default: return "Int"
            }
        case "number":
            return format == "float" ? "Float" : "Double"
        case "boolean":
            return "Bool"
        case "array":
            guard let items = schema["items"] else { return "[JSON]" }
            let element = typeText(items, name: name + "Item")
            return "[\(element)]"
        case "object", nil:
            if let extra = schema["additionalProperties"], case .mapping = extra.kind,
                schema["properties"] == nil
            {
                return "[String: \(typeText(extra, name: name + "Value"))]"
            }
            return "JSON"
        default:
            return "JSON"
        }
    }

    /// The type of a union written in place (a property's, an item's) with an alternative the config's `filter`
    /// leaves as `JSON`: the string alone when its other alternatives are such models (an expandable field's
    /// id: `anyOf: [{type: string}, {$ref: customer}]`), else `JSON`; `nil` for any other schema.
    mutating func cutUnionText(_ schema: YAMLValue, name: String) -> String? {
        guard !cutSchemas.isEmpty, let list = schema["oneOf"] ?? schema["anyOf"],
            case .sequence(let items) = list.kind
        else { return nil }
        let types = items.filter { !Self.isNullMarker($0) }
        let cut = types.filter { $0["$ref"]?.scalarText.map(isCut) == true }
        guard !cut.isEmpty else { return nil }
        let others = types.filter { $0["$ref"]?.scalarText.map(isCut) != true }
        if others.count == 1, others[0]["type"]?.scalarText == "string", others[0]["$ref"] == nil {
            return nonNullTypeText(others[0], name: name)
        }
        return "JSON"
    }

    /// The one model of every integer-or-string value (`format: int-or-string`, Kubernetes'
    /// `x-kubernetes-int-or-string: true`, whatever its `type` says): a union of `Int` and `String`, named
    /// `IntOrString` where it is first met. A port is `8080` or `"http"`; as a `String` a number failed to decode.
    mutating func intOrString(at location: SourceLocation) -> String {
        if let known = intOrStringModel { return known }
        let name = claim("IntOrString", at: location)
        intOrStringModel = name
        var union = RawUnion(location: location)
        union.alternatives = ["Int", "String"].map { RawUnion.Alternative(type: Located($0, at: location)) }
        union.fallback = Located(false, at: location)
        var model = RawModel(name: Located(name, at: location), shape: .union(union))
        model.description = "An integer or a string."
        spec.models.append(model)
        return name
    }

    /// The type text a `$ref` to a component schema stands for: a model's name, or an alias written out.
    ///
    /// A reference may point anywhere in the document (`#/components/schemas/Tag/properties/type`,
    /// `#/components/parameters/state/schema`): its type is the schema there, named after the pointer. Each
    /// reference's type is made once, so a schema it holds is one model however many places refer to it.
    mutating func referenceText(_ reference: YAMLValue) -> String {
        guard let target = reference.scalarText else { return "JSON" }
        if isCut(target) { return "JSON" }
        if let model = modelName(forReference: target) { return model }
        if let known = referenceTexts[target] { return known }
        let schema: YAMLValue
        let name: String
        if let component = Self.componentName(target), let found = componentSchemas[component] {
            (schema, name) = (found, component)
        } else if target.hasPrefix("#/"), let found = ExternalReferences.value(at: String(target.dropFirst()), in: root)
        {
            schema = found
            name = Self.name(ofPointer: target)
        } else {
            // A reference to another file that could not be brought in is reported where it was read.
            guard target.hasPrefix("#") else { return "JSON" }
            diagnostics.error(
                "`\(target)` refers to no schema of this document",
                at: reference.location,
                hint:
                    "references read `\(target.hasPrefix("#/definitions/") ? "#/definitions/" : "#/components/schemas/")Name`"
            )
            return "JSON"
        }
        guard resolving.insert(target).inserted else { return "JSON" }  // an alias of itself
        defer { resolving.remove(target) }
        let text = typeText(schema, name: name)
        referenceTexts[target] = text
        return text
    }

    /// The component schemas a property's type would name that the config's `filter` leaves as `JSON`: its
    /// reference's, its items' or values', or its alternatives'.
    func cutReferences(in property: YAMLValue) -> [String] {
        guard !cutSchemas.isEmpty else { return [] }
        var values = [property, property["items"], property["additionalProperties"]].compactMap { $0 }
        for key in ["oneOf", "anyOf", "allOf"] {
            for value in values {
                if case .sequence(let items)? = value[key]?.kind { values += items }
            }
        }
        var names: [String] = []
        for value in values {
            guard let reference = value["$ref"]?.scalarText, isCut(reference),
                let name = Self.componentName(reference), !names.contains(name)
            else { continue }
            names.append(name)
        }
        return names
    }

    /// Whether a reference names a schema the config's `filter` leaves as `JSON`.
    func isCut(_ reference: String) -> Bool {
        !cutSchemas.isEmpty && Self.componentName(reference).map { cutSchemas.contains($0) } == true
    }

    /// A name for the schema a pointer names, from its parts that are names rather than places:
    /// `#/components/schemas/Tag/properties/type` → `Tag type`.
    static func name(ofPointer pointer: String) -> String {
        let places: Set<String> = [
            "#", "components", "schemas", "parameters", "responses", "requestBodies", "headers", "properties",
            "items", "content", "schema", "additionalProperties", "allOf", "oneOf", "anyOf", "definitions",
        ]
        let parts = pointer.split(separator: "/").map { ExternalReferences.unescaped(String($0)) }
            .filter { !places.contains($0) && !$0.contains("/") && Int($0) == nil }
        return parts.isEmpty ? "Schema" : parts.joined(separator: " ")
    }

    /// The component of `section` a reference names: `#/components/schemas/Name` (or Swagger 2.0's
    /// `#/definitions/Name`), `#/components/responses/Name`; `nil` for a pointer into one.
    static func componentName(_ reference: String, section: String = "schemas") -> String? {
        let prefixes = ["#/components/\(section)/"] + (section == "schemas" ? ["#/definitions/"] : [])
        guard let prefix = prefixes.first(where: reference.hasPrefix) else { return nil }
        let name = reference.dropFirst(prefix.count)
        return name.isEmpty || name.contains("/") ? nil : ExternalReferences.unescaped(String(name))
    }

    func modelName(forReference reference: String) -> String? {
        Self.componentName(reference).flatMap { modelNames[$0] }
    }

    func referencedModel(_ reference: YAMLValue) -> String? {
        reference.scalarText.flatMap(modelName)
    }

    func referencedSchema(_ reference: YAMLValue) -> YAMLValue? {
        reference.scalarText.flatMap { Self.componentName($0) }.flatMap { componentSchemas[$0] }
    }

    /// `value`, or what its `$ref` (to `#/components/<section>/…`) points to; a reference to nothing is an
    /// error unless `reporting` is `false` (for a guess that reads what the operation's reading reported).
    ///
    /// A component that is itself a reference (OpenAPI allows a Reference Object in a components map: `A: {$ref:
    /// B}`) is followed to what it refers to; a chain that comes back to a reference is an error at the first.
    /// (Not a schema: one that is a reference is an alias, which the schemas' reading follows.)
    mutating func dereferenced(_ value: YAMLValue, section: String, reporting: Bool = true) -> YAMLValue? {
        guard let first = value["$ref"] else { return value }
        var seen: [String] = []
        var current = value
        // A schema that is a reference is an alias, which the schemas' reading follows itself.
        while let reference = current["$ref"], seen.isEmpty || (section != "schemas" && Self.isReferenceObject(current))
        {
            let text = reference.scalarText ?? ""
            if seen.contains(text) {
                if reporting {
                    diagnostics.error(
                        "`\(first.scalarText ?? "")` refers to itself: "
                            + (seen + [text]).map { "`\($0)`" }.joined(separator: " → "),
                        at: first.location
                    )
                }
                return nil
            }
            seen.append(text)
            guard let target = dereferencedOnce(current, section: section, reporting: reporting) else { return nil }
            current = target
        }
        return current
    }

    /// Whether `value` is a Reference Object: a `$ref` with nothing but a `summary` or `description` beside it.
    static func isReferenceObject(_ value: YAMLValue) -> Bool {
        guard case .mapping(let entries) = value.kind else { return false }
        return entries.allSatisfy { ["$ref", "summary", "description"].contains($0.key.value) }
    }

    /// What the one `$ref` of `value` points to (see ``dereferenced(_:section:reporting:)``).
    private mutating func dereferencedOnce(_ value: YAMLValue, section: String, reporting: Bool) -> YAMLValue? {
        guard let reference = value["$ref"] else { return value }
        // A Swagger 2.0 document's `#/definitions/Name` is `#/components/schemas/Name` once upgraded.
        let prefix =
            section == "schemas" && reference.scalarText?.hasPrefix("#/definitions/") == true
            ? "#/definitions/" : "#/components/\(section)/"
        // `#/components/<section>/Name`, or a pointer into the document (`#/paths/~1pets/parameters/0`).
        guard let text = reference.scalarText,
            let target = text.hasPrefix(prefix)
                ? root["components"]?[section]?[ExternalReferences.unescaped(String(text.dropFirst(prefix.count)))]
                : text.hasPrefix("#/") ? ExternalReferences.value(at: String(text.dropFirst()), in: root) : nil
        else {
            // A reference to another file that could not be brought in is reported where it was read.
            guard reporting, reference.scalarText?.hasPrefix("#") != false else { return nil }
            diagnostics.error(
                "`\(reference.scalarText ?? "")` refers to nothing in this document",
                at: reference.location
            )
            return nil
        }
        return target
    }

    mutating func skip(_ kind: String, at location: SourceLocation, because reason: String) {
        guard warnedKinds.insert(kind).inserted else { return }
        diagnostics.warning("\(kind) are skipped: \(reason)", at: location)
    }
}

extension YAMLValue {
    /// Whether this is the boolean `true`.
    var isTrue: Bool {
        if case .bool(true) = kind { return true }
        return false
    }

    /// The value of `key` in a mapping; `nil` for other values and missing keys.
    subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries) = kind else { return nil }
        return entries.first { $0.key.value == key }?.value
    }
}
