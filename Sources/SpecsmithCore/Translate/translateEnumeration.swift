/// Translates an enumeration of strings or integers that keeps values it does not know.
///
/// Its `init(rawValue:)` never fails, and its `init(from:)` keeps a value the spec does not list instead of
/// throwing, noting it (`UnlistedValues`) so that a union prefers an alternative that lists the value; encoding
/// is the standard library's `RawRepresentable` default.
/// A closed enumeration (a server's, ``Enumeration/isClosed``) has no case for such values: its
/// `init?(rawValue:)` fails, so decoding one throws and the server refuses the request.
func translateEnumeration(_ model: Model, _ enumeration: Enumeration, api: API) -> Declaration {
    let access = TranslationSupport.access(api)
    let cases = enumeration.cases
    let unknownCase = enumeration.unknownCase
    let rawType = enumeration.rawType
    let casesByRawValue = ReservedNames.enumerationTable
    /// A raw value as a literal of the raw type.
    func literal(_ rawValue: String) -> Expression {
        enumeration.isInteger ? .literal(.int(Int(rawValue) ?? 0)) : .literal(.string(rawValue))
    }
    let isClosed = enumeration.isClosed
    var members: [Declaration] = cases.map { enumCase in
        .enumCase(EnumCaseDeclaration(docs: ["`\(enumCase.rawValue)`"], name: enumCase.name))
    }
    if !isClosed {
        members.append(
            .enumCase(
                EnumCaseDeclaration(
                    docs: ["A value this version of the spec does not list, kept as it was received."],
                    name: unknownCase,
                    associatedValues: [FunctionParameter(name: "_", type: rawType)]
                )
            )
        )
    }
    // `Self.active` rather than `.active`: an array literal of implicit members costs the type checker about
    // a millisecond per value (3 s for 5,000), and `Self` cannot be hidden by a case named like the type.
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["Every value the spec lists."],
                access: access,
                isStatic: true,
                isLet: true,
                name: "knownCases",
                type: "[\(model.name)]",
                value: .array(cases.map { .member(.verbatim("Self"), $0.name) })
            )
        )
    )
    // A table rather than a `switch` over the raw values: the compiler's time for a `switch` of string
    // patterns grows with the cube of their number (2,000 values took 90 s).
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["The case of each value the spec lists, by its raw value."],
                access: .private,
                isStatic: true,
                isLet: true,
                name: casesByRawValue,
                type: "[\(rawType): Self]",
                value: .call(
                    .identifier("Dictionary"),
                    [Argument(RuntimeSymbols.byRawValue, .identifier("knownCases"))]
                )
            )
        )
    )
    let unknown: Expression = .call(.member(nil, unknownCase), [Argument(nil, .identifier("rawValue"))])
    members.append(
        .function(
            FunctionDeclaration(
                docs: [
                    isClosed
                        ? "The case for `rawValue`, or `nil` when the spec does not list it."
                        : "The case for `rawValue`, or ``\(unknownCase)(_:)`` when the spec does not list it."
                ],
                access: access,
                kind: isClosed ? .failableInitializer : .initializer,
                parameters: [FunctionParameter(name: "rawValue", type: rawType)],
                body: isClosed
                    ? [
                        .ifLet(
                            name: "found",
                            value: .verbatim("Self.\(casesByRawValue)[rawValue]"),
                            body: [.assignment(.verbatim("self"), .identifier("found")), .return(nil)]
                        ),
                        .return(.literal(.nil)),
                    ]
                    : [
                        .assignment(
                            .verbatim("self"),
                            .binary(.verbatim("Self.\(casesByRawValue)[rawValue]"), "??", unknown)
                        )
                    ]
            )
        )
    )
    if !isClosed {
        // Written rather than the standard library's, so that a value kept as unknown is noted: a union trying
        // this enumeration's model as an alternative then prefers one that lists the value.
        members.append(
            .function(
                FunctionDeclaration(
                    docs: ["Decodes a listed value, or keeps another in ``\(unknownCase)(_:)``."],
                    access: access,
                    kind: .initializer,
                    parameters: [FunctionParameter(label: "from", name: "decoder", type: "any Decoder")],
                    throwsClause: "throws",
                    body: [
                        .assignment(
                            .verbatim("self"),
                            .try(
                                .call(
                                    .member(.identifier("decoder"), RuntimeSymbols.listedValue),
                                    [
                                        Argument("in", .verbatim("Self.\(casesByRawValue)")),
                                        Argument("else", .member(.verbatim("Self"), unknownCase)),
                                    ]
                                )
                            )
                        )
                    ]
                )
            )
        )
    }
    /// `init(integerLiteral value: Int) { self.init(rawValue: value) }`, or the string literal's.
    func literalInitializer(_ label: String, docs: String) -> Declaration {
        .function(
            FunctionDeclaration(
                docs: [docs],
                access: access,
                kind: .initializer,
                parameters: [FunctionParameter(label: label, name: "value", type: rawType)],
                body: [
                    .expression(.call(.member(.verbatim("self"), "init"), [Argument("rawValue", .identifier("value"))]))
                ]
            )
        )
    }
    if enumeration.isInteger && !isClosed {
        // `let priority: Priority = 2`, as the integers the API documents are written.
        members.append(
            literalInitializer("integerLiteral", docs: "The case for the integer `value` (``init(rawValue:)``).")
        )
    }
    if enumeration.isExtensible && !isClosed {
        // `model: "gpt-4o"`: any string is a value, those listed are the ones known.
        members.append(
            literalInitializer(
                "stringLiteral",
                docs: "The case for the text `value` (``init(rawValue:)``): any string is a value."
            )
        )
    }
    members.append(
        .variable(
            VariableDeclaration(
                docs: ["The value as it is written in JSON."],
                access: access,
                name: "rawValue",
                type: rawType,
                getter: [
                    .switch(
                        .verbatim("self"),
                        cases.map { enumCase in
                            SwitchCase(
                                patterns: [.enumCase(enumCase.name, bindings: [])],
                                body: [.return(literal(enumCase.rawValue))]
                            )
                        }
                            + (isClosed
                                ? []
                                : [
                                    SwitchCase(
                                        patterns: [.enumCase(unknownCase, bindings: ["value"])],
                                        body: [.return(.identifier("value"))]
                                    )
                                ])
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
            inherits: ["Codable", "Sendable", "Hashable", "RawRepresentable", RuntimeSymbols.parameterValue]
                + (enumeration.isInteger && !isClosed ? [StandardLibrarySymbols.expressibleByIntegerLiteral] : [])
                + (enumeration.isExtensible && !isClosed ? [StandardLibrarySymbols.expressibleByStringLiteral] : [])
                // Decoding a value it does not list fails naming those it lists, for a server's `400`.
                + (isClosed ? [RuntimeSymbols.listedValues] : []),
            members: members
        )
    )
}
