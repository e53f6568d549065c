/// The config's `filter:` before anything is read: the component schemas the kept operations reach, so that
/// only those are read. An inline schema written alike in several places (a list's `object: {enum: [list]}`)
/// is one model named after the first place read, which is then a place that is generated: reading every
/// schema first named OpenAI's `ListModelsResponse.object` after `ListAuditLogsResponse`, which a filter to
/// the models' operations drops.
extension OpenAPIReader {
    /// The names of the component schemas that the operations the filter keeps refer to, directly or through
    /// other components (responses, parameters, request bodies, schemas, a discriminator's mapping); `nil`
    /// without a filter, or for a document that refers to other files, whose schemas are all read.
    func schemasTheFilterKeeps() -> Set<String>? {
        guard let filter = config?.filter, let paths = root["paths"], case .mapping(let entries) = paths.kind else {
            return nil
        }
        var pending: [YAMLValue] = []
        for entry in entries {
            guard let item = resolved(entry.value), case .mapping(let keys) = item.kind else { continue }
            var keepsAny = false
            for key in keys where Self.methods.contains(key.key.value) {
                guard let operation = resolved(key.value),
                    !keeps(operation, path: entry.key.value, filter: filter).isEmpty
                else { continue }
                pending.append(operation)
                keepsAny = true
            }
            if keepsAny { pending.append(item) }
        }
        var visited = Set<String>()
        var schemas = Set<String>()
        while let value = pending.popLast() {
            switch value.kind {
            case .mapping(let members):
                for member in members {
                    if member.key.value == "$ref" {
                        guard let target = member.value.scalarText else { continue }
                        guard target.hasPrefix("#") else { return nil }
                        follow(target, visited: &visited, schemas: &schemas, pending: &pending)
                    } else if member.key.value == "mapping", case .mapping(let tags) = member.value.kind {
                        // A discriminator's mapping names its schemas by reference or by name.
                        for tag in tags {
                            guard let target = tag.value.scalarText else { continue }
                            let reference = target.hasPrefix("#") ? target : "#/components/schemas/" + target
                            follow(reference, visited: &visited, schemas: &schemas, pending: &pending)
                        }
                    } else {
                        pending.append(member.value)
                    }
                }
            case .sequence(let items):
                pending += items
            default:
                break
            }
        }
        return schemas
    }

    /// Notes the schema a local reference names, and queues what it points to.
    private func follow(
        _ reference: String,
        visited: inout Set<String>,
        schemas: inout Set<String>,
        pending: inout [YAMLValue]
    ) {
        guard visited.insert(reference).inserted else { return }
        let name = Self.componentName(reference)
        if let name { schemas.insert(name) }
        // A Swagger 2.0 document's `#/definitions/…` are component schemas once upgraded.
        if let target = name.flatMap({ componentSchemas[$0] })
            ?? ExternalReferences.value(at: String(reference.dropFirst()), in: root)
        {
            pending.append(target)
        }
    }

    /// `value`, or what its local `$ref` points to.
    private func resolved(_ value: YAMLValue) -> YAMLValue? {
        guard let reference = value["$ref"]?.scalarText else { return value }
        guard reference.hasPrefix("#") else { return nil }
        return ExternalReferences.value(at: String(reference.dropFirst()), in: root)
    }
}
