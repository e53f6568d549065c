/// The config's `filter:` before anything is read: the component schemas the kept operations reach, so that
/// only those are read, and those its `depth` and `cut` leave as `JSON`.
///
/// An inline schema written alike in several places (a list's `object: {enum: [list]}`) is one model named after
/// the first place read, which is then a place that is generated: reading every schema first named OpenAI's
/// `ListModelsResponse.object` after `ListAuditLogsResponse`, which a filter to the models' operations drops.
///
/// A model's depth is how many references a property, item or answer makes on the way from a kept operation:
/// the models an operation answers or takes are 1, the models their properties refer to 2, and so on. The parts
/// of a model's `allOf`, `oneOf` and `anyOf` (and its discriminator's mapping) are that model, at its depth; a
/// reference to a schema that is no model (a list of models, a string) is the place that refers to it. So a
/// payment API's customer (1) keeps its address (2), and its subscriptions' items (3) are `JSON` at `depth: 2`.
extension OpenAPIReader {
    /// What the filter reads and cuts, by component schema name.
    struct FilterReach {
        /// The component schemas to read: those reached within the depth, kept, or included by one of those.
        var read: Set<String> = []
        /// The component schemas that are `JSON` where a property, item or answer refers to them.
        var cut: Set<String> = []
        /// Those of `cut` that only the depth leaves out (not `cut:`), nearest first.
        var cutByDepth: [String] = []
    }

    /// The component schemas the filter reads and cuts; `nil` without a filter, or for a document that refers to
    /// other files, whose schemas are all read.
    mutating func filterReach() -> FilterReach? {
        guard let filter = config?.filter, let paths = root["paths"], case .mapping(let entries) = paths.kind else {
            return nil
        }
        // Where a value is visited: how many references from an operation, and whether it is the top of a
        // component schema, whose composition's parts are the schema itself.
        var level: [(value: YAMLValue, top: Bool)] = []
        for entry in entries {
            guard let item = resolvedLocally(entry.value), case .mapping(let keys) = item.kind else { continue }
            var keepsAny = false
            for key in keys where Self.methods.contains(key.key.value) {
                guard let operation = resolvedLocally(key.value),
                    !filter.selectsOperations || !keeps(operation, path: entry.key.value, filter: filter).isEmpty
                else { continue }
                level.append((operation, false))
                keepsAny = true
            }
            if keepsAny { level.append((item, false)) }
        }
        // The webhooks' bodies, when they are generated.
        if readsWebhooks, case .mapping(let webhooks)? = root["webhooks"]?.kind {
            for webhook in webhooks {
                if let post = resolvedLocally(webhook.value)?["post"] { level.append((post, false)) }
            }
        }
        let limit = filter.depth?.value ?? Int.max
        // The config may name a schema by the document's name or the model's.
        func names(_ entries: [Located<String>]) -> Set<String> {
            let written = Set(entries.map(\.value))
            return Set(componentSchemas.keys.filter { written.contains($0) || written.contains(modelNames[$0] ?? $0) })
        }
        let kept = names(filter.keep)
        let named = names(filter.cut)
        var reach = FilterReach()
        // The error body of operations that document none, whatever the kept operations reach.
        if let schema = defaultErrorComponent, let value = componentSchemas[schema] {
            reach.read.insert(schema)
            level.append((value, true))
        }
        var visited = Set<String>()
        var depth = 0
        while !level.isEmpty {
            // The models one reference further.
            var next: [String] = []
            // Reads a component schema at this depth; a model that is not part of the one being read is one
            // further.
            func follow(_ reference: String, top: Bool) -> Bool {
                guard reference.hasPrefix("#") else { return false }
                guard let name = Self.componentName(reference), let schema = componentSchemas[name] else {
                    // A response, parameter or pointer into a schema: the place that refers to it.
                    if visited.insert(reference).inserted,
                        let found = ExternalReferences.value(at: String(reference.dropFirst()), in: root)
                    {
                        level.append((found, top))
                    }
                    return true
                }
                if isModel(schema) && !top {
                    next.append(name)
                } else if reach.read.insert(name).inserted {
                    level.append((schema, isModel(schema) || top))
                }
                return true
            }
            while let (value, top) = level.popLast() {
                switch value.kind {
                case .mapping(let members):
                    for member in members {
                        let key = member.key.value
                        if key == "$ref" {
                            guard let target = member.value.scalarText else { continue }
                            guard follow(target, top: top) else { return nil }
                        } else if key == "mapping", case .mapping(let tags) = member.value.kind {
                            // A discriminator's mapping names its schemas by reference or by name.
                            for tag in tags {
                                guard let target = tag.value.scalarText else { continue }
                                _ = follow(target.hasPrefix("#") ? target : "#/components/schemas/" + target, top: top)
                            }
                        } else if case .sequence(let items) = member.value.kind {
                            let part = top && ["allOf", "oneOf", "anyOf"].contains(key)
                            level += items.map { ($0, part) }
                        } else {
                            level.append((member.value, false))
                        }
                    }
                case .sequence(let items):
                    level += items.map { ($0, false) }
                default:
                    break
                }
            }
            depth += 1
            for name in next where !reach.read.contains(name) && !reach.cut.contains(name) {
                if named.contains(name) || (depth > limit && !kept.contains(name)) {
                    reach.cut.insert(name)
                    if !named.contains(name) { reach.cutByDepth.append(name) }
                } else {
                    reach.read.insert(name)
                    level.append((componentSchemas[name]!, true))
                }
            }
        }
        return reach
    }

