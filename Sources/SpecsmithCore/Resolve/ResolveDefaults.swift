import Foundation

extension ResolveContext {
    /// Checks that a `default:` value fits `type`, returning it resolved, or reporting why it does not.
    mutating func checkDefault(_ value: YAMLValue, for type: TypeRef, field: String) -> DefaultValue? {
        if let resolved = defaultValue(value, for: type) { return resolved }
        if case .double = value.kind, [.builtin(.double), .builtin(.float)].contains(type.unwrapped) {
            diagnostics.error(
                "the default of `\(field)` must be a finite \(describe(type.unwrapped).dropFirst(2)), not `\(value.scalarText ?? "")`",
                at: value.location
            )
            return nil
        }
        diagnostics.error(
            "the default of `\(field)` must be \(describe(type)), not \(value.kindDescription) `\(value.scalarText ?? value.jsonText)`",
            at: value.location
        )
        return nil
    }

    private func defaultValue(_ value: YAMLValue, for type: TypeRef) -> DefaultValue? {
        switch (type, value.kind) {
        case (.optional, .null): return .null
        case (.optional(let wrapped), _): return defaultValue(value, for: wrapped)
        case (.builtin(.bool), .bool(let flag)): return .bool(flag)
        case (.builtin(.int), .int(let number)), (.builtin(.int64), .int(let number)):
            return .int(number)
        case (.builtin(.int32), .int(let number)):
            return Int32(exactly: number) != nil ? .int(number) : nil
        case (.builtin(.double), .int(let number)):
            return .double(Double(number))
        case (.builtin(.double), .double(let number)) where number.isFinite:
            return .double(number)
        // A `Float` literal must stay finite as a `Float`: `1e39` overflows.
        case (.builtin(.float), .int(let number)) where Float(number).isFinite:
            return .double(Double(number))
        case (.builtin(.float), .double(let number)) where Float(number).isFinite:
            return .double(number)
        case (.builtin(.string), .string(let text)): return .string(text)
        case (.builtin(.url), .string(let text)): return URL(string: text) != nil ? .url(text) : nil
        case (.builtin(.uuid), .string(let text)): return UUID(uuidString: text) != nil ? .uuid(text) : nil
        case (.model(let name), .string(let text)):
            return enumCases[name]?.first { $0.rawValue == text }.map { .enumCase($0.name) }
        case (.array(let element), .sequence(let items)):
            var values: [DefaultValue] = []
            for item in items {
                guard let resolved = defaultValue(item, for: element) else { return nil }
                values.append(resolved)
            }
            return .array(values)
        case (.dictionary, .mapping(let entries)) where entries.isEmpty: return .emptyDictionary
        default: return nil
        }
    }

    /// "a Bool", "one of the values of `Region`", "a list of …".
    func describe(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin):
            ("AEIOU".contains(builtin.rawValue.prefix(1)) ? "an" : "a") + " `\(builtin.rawValue)`"
        case .model(let name):
            enumCases[name].map { cases in
                let listed = cases.prefix(8).map { "`\($0.rawValue)`" }.joined(separator: ", ")
                return "one of the values of `\(name)` (\(listed)\(cases.count > 8 ? ", … \(cases.count) in all" : ""))"
            } ?? "a literal (models have no defaults)"
        case .array(let element): "a list of \(describe(element).drop { $0 != " " }.dropFirst())"
        case .dictionary: "an empty mapping `{}`"
        case .optional(let wrapped): "\(describe(wrapped)) or null"
        case .void: "nothing"
        }
    }
}

extension ResolveContext {
    /// Reports models that contain themselves without an array or dictionary in between: a Swift struct
    /// cannot, as its size would be infinite.
    mutating func checkCycles(_ models: [Model]) {
        var edges: [String: [(property: String, target: String)]] = [:]
        for model in models {
            guard case .object(let properties) = model.shape else { continue }
            edges[model.name] = properties.compactMap { property in
                if case .model(let target) = property.type.unwrapped { return (property.name, target) }
                return nil
            }
        }
        var reported = Set<String>()
        for model in models {
            guard let path = cycle(from: model.name, edges: edges) else { continue }
            let members = Set(path.map(\.model))
            guard reported.isDisjoint(with: members) else { continue }
            reported.formUnion(members)
            let route = path.map { "\($0.model).\($0.property)" }.joined(separator: " → ")
            let location = propertyLocation(model: model.name, property: path[0].property)
            diagnostics.error(
                "model `\(model.name)` contains itself through \(route) with no array or dictionary in between; a struct cannot hold itself",
                at: location,
                hint: "make one of these properties an array such as `[\(model.name)]`"
            )
        }
    }

    private func cycle(
        from start: String,
        edges: [String: [(property: String, target: String)]]
    ) -> [(
        model: String, property: String
    )]? {
        var visited = Set<String>()
        func search(
            _ model: String,
            _ path: [(model: String, property: String)]
        ) -> [(
            model: String, property: String
        )]? {
            for edge in edges[model] ?? [] {
                let next = path + [(model, edge.property)]
                if edge.target == start { return next }
                if visited.insert(edge.target).inserted, let found = search(edge.target, next) {
                    return found
                }
            }
            return nil
        }
        return search(start, [])
    }

    private func propertyLocation(model: String, property: String) -> SourceLocation {
        for raw in raw.models where modelNames[raw.name.value] == model {
            if case .object(let fields) = raw.shape,
                let field = fields.first(where: {
                    ($0.swiftName?.value ?? SwiftName.memberName($0.key.value)) == property
                })
            {
                return field.key.location
            }
            return raw.name.location
        }
        return raw.location
    }
}
