/// Translates a union: an enum with a case per alternative, and a fallback case that keeps a value of no
/// listed alternative as `JSON`, so that a server adding a variant does not break decoding.
///
/// With a discriminator, decoding reads the tag and decodes the alternative it names, in one pass; encoding
/// writes the alternative (and its tag, unless a `const` property writes it). Without one, decoding looks at
/// the kind of JSON value and decodes the alternative that takes it (of several, the first in the spec's
/// order that fits). Either way the code is a few lines per alternative.
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
                            "Decodes the alternative that takes this kind of JSON value (of several, the first that fits)"
                                + (union.fallbackCase == nil ? "." : ", or keeps the value as JSON.")
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
/// take it, in the spec's order. One alternative is decoded with `try`, so that its errors say where the value
/// does not fit; of several, each is tried in turn and the first that decodes wins, then the fallback (or the
/// last one's error). Kinds no alternative takes go to the fallback, or fail.
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
    func decode(_ alternative: Union.Alternative) -> Expression {
        .call(
            .member(.identifier("container"), "decode"),
            [Argument(nil, .verbatim("\(TranslationSupport.typeText(alternative.type)).self"))]
        )
    }
    func assign(_ name: String, _ value: Expression) -> Statement {
        .assignment(.verbatim("self"), .call(.member(nil, name), [Argument(nil, value)]))
    }
    let fallback: Statement
    if let fallbackCase = union.fallbackCase {
        fallback = assign(
            fallbackCase,
            .try(
                .call(
                    .member(.identifier("container"), "decode"),
                    [Argument(nil, .verbatim("\(RuntimeSymbols.json).self"))]
                )
            )
        )
    } else {
        let names = union.alternatives.map { TranslationSupport.typeText($0.type) }.joined(separator: ", ")
        fallback = .throw(
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
    }
    let kinds = union.alternatives.map { JSONKinds.of($0.type, api: api, table: jsonKinds) }
    var cases: [SwitchCase] = []
    for kind in JSONKinds.all {
        let candidates = union.alternatives.indices.filter { kinds[$0].contains(kind) }.map { union.alternatives[$0] }
        guard let last = candidates.last else { continue }
        var body: [Statement] = []
        if candidates.count == 1 {
            body = [assign(last.name, .try(decode(last)))]
        } else {
            let tried = union.fallbackCase == nil ? candidates.dropLast() : candidates[...]
            for alternative in tried {
                var taken: [Statement] = [assign(alternative.name, .identifier("value")), .return(nil)]
                if let fallback = UnionTags.fallback(of: alternative.type, api: api) {
                    // A union that keeps any value would take every value: only one of its alternatives counts,
                    // so that a later alternative is tried (Stripe's `anyOf: [payment_source,
                    // deleted_payment_source]`, both unions).
                    taken = [
                        .switch(
                            .identifier("value"),
                            [
                                SwitchCase(patterns: [.enumCase(fallback, bindings: [])], body: [.break]),
                                SwitchCase(patterns: [], body: taken),
                            ]
                        )
                    ]
                }
                let attempt: Statement = .ifLet(name: "value", value: .optionalTry(decode(alternative)), body: taken)
                let tags = kind == "object" ? UnionTags.of(alternative.type, api: api) : []
                if tags.isEmpty {
                    body.append(attempt)
                } else {
                    // An enumeration of one value (`object: "account"`) keeps another value (`"bank_account"`)
                    // as unknown: a value with another is of another alternative.
                    let entries = tags.map {
                        DictionaryEntry(key: .literal(.string($0.key)), value: .literal(.string($0.value)))
                    }
                    let check: Expression = .call(
                        .member(.identifier("decoder"), RuntimeSymbols.hasTags),
                        [Argument(nil, .dictionary(entries))]
                    )
                    body.append(.ifElse(check, [attempt], []))
                }
            }
            body.append(union.fallbackCase == nil ? assign(last.name, .try(decode(last))) : fallback)
        }
        cases.append(SwitchCase(patterns: [.expression(.member(nil, kind))], body: body))
    }
    if cases.count < JSONKinds.all.count {
        cases.append(SwitchCase(patterns: [], body: [fallback]))
    }
    return [
        container,
        .switch(.call(.identifier(RuntimeSymbols.jsonKind), [Argument("of", .identifier("decoder"))]), cases),
    ]
}

