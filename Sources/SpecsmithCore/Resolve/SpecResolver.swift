/// The resolve stage: ``RawSpec`` → ``API``, checking meaning (types, names, paths, defaults, cycles).
///
/// Pure apart from `readFile`, which the caller supplies to read sample files next to the spec.
public enum SpecResolver {
    /// Resolves `raw`. Returns `nil` when any error was reported; every error found is in `diagnostics`.
    ///
    /// `flavours`, when given, replaces the spec's `flavours:` (the command line's override), so that names
    /// the chosen flavours need are checked against the models.
    public static func resolve(
        _ raw: RawSpec,
        flavours: Set<API.Flavour>? = nil,
        readFile: (String) -> String?,
        diagnostics: inout Diagnostics
    ) -> API? {
        let (api, collected) = withoutActuallyEscaping(readFile) { readFile in
            var context = ResolveContext(raw: raw, readFile: readFile, diagnostics: diagnostics)
            context.flavourOverride = flavours
            let api = context.resolve()
            return (api, context.diagnostics)
        }
        diagnostics = collected
        return diagnostics.hasErrors ? nil : api
    }

    /// Resolves `raw`; for a spec read from an OpenAPI document, a `default` the resolver refuses (one that
    /// does not fit its type: `default: ""` of a date, an object default of a map, a default of untyped JSON)
    /// is dropped with a warning, and so is an example (the endpoint's sample) that does not fit its answer;
    /// `raw` keeps the change (for `import`), and the rest resolves again. Real descriptions have such
    /// defaults and examples; they say nothing a client can use.
    public static func resolve(
        adapting raw: inout RawSpec,
        flavours: Set<API.Flavour>? = nil,
        readFile: (String) -> String?,
        diagnostics: inout Diagnostics
    ) -> API? {
        var attempt = diagnostics
        let api = resolve(raw, flavours: flavours, readFile: readFile, diagnostics: &attempt)
        guard raw.isOpenAPI, attempt.hasErrors else {
            diagnostics = attempt
            return api
        }
        var defaults = Set<SourceLocation>()
        raw.updateFields { field in
            if let value = field.defaultValue?.value { defaults.insert(value.location) }
        }
        // The endpoints whose sample (or stream method's sample) holds each place: a response that several
        // operations share gives them one example.
        var samples: [SourceLocation: [(endpoint: Int, isStream: Bool)]] = [:]
        for (index, endpoint) in raw.endpoints.enumerated() {
            for (sample, isStream) in [(endpoint.sample, false), (endpoint.stream?.sample, true)] {
                guard case .inline(let value)? = sample else { continue }
                for location in value.value.allLocations { samples[location, default: []].append((index, isStream)) }
            }
        }
        let errors = attempt.all.filter { $0.severity == .error }
        let refused = errors.filter { defaults.contains($0.location) }
        let refusedSamples = errors.filter { samples[$0.location] != nil }
        guard !refused.isEmpty || !refusedSamples.isEmpty else {
            diagnostics = attempt
            return api
        }
        let dropped = Set(refused.map(\.location))
        raw.updateFields { field in
            guard let value = field.defaultValue?.value, dropped.contains(value.location) else { return }
            field.defaultValue = nil
            // What had a default may be left out (Prefect's `since`, a date the reader cannot read as one): without
            // it the value is optional, not required.
            if var type = field.type, !type.value.hasSuffix("?") {
                type.value += "?"
                field.type = type
            }
        }
        for problem in refused {
            diagnostics.warning("\(problem.message); the default is dropped", at: problem.location)
        }
        var droppedSamples = Set<String>()
        for problem in refusedSamples {
            // One warning for a sample, its first problem, however many endpoints share it.
            var dropsOne = false
            for (index, isStream) in samples[problem.location] ?? []
            where droppedSamples.insert("\(index) \(isStream)").inserted {
                if isStream { raw.endpoints[index].stream?.sample = nil } else { raw.endpoints[index].sample = nil }
                dropsOne = true
            }
            guard dropsOne else { continue }
            diagnostics.warning("\(problem.message); the example is not the endpoint's sample", at: problem.location)
        }
        return resolve(raw, flavours: flavours, readFile: readFile, diagnostics: &diagnostics)
    }
}

