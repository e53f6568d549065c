/// Translates a model: a `Codable` struct, or a string enumeration that keeps values it does not know.
///
/// An enumeration's `Codable` conformance comes from the standard library's `RawRepresentable` defaults:
/// its `init(rawValue:)` never fails, so decoding a value the spec does not list keeps it instead of throwing.
func translateModel(_ model: Model, api: API) -> Declaration {
    switch model.shape {
    case .object(let properties):
        translateStruct(model, properties: properties, api: api)
    case .enumeration(let cases, let unknownCase):
        translateEnumeration(model, cases: cases, unknownCase: unknownCase, api: api)
    }
}

private func translateStruct(_ model: Model, properties: [Property], api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = properties.flatMap { property -> [Declaration] in
        let type = TranslationSupport.typeText(property.type)
        let docs = TranslationSupport.docs(property.description, fallback: "The `\(property.key)` field.")
        guard property.deprecation != nil else {
            return [.variable(VariableDeclaration(docs: docs, access: access, name: property.name, type: type))]
        }
        // A deprecated property is stored under another name, so the generated initializers and coding
        // do not use the deprecated name and compile without warnings.
        let storage = storageName(property)
        return [
            .variable(VariableDeclaration(access: .private, name: storage, type: type)),
            .variable(
                VariableDeclaration(
                    docs: docs,
                    attributes: TranslationSupport.attributes(property.deprecation),
                    access: access,
                    name: property.name,
                    type: type,
                    getter: [.return(.member(.verbatim("self"), storage))],
                    setter: [.assignment(.member(.verbatim("self"), storage), .identifier("newValue"))]
                )
            ),
        ]
    }
    members.append(
        .function(
            FunctionDeclaration(
                docs: ["Creates \(TranslationSupport.article(model.name)) `\(model.name)` from its properties."],
                access: access,
                kind: .initializer,
                parameters: properties.map { property in
                    FunctionParameter(
                        name: property.name,
                        type: TranslationSupport.typeText(property.type),
                        defaultValue: (property.defaultValue ?? (property.type.isOptional ? .null : nil))
                            .map(TranslationSupport.expression)
                    )
                },
                body: properties.map { property in
                    .assignment(.member(.verbatim("self"), storageName(property)), .identifier(property.name))
                }
            )
        )
    )
    let needsDecoder =
        !model.isRequestOnly && properties.contains { $0.defaultValue != nil && $0.defaultValue != .null }
    let renamesKeys = properties.contains { storageName($0) != $0.key }
    if needsDecoder || renamesKeys {
        members.append(.type(codingKeys(properties)))
    }
    if needsDecoder {
        members.append(.function(decodingInitializer(properties, access: access)))
    }
    return .type(
        TypeDeclaration(
            docs: TranslationSupport.docs(model.description, fallback: "The `\(model.name)` model."),
            attributes: [],
            access: access,
            kind: .struct,
            name: model.name,
            inherits: [model.isRequestOnly ? "Encodable" : "Codable", "Sendable", "Hashable"],
            members: members
        )
    )
}

private func codingKeys(_ properties: [Property]) -> TypeDeclaration {
    TypeDeclaration(
        kind: .enum,
        name: "CodingKeys",
        inherits: ["String", "CodingKey"],
        members: properties.map { property in
            .enumCase(
                EnumCaseDeclaration(
                    name: storageName(property),
                    rawValue: storageName(property) == property.key ? nil : .literal(.string(property.key))
                )
            )
        },
        blankLinesBetweenMembers: false
    )
}

/// `init(from:)` that falls back to each property's default when its key is missing.
private func decodingInitializer(_ properties: [Property], access: AccessModifier) -> FunctionDeclaration {
    var body: [Statement] = [
        .binding(
            isLet: true,
            name: "container",
            value: .try(
                .call(
                    .member(.identifier("decoder"), "container"),
                    [Argument("keyedBy", .verbatim("CodingKeys.self"))]
                )
            )
        )
    ]
    for property in properties {
        let wrapped = property.type.unwrapped
        let method = property.type.isOptional || property.defaultValue != nil ? "decodeIfPresent" : "decode"
        var value: Expression = .try(
            .call(
                .member(.identifier("container"), method),
                [
                    Argument(nil, .verbatim("\(TranslationSupport.typeText(wrapped)).self")),
                    Argument("forKey", .member(nil, SwiftName.escaped(storageName(property)))),
                ]
            )
        )
        if let defaultValue = property.defaultValue, defaultValue != .null {
            value = .binary(value, "??", TranslationSupport.expression(defaultValue))
        }
        body.append(.assignment(.member(.verbatim("self"), storageName(property)), value))
    }
    return FunctionDeclaration(
        docs: ["Decodes a value, using the default of each property whose key is missing."],
        access: access,
        kind: .initializer,
        parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
        throwsClause: "throws",
        body: body
    )
}

private func translateEnumeration(_ model: Model, cases: [EnumCase], unknownCase: String, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = cases.map { enumCase in
        .enumCase(EnumCaseDeclaration(docs: ["`\(enumCase.rawValue)`"], name: enumCase.name))
    }
    members.append(
        .enumCase(
            EnumCaseDeclaration(
                docs: ["A value this version of the spec does not list, kept as it was received."],
                name: unknownCase,
                associatedValues: [FunctionParameter(name: "_", type: "String")]
            )
        )
    )
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["Every value the spec lists."],
                access: access,
                isStatic: true,
                isLet: true,
                name: "knownCases",
                type: "[\(model.name)]",
                value: .array(cases.map { .member(nil, $0.name) })
            )
        )
    )
    members.append(
        .function(
            FunctionDeclaration(
                docs: ["The case for `rawValue`, or ``\(unknownCase)(_:)`` when the spec does not list it."],
                access: access,
                kind: .initializer,
                parameters: [FunctionParameter(name: "rawValue", type: "String")],
                body: [
                    .switch(
                        .identifier("rawValue"),
                        cases.map { enumCase in
                            SwitchCase(
                                patterns: [.expression(.literal(.string(enumCase.rawValue)))],
                                body: [.assignment(.verbatim("self"), .member(nil, enumCase.name))]
                            )
                        } + [
                            SwitchCase(
                                patterns: [],
                                body: [
                                    .assignment(
                                        .verbatim("self"),
                                        .call(.member(nil, unknownCase), [Argument(nil, .identifier("rawValue"))])
                                    )
                                ]
                            )
                        ]
                    )
                ]
            )
        )
    )
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["The value as it is written in JSON."],
                access: access,
                name: "rawValue",
                type: "String",
                getter: [
                    .switch(
                        .verbatim("self"),
                        cases.map { enumCase in
                            SwitchCase(
                                patterns: [.enumCase(enumCase.name, bindings: [])],
                                body: [.return(.literal(.string(enumCase.rawValue)))]
                            )
                        } + [
                            SwitchCase(
                                patterns: [.enumCase(unknownCase, bindings: ["value"])],
                                body: [.return(.identifier("value"))]
                            )
                        ]
                    )
                ]
            )
        )
    )
    return .type(
        TypeDeclaration(
            docs: TranslationSupport.docs(model.description, fallback: "The values of `\(model.name)`."),
            attributes: [],
            access: access,
            kind: .enum,
            name: model.name,
            inherits: ["Codable", "Sendable", "Hashable", "RawRepresentable", RuntimeSymbols.parameterValue],
            members: members
        )
    )
}

/// The stored property's name: the property's own, or `_name` behind a deprecated computed property.
private func storageName(_ property: Property) -> String {
    property.deprecation == nil ? property.name : "_" + property.name
}
