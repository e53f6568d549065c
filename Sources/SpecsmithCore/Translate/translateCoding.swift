/// Translates how a struct is coded, when the compiler's synthesized `Codable` does not do what the spec says:
/// `CodingKeys` for renamed keys, and a written `init(from:)` and `encode(to:)` for defaults, `const`
/// properties, `nullable` ones, a property's own `dates`, read-only and write-only properties, and kept keys.
func translateCoding(_ model: Model, properties: [Property], access: AccessModifier) -> [Declaration] {
    let needsDecoder =
        !model.isRequestOnly && (model.additionalProperties != nil || properties.contains(where: decodesByHand))
    let needsEncoder = model.additionalProperties != nil || properties.contains(where: encodesByHand)
    let renamesKeys = properties.contains { storageName($0) != $0.key }
    var members: [Declaration] = []
    if needsDecoder || needsEncoder || renamesKeys {
        members.append(.type(codingKeys(properties, caseIterable: model.additionalProperties != nil)))
    }
    if needsDecoder {
        members.append(.function(decodingInitializer(model, properties, access: access)))
    }
    if needsEncoder {
        members.append(.function(encodingFunction(model, properties, access: access)))
    }
    return members
}

/// Whether synthesized decoding would get the property wrong. (A property with a default is stored as an optional
/// that is `nil` when the key is missing, as synthesized decoding reads it.)
private func decodesByHand(_ property: Property) -> Bool {
    property.constant != nil || property.dates != nil || property.isRequiredWhenReceived
        || isNullable(property) || !property.tolerance.isEmpty
}

/// `tolerating: [.numbersAsText]`: what the property's values may be besides what its type says; none when
/// they may be nothing else.
private func tolerance(_ property: Property) -> [Argument] {
    var kinds: [Expression] = []
    if property.tolerance.contains(.numbersAsText) { kinds.append(.member(nil, "numbersAsText")) }
    if property.tolerance.contains(.emptyTextAsAbsent) { kinds.append(.member(nil, "emptyTextAsAbsent")) }
    return kinds.isEmpty ? [] : [Argument("tolerating", .array(kinds))]
}

/// Whether synthesized encoding would get the property wrong.
private func encodesByHand(_ property: Property) -> Bool {
    property.constant != nil || property.dates != nil || property.isRequiredNullable
        || property.direction == .readOnly
}

/// `Nullable<T>?`: a missing key, `null` and a value are each their own.
private func isNullable(_ property: Property) -> Bool {
    if case .optional(.nullable) = property.type { return true }
    return false
}