extension YAMLValue {
    /// The places of the value and of every value in it.
    var allLocations: [SourceLocation] {
        var locations: [SourceLocation] = []
        var pending = [self]
        while let value = pending.popLast() {
            locations.append(value.location)
            switch value.kind {
            case .sequence(let items): pending += items
            case .mapping(let entries): pending += entries.map(\.value)
            default: break
            }
        }
        return locations
    }
}

struct ResolveContext {
    let raw: RawSpec
    /// The spec's models by the names they are written with.
    let rawModelsByName: [String: RawModel]
    let readFile: (String) -> String?
    var diagnostics: Diagnostics

    /// Spec name → Swift name of every model, filled before any type is resolved.
    var modelNames: [String: String] = [:]
    /// The endpoint each inline body model was made for, by the model's name: its namespace and name.
    var inlineBodyOwners: [String: (namespace: String?, name: String)] = [:]
    /// Swift name → spec name of every model.
    var specNames: [String: String] = [:]
    /// Spec name → the model as written.
    var rawModels: [String: RawModel] = [:]
    /// Swift name → enumeration cases, for checking defaults.
    var enumCases: [String: [EnumCase]] = [:]
    /// The Swift names of enumerations of integers.
    var integerEnumerations: Set<String> = []
    var apiName = APIName.fallback
    var style = API.Style.endpoints
    /// The command line's `--flavours`, which replaces the spec's.
    var flavourOverride: Set<API.Flavour>?
    var flavours: Set<API.Flavour> = [.async]
    /// How dates are written, for checking samples.
    var dates = DateCodingName.iso8601
    /// Spec name → Swift name of every auth scope.
    var scopeNames: [String: String] = [:]
    /// The Swift name of the scope of endpoints that name none.
    var defaultScope: String?
    /// The requirements of endpoints that accept any of several scopes, as scopes of their own.
    var scopeAlternatives: [Auth.Scope] = []
    /// The scopes as resolved, for naming alternatives.
    var resolvedScopes: [Auth.Scope] = []
    /// The type names generated code relies on for this spec's name, auth and flavours (see ``ReservedNames``),
    /// made once the name and flavours are known: every model's name is checked against them.
    var reservedTypes: Set<String> = []
    /// The type names specsmith generates for this API (see ``ReservedNames``), made with ``reservedTypes``.
    var generatedTypes: Set<String> = []
    /// The type names no member may take (see ``memberName(avoidingTypes:)``): the models', and those of
    /// ``reservedTypes`` and ``generatedTypes``, made once the models are declared.
    var typeNamesMembersAvoid: Set<String> = []