    /// Warns of the schemas the kept operations use that `depth` alone leaves as `JSON` (OpenAI's tool calls at
    /// `depth: 2`), so that none is lost unseen: naming each in `keep:` or `cut:` says what is meant.
    mutating func warnOfSchemasCutByDepth(_ names: [String]) {
        guard let depth = config?.filter?.depth, !names.isEmpty else { return }
        let shown = names.prefix(6).map { "`\(modelNames[$0] ?? $0)`" }.joined(separator: ", ")
        let more = names.count > 6 ? " and \(names.count - 6) more" : ""
        diagnostics.warning(
            "`depth: \(depth.value)` leaves \(names.count) schema\(names.count == 1 ? "" : "s") the kept operations use as `JSON`: \(shown)\(more)",
            at: depth.location,
            hint: "name those you read in `keep:`, and those you mean to leave out in `cut:`"
        )
    }

    /// The number of models a filter without `depth` keeps from which it says how many, and that `depth` exists:
    /// a user imported one of Stripe's operations and got 1,025 models.
    static let largeFilter = 200

    /// Says at the filter how many models it keeps, when they are many and it has no `depth`, and what `depth`
    /// would keep instead.
    @discardableResult
    mutating func warnOfLargeFilter() -> Bool {
        guard let filter = config?.filter, filter.depth == nil, spec.models.count >= Self.largeFilter else {
            return false
        }
        let operations = spec.endpoints.count
        diagnostics.warning(
            "the filter keeps \(spec.models.count) models for its \(operations) operation\(operations == 1 ? "" : "s"), every schema they reach however deep",
            at: filter.location,
            hint:
                "`depth: 1` keeps the models the operations name and leaves those further as `JSON`; `depth: 2` keeps one step more"
        )
        return true
    }

    /// The number of operations the document has, whatever the filter keeps.
    func documentOperationCount() -> Int {
        guard case .mapping(let entries)? = root["paths"]?.kind else { return 0 }
        return entries.reduce(0) { count, entry in
            guard let item = resolvedLocally(entry.value), case .mapping(let keys) = item.kind else { return count }
            return count + keys.filter { Self.methods.contains($0.key.value) }.count
        }
    }

    /// Warns of each `keep` or `cut` entry that names no schema of the document, of a schema both kept and cut
    /// (cut wins), and of a kept schema that no kept operation uses (it is not generated), each at its entry.
    mutating func warnOfFilterEntries() {
        guard let filter = config?.filter else { return }
        let names = Set(componentSchemas.keys).union(modelNames.values)
        // The document's name of a schema the config names by either.
        let documentNames = Dictionary(modelNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        func schema(_ entry: Located<String>) -> String {
            componentSchemas[entry.value] != nil ? entry.value : documentNames[entry.value] ?? entry.value
        }
        for entry in filter.keep + filter.cut where !names.contains(entry.value) {
            diagnostics.warning("the filter's `\(entry.value)` names no schema of the document", at: entry.location)
        }
        let kept = Set(filter.keep.filter { names.contains($0.value) }.map(schema))
        for entry in filter.cut where kept.contains(schema(entry)) {
            diagnostics.warning(
                "the filter both keeps and cuts `\(entry.value)`: it is cut, `JSON` where it is used",
                at: entry.location,
                hint: "name it in `keep:` or in `cut:`, not both"
            )
        }
        let generated = Set(spec.models.map(\.name.value))
        let cut = Set(filter.cut.map(schema))
        for entry in filter.keep where names.contains(entry.value) && !cut.contains(schema(entry)) {
            guard let model = modelNames[schema(entry)], !generated.contains(model) else { continue }
            diagnostics.warning(
                "the filter keeps `\(entry.value)`, which none of the operations it keeps uses: it is not generated",
                at: entry.location,
                hint: "keep an operation that uses it, or remove the entry"
            )
        }
    }

    /// `value`, or what its local `$ref` (anywhere in the document) points to; `nil` for another file's.
    func resolvedLocally(_ value: YAMLValue) -> YAMLValue? {
        guard let reference = value["$ref"]?.scalarText else { return value }
        guard reference.hasPrefix("#") else { return nil }
        return ExternalReferences.value(at: String(reference.dropFirst()), in: root)
    }
}
