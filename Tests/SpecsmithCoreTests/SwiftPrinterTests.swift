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
}
