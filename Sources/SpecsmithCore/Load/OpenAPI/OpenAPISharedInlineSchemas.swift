/// Inline schemas written alike in several places are one model (`OpenAPIReader.inlineShapes`), named by what
/// the places share (``SharedSchemaNames``) rather than by whichever place was read first: a payment API's list
/// `object: {enum: [list]}` is a `ListObject`, not an `AccountExternalAccountsObject` in a customer's list.
///
/// The places are known once the whole document is read, and an inline model's name is the start of the names
/// of the schemas inside it, so the loader reads the document a second time with the shared names
/// (`OpenAPILoader.load`); a document without such schemas is read once.
extension OpenAPIReader {
    /// Notes that the place of `schema`, written as `shape`, would name it `name` (and the property or parameter
    /// it is, ``inlineRole``).
    mutating func recordUse(of schema: YAMLValue, shape: String, name: String) {
        if inlineUses[shape] == nil {
            var values: [String]?
            if isEnumeration(schema), case .sequence(let items)? = schema["enum"]?.kind {
                let strings = items.compactMap { item -> String? in
                    guard case .string = item.kind else { return nil }
                    return item.scalarText
                }
                if strings.count == items.count { values = strings }
            }
            inlineUses[shape] = ([name], [inlineRole], values)
        } else {
            inlineUses[shape]?.names.append(name)
            inlineUses[shape]?.roles.append(inlineRole)
        }
        // The schemas inside this one (its items, alternatives) are not the property's.
        inlineRole = nil
    }

    /// The shared names of the inline schemas read in several places, by their text; a name two schemas would
    /// share is given to neither.
    func namesOfSharedInlineSchemas() -> [String: String] {
        var names: [String: String] = [:]
        var claimed: [String: Int] = [:]
        for (shape, uses) in inlineUses where uses.names.count > 1 {
            guard let name = SharedSchemaNames.name(uses: uses.names, roles: uses.roles, values: uses.values) else {
                continue
            }
            names[shape] = name
            claimed[SwiftName.typeName(name), default: 0] += 1
        }
        return names.filter { claimed[SwiftName.typeName($0.value)] == 1 }
    }
}
