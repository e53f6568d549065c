/// Translates a union: an enum with a case per alternative, and a fallback case that keeps a value of no
/// listed alternative as `JSON`, so that a server adding a variant does not break decoding.
///
/// With a discriminator, decoding reads the tag and decodes the alternative it names, in one pass; encoding
/// writes the alternative (and its tag, unless a `const` property writes it). Without one, decoding decides by
/// what the description says sets the alternatives apart (``UnionFits``): the kind of JSON value, the tags and
/// keys of each, and whether one reads the value without keeping any part of it as unknown. Either way the code
/// is a few lines per alternative.
func translateUnion(_ model: Model, _ union: Union, api: API, jsonKinds: JSONKinds.Table) -> Declaration {
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
                            "Decodes the alternative the value is, by its kind of JSON and what sets each apart (tags, keys), preferring one that reads it whole"
                                + (union.fallbackCase == nil ? "." : "; or keeps the value as JSON.")
                        ]
                        : [
                            "Decodes the alternative the tag names\(union.fallbackCase == nil ? "" : ", or keeps the value as JSON when the tag is missing or unknown")."
                        ],
                    access: access,
                    kind: .initializer,
                    parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
                    throwsClause: "throws",
                    body: union.discriminator == nil
                        ? decodingByShape(model, union, api: api, jsonKinds: jsonKinds) : decodingByTag(model, union)
                )
            )
        )
    }
    members.append(.function(encodingFunction(union, access: access)))
    let literals = translateUnionLiterals(model, union, api: api)
    members += literals.members
    var declaration = TypeDeclaration(
        docs: TranslationSupport.docs(model.description, fallback: "One of the alternatives of `\(model.name)`."),
        access: access,
        kind: .enum,
        name: model.name,
        inherits: [model.isRequestOnly ? "Encodable" : "Codable", "Sendable"] + TranslationSupport.equality(api)
            + literals.inherits,
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
                body: baseCheck(union) + [
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
                                            [Argument("unlistedFrom", .identifier("decoder"))]
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
        // The tags as an array, which the printer breaks over lines when they are many.
        let tags = union.alternatives.flatMap(\.tags).map { Expression.literal(.string($0)) }
        cases.append(
            SwitchCase(
                patterns: [],
                body: [
                    .throw(
                        .call(
                            .member(.identifier("container"), RuntimeSymbols.unknownTag),
                            [
                                Argument(nil, .identifier("tag")),
                                Argument("forKey", .member(nil, "discriminator")),
                                Argument("of", .literal(.string(model.name))),
                                Argument("expected", .array(tags)),
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

/// Decoding by shape: `switch JSON.Kind(of: decoder)`, and for each kind of JSON value the alternatives that
/// may take it (``UnionFits``), the most specific first. One alternative that nothing sets apart is decoded with
/// `try`, so that its errors say where the value does not fit; otherwise the runtime's `UnionCandidates` tries
/// each whose tags and keys the value meets and keeps the first that reads it without keeping any part as
/// unknown (else the one that kept the least; of models that list different keys, the one that reads more of the
/// value's), then the fallback (or the last one's error). Kinds no
/// alternative takes go to the fallback, or fail.
private func decodingByShape(
    _ model: Model,
    _ union: Union,
    api: API,
    jsonKinds: JSONKinds.Table
) -> [Statement] {
    let container: Statement = .binding(
        isLet: true,
        name: "container",
        value: .try(.call(.member(.identifier("decoder"), "singleValueContainer"), []))
    )
    func typeName(_ alternative: Union.Alternative) -> String { TranslationSupport.typeText(alternative.type) }
    func assign(_ name: String, _ value: Expression) -> Statement {
        .assignment(.verbatim("self"), .call(.member(nil, name), [Argument(nil, value)]))
    }
    // The alternatives' names where the line has room for them (a string is never broken over lines).
    let names = union.alternatives.map(typeName).joined(separator: ", ")
    let listed = "Expected one of \(model.name)'s alternatives: \(names)."
    let expected = listed.count <= 80 ? listed : "Expected one of \(model.name)'s alternatives."
    let unlisted: Expression = .try(
        .call(.identifier(RuntimeSymbols.json), [Argument("unlistedFrom", .identifier("decoder"))])
    )
    let fallback: Statement
    if let fallbackCase = union.fallbackCase {
        fallback = assign(fallbackCase, unlisted)
    } else {
        fallback = .throw(
            .call(
                .member(.identifier(StandardLibrarySymbols.decodingError), "dataCorruptedError"),
                [Argument("in", .identifier("container")), Argument("debugDescription", .literal(.string(expected)))]
            )
        )
    }
    let fits = union.alternatives.map { UnionFits.fit(of: $0.type, table: jsonKinds) }
    let weighed = UnionFits.keysWorthCounting(in: fits)
    /// `tags: ["type": "text"], keys: ["type", "text"]`, what the value must meet, and `reads: [...]`, the keys
    /// an open model reads where they decide between alternatives, for the runtime's calls.
    func conditions(_ position: Int, kind: String) -> [Argument] {
        let fit = fits[position]
        guard kind == "object" else { return [] }
        var arguments: [Argument] = []
        if !fit.tags.isEmpty {
            arguments.append(
                Argument(
                    "tags",
                    .dictionary(
                        fit.tags.map {
                            DictionaryEntry(key: .literal(.string($0.key)), value: .literal(.string($0.value)))
                        }
                    )
                )
            )
        }
        if let keys = fit.allowedKeys {
            arguments.append(Argument("keys", .array(keys.map { .literal(.string($0)) })))
        }
        if weighed.contains(position) {
            arguments.append(Argument("reads", .array(fit.listedKeys.map { .literal(.string($0)) })))
        }
        return arguments
    }
    var cases: [SwitchCase] = []
    // The container is named only where an alternative is decoded alone, or a kind fails without a fallback.
    var usesContainer = false
    for kind in JSONKinds.all {
        let candidates = UnionFits.candidates(for: kind, in: fits)
        guard let first = candidates.first else { continue }
        var body: [Statement]
        if candidates.count == 1, conditions(first, kind: kind).isEmpty {
            usesContainer = true
            let alternative = union.alternatives[first]
            body = [
                assign(
                    alternative.name,
                    .try(
                        .call(
                            .member(.identifier("container"), "decode"),
                            [Argument(nil, .verbatim("\(typeName(alternative)).self"))]
                        )
                    )
                )
            ]
        } else {
            body = [
                .binding(
                    isLet: false,
                    name: "candidates",
                    value: .call(
                        .identifier("\(RuntimeSymbols.unionCandidates)<Self>"),
                        [Argument(nil, .identifier("decoder"))]
                    )
                )
            ]
            for position in candidates {
                let alternative = union.alternatives[position]
                body.append(
                    .expression(
                        .call(
                            .member(.identifier("candidates"), "attempt"),
                            [
                                Argument(nil, .verbatim("\(typeName(alternative)).self")),
                                Argument(nil, .member(.verbatim("Self"), alternative.name)),
                            ] + conditions(position, kind: kind)
                        )
                    )
                )
            }
            let value: Expression =
                union.fallbackCase.map { fallbackCase in
                    .call(
                        .member(.identifier("candidates"), "value"),
                        [Argument("orKeeping", .member(.verbatim("Self"), fallbackCase))]
                    )
                }
                ?? .call(
                    .member(.identifier("candidates"), "value"),
                    [Argument("expected", .literal(.string(expected)))]
                )
            body.append(.assignment(.verbatim("self"), .try(value)))
        }
        cases.append(SwitchCase(patterns: [.expression(.member(nil, kind))], body: body))
    }
    if cases.count < JSONKinds.all.count {
        cases.append(SwitchCase(patterns: [], body: [fallback]))
        usesContainer = usesContainer || union.fallbackCase == nil
    }
    return (usesContainer ? [container] : []) + [
        .switch(.call(.identifier(RuntimeSymbols.jsonKind), [Argument("of", .identifier("decoder"))]), cases)
    ]
}

/// Encodes the alternative; with a discriminator, the alternative's own coding writes its properties, and
/// the tag is written over them unless a `const` property already writes it.
private func encodingFunction(_ union: Union, access: AccessModifier) -> FunctionDeclaration {
    var cases = union.alternatives.map { alternative -> SwitchCase in
        var body: [Statement]
        if union.discriminator == nil {
            body = [
                .expression(
                    .try(
                        .call(
                            .member(.identifier("encoder"), RuntimeSymbols.encodeSingleValue),
                            [Argument(nil, .identifier("value"))]
                        )
                    )
                )
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

/// `_ = try PetBase(from: decoder)`, before a discriminated union keeps a value of no listed alternative: the
/// value must have what every alternative has (the union's `base`), so that one missing it is refused.
private func baseCheck(_ union: Union) -> [Statement] {
    guard let base = union.base else { return [] }
    return [
        .assignment(
            .verbatim("_"),
            .try(.call(.identifier(TranslationSupport.typeText(base)), [Argument("from", .identifier("decoder"))]))
        )
    ]
}
