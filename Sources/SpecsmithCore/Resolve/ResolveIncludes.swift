/// Composition: a struct's `includes` put the properties of other structs (and of what they include) before
/// its own, as one flat struct. A key declared twice with different types is an error at both places; an
/// include that is unknown, not a struct, or leads back to the model is an error at the include.
extension ResolveContext {
    mutating func applyIncludes(_ models: inout [Model]) {
        var own: [String: [Property]] = [:]  // spec name → its own properties
        for model in models {
            guard case .object(let properties) = model.shape, let specName = specNames[model.name] else { continue }
            own[specName] = properties
        }
        var flattened: [String: [(property: Property, owner: String)]] = [:]
        var reportedConflicts = Set<String>()
        for raw in raw.models {
            var stack: [String] = []
            _ = flatten(raw.name.value, own: own, into: &flattened, stack: &stack, reported: &reportedConflicts)
        }
        for index in models.indices {
            guard case .object = models[index].shape,
                let specName = specNames[models[index].name],
                let properties = flattened[specName]
            else { continue }
            models[index].shape = .object(properties.map(\.property))
            if var additional = models[index].additionalProperties {
                let taken = Set(properties.map(\.property.name)).union(ReservedNames.structMembers)
                additional.name = ReservedNames.avoiding(taken, additional.name)
                models[index].additionalProperties = additional
            }
        }
    }

    /// How deeply `includes` may nest (a model including one that includes another …): real specs stay within
    /// a few levels, and flattening them goes one level of the stack further for each.
    static let maximumIncludeDepth = 64

    /// The properties of the model `name` with those it includes, included ones first, reporting conflicts once.
    private mutating func flatten(
        _ name: String,
        own: [String: [Property]],
        into flattened: inout [String: [(property: Property, owner: String)]],
        stack: inout [String],
        reported: inout Set<String>
    ) -> [(property: Property, owner: String)]? {
        if let done = flattened[name] { return done }
        guard let raw = rawModels[name], let ownProperties = own[name] else {
            return nil
        }
        stack.append(name)
        defer { stack.removeLast() }
        var result: [(property: Property, owner: String)] = []
        for include in raw.includes {
            if let position = stack.firstIndex(of: include.value) {
                let route = (stack[position...] + [include.value]).joined(separator: " → ")
                diagnostics.error(
                    "`includes` forms a cycle: \(route)",
                    at: include.location,
                    hint: "remove one of these includes"
                )
                continue
            }
            if stack.count >= Self.maximumIncludeDepth {
                if reported.insert("depth").inserted {
                    diagnostics.error(
                        "`includes` nest deeper than \(Self.maximumIncludeDepth) levels here (from `\(stack[0])`)",
                        at: include.location,
                        hint: "include the properties' model directly"
                    )
                }
                continue
            }
            guard modelNames[include.value] != nil else {
                diagnostics.error(
                    "`includes` names the unknown model `\(include.value)`",
                    at: include.location,
                    hint: Suggestions.hint(for: include.value, in: Array(own.keys).sorted())
                )
                continue
            }
            guard
                let included = flatten(include.value, own: own, into: &flattened, stack: &stack, reported: &reported)
            else {
                diagnostics.error(
                    "`\(include.value)` is not a model with properties, so it cannot be included",
                    at: include.location
                )
                continue
            }
            for entry in included { merge(entry, into: &result, model: name, reported: &reported) }
        }
        for property in ownProperties {
            merge((property, name), into: &result, model: name, reported: &reported)
        }
        flattened[name] = result
        return result
    }

    /// Adds `entry` unless the key is there already: the same declaration twice (included along two paths)
    /// is kept once; different types, or two keys with one Swift name, are errors.
    private mutating func merge(
        _ entry: (property: Property, owner: String),
        into result: inout [(property: Property, owner: String)],
        model: String,
        reported: inout Set<String>
    ) {
        if let existing = result.first(where: { $0.property.key == entry.property.key }) {
            let same =
                existing.property.type == entry.property.type && existing.property.constant == entry.property.constant
            if !same, reported.insert("\(existing.owner).\(entry.owner).\(entry.property.key)").inserted {
                let first = describe(existing)
                let second = describe(entry)
                for (place, other) in [(existing, second), (entry, first)] {
                    diagnostics.error(
                        "`\(entry.property.key)` in model `\(model)` is \(describe(place)) here and \(other)",
                        at: fieldLocation(model: place.owner, key: entry.property.key),
                        hint: "give both the same type, or rename one"
                    )
                }
            }
            return
        }
        if let existing = result.first(where: { $0.property.name == entry.property.name }) {
            // Two keys of one model with one Swift name were reported with the model's properties.
            if existing.owner != entry.owner, reported.insert("name.\(model).\(entry.property.name)").inserted {
                diagnostics.error(
                    "`\(entry.property.key)` of `\(entry.owner)` and `\(existing.property.key)` of `\(existing.owner)` both become the Swift name `\(entry.property.name)` in model `\(model)`",
                    at: fieldLocation(model: entry.owner, key: entry.property.key),
                    hint: "give one a `swiftName`"
                )
            }
            return
        }
        result.append(entry)
    }

    private func describe(_ entry: (property: Property, owner: String)) -> String {
        let type = TranslationSupport.typeText(entry.property.type)
        let constant = entry.property.constant.map { " always \(TranslationSupport.constantText($0))" } ?? ""
        return "`\(type)`\(constant) in `\(entry.owner)`"
    }

    /// Where the property `key` of the model `model` (a spec name) is written.
    private func fieldLocation(model: String, key: String) -> SourceLocation {
        guard let raw = rawModels[model] else { return self.raw.location }
        if case .object(let fields) = raw.shape, let field = fields.first(where: { $0.key.value == key }) {
            return field.key.location
        }
        return raw.name.location
    }
}
