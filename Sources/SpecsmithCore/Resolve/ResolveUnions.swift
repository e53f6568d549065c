/// Resolving unions (`oneOf`): their alternatives and case names, and, once every model is resolved, the
/// tags of a discriminated union's alternatives.
extension ResolveContext {
    mutating func resolveUnion(_ raw: RawUnion, model: Located<String>) -> Union {
        if raw.alternatives.isEmpty {
            diagnostics.error(
                "union `\(model.value)` has no alternatives",
                at: raw.location,
                hint: "list its types under `oneOf:`, such as `oneOf: [String, Customer]`"
            )
        }
        // The alternatives' types first, then their names: a union's cases are named by what tells them apart.
        var typed: [(raw: RawUnion.Alternative, type: TypeRef)] = []
        for alternative in raw.alternatives {
            guard let type = resolveType(alternative.type) else { continue }
            if type.isOptional {
                diagnostics.error(
                    "an alternative of union `\(model.value)` cannot be optional",
                    at: alternative.type.location,
                    hint:
                        "write `\(TranslationSupport.typeText(type.unwrapped))`, and `\(model.value)?` where the union may be missing"
                )
                continue
            }
            if typed.contains(where: { $0.type == type }) {
                diagnostics.error(
                    "`\(alternative.type.value)` is listed twice in union `\(model.value)`",
                    at: alternative.type.location
                )
                continue
            }
            typed.append((alternative, type))
        }
        var kept = raw
        kept.alternatives = typed.map(\.raw)
        let byType = typed.map { SwiftName.caseName(for: $0.type) }
        let derived =
            raw.alternatives.contains(where: { $0.name != nil })
            ? typed.map { _ in nil }
            : UnionCaseNames.names(of: kept, named: model.value, byType: byType, models: rawModelsByName)
        var alternatives: [Union.Alternative] = []
        var caseNames: [String: String] = [:]
        for ((alternative, type), (derivedName, typeName)) in zip(typed, zip(derived, byType)) {
            if let name = alternative.name { checkCaseName(name) }
            let caseName = memberName(
                avoidingTypes: ReservedNames.avoiding(
                    ReservedNames.enumerationMembers,
                    alternative.name.map { SwiftName.memberName($0.value) } ?? derivedName ?? typeName
                )
            )
            if let other = caseNames[caseName] {
                diagnostics.error(
                    "`\(alternative.type.value)` and `\(other)` in union `\(model.value)` both become the case `\(caseName)`",
                    at: (alternative.name ?? alternative.type).location,
                    hint: alternative.name == nil ? "write `oneOf:` as a mapping of case names to types" : nil
                )
                continue
            }
            caseNames[caseName] = alternative.type.value
            alternatives.append(Union.Alternative(name: caseName, type: type))
        }
        let fallback = raw.fallback?.value ?? true
        var base: TypeRef?
        if let written = raw.base, raw.discriminator == nil {
            diagnostics.error(
                "the `base` of union `\(model.value)` needs a `discriminator`: a value of an unknown kind is one whose tag is not listed",
                at: written.location
            )
        } else if let written = raw.base, let type = resolveType(written) {
            if case .model = type, case .object? = rawModelsByName[written.value]?.shape {
                base = type
            } else {
                diagnostics.error(
                    "the `base` of union `\(model.value)` must be an object model, not `\(written.value)`",
                    at: written.location
                )
            }
        }
        return Union(
            alternatives: alternatives,
            discriminator: raw.discriminator?.value,
            fallbackCase: fallback ? Self.catchAllCase(taken: Set(caseNames.keys)) : nil,
            base: base
        )
    }

