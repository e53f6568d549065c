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
        #expect(text == "let v = try await f(x) { e in\n    switch e {\n    case .a:\n        return 1\n    }\n}\n")
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
        #expect(print(declaration, width: 14) == "let v = [\n    1,\n    2,\n]\n")
    }
}
