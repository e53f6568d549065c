/// Translates a union: an enum with a case per alternative, and a fallback case that keeps a value of no
/// listed alternative as `JSON`, so that a server adding a variant does not break decoding.
///
/// With a discriminator, decoding reads the tag and decodes the alternative it names, in one pass; encoding
/// writes the alternative (and its tag, unless a `const` property writes it). Without one, decoding tries
/// the alternatives in the spec's order and takes the first that decodes. Either way the code is a few lines
/// per alternative.
func translateUnion(_ model: Model, _ union: Union, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = union.alternatives.map { alternative in
        let type = TranslationSupport.typeText(alternative.type)
        let tags = alternative.tags.map { "`\($0)`" }.joined(separator: ", ")
        return .enumCase(
            EnumCaseDeclaration(
                docs: [
                    "\(TranslationSupport.article(type).capitalizedFirst) `\(type)`\(tags.isEmpty ? "" : ", tagged \(tags)")."
                ],
                name: alternative.name,
                associatedValues: [FunctionParameter(name: "_", type: type)]
            )
        )
    }
    if let fallback = union.fallbackCase {
        members.append(
            .enumCase(
                EnumCaseDeclaration(
                    docs: [
                        "A value of an alternative this version of the spec does not list, kept as it was received."
                    ],
                    name: fallback,
                    associatedValues: [FunctionParameter(name: "_", type: RuntimeSymbols.json)]
                )
            )
        )
    }
    if let discriminator = union.discriminator {
        members.append(
            .type(
                TypeDeclaration(
                    access: .private,
                    kind: .enum,
                    name: "CodingKeys",
                    inherits: ["String", "CodingKey"],
                    members: [
                        .enumCase(
                            EnumCaseDeclaration(name: "discriminator", rawValue: .literal(.string(discriminator)))
                        )
                    ]
                )
            )
        )
    }
    if !model.isRequestOnly {
        members.append(
            .function(
                FunctionDeclaration(
                    docs: union.discriminator == nil
                        ? [
                            "Decodes the first alternative, in the spec's order, that the value fits\(union.fallbackCase == nil ? "" : ", or keeps it as JSON when it fits none")."
                        ]
                        : [
                            "Decodes the alternative the tag names\(union.fallbackCase == nil ? "" : ", or keeps the value as JSON when the tag is missing or unknown")."
                        ],
                    access: access,
                    kind: .initializer,
                    parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
                    throwsClause: "throws",
                    body: union.discriminator == nil
                        ? decodingByShape(model, union) : decodingByTag(model, union)
                )
            )
        )
    }
    members.append(.function(encodingFunction(union, access: access)))
    var declaration = TypeDeclaration(
        docs: TranslationSupport.docs(model.description, fallback: "One of the alternatives of `\(model.name)`."),
        access: access,
        kind: .enum,
        name: model.name,
        inherits: [model.isRequestOnly ? "Encodable" : "Codable", "Sendable", "Hashable"],
        members: members
    )
    declaration.attributes = TranslationSupport.attributes(model.deprecation)
    declaration.isIndirect = model.isIndirect
    return .type(declaration)
}

/// `let container = …; switch tag { case "a": self = .a(try A(from: decoder)) … }`
private func decodingByTag(_ model: Model, _ union: Union) -> [Statement] {
    let method = union.fallbackCase == nil ? "decode" : "decodeIfPresent"
    var cases = union.alternatives.map { alternative in
        SwitchCase(
            patterns: alternative.tags.map { .expression(.literal(.string($0))) },
            body: [
                .assignment(
                    .verbatim("self"),
                    .call(
                        .member(nil, alternative.name),
                        [
                            Argument(
                                nil,
                                .try(
                                    .call(
                                        .identifier(TranslationSupport.typeText(alternative.type)),
                                        [Argument("from", .identifier("decoder"))]
                                    )
                                )
                            )
                        ]
                    )
                )
            ]
        )
    }
    if let fallback = union.fallbackCase {
        cases.append(
            SwitchCase(
                patterns: [],
                body: [
                    .assignment(
                        .verbatim("self"),
                        .call(
                            .member(nil, fallback),
                            [
                                Argument(
                                    nil,
                                    .try(
                                        .call(
                                            .identifier(RuntimeSymbols.json),
                                            [Argument("from", .identifier("decoder"))]
                                        )
                                    )
                                )
                            ]
                        )
                    )
                ]
            )
        )
    } else {
        let tags = union.alternatives.flatMap(\.tags).map { "\"\($0)\"" }.joined(separator: ", ")
        cases.append(
            SwitchCase(
                patterns: [],
                body: [
                    .throw(
                        .call(
                            .member(.identifier("DecodingError"), "dataCorruptedError"),
                            [
                                Argument("forKey", .member(nil, "discriminator")),
                                Argument("in", .identifier("container")),
                                Argument(
                                    "debugDescription",
                                    .interpolation([
                                        .text("Expected a tag of \(model.name) (\(tags)), found \""),
                                        .expression(.identifier("tag")),
                                        .text("\"."),
                                    ])
                                ),
                            ]
                        )
                    )
                ]
            )
        )
    }
    return [
        .binding(
            isLet: true,
            name: "container",
            value: .try(
                .call(.member(.identifier("decoder"), "container"), [Argument("keyedBy", .verbatim("CodingKeys.self"))])
            )
        ),
        .binding(
            isLet: true,
            name: "tag",
            value: .try(
                .call(
                    .member(.identifier("container"), method),
                    [Argument(nil, .verbatim("String.self")), Argument("forKey", .member(nil, "discriminator"))]
                )
            )
        ),
        .switch(.identifier("tag"), cases),
    ]
}

