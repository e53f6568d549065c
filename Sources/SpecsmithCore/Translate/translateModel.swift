/// Translates a model: a `Codable` struct (here), an enumeration (``translateEnumeration(_:_:api:)``) or a
/// union (``translateUnion(_:_:api:)``).
func translateModel(_ model: Model, api: API) -> Declaration {
    switch model.shape {
    case .object(let properties):
        translateStruct(model, properties: properties, api: api)
    case .enumeration(let enumeration):
        translateEnumeration(model, enumeration, api: api)
    case .union(let union):
        translateUnion(model, union, api: api)
    }
}

private func translateStruct(_ model: Model, properties: [Property], api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    let stored = properties.filter { $0.constant == nil }
    var members: [Declaration] = properties.flatMap { property -> [Declaration] in
        let type = TranslationSupport.typeText(property.type)
        let docs = TranslationSupport.docs(property.description, fallback: "The `\(property.key)` field.")
        let wrapper = property.isIndirect ? ["@\(RuntimeSymbols.indirect)"] : []
        if let constant = property.constant {
            return [
                .variable(
                    VariableDeclaration(
                        docs: docs + ["", "Always `\(TranslationSupport.constantText(constant))`."],
                        attributes: TranslationSupport.attributes(property.deprecation),
                        access: access,
                        name: property.name,
                        type: type,
                        getter: [.return(TranslationSupport.expression(constant))]
                    )
                )
            ]
        }
        guard property.deprecation != nil else {
            return [
                .variable(
                    VariableDeclaration(
                        docs: docs,
                        attributes: wrapper,
                        access: access,
                        name: property.name,
                        type: type
                    )
                )
            ]
        }
        // A deprecated property is stored under another name, so the generated initializers and coding
        // do not use the deprecated name and compile without warnings.
        let storage = storageName(property)
        return [
            .variable(VariableDeclaration(attributes: wrapper, access: .private, name: storage, type: type)),
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
                parameters: stored.map { property in
                    FunctionParameter(
                        name: property.name,
                        type: TranslationSupport.typeText(property.type),
                        defaultValue: (property.defaultValue ?? (property.type.isOptional ? .null : nil))
                            .map(TranslationSupport.expression)
                    )
                },
                body: stored.map { property in
                    .assignment(.member(.verbatim("self"), storageName(property)), .identifier(property.name))
                }
            )
        )
    )
    // A `const` property is not stored: coding it takes written `init(from:)` and `encode(to:)`.
    let hasConstants = properties.contains { $0.constant != nil }
    let needsDecoder =
        !model.isRequestOnly
        && (hasConstants || properties.contains { $0.defaultValue != nil && $0.defaultValue != .null })
    let renamesKeys = properties.contains { storageName($0) != $0.key }
    if needsDecoder || renamesKeys || hasConstants {
        members.append(.type(codingKeys(properties)))
    }
    if needsDecoder {
        members.append(.function(decodingInitializer(properties, access: access)))
    }
    if hasConstants {
        members.append(.function(encodingFunction(properties, access: access)))
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
        if let constant = property.constant {
            body.append(
                .expression(
                    .try(
                        .call(
                            .member(.identifier("container"), RuntimeSymbols.decodeConstant),
                            [
                                Argument(nil, TranslationSupport.expression(constant)),
                                Argument("forKey", .member(nil, SwiftName.escaped(storageName(property)))),
                            ]
                        )
                    )
                )
            )
            continue
        }
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
    let hasDefaults = properties.contains { $0.defaultValue != nil && $0.defaultValue != .null }
    return FunctionDeclaration(
        docs: [
            hasDefaults
                ? "Decodes a value, using the default of each property whose key is missing."
                : "Decodes a value, checking the value of each `const` property."
        ],
        access: access,
        kind: .initializer,
        parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
        throwsClause: "throws",
        body: body
    )
}

/// `encode(to:)` that writes every property, `const` ones included, leaving out `nil` optionals.
private func encodingFunction(_ properties: [Property], access: AccessModifier) -> FunctionDeclaration {
    var body: [Statement] = [
        .binding(
            isLet: false,
            name: "container",
            value: .call(
                .member(.identifier("encoder"), "container"),
                [Argument("keyedBy", .verbatim("CodingKeys.self"))]
            )
        )
    ]
    for property in properties {
        let value =
            property.constant.map(TranslationSupport.expression)
            ?? .member(.verbatim("self"), storageName(property))
        body.append(
            .expression(
                .try(
                    .call(
                        .member(.identifier("container"), property.type.isOptional ? "encodeIfPresent" : "encode"),
                        [
                            Argument(nil, value),
                            Argument("forKey", .member(nil, SwiftName.escaped(storageName(property)))),
                        ]
                    )
                )
            )
        )
    }
    return FunctionDeclaration(
        docs: ["Encodes the value, `const` properties included."],
        access: access,
        kind: .function("encode"),
        parameters: [FunctionParameter(label: "to", name: "encoder", type: "any Encoder")],
        throwsClause: "throws",
        body: body
    )
}

/// The stored property's name: the property's own, or `_name` behind a deprecated computed property.
private func storageName(_ property: Property) -> String {
    property.deprecation == nil ? property.name : "_" + property.name
}
