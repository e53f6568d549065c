import Foundation

/// Schemas that are the parents of others by `allOf` and tell their children apart by a discriminator of their
/// own (OpenAPI's polymorphism by inheritance): `Pet` has `discriminator: {propertyName: petType, mapping: {dog:
/// Dog}}`, and `Dog` is `allOf: [{$ref: Pet}, {properties: {bark: …}}]`.
///
/// Where such a parent is used (`$ref: Pet` as an answer, a property, an item), the value may be any of its
/// children, which the discriminator names: read as the parent's object alone, a dog would lose its `bark` and
/// nothing would say so. The parent is therefore two models: a union of its children named as the parent
/// (`Pet`: `.dog(Dog)`, `.cat(Cat)`, told apart by `petType`; a tag it does not know is kept as JSON, as every
/// union keeps one), and an object of its own properties (`PetBase`), which the children include and which is
/// an alternative itself when the mapping names the parent.
struct PolymorphicParent {
    /// The name of the object of the parent's own properties, which its children include: `PetBase`.
    var base: String
    /// The discriminator's property: `petType`.
    var property: Located<String>
    /// Each child's tag and component name, the mapping's first, then the children it leaves out, tagged by
    /// their component names as OpenAPI says; the parent's own component name for a tag naming the parent.
    var children: [(tag: Located<String>, component: String)]
}

extension OpenAPIReader {
    /// Finds the parents told apart from their children by a discriminator among the component schemas, and names
    /// each one's base. A parent is an object (not a union: `oneOf` with a discriminator is read as one) with a
    /// discriminator, whose mapping names a component other than itself or which some component includes by
    /// `allOf`. With a filter, `read` holds the schemas it reads: a child it leaves out is no kind of the parent,
    /// and a parent none of whose children is read is an object as before.
    mutating func findPolymorphicParents(_ entries: [YAMLValue.Entry], read: Set<String>?) {
        polymorphicParents = [:]
        let objects = entries.filter {
            isObject($0.value) && !cutSchemas.contains($0.key.value) && read?.contains($0.key.value) != false
        }
        let kept = Set(objects.map(\.key.value))
        for entry in objects {
            let schema = entry.value
            let component = entry.key.value
            guard let discriminator = schema["discriminator"], schema["oneOf"] == nil, schema["anyOf"] == nil,
                let name = modelNames[component]
            else { continue }
            let property = discriminator["propertyName"] ?? discriminator
            guard let key = property.scalarText else { continue }
            var children: [(tag: Located<String>, component: String)] = []
            var seen = Set<String>()
            if case .mapping(let mapping)? = discriminator["mapping"]?.kind {
                for tag in mapping {
                    guard let target = tag.value.scalarText else { continue }
                    let reference = target.hasPrefix("#") ? target : "#/components/schemas/" + target
                    guard let child = Self.componentName(reference), kept.contains(child), modelNames[child] != nil
                    else { continue }
                    children.append((tag.key, child))
                    seen.insert(child)
                }
            }
            // The children the mapping leaves out: tagged by their component names.
            for other in objects where other.key.value != component && !seen.contains(other.key.value) {
                guard case .sequence(let parts)? = other.value["allOf"]?.kind,
                    parts.contains(where: { Self.componentName($0["$ref"]?.scalarText ?? "") == component })
                else { continue }
                children.append((other.key, other.key.value))
            }
            guard children.contains(where: { $0.component != component }) else { continue }
            let base = claim(name + "Base", at: entry.key.location)
            polymorphicParents[component] = PolymorphicParent(
                base: base,
                property: property.located(key),
                children: children
            )
        }
    }

    /// The base model of the parent `reference` names, when it is a parent told apart by a discriminator.
    func polymorphicBase(_ reference: YAMLValue) -> String? {
        reference.scalarText.flatMap { Self.componentName($0) }.flatMap { polymorphicParents[$0]?.base }
    }

    /// Adds the union of the children of `component`, the parent `parent`, named as the parent, told apart by
    /// its discriminator.
    mutating func addPolymorphicUnion(
        _ parent: PolymorphicParent,
        component: String,
        of schema: YAMLValue,
        name: Located<String>
    ) {
        var union = RawUnion(location: schema.location)
        union.discriminator = parent.property
        union.base = Located(parent.base, at: schema.location)
        var seen = Set<String>()
        var tags = Set<String>()
        // A child that is a parent told apart by the same property in turn (`Animal` ← `Pet` ← `Dog`) is its
        // base, and its children are this union's too: a union is never an alternative of a discriminated one.
        var pending = parent.children[...]
        var expanded: Set<String> = [component]
        while let child = pending.popFirst() {
            guard !cutSchemas.contains(child.component), tags.insert(child.tag.value).inserted,
                let schema = componentSchemas[child.component], isObject(schema)
            else { continue }
            let type: String
            if child.component == component {
                type = parent.base
            } else if let nested = polymorphicParents[child.component] {
                type = nested.base
                if nested.property.value == parent.property.value, expanded.insert(child.component).inserted {
                    pending += nested.children
                }
            } else if let model = modelNames[child.component] {
                type = model
            } else {
                continue
            }
            if seen.insert(type).inserted {
                union.alternatives.append(RawUnion.Alternative(type: Located(type, at: child.tag.location)))
            }
            union.mapping.append((child.tag, Located(type, at: child.tag.location)))
        }
        var model = RawModel(name: name, shape: .union(union))
        let own = schema["description"]?.scalarText?.trimmingCharacters(in: .whitespacesAndNewlines)
        model.description = [
            own.flatMap { $0.isEmpty ? nil : $0 },
            "One of the kinds of `\(name.value)`, told apart by `\(parent.property.value)`.",
            "The properties every kind has: `\(parent.base)`.",
        ]
        .compactMap { $0 }
        .joined(separator: "\n\n")
        spec.models.append(model)
    }
}