/// `if let value = try? container.decode(A.self) { self = .a(value); return }` per alternative, then the
/// fallback or an error.
private func decodingByShape(_ model: Model, _ union: Union) -> [Statement] {
    var body: [Statement] = [
        .binding(
            isLet: true,
            name: "container",
            value: .try(.call(.member(.identifier("decoder"), "singleValueContainer"), []))
        )
    ]
    for alternative in union.alternatives {
        body.append(
            .ifLet(
                name: "value",
                value: .optionalTry(
                    .call(
                        .member(.identifier("container"), "decode"),
                        [Argument(nil, .verbatim("\(TranslationSupport.typeText(alternative.type)).self"))]
                    )
                ),
                body: [
                    .assignment(
                        .verbatim("self"),
                        .call(.member(nil, alternative.name), [Argument(nil, .identifier("value"))])
                    ),
                    .return(nil),
                ]
            )
        )
    }
    if let fallback = union.fallbackCase {
        body.append(
            .assignment(
                .verbatim("self"),
                .call(
                    .member(nil, fallback),
                    [
                        Argument(
                            nil,
                            .try(
                                .call(
                                    .member(.identifier("container"), "decode"),
                                    [Argument(nil, .verbatim("\(RuntimeSymbols.json).self"))]
                                )
                            )
                        )
                    ]
                )
            )
        )
    } else {
        let names = union.alternatives.map { TranslationSupport.typeText($0.type) }.joined(separator: ", ")
        body.append(
            .throw(
                .call(
                    .member(.identifier("DecodingError"), "dataCorruptedError"),
                    [
                        Argument("in", .identifier("container")),
                        Argument(
                            "debugDescription",
                            .literal(.string("Expected one of \(model.name)'s alternatives: \(names)."))
                        ),
                    ]
                )
            )
        )
    }
    return body
}

/// Encodes the alternative; with a discriminator, the alternative's own coding writes its properties, and
/// the tag is written over them unless a `const` property already writes it.
private func encodingFunction(_ union: Union, access: AccessModifier) -> FunctionDeclaration {
    var cases = union.alternatives.map { alternative -> SwitchCase in
        var body: [Statement]
        if union.discriminator == nil {
            body = [
                .binding(
                    isLet: false,
                    name: "container",
                    value: .call(.member(.identifier("encoder"), "singleValueContainer"), [])
                ),
                .expression(
                    .try(.call(.member(.identifier("container"), "encode"), [Argument(nil, .identifier("value"))]))
                ),
            ]
        } else {
            body = [
                .expression(
                    .try(.call(.member(.identifier("value"), "encode"), [Argument("to", .identifier("encoder"))]))
                )
            ]
            if !alternative.writesOwnTag, let tag = alternative.tags.first {
                body += [
                    .binding(
                        isLet: false,
                        name: "container",
                        value: .call(
                            .member(.identifier("encoder"), "container"),
                            [Argument("keyedBy", .verbatim("CodingKeys.self"))]
                        )
                    ),
                    .expression(
                        .try(
                            .call(
                                .member(.identifier("container"), "encode"),
                                [
                                    Argument(nil, .literal(.string(tag))),
                                    Argument("forKey", .member(nil, "discriminator")),
                                ]
                            )
                        )
                    ),
                ]
            }
        }
        return SwitchCase(patterns: [.enumCase(alternative.name, bindings: ["value"])], body: body)
    }
    if let fallback = union.fallbackCase {
        cases.append(
            SwitchCase(
                patterns: [.enumCase(fallback, bindings: ["value"])],
                body: [
                    .expression(
                        .try(.call(.member(.identifier("value"), "encode"), [Argument("to", .identifier("encoder"))]))
                    )
                ]
            )
        )
    }
    return FunctionDeclaration(
        docs: ["Encodes the alternative\(union.discriminator == nil ? "" : " with its tag")."],
        access: access,
        kind: .function("encode"),
        parameters: [FunctionParameter(label: "to", name: "encoder", type: "any Encoder")],
        throwsClause: "throws",
        body: [.switch(.verbatim("self"), cases)]
    )
}

extension String {
    /// The text with its first character upper-cased: "a" → "A".
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
