/// Translates a model: a `Codable` struct (here), an enumeration (``translateEnumeration(_:_:api:)``) or a
/// union (``translateUnion(_:_:api:jsonKinds:)``), which decodes by the kinds of JSON its alternatives are
/// (`jsonKinds`, made once for the API).
func translateModel(_ model: Model, api: API, jsonKinds: JSONKinds.Table) -> Declaration {
    switch model.shape {
    case .object(let properties):
        translateStruct(model, properties: properties, api: api)
    case .enumeration(let enumeration):
        translateEnumeration(model, enumeration, api: api)
    case .union(let union):
        translateUnion(model, union, api: api, jsonKinds: jsonKinds)
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
        if let defaultValue = defaultValue(of: property) {
            // A property with a default is stored as an optional, so that a value made without it does not send
            // it (the default is what the server assumes when the key is absent); reading gives the default.
            let storage = storageName(property)
            return [
                .variable(
                    VariableDeclaration(
                        attributes: wrapper,
                        access: .private,
                        name: storage,
                        type: TranslationSupport.typeText(.optional(property.type.unwrapped))
                    )
                ),
                .variable(
                    VariableDeclaration(
                        docs: docs + [
                            "",
                            "`\(TranslationSupport.constantText(defaultValue))` when not set: a value made without it does not send it.",
                        ],
                        attributes: TranslationSupport.attributes(property.deprecation),
                        access: access,
                        name: property.name,
                        type: TranslationSupport.typeText(property.type.unwrapped),
                        getter: [
                            .return(
                                .binary(
                                    .member(.verbatim("self"), storage),
                                    "??",
                                    TranslationSupport.expression(defaultValue)
                                )
                            )
                        ],
                        setter: [.assignment(.member(.verbatim("self"), storage), .identifier("newValue"))]
                    )
                ),
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
    var parameters = stored.map { property in
        let parameter = initializerParameter(property)
        return FunctionParameter(
            name: property.name,
            type: TranslationSupport.typeText(parameter.type),
            defaultValue: parameter.defaultValue.map(TranslationSupport.expression)
        )
    }
    var assignments: [Statement] = stored.map { property in
        .assignment(.member(.verbatim("self"), storageName(property)), .identifier(property.name))
    }
    if let additional = model.additionalProperties {
        let type = TranslationSupport.typeText(.dictionary(additional.valueType))
        members.append(
            .variable(
                VariableDeclaration(
                    docs: [
                        "The keys the spec does not list, with their values: kept when decoding, written when encoding."
                    ],
                    access: access,
                    name: additional.name,
                    type: type
                )
            )
        )
        parameters.append(FunctionParameter(name: additional.name, type: type, defaultValue: .dictionary([])))
        assignments.append(.assignment(.member(.verbatim("self"), additional.name), .identifier(additional.name)))
    }
    members.append(
        .function(
            FunctionDeclaration(
                docs: ["Creates \(TranslationSupport.article(model.name)) `\(model.name)` from its properties."],
                access: access,
                kind: .initializer,
                parameters: parameters,
                body: assignments
            )
        )
    )
    members += translateCoding(model, properties: properties, access: access)
    return .type(
        TypeDeclaration(
            docs: TranslationSupport.docs(model.description, fallback: "The `\(model.name)` model."),
            attributes: [],
            access: access,
            kind: .struct,
            name: model.name,
            inherits: [model.isRequestOnly ? "Encodable" : "Codable", "Sendable"] + TranslationSupport.equality(api),
            members: members
        )
    )
}

/// The stored property's name: the property's own, or `_name` behind a computed property (a deprecated one, or one
/// with a default, stored as an optional that is `nil` until set).
func storageName(_ property: Property) -> String {
    property.deprecation == nil && defaultValue(of: property) == nil ? property.name : "_" + property.name
}

/// The type and default of a property's parameter in its model's initializer (and in a client method taking a
/// JSON body's properties): a property with a default is `T? = nil`, not set unless given, as the server applies
/// its default; an optional one defaults to `nil`, but a required `nullable` one, always sent (`nil` means
/// `null`), has no default.
func initializerParameter(_ property: Property) -> (type: TypeRef, defaultValue: DefaultValue?) {
    if defaultValue(of: property) != nil { return (.optional(property.type.unwrapped), .null) }
    return (
        property.type, property.defaultValue ?? (property.type.isOptional && !property.isRequiredNullable ? .null : nil)
    )
}

/// The default a property reads as when it is not set (stored as `nil`, left out when encoding); `nil` for a
/// property without one, a constant, or a `null` default.
func defaultValue(of property: Property) -> DefaultValue? {
    guard let value = property.defaultValue, value != .null, property.constant == nil else { return nil }
    return value
}
