import Testing

@testable import SpecsmithCore

/// The printer on its own: layout decisions, independent of any spec.
@Suite struct SwiftPrinterTests {
    func print(_ declaration: Declaration, width: Int = 120) -> String {
        var printer = SwiftPrinter()
        printer.lineWidth = width
        return printer.print(SwiftFile(name: "T.swift", header: [], imports: [], declarations: [declaration]))
    }

    let call = Expression.call(
        .identifier("Endpoint"),
        [Argument(nil, .literal(.string("name"))), Argument("method", .member(nil, "get"))]
    )

    @Test func shortCallsStayOnOneLine() {
        let text = print(.variable(VariableDeclaration(isLet: true, name: "e", value: call)))
        #expect(text == "let e = Endpoint(\"name\", method: .get)\n")
    }

    @Test func longCallsPutEachArgumentOnItsOwnLine() {
        let text = print(.variable(VariableDeclaration(isLet: true, name: "e", value: call)), width: 20)
        #expect(text == "let e = Endpoint(\n    \"name\",\n    method: .get\n)\n")
    }

    /// A call under `try await` whose closure holds a `switch` prints it whole, as a trailing closure: such a
    /// closure has no one-line form (a generated server once got `{ event in … }`).
    @Test func closuresOfSeveralLinesUnderTryAwaitTrail() {
        let closure = Expression.closure(
            parameters: ["e"],
            body: [
                .switch(
                    .identifier("e"),
                    [SwitchCase(patterns: [.expression(.member(nil, "a"))], body: [.return(.literal(.int(1)))])]
                )
            ]
        )
        let value = Expression.try(
            .await(.call(.identifier("f"), [Argument(nil, .identifier("x")), Argument(nil, closure)]))
        )
        let text = print(.variable(VariableDeclaration(isLet: true, name: "v", value: value)))
        #expect(text == "let v = try await f(x) { e in\n    switch e {\n    case .a: return 1\n    }\n}\n")
    }

    @Test func keywordsAreEscapedAndStringsEscaped() {
        let declaration = Declaration.variable(
            VariableDeclaration(
                docs: ["A keyword."],
                access: .public,
                name: "default",
                type: "String",
                value: .literal(.string("say \"hi\"\n\\"))
            )
        )
        #expect(print(declaration) == "/// A keyword.\npublic var `default`: String = \"say \\\"hi\\\"\\n\\\\\"\n")
    }

