/// Translates how a struct is coded: a written `init(from:)` (unless the model is only sent) and `encode(to:)`,
/// keyed by the runtime's one key type, the key as a literal (`forKey: "html_url"`). They read and write each
/// property as the spec says: defaults, `const` properties, `nullable` ones, a property's own `dates`, read-only
/// and write-only properties, and kept keys. Written rather than synthesized for every struct, because synthesis
/// needs a `CodingKeys` enumeration per model, whose conformances cost a big client a fifth of its build
/// (docs/Performance.md, the levers of the third round).
func translateCoding(_ model: Model, properties: [Property], access: AccessModifier) -> [Declaration] {
    var members: [Declaration] = []
    if !model.isRequestOnly {
        members.append(.function(decodingInitializer(model, properties, access: access)))
    }
    members.append(.function(encodingFunction(model, properties, access: access)))
    return members
}

/// `tolerating: [.numbersAsText]`: what the property's values may be besides what its type says; none when
/// they may be nothing else.
private func tolerance(_ property: Property) -> [Argument] {
    var kinds: [Expression] = []
    if property.tolerance.contains(.numbersAsText) { kinds.append(.member(nil, "numbersAsText")) }
    if property.tolerance.contains(.emptyTextAsAbsent) { kinds.append(.member(nil, "emptyTextAsAbsent")) }
    return kinds.isEmpty ? [] : [Argument("tolerating", .array(kinds))]
}

/// `container.method(arguments…, forKey: "key")`, tried: `key` is the property's key in the JSON object.
private func containerCall(_ method: String, _ arguments: [Argument], key: String) -> Expression {
    .try(.call(.member(.identifier("container"), method), arguments + [Argument("forKey", .literal(.string(key)))]))
}

/// `decoder.container(keyedBy: JSONKey.self)` or the encoder's.
private func keyedContainer(of coder: String) -> Expression {
    .call(.member(.identifier(coder), "container"), [Argument("keyedBy", .verbatim("\(RuntimeSymbols.jsonKey).self"))])
}

/// `["id", "html_url"]`: the keys of a model's own properties, which its kept keys exclude.
private func knownKeys(_ properties: [Property]) -> Expression {
    .array(properties.map { .literal(.string($0.key)) })
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
    // Without properties, the container is still made: the value must be an object.
    var body: [Statement] = [
        .binding(isLet: true, name: properties.isEmpty ? "_" : "container", value: .try(keyedContainer(of: "decoder")))
    ]
    for property in properties {
        let key = property.key
        let storage = storageName(property)
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
        body.append(.assignment(.member(.verbatim("self"), storage), value))
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
                            Argument("excluding", knownKeys(properties)),
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
            value: keyedContainer(of: "encoder")
        )
    ]
    for property in properties where property.direction != .readOnly {
        let value =
            property.constant.map(TranslationSupport.expression) ?? .member(.verbatim("self"), storageName(property))
        let method =
            (property.type.isOptional && !property.isRequiredNullable) || defaultValue(of: property) != nil
            ? "encodeIfPresent" : "encode"
        body.append(
            .expression(containerCall(method, [Argument(nil, value)] + dateCoding(property), key: property.key))
        )
    }
    if let additional = model.additionalProperties {
        body.append(
            .expression(
                .try(
                    .call(
                        .member(.identifier("encoder"), RuntimeSymbols.encodeAdditionalProperties),
                        [
                            Argument(nil, .member(.verbatim("self"), additional.name)),
                            Argument("excluding", knownKeys(properties)),
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