    init(raw: RawSpec, readFile: @escaping (String) -> String?, diagnostics: Diagnostics) {
        self.raw = raw
        self.rawModelsByName = Dictionary(
            raw.models.map { ($0.name.value, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        self.readFile = readFile
        self.diagnostics = diagnostics
    }

    mutating func resolve() -> API {
        if let version = raw.formatVersion, version.value != 1 {
            diagnostics.error(
                "unsupported format version \(version.value); this specsmith reads version 1",
                at: version.location
            )
        }
        if let name = raw.name {
            apiName = SwiftName.typeName(name.value)
            if apiName == "_" {
                diagnostics.error("`name` must contain letters or digits", at: name.location)
            }
        }
        let servers = resolveServerURLs()
        style = choice(raw.style, API.Style.self, key: "style") ?? .endpoints
        let access = choice(raw.access, API.Access.self, key: "access") ?? .public
        let samples = choice(raw.samples, API.Samples.self, key: "samples") ?? .inline
        let chosen = flavourOverride ?? Set(raw.flavours.compactMap { choice($0, API.Flavour.self, key: "flavours") })
        // A server alone makes a server's module, without a client.
        flavours = chosen == [.server] ? chosen : chosen.union([.async])
        if let name = raw.name, let hidden = ReservedNames.apiTypesHidingOthers(api: apiName, flavours: flavours).first
        {
            diagnostics.error(
                "`\(name.value)` cannot name the API: its `\(hidden)` would hide the `\(hidden)` the generated code uses",
                at: name.location,
                hint: "choose another name"
            )
        }
        reservedTypes = ReservedNames.types(api: apiName, hasAuth: raw.auth != nil, flavours: flavours)
        generatedTypes = ReservedNames.generatedTypes(api: apiName, hasAuth: raw.auth != nil)
        dates = choice(raw.dates, DateCodingName.self, key: "dates") ?? .iso8601
        let headers = raw.headers.map { API.Header(name: $0.name.value, value: $0.value.value) }
        for header in raw.headers {
            checkHeaderText(header.value)
        }
        let headerParameters = resolveHeaderParameters(servers: servers.servers)

        var auth = resolveAuth()
        declareModels()
        var models = raw.models.compactMap { resolveModel($0) }
        applyIncludes(&models)
        finishUnions(&models)
        breakUnionCycles(&models)
        warnOfAlternativesAlike(models)
        resolveRecursion(&models)
        let operations = resolveOperations(bodyModels: &models)
        storeLargeModelsOutOfLine(&models)
        auth?.scopes += scopeAlternatives
        let webhooks = resolveWebhooks(models: models)

        var api = API(
            specFileName: raw.file.split(separator: "/").last.map(String.init) ?? raw.file,
            name: apiName,
            description: raw.description,
            version: raw.version,
            baseURL: servers.baseURL,
            headers: headers,
            headerParameters: headerParameters,
            style: style,
            access: access,
            samples: samples,
            hashable: raw.hashable?.value ?? true,
            flavours: flavours,
            dates: dates.rawValue,
            models: models,
            operations: operations,
            auth: auth,
            variables: servers.variables,
            servers: servers.servers,
            baseURLTemplate: servers.template,
            webhooks: webhooks
        )
        api.filterSummary = raw.filterSummary.map { summary in
            var summary = summary
            summary.operations = api.operations.count
            summary.models = api.models.count
            return summary
        }
        return api
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: Located<String>?,
        _: Choice.Type,
        key: String
    ) -> Choice? where Choice.RawValue == String {
        guard let value else { return nil }
        if let choice = Choice(rawValue: value.value) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        diagnostics.error(
            "`\(key)` must be one of \(names.map { "`\($0)`" }.joined(separator: ", ")), not `\(value.value)`",
            at: value.location,
            hint: Suggestions.hint(for: value.value, in: names)
        )
        return nil
    }

    /// The headers whose values the client's initializer takes, each under a parameter name of its own.
    mutating func resolveHeaderParameters(servers: [API.Server]) -> [API.HeaderParameter] {
        var taken = Set(
            ["baseURL", "credentials", "transport", "middleware", "client"] + servers.map(ServerNaming.parameter)
        )
        var parameters: [API.HeaderParameter] = []
        for header in raw.headerParameters {
            let name = SwiftName.memberName(header.parameter.value)
            guard taken.insert(name).inserted else {
                diagnostics.error(
                    "the header `\(header.name.value)`'s parameter `\(name)` is already a parameter of the client's initializer",
                    at: header.parameter.location,
                    hint: "name it otherwise, such as `\(name)Header`"
                )
                continue
            }
            parameters.append(API.HeaderParameter(name: header.name.value, parameter: name))
        }
        return parameters
    }

    mutating func checkHeaderText(_ value: Located<String>) {
        if value.value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) {
            diagnostics.error("a header value cannot contain a line break", at: value.location)
        }
    }

    // MARK: Models

    mutating func declareModels() {
        var taken: [String: String] = [:]
        typeNamesMembersAvoid = reservedTypes.union(generatedTypes)
        for model in raw.models {
            let swiftName = SwiftName.typeName(model.name.value)
            checkTypeName(swiftName, kind: "model", name: model.name)
            if let other = taken[swiftName] {
                diagnostics.error(
                    "model `\(model.name.value)` and model `\(other)` both become the Swift type `\(swiftName)`",
                    at: model.name.location
                )
            }
            taken[swiftName] = model.name.value
            modelNames[model.name.value] = swiftName
            typeNamesMembersAvoid.insert(swiftName)
            specNames[swiftName] = specNames[swiftName] ?? model.name.value
            rawModels[model.name.value] = rawModels[model.name.value] ?? model
            if case .enumeration(let values) = model.shape {
                let enumeration = enumerationCases(values)
                enumCases[swiftName] = enumeration.cases
                if enumeration.isInteger { integerEnumerations.insert(swiftName) }
            }
        }
    }

    /// `name`, a member's Swift name (a case, a property, a parameter), with underscores
    /// added while it is the name of a type: inside its type or function the member would hide the type, so
    /// that `case _3DSecure(_3DSecure)` could not decode a `_3DSecure`. Only a name that does not start with a
    /// lower-case letter (`_3DSecure` from `3DSecure`, `_404`, `日本`) can meet a type's name.
    func memberName(avoidingTypes name: String) -> String {
        guard let first = name.unicodeScalars.first, !first.properties.isLowercase else { return name }
        return ReservedNames.avoiding(typeNamesMembersAvoid, name)
    }

    /// The Swift name of a struct's property written as `field`.
    func propertyName(_ field: RawField) -> String {
        memberName(
            avoidingTypes: field.swiftName.map(\.value)
                ?? ReservedNames.avoiding(ReservedNames.structMembers, SwiftName.memberName(field.key.value))
        )
    }

    /// The Swift name of an endpoint's parameter written as `field`.
    func parameterName(_ field: RawField) -> String {
        memberName(avoidingTypes: field.swiftName?.value ?? SwiftName.memberName(field.key.value))
    }

    /// Reports a type the spec names (a `kind` such as "model" or "namespace", written as `name`) whose Swift
    /// name would hide a type generated code uses, or take one specsmith generates. Returns whether it is free.
    @discardableResult
    mutating func checkTypeName(_ swiftName: String, kind: String, name: Located<String>) -> Bool {
        if generatedTypes.contains(swiftName) {
            diagnostics.error(
                "\(kind) `\(name.value)` takes the name `\(swiftName)`, which specsmith generates for this API",
                at: name.location,
                hint: "rename the \(kind)"
            )
            return false
        }
        if ReservedNames.appTypes.contains(swiftName) {
            diagnostics.error(
                "\(kind) `\(name.value)` would hide Swift's `\(swiftName)` in the module it is generated into, where "
                    + "an app's own code uses it",
                at: name.location,
                hint: "rename the \(kind), such as `\(name.value)Item`: only Swift sees the name"
            )
            return false
        }
        if reservedTypes.contains(swiftName) {
            diagnostics.error(
                "\(kind) `\(name.value)` would hide the type `\(swiftName)` that generated code uses",
                at: name.location,
                hint: "rename the \(kind)"
            )
            return false
        }
        return true
    }

    mutating func resolveModel(_ raw: RawModel) -> Model? {
        guard let name = modelNames[raw.name.value] else { return nil }
        let deprecation = raw.deprecated.map { Deprecation(message: $0.message) }
        let shape: Model.Shape
        switch raw.shape {
        case .enumeration(let values):
            var enumeration = resolveEnumeration(values, model: raw.name)
            if let extensible = raw.isExtensible, extensible.value {
                if enumeration.isInteger {
                    diagnostics.error(
                        "`extensible` is for an enumeration of strings; `\(raw.name.value)` lists integers",
                        at: extensible.location,
                        hint: "remove `extensible`: any integer it does not list is kept already"
                    )
                } else {
                    enumeration.isExtensible = true
                }
            }
            shape = .enumeration(enumeration)
        case .object(let fields):
            shape = .object(resolveProperties(fields, in: "model `\(raw.name.value)`"))
        case .union(let union):
            shape = .union(resolveUnion(union, model: raw.name))
        }
        var model = Model(name: name, description: raw.description, deprecation: deprecation, shape: shape)
        model.requiredOrder = raw.requiredOrder
        if let text = raw.additionalProperties, let valueType = resolveType(text) {
            model.additionalProperties = AdditionalProperties(name: "additionalProperties", valueType: valueType)
        }
        model.isClosed = raw.isClosed
        return model
    }

    mutating func resolveProperties(_ fields: [RawField], in context: String) -> [Property] {
        var properties: [Property] = []
        var names: [String: String] = [:]
        for field in fields {
            let name = propertyName(field)
            if let other = names[name] {
                diagnostics.error(
                    "`\(field.key.value)` and `\(other)` in \(context) both become the Swift name `\(name)`",
                    at: field.key.location,
                    hint: "give one a `swiftName`"
                )
            }
            names[name] = field.key.value
            if let swiftName = field.swiftName {
                checkIdentifier(swiftName)
                if ReservedNames.structMembers.contains(swiftName.value) {
                    diagnostics.error(
                        "`swiftName` `\(swiftName.value)` is a member every generated struct has",
                        at: swiftName.location,
                        hint: "choose another name"
                    )
                }
            }
            if let constant = field.constant {
                if let property = resolveConstant(constant.value, field: field, name: name) {
                    properties.append(property)
                }
                continue
            }
            guard let typeText = field.type, let type = resolveType(typeText) else { continue }
            let defaultValue = field.defaultValue.flatMap { checkDefault($0.value, for: type, field: field.key.value) }
            var property = Property(
                name: name,
                key: field.key.value,
                type: type,
                description: field.description,
                defaultValue: defaultValue,
                deprecation: field.deprecated.map { Deprecation(message: $0.message) }
            )
            resolvePropertyOptions(field, into: &property)
            properties.append(property)
        }
        return properties
    }

    /// Reports a `swiftName` that is not a Swift member name: an identifier that starts with a lower-case letter
    /// (or `_`, or a letter without case), as Swift's members do, so that it never hides a type.
    mutating func checkIdentifier(_ name: Located<String>) {
        let first = name.value.unicodeScalars.first
        let startsLikeAMember = first.map { $0 == "_" || !$0.properties.isUppercase } ?? false
        if SwiftName.memberName(name.value) != name.value
            && (!startsLikeAMember || SwiftName.typeName(name.value) != name.value)
        {
            diagnostics.error(
                "`swiftName` must be a Swift member name, not `\(name.value)`",
                at: name.location,
                hint: "did you mean `\(SwiftName.memberName(name.value))`?"
            )
        }
    }

    // MARK: Types

    mutating func resolveType(_ text: Located<String>, allowVoid: Bool = false) -> TypeRef? {
        switch TypeParser.parse(text.value) {
        case .failure(let failure):
            diagnostics.error(failure.message, at: text.location(ofCharacter: failure.offset))
            return nil
        case .success(let syntax):
            return resolveSyntax(syntax, in: text, allowVoid: allowVoid)
        }
    }

    private mutating func resolveSyntax(
        _ syntax: TypeParser.Syntax,
        in text: Located<String>,
        allowVoid: Bool
    )
        -> TypeRef?
    {
        switch syntax {
        case .name(let name, let position):
            if let builtin = TypeRef.Builtin(rawValue: name) { return .builtin(builtin) }
            if let model = modelNames[name] { return .model(model) }
            if name == "Void" {
                if allowVoid { return .void }
                diagnostics.error("`Void` can only be a response type", at: text.location(ofCharacter: position))
                return nil
            }
            let candidates = TypeRef.Builtin.allCases.map(\.rawValue) + modelNames.keys.sorted()
            diagnostics.error(
                "unknown type `\(name)`",
                at: text.location(ofCharacter: position),
                hint: Suggestions.hint(for: name, in: candidates)
            )
            return nil
        case .array(let element):
            return resolveSyntax(element, in: text, allowVoid: false).map(TypeRef.array)
        case .dictionary(let key, let value):
            let keyType = resolveSyntax(key, in: text, allowVoid: false)
            let valueType = resolveSyntax(value, in: text, allowVoid: false)
            if let keyType, keyType != .builtin(.string) {
                diagnostics.error("dictionary keys must be `String` in JSON, in `\(text.value)`", at: text.location)
                return nil
            }
            return valueType.map(TypeRef.dictionary)
        case .optional(let wrapped):
            return resolveSyntax(wrapped, in: text, allowVoid: false).map(TypeRef.optional)
        }
    }
}

/// The `dates:` choices, named like the runtime's `DateCoding` cases.
enum DateCodingName: String, CaseIterable {
    case iso8601
    case iso8601WithFractionalSeconds
    case secondsSince1970
    case millisecondsSince1970
}