    /// Gives each alternative of a discriminated union its tags, checking that every alternative is a struct
    /// with the discriminator as a `String` property, that the mapping names alternatives, and that no tag
    /// selects two alternatives.
    mutating func finishUnions(_ models: inout [Model]) {
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let indexByName = Dictionary(
            models.indices.map { (models[$0].name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        for raw in raw.models {
            guard case .union(let rawUnion) = raw.shape, let discriminator = rawUnion.discriminator?.value,
                let index = modelNames[raw.name.value].flatMap({ indexByName[$0] }),
                case .union(var union) = models[index].shape
            else { continue }
            let context = "union `\(raw.name.value)`"
            // Tags the mapping gives, by the Swift name of their model.
            var mapped: [String: [String]] = [:]
            for (tag, model) in rawUnion.mapping {
                guard let swiftName = modelNames[model.value],
                    union.alternatives.contains(where: { $0.type == .model(swiftName) })
                else {
                    let known = modelNames[model.value] != nil
                    diagnostics.error(
                        known
                            ? "the mapping of \(context) names `\(model.value)`, which is not one of its alternatives"
                            : "the mapping of \(context) names the unknown model `\(model.value)`",
                        at: model.location,
                        hint: known
                            ? "add it to `oneOf`"
                            : Suggestions.hint(for: model.value, in: rawUnion.alternatives.map(\.type.value))
                    )
                    continue
                }
                mapped[swiftName, default: []].append(tag.value)
            }
            var owners: [String: String] = [:]
            for (position, alternative) in union.alternatives.enumerated() {
                let location =
                    rawUnion.alternatives.first { resolvedName(of: $0.type.value) == alternative.type }?.type.location
                    ?? rawUnion.location
                guard case .model(let modelName) = alternative.type, let model = byName[modelName],
                    case .object(let properties) = model.shape
                else {
                    diagnostics.error(
                        "every alternative of \(context) must be a model with properties, as it has a `discriminator`; `\(TranslationSupport.typeText(alternative.type))` is not",
                        at: location,
                        hint: "decode by shape instead: remove `discriminator`"
                    )
                    continue
                }
                guard let property = properties.first(where: { $0.key == discriminator }) else {
                    diagnostics.error(
                        "model `\(specName(of: modelName))` has no property `\(discriminator)`, the discriminator of \(context)",
                        at: location,
                        hint:
                            "add `\(discriminator): {const: \(mapped[modelName]?.first ?? specName(of: modelName))}` to `\(specName(of: modelName))`"
                    )
                    continue
                }
                guard property.type == .builtin(.string) else {
                    diagnostics.error(
                        "the discriminator `\(discriminator)` of \(context) must be a `String` in `\(specName(of: modelName))`, not `\(TranslationSupport.typeText(property.type))`",
                        at: location
                    )
                    continue
                }
                var tags = mapped[modelName] ?? []
                if case .string(let constant) = property.constant {
                    if tags.isEmpty {
                        tags = [constant]
                    } else if !tags.contains(constant) {
                        diagnostics.error(
                            "`\(specName(of: modelName)).\(discriminator)` is always `\(constant)`, but the mapping of \(context) gives it the tag `\(tags[0])`",
                            at: location
                        )
                    }
                }
                if tags.isEmpty { tags = [specName(of: modelName)] }
                for tag in tags {
                    if let other = owners[tag] {
                        diagnostics.error(
                            "the tag `\(tag)` selects both `\(other)` and `\(specName(of: modelName))` in \(context)",
                            at: location,
                            hint: "give one another tag with `discriminator.mapping` or its `const`"
                        )
                    }
                    owners[tag] = specName(of: modelName)
                }
                union.alternatives[position].tags = tags
                union.alternatives[position].writesOwnTag = property.constant != nil || tags.count > 1
            }
            models[index].shape = .union(union)
        }
    }

    /// Warns, at a union without a discriminator, of alternatives the description cannot tell apart (models with
    /// the same required keys and no tag or closed set of keys that differs, ``AlternativeFit``): a value that
    /// fits both is read as the first of them that reads it whole and reads the most of its keys, which may not be
    /// what the API meant.
    mutating func warnOfAlternativesAlike(_ models: [Model]) {
        let table = JSONKinds.table(models: models, datesAreText: dates.rawValue.hasPrefix("iso8601"))
        for model in models {
            // A union that is only sent is written as the caller chose: nothing is read.
            guard case .union(let union) = model.shape, union.discriminator == nil, union.alternatives.count > 1,
                !model.isRequestOnly
            else { continue }
            let fits = union.alternatives.map { UnionFits.fit(of: $0.type, table: table) }
            let order = UnionFits.candidates(for: "object", in: fits)
            var alike: [(first: Int, second: Int)] = []
            for (index, first) in order.enumerated() {
                for second in order[(index + 1)...] where fits[first].isIndistinguishable(from: fits[second]) {
                    alike.append((first, second))
                }
            }
            guard let pair = alike.first, let raw = rawModels[specName(of: model.name)],
                case .union(let rawUnion) = raw.shape
            else { continue }
            let first = TranslationSupport.typeText(union.alternatives[pair.first].type)
            let second = TranslationSupport.typeText(union.alternatives[pair.second].type)
            let more = alike.count > 1 ? " (and \(alike.count - 1) more such pair\(alike.count > 2 ? "s" : ""))" : ""
            diagnostics.warning(
                "the description cannot tell `\(first)` and `\(second)` of union `\(specName(of: model.name))` apart\(more): they have the same required keys and no tag or closed set of keys that differs, so a value that fits both is read as `\(first)` unless only `\(second)` reads it without unknown values or it reads more of the value's keys",
                at: rawUnion.location,
                hint:
                    "give each a tag, such as `type: {const: \(SwiftName.memberName(second))}`, or close one with `additionalProperties: false`"
            )
        }
    }

    /// Finds unions that reach themselves through alternatives alone (`Node: {oneOf: [Node, Int]}`, or `A`
    /// listing `B` listing `A`): decoding by shape would try the union again on the same value forever. In the
    /// format that is an error at the alternative; in an OpenAPI document the alternative is dropped with a
    /// warning. A union may still contain itself through a struct, a list or a map, which consume the value.
    mutating func breakUnionCycles(_ models: inout [Model]) {
        var unions: [String: Int] = [:]
        for (index, model) in models.enumerated() {
            if case .union = model.shape { unions[model.name] = index }
        }
        var edges: [String: [String]] = [:]
        for (name, index) in unions {
            guard case .union(let union) = models[index].shape else { continue }
            edges[name] = union.alternatives.compactMap { alternative in
                if case .model(let target) = alternative.type, unions[target] != nil { return target }
                return nil
            }
        }
        let components = Self.components(edges)
        guard !components.isEmpty else { return }
        for index in models.indices {
            let name = models[index].name
            guard let component = components[name], case .union(var union) = models[index].shape else { continue }
            let looping = union.alternatives.filter { alternative in
                if case .model(let target) = alternative.type { return components[target] == component }
                return false
            }
            for alternative in looping {
                guard case .model(let target) = alternative.type else { continue }
                let route = ([name] + unionRoute(from: target, to: name, edges: edges, within: components))
                    .map { "`\(specName(of: $0))`" }.joined(separator: " → ")
                let message =
                    target == name
                    ? "union `\(specName(of: name))` lists itself as an alternative: decoding a value would try `\(specName(of: name))` on it again forever"
                    : "union `\(specName(of: name))` lists `\(specName(of: target))`, which leads back to it through alternatives alone (\(route)): decoding a value would go round forever"
                let location = alternativeLocation(union: name, target: target)
                if raw.isOpenAPI {
                    diagnostics.warning(message + "; the alternative is dropped", at: location)
                } else {
                    diagnostics.error(
                        message,
                        at: location,
                        hint:
                            "remove `\(specName(of: target))` from `oneOf`; a list of them (`[\(specName(of: target))]`) or a property of that type is allowed"
                    )
                }
            }
            if raw.isOpenAPI {
                union.alternatives.removeAll { looping.contains($0) }
                models[index].shape = .union(union)
            }
        }
    }

    /// The unions from `start` to `end` along alternatives inside one strongly connected component, found
    /// breadth first: the rest of a route for a message.
    private func unionRoute(
        from start: String,
        to end: String,
        edges: [String: [String]],
        within components: [String: Int]
    ) -> [String] {
        guard start != end else { return [end] }
        var previous: [String: String] = [:]
        var seen: Set<String> = [start]
        var queue = [start]
        var position = 0
        while position < queue.count, previous[end] == nil {
            let node = queue[position]
            position += 1
            for next in edges[node] ?? [] where components[next] == components[start] && seen.insert(next).inserted {
                previous[next] = node
                queue.append(next)
            }
        }
        var route = [end]
        var node = end
        while let before = previous[node] {
            route.append(before)
            node = before
        }
        return route.reversed()
    }

    /// Where union `union` (a Swift name) lists the model `target` (a Swift name), for a message.
    private func alternativeLocation(union: String, target: String) -> SourceLocation {
        guard let rawModel = rawModels[specName(of: union)], case .union(let rawUnion) = rawModel.shape else {
            return raw.location
        }
        return rawUnion.alternatives.first { resolvedName(of: $0.type.value) == .model(target) }?.type.location
            ?? rawModel.name.location
    }

    /// The spec's name of the model whose Swift name is `swiftName`.
    private func specName(of swiftName: String) -> String {
        specNames[swiftName] ?? swiftName
    }

    /// The type a model name written in a union resolves to, without reporting anything.
    private func resolvedName(of text: String) -> TypeRef? {
        if let builtin = TypeRef.Builtin(rawValue: text) { return .builtin(builtin) }
        return modelNames[text].map(TypeRef.model)
    }
}