private func codingKeys(_ properties: [Property], caseIterable: Bool) -> TypeDeclaration {
    TypeDeclaration(
        kind: .enum,
        name: "CodingKeys",
        inherits: ["String", "CodingKey"] + (caseIterable ? ["CaseIterable"] : []),
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

/// `container.method(arguments…, forKey: .key)`, tried.
private func containerCall(_ method: String, _ arguments: [Argument], key: String) -> Expression {
    .try(
        .call(
            .member(.identifier("container"), method),
            arguments + [Argument("forKey", .member(nil, SwiftName.escaped(key)))]
        )
    )
}

/// `.secondsSince1970`: a property's own date coding, as the runtime's `DateCoding` case.
private func dateCoding(_ property: Property) -> [Argument] {
    property.dates.map { [Argument("as", .member(nil, $0))] } ?? []
}

/// `init(from:)` that decodes each property as the spec says.
private func decodingInitializer(
    _ model: Model,
    _ properties: [Property],
    access: AccessModifier
)
    -> FunctionDeclaration
{
    var body: [Statement] = [
        .binding(
            isLet: true,
            name: "container",
            value: .try(
                .call(.member(.identifier("decoder"), "container"), [Argument("keyedBy", .verbatim("CodingKeys.self"))])
            )
        )
    ]
    for property in properties {
        let key = storageName(property)
        if let constant = property.constant {
            body.append(
                .expression(
                    containerCall(
                        property.constantMayBeAbsent
                            ? RuntimeSymbols.decodeConstantIfPresent : RuntimeSymbols.decodeConstant,
                        [Argument(nil, TranslationSupport.expression(constant))],
                        key: key
                    )
                )
            )
            continue
        }
        let wrapped = property.type.unwrapped
        let value: Expression
        if case .nullable(let inner) = wrapped {
            value = containerCall(
                RuntimeSymbols.decodeNullable,
                [Argument(nil, .verbatim("\(TranslationSupport.typeText(inner)).self"))],
                key: key
            )
        } else {
            // A required `nullable` property is always written, and read like any optional one: a value that
            // may be `null` is `nil` when the key is missing too, as real APIs and their examples leave it out.
            let required =
                property.isRequiredWhenReceived || (!property.type.isOptional && property.defaultValue == nil)
            value = containerCall(
                required ? "decode" : "decodeIfPresent",
                [Argument(nil, .verbatim("\(TranslationSupport.typeText(wrapped)).self"))] + dateCoding(property)
                    + tolerance(property),
                key: key
            )
        }
        body.append(.assignment(.member(.verbatim("self"), key), value))
    }
    if let additional = model.additionalProperties {
        body.append(
            .assignment(
                .member(.verbatim("self"), additional.name),
                .try(
                    .call(
                        .member(.identifier("decoder"), RuntimeSymbols.decodeAdditionalProperties),
                        [
                            Argument(nil, .verbatim("\(TranslationSupport.typeText(additional.valueType)).self")),
                            Argument("excluding", .verbatim("CodingKeys.self")),
                        ]
                    )
                )
            )
        )
    }
    return FunctionDeclaration(
        docs: [
            "Decodes a value as the spec says: constants checked, `null` told from a missing key, kept keys kept."
        ],
        access: access,
        kind: .initializer,
        parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
        throwsClause: "throws",
        body: body
    )
}

/// `encode(to:)` that writes each property as the spec says: constants always, read-only ones never, `nil`
/// as `null` for required `nullable` properties and left out otherwise, kept keys after the others.
private func encodingFunction(
    _ model: Model,
    _ properties: [Property],
    access: AccessModifier
)
    -> FunctionDeclaration
{
    // With every property read-only, the value is an empty object: the container is made, and nothing put in.
    let writesAny = properties.contains { $0.direction != .readOnly }
    var body: [Statement] = [
        .binding(
            isLet: !writesAny,
            name: writesAny ? "container" : "_",
            value: .call(
                .member(.identifier("encoder"), "container"),
                [Argument("keyedBy", .verbatim("CodingKeys.self"))]
            )
        )
    ]
    for property in properties where property.direction != .readOnly {
        let key = storageName(property)
        let value = property.constant.map(TranslationSupport.expression) ?? .member(.verbatim("self"), key)
        let method =
            (property.type.isOptional && !property.isRequiredNullable) || defaultValue(of: property) != nil
            ? "encodeIfPresent" : "encode"
        body.append(.expression(containerCall(method, [Argument(nil, value)] + dateCoding(property), key: key)))
    }
    if let additional = model.additionalProperties {
        body.append(
            .expression(
                .try(
                    .call(
                        .member(.identifier("encoder"), RuntimeSymbols.encodeAdditionalProperties),
                        [
                            Argument(nil, .member(.verbatim("self"), additional.name)),
                            Argument("excluding", .verbatim("CodingKeys.self")),
                        ]
                    )
                )
            )
        )
    }
    return FunctionDeclaration(
        docs: ["Encodes the value as the spec says: constants included, read-only properties left out."],
        access: access,
        kind: .function("encode"),
        parameters: [FunctionParameter(label: "to", name: "encoder", type: "any Encoder")],
        throwsClause: "throws",
        body: body
    )
}
