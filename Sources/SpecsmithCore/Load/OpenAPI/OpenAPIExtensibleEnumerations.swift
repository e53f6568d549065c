/// "A string, or one of these values": `anyOf: [{type: string}, {type: string, enum: [gpt-4o, …]}]`, how
/// documents say that any text is a value and name the ones they know (a model's id, a voice).
extension OpenAPIReader {
    /// The values of `schema` when it is such an extensible enumeration: its `anyOf` (or `oneOf`) parts,
    /// `null` aside, are text (`{type: string}` without a format), enumerations of strings, or references to
    /// such extensible enumerations, and at least one is open (text, or an extensible reference). Their values
    /// together, each once, in order; `nil` for any other schema.
    func extensibleValues(_ schema: YAMLValue) -> YAMLValue? {
        var values: [YAMLValue] = []
        guard schema["properties"] == nil, schema["discriminator"] == nil,
            collectExtensibleValues(schema, into: &values, depth: 0)
        else { return nil }
        var seen = Set<String>()
        let unique = values.filter { $0.scalarText.map { seen.insert($0).inserted } ?? false }
        return YAMLValue(kind: .sequence(unique), location: schema.location)
    }

    /// Adds the values of the extensible enumeration `schema` to `values`; `false` when it is not one.
    private func collectExtensibleValues(_ schema: YAMLValue, into values: inout [YAMLValue], depth: Int) -> Bool {
        guard depth < 8 else { return false }
        guard let list = schema["anyOf"] ?? schema["oneOf"], case .sequence(let items) = list.kind else {
            return false
        }
        let parts = Self.parts(items, of: schema["anyOf"] != nil ? "anyOf" : "oneOf")
        guard parts.count > 1 else { return false }
        var isOpen = false
        for part in parts {
            if let reference = part["$ref"] {
                guard let target = referencedSchema(reference) else { return false }
                if isEnumeration(target), isStringEnumeration(target),
                    case .sequence(let listed)? = target["enum"]?.kind
                {
                    values += listed
                } else if collectExtensibleValues(target, into: &values, depth: depth + 1) {
                    isOpen = true
                } else {
                    return false
                }
            } else if isEnumeration(part), isStringEnumeration(part), case .sequence(let listed)? = part["enum"]?.kind {
                values += listed
            } else if isText(part) {
                isOpen = true
            } else {
                return false
            }
        }
        return isOpen
    }

    /// Whether `schema` is any text: `{type: string}` with no format, enumeration or constant.
    private func isText(_ schema: YAMLValue) -> Bool {
        schema["type"]?.scalarText == "string" && schema["format"] == nil && schema["enum"] == nil
            && schema["const"] == nil && schema["$ref"] == nil
    }

    /// Whether an enumeration lists strings only.
    private func isStringEnumeration(_ schema: YAMLValue) -> Bool {
        guard case .sequence(let items)? = schema["enum"]?.kind else { return false }
        return items.allSatisfy {
            switch $0.kind {
            case .string, .null: true
            default: false
            }
        }
    }
}