    @Test func rawMultilineStringsPickEnoughHashes() {
        let value = Expression.literal(.multilineRawString(##"{"a": "\"#1"}"##))
        let text = print(.variable(VariableDeclaration(isLet: true, name: "s", value: value)))
        #expect(text == "let s =\n##\"\"\"\n{\"a\": \"\\\"#1\"}\n\"\"\"##\n")
    }

    /// Layouts of lines too long for the width, each as `swift format` lays it out, so that generated code from
    /// long real names (Slack's, DigitalOcean's) lints clean.
    @Test func longConformancesPutTheBraceOnALineOfItsOwn() {
        let member = Declaration.variable(VariableDeclaration(isLet: true, name: "a", type: "Int"))
        func type(_ inherits: [String]) -> Declaration {
            .type(TypeDeclaration(kind: .struct, name: "Name", inherits: inherits, members: [member]))
        }
        #expect(
            print(type(["Codable", "Hashable"]), width: 40) == "struct Name: Codable, Hashable {\n    let a: Int\n}\n"
        )
        #expect(
            print(type(["Codable", "Hashable"]), width: 30) == "struct Name: Codable, Hashable\n{\n    let a: Int\n}\n"
        )
        #expect(
            print(type(["Codable", "Hashable", "Sendable"]), width: 30)
                == "struct Name: Codable,\n    Hashable, Sendable\n{\n    let a: Int\n}\n"
        )
    }

    @Test func longSignaturesCloseOnLinesOfTheirOwn() {
        let function = FunctionDeclaration(
            kind: .function("fetch"),
            parameters: [
                FunctionParameter(name: "first", type: "String"), FunctionParameter(name: "second", type: "Int"),
            ],
            isAsync: true,
            throwsClause: "throws",
            returnType: "Reply<Answer, ErrorBody>",
            body: [.return(.identifier("x"))]
        )
        #expect(
            print(.function(function), width: 43)
                == "func fetch(\n    first: String,\n    second: Int\n) async throws -> Reply<Answer, ErrorBody>\n{\n"
                + "    return x\n}\n"
        )
        #expect(
            print(.function(function), width: 30)
                == "func fetch(\n    first: String,\n    second: Int\n) async throws -> Reply<\n    Answer, ErrorBody\n> {\n"
                + "    return x\n}\n"
        )
    }

    @Test func longTuplePatternsWrapTheirNames() {
        let value = Expression.call(.identifier("values"), [])
        let statement = Statement.tupleBinding(names: ["first", "second", "third"], value: value)
        let function = FunctionDeclaration(kind: .function("f"), body: [statement])
        #expect(print(.function(function)) == "func f() {\n    let (first, second, third) = values()\n}\n")
        #expect(
            print(.function(function), width: 27)
                == "func f() {\n    let (\n        first, second,\n        third\n    ) = values()\n}\n"
        )
    }

    @Test func aLabelledStringTooLongGoesBelowItsLabel() {
        let value = Expression.call(.identifier("f"), [Argument("text", .literal(.string("a long text")))])
        #expect(
            print(.variable(VariableDeclaration(isLet: true, name: "v", value: value)), width: 22)
                == "let v = f(\n    text:\n        \"a long text\"\n)\n"
        )
    }

    @Test func aCollectionAtExactlyTheWidthBreaks() {
        let value = Expression.array([.literal(.int(1)), .literal(.int(2))])
        let declaration = Declaration.variable(VariableDeclaration(isLet: true, name: "v", value: value))
        #expect(print(declaration, width: 15) == "let v = [1, 2]\n")
        #expect(print(declaration, width: 14) == "let v = [\n    1, 2,\n]\n")
    }

    /// Names and literals fill their lines, as swift-format fills them: a line ends where the next one would
    /// pass the width (the trailing comma counted); other elements go one to a line.
    @Test func listsOfNamesAndLiteralsFillTheirLines() {
        let names = Expression.array(["alpha", "beta", "gamma", "delta"].map { .member(.verbatim("Self"), $0) })
        let declaration = Declaration.variable(VariableDeclaration(isLet: true, name: "v", value: names))
        // "    Self.gamma, Self.delta," is 27 characters.
        #expect(
            print(declaration, width: 27) == "let v = [\n    Self.alpha, Self.beta,\n    Self.gamma, Self.delta,\n]\n"
        )
        #expect(
            print(declaration, width: 25)
                == "let v = [\n    Self.alpha,\n    Self.beta,\n    Self.gamma,\n    Self.delta,\n]\n"
        )
        let calls = Expression.array([call, call])
        #expect(
            print(.variable(VariableDeclaration(isLet: true, name: "v", value: calls)), width: 60)
                == "let v = [\n    Endpoint(\"name\", method: .get),\n    Endpoint(\"name\", method: .get),\n]\n"
        )
    }

    /// A case of one simple statement is one line when it fits; one that does not, or that holds a closure,
    /// keeps its statement below the label.
    @Test func casesOfOneSimpleStatementAreOneLine() {
        let getter = VariableDeclaration(
            name: "rawValue",
            type: "String",
            getter: [
                .switch(
                    .verbatim("self"),
                    [
                        SwitchCase(patterns: [.enumCase("on", bindings: [])], body: [.return(.literal(.string("on")))]),
                        SwitchCase(
                            patterns: [.enumCase("longer", bindings: [])],
                            body: [.return(.literal(.string("a value too long for the line")))]
                        ),
                        SwitchCase(
                            patterns: [.enumCase("mapped", bindings: [])],
                            body: [
                                .return(
                                    .call(
                                        .member(.identifier("xs"), "map"),
                                        [Argument(nil, .closure(parameters: [], body: [.return(.identifier("x"))]))]
                                    )
                                )
                            ]
                        ),
                        SwitchCase(patterns: [], body: [.break]),
                    ]
                )
            ]
        )
        #expect(
            print(.variable(getter), width: 40)
                == """
                var rawValue: String {
                    switch self {
                    case .on: return "on"
                    case .longer:
                        return "a value too long for the line"
                    case .mapped:
                        return xs.map { return x }
                    default: break
                    }
                }

                """
        )
    }

    /// An enumeration's cases without values and with one line of documentation are listed without blank
    /// lines between them; a case with values, or other members, keeps its blank line.
    @Test func plainCasesAreListedTogether() {
        let type = TypeDeclaration(
            access: nil,
            kind: .enum,
            name: "E",
            members: [
                .enumCase(EnumCaseDeclaration(docs: ["`a`"], name: "a")),
                .enumCase(EnumCaseDeclaration(docs: ["`b`"], name: "b")),
                .enumCase(
                    EnumCaseDeclaration(
                        docs: ["Kept."],
                        name: "other",
                        associatedValues: [FunctionParameter(name: "_", type: "String")]
                    )
                ),
                .enumCase(EnumCaseDeclaration(docs: ["Two", "", "paragraphs."], name: "c")),
            ]
        )
        #expect(
            print(.type(type))
                == "enum E {\n    /// `a`\n    case a\n    /// `b`\n    case b\n\n    /// Kept.\n    case other(String)\n\n    /// Two\n    ///\n    /// paragraphs.\n    case c\n}\n"
        )
    }

    /// A value whose opening does not fit after a long declaration goes below it, indented, as swift-format
    /// puts it.
    @Test func aValueThatCannotOpenAfterALongHeadGoesBelowIt() {
        let declaration = Declaration.variable(
            VariableDeclaration(isStatic: true, isLet: true, name: "table", type: "[String: LongTypeName]", value: call)
        )
        #expect(
            print(declaration, width: 50)
                == "static let table: [String: LongTypeName] =\n    Endpoint(\"name\", method: .get)\n"
        )
    }
}
