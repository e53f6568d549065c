/// What makes a union written as text where one of its alternatives is text: a union of `String` and a list of
/// parts is `"Who are you?"`, and one of an extensible enumeration (``Enumeration/isExtensible``) and an object
/// is `"alloy"` or `.alloy`, the enumeration's known values being the union's too.
///
/// Only a union with exactly one such alternative: with two, a literal would not say which it is.
func translateUnionLiterals(_ model: Model, _ union: Union, api: API) -> (inherits: [String], members: [Declaration]) {
    let textual = union.alternatives.filter { alternative in
        switch alternative.type {
        case .builtin(.string): return true
        case .model(let name): return extensibleEnumeration(name, in: api) != nil
        default: return false
        }
    }
    guard textual.count == 1, let alternative = textual.first else { return ([], []) }
    let access = TranslationSupport.access(api)
    let enumeration: Enumeration? =
        if case .model(let name) = alternative.type { extensibleEnumeration(name, in: api) } else { nil }
    let value: Expression =
        enumeration == nil
        ? .identifier("value")
        : .call(.member(nil, "init"), [Argument("rawValue", .identifier("value"))])
    var members: [Declaration] = [
        .function(
            FunctionDeclaration(
                docs: ["The ``\(alternative.name)(_:)`` alternative of the text `value`."],
                access: access,
                kind: .initializer,
                parameters: [FunctionParameter(label: "stringLiteral", name: "value", type: "String")],
                body: [.assignment(.verbatim("self"), .call(.member(nil, alternative.name), [Argument(nil, value)]))]
            )
        )
    ]
    if let enumeration {
        // The alternative's known values, as the union's: `voice: .alloy`. A name the union's cases have stays
        // theirs.
        var taken = Set(union.alternatives.map(\.name))
        if let fallback = union.fallbackCase { taken.insert(fallback) }
        for enumCase in enumeration.cases where !taken.contains(enumCase.name) {
            members.append(
                .variable(
                    VariableDeclaration(
                        docs: ["`\(enumCase.rawValue)`: ``\(alternative.name)(_:)`` of it."],
                        access: access,
                        isStatic: true,
                        name: enumCase.name,
                        type: "Self",
                        getter: [
                            .return(.call(.member(nil, alternative.name), [Argument(nil, .member(nil, enumCase.name))]))
                        ]
                    )
                )
            )
        }
    }
    return ([StandardLibrarySymbols.expressibleByStringLiteral], members)
}

/// The extensible enumeration named `name`, if it is one.
private func extensibleEnumeration(_ name: String, in api: API) -> Enumeration? {
    guard let model = api.model(named: name), case .enumeration(let enumeration) = model.shape,
        enumeration.isExtensible
    else { return nil }
    return enumeration
}