/// The tags of a union's alternative without a discriminator: the properties of its model whose type is an
/// enumeration of one text value (Stripe's `object: {enum: [account]}`, OpenAI's `type: {enum:
/// [file_search]}`). A client's enumerations keep values they do not list, so such a model decodes a value of
/// another alternative too; the union tries it only for a value whose tags, where it has them, are these.
enum UnionTags {
    /// The fallback case of `type`'s model, when it is a union that keeps values of no alternative.
    static func fallback(of type: TypeRef, api: API) -> String? {
        guard case .model(let name) = type, let model = api.models.first(where: { $0.name == name }),
            case .union(let union) = model.shape
        else { return nil }
        return union.fallbackCase
    }

    /// The tags of `type`'s model, by key in property order; none for other types.
    static func of(_ type: TypeRef, api: API) -> [(key: String, value: String)] {
        guard case .model(let name) = type, let model = api.models.first(where: { $0.name == name }),
            case .object(let properties) = model.shape
        else { return [] }
        // Optional and defaulted ones too (OpenAI's `type: {enum: [jsonl], default: jsonl}`): a value that has
        // the key with another value is not of this alternative.
        return properties.compactMap { property in
            guard case .model(let target) = property.type.unwrapped,
                let enumeration = api.models.first(where: { $0.name == target }),
                case .enumeration(let values) = enumeration.shape, !values.isInteger, values.cases.count == 1
            else { return nil }
            return (property.key, values.cases[0].rawValue)
        }
    }
}

/// The kinds of JSON value (`JSON.Kind`'s cases) a type decodes from, for decoding unions by shape.
enum JSONKinds {
    /// Every kind, in the order generated code lists them.
    static let all = ["null", "bool", "number", "string", "array", "object"]

    /// The kinds each model decodes from, by its Swift name: made once for a whole API (unions of unions
    /// depend on one another), without recursion, so that a chain of thousands of unions neither takes
    /// quadratic time nor exhausts the stack.
    typealias Table = [String: Set<String>]

    /// The kinds of every model of `api`.
    static func table(_ api: API) -> Table {
        var models: [String: Model] = [:]
        for model in api.models where models[model.name] == nil { models[model.name] = model }
        var table: Table = [:]
        var pending: [(name: String, isReady: Bool)] = api.models.map { ($0.name, false) }.reversed()
        var started = Set<String>()
        while let (name, isReady) = pending.popLast() {
            guard table[name] == nil, let model = models[name] else { continue }
            switch model.shape {
            case .object:
                table[name] = ["object"]
            case .enumeration(let enumeration):
                table[name] = enumeration.isInteger ? ["number"] : ["string"]
            case .union(let union):
                if union.discriminator != nil {
                    table[name] = ["object"]
                } else if union.fallbackCase != nil {
                    table[name] = Set(all)
                } else if isReady {
                    // A union met again while its alternatives are still being made (a cycle) counts as
                    // any kind, as `of` says for a model missing from the table.
                    table[name] = union.alternatives.reduce(into: Set<String>()) { kinds, alternative in
                        kinds.formUnion(of(alternative.type, api: api, table: table))
                    }
                } else if started.insert(name).inserted {
                    pending.append((name, true))
                    for alternative in union.alternatives {
                        if case .model(let target) = alternative.type.unwrapped, table[target] == nil,
                            !started.contains(target)
                        {
                            pending.append((target, false))
                        }
                    }
                }
            }
        }
        return table
    }

    /// The kinds `type` decodes from; every kind for `JSON`, for unions that keep any value, and for a model
    /// `table` does not have.
    static func of(_ type: TypeRef, api: API, table: Table) -> Set<String> {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .string, .url, .uuid, .data, .calendarDate: return ["string"]
            case .int, .int32, .int64, .double, .float: return ["number"]
            case .bool: return ["bool"]
            case .date: return api.dates.hasPrefix("iso8601") ? ["string"] : ["number"]
            case .json: return Set(all)
            }
        case .array: return ["array"]
        case .dictionary: return ["object"]
        case .stream: return []
        case .optional(let wrapped), .nullable(let wrapped):
            return of(wrapped, api: api, table: table).union(["null"])
        case .void: return []
        case .model(let name):
            return table[name] ?? Set(all)
        }
    }
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
