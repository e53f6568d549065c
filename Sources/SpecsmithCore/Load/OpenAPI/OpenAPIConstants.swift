/// Properties that can hold one value only.
extension OpenAPIReader {
    /// A required property whose schema is an enumeration of one string (OpenAI's `type: {enum: [function]}`
    /// on a tool, Stripe's `object: {enum: [account]}`) is that value, a constant, as the format's `const` is:
    /// always written, checked when read, and no initializer parameter (`ChatCompletionTool(function:
    /// weather)`). An optional or nullable one keeps its enumeration: leaving it out, or `null`, is a second
    /// value. An inline enumeration that named nothing else afterwards is not generated.
    mutating func makeOneValueEnumerationsConstants() {
        var tags: [String: RawEnumValue] = [:]
        for model in spec.models {
            if case .enumeration(let values) = model.shape, values.count == 1, !values[0].isInteger,
                model.isExtensible?.value != true
            {
                tags[model.name.value] = values[0]
            }
        }
        guard !tags.isEmpty else { return }
        var replaced = Set<String>()
        func makeConstants(_ fields: inout [RawField]) {
            for field in fields.indices {
                guard let tag = Self.oneValueTag(of: fields[field], in: tags) else { continue }
                replaced.insert(fields[field].type?.value ?? "")
                Self.makeConstant(&fields[field], tag)
            }
        }
        for index in spec.models.indices {
            guard case .object(var fields) = spec.models[index].shape else { continue }
            makeConstants(&fields)
            spec.models[index].shape = .object(fields)
        }
        for index in spec.endpoints.indices {
            guard case .json(var fields, let location)? = spec.endpoints[index].body else { continue }
            makeConstants(&fields)
            spec.endpoints[index].body = .json(fields, location)
        }
        // Inline enumerations (a property's own `enum`) that only named these properties go; a component
        // schema stays, as every component does.
        let components = Set(modelNames.values)
        let unused = replaced.subtracting(components).subtracting(reachableModels())
        if !unused.isEmpty { spec.models.removeAll { unused.contains($0.name.value) } }
    }

    /// The one value `field` can hold: it is required, not nullable, without a default, and its type is an
    /// enumeration of one string.
    static func oneValueTag(of field: RawField, in tags: [String: RawEnumValue]) -> RawEnumValue? {
        guard field.constant == nil, field.nullable?.value != true, !field.allowsNull, field.defaultValue == nil,
            let type = field.type?.value, !type.hasSuffix("?")
        else { return nil }
        return tags[type]
    }

    /// `field` as the constant `tag`.
    static func makeConstant(_ field: inout RawField, _ tag: RawEnumValue) {
        field.constant = YAMLValueBox(value: YAMLValue(kind: .string(tag.value.value), location: tag.value.location))
        field.type = nil
        field.defaultValue = nil
    }
}
