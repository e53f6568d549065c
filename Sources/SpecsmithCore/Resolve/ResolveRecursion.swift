/// Models that contain themselves: through required properties only, an error (a struct cannot hold itself);
/// through an optional property or a union, allowed, with that property or union stored out of line.
extension ResolveContext {
    mutating func resolveRecursion(_ models: inout [Model]) {
        checkCycles(models)
        markIndirect(&models)
    }

    /// Reports models that contain themselves through required properties only (no optional, array,
    /// dictionary or union in between): a Swift struct cannot, as its size would be infinite, and no value
    /// of such a model could ever end.
    private mutating func checkCycles(_ models: [Model]) {
        var edges: [String: [(property: String, target: String)]] = [:]
        let structs = Set(models.filter { if case .object = $0.shape { true } else { false } }.map(\.name))
        for model in models {
            guard case .object(let properties) = model.shape else { continue }
            edges[model.name] = properties.compactMap { property in
                if case .model(let target) = property.type, structs.contains(target) {
                    return (property.name, target)
                }
                return nil
            }
        }
        let components = Self.components(edges.mapValues { $0.map(\.target) })
        var reported = Set<Int>()
        for model in models {
            guard let component = components[model.name], reported.insert(component).inserted,
                let path = cycle(from: model.name, edges: edges)
            else { continue }
            let route = path.map { "\($0.model).\($0.property)" }.joined(separator: " → ")
            let location = propertyLocation(model: model.name, property: path[0].property)
            diagnostics.error(
                "model `\(model.name)` contains itself through \(route), each required: no value of it could end",
                at: location,
                hint:
                    "make one of these properties optional (`\(path.last.map { $0.model } ?? model.name)?`) or an array"
            )
        }
    }

    /// The shortest way from `start` back to itself along `edges`, found breadth first (without recursion, so
    /// that a long chain of models cannot exhaust the stack): each model and the property it goes on by.
    private func cycle(
        from start: String,
        edges: [String: [(property: String, target: String)]]
    ) -> [(model: String, property: String)]? {
        var previous: [String: (model: String, property: String)] = [:]
        var queue = [start]
        var position = 0
        while position < queue.count {
            let model = queue[position]
            position += 1
            for edge in edges[model] ?? [] {
                if edge.target == start {
                    var path = [(model: model, property: edge.property)]
                    var node = model
                    while node != start, let step = previous[node] {
                        path.append(step)
                        node = step.model
                    }
                    return path.reversed()
                }
                guard previous[edge.target] == nil else { continue }
                previous[edge.target] = (model, edge.property)
                queue.append(edge.target)
            }
        }
        return nil
    }

    private func propertyLocation(model: String, property: String) -> SourceLocation {
        guard let raw = specNames[model].flatMap({ rawModels[$0] }) else { return self.raw.location }
        if case .object(let fields) = raw.shape,
            let field = fields.first(where: { propertyName($0) == property })
        {
            return field.key.location
        }
        return raw.name.location
    }
}

extension ResolveContext {
    /// Marks what must be stored out of line for models that contain themselves: a union on a cycle becomes an
    /// `indirect enum`; an optional property of a struct (`Node?`, `Nullable<Node>?`) that leads back to the
    /// struct through structs only is boxed (`@Indirect`).
    private func markIndirect(_ models: inout [Model]) {
        var kinds: [String: Bool] = [:]  // name → is a struct
        for model in models {
            switch model.shape {
            case .object: kinds[model.name] = true
            case .union: kinds[model.name] = false
            case .enumeration: break
            }
        }
        var all: [String: [String]] = [:]
        var structsOnly: [String: [String]] = [:]
        for model in models {
            switch model.shape {
            case .object(let properties):
                let targets = properties.compactMap { property -> String? in
                    guard let target = Self.heldModel(property.type), kinds[target] != nil else { return nil }
                    return target
                }
                all[model.name] = targets
                structsOnly[model.name] = targets.filter { kinds[$0] == true }
            case .union(let union):
                all[model.name] = union.alternatives.compactMap { alternative in
                    if case .model(let target) = alternative.type, kinds[target] != nil { return target }
                    return nil
                }
            case .enumeration: break
            }
        }
        let onCycles = Self.components(all)
        let structCycles = Self.components(structsOnly)
        for index in models.indices {
            let name = models[index].name
            switch models[index].shape {
            case .union:
                models[index].isIndirect = onCycles[name] != nil
            case .object(var properties):
                guard let component = structCycles[name] else { continue }
                for position in properties.indices {
                    guard properties[position].type.isOptional, let target = Self.heldModel(properties[position].type),
                        structCycles[target] == component
                    else { continue }
                    properties[position].isIndirect = true
                }
                models[index].shape = .object(properties)
            case .enumeration: break
            }
        }
    }

    /// The strongly connected components of `edges` that hold a cycle, as node → component number (Tarjan's
    /// algorithm, without recursion so that a long chain of models cannot exhaust the stack).
    static func components(_ edges: [String: [String]]) -> [String: Int] {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var result: [String: Int] = [:]
        var counter = 0
        var componentCount = 0
        for root in edges.keys.sorted() where index[root] == nil {
            var work: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let (node, next) = work.last {
                let targets = edges[node] ?? []
                if next < targets.count {
                    work[work.count - 1].next += 1
                    let target = targets[next]
                    if index[target] == nil {
                        index[target] = counter
                        low[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack.insert(target)
                        work.append((target, 0))
                    } else if onStack.contains(target) {
                        low[node] = min(low[node]!, index[target]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent]!, low[node]!) }
                guard low[node] == index[node] else { continue }
                var members: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    members.append(member)
                    if member == node { break }
                }
                let isCycle = members.count > 1 || targets.contains(node)
                if isCycle {
                    for member in members { result[member] = componentCount }
                    componentCount += 1
                }
            }
        }
        return result
    }
}
