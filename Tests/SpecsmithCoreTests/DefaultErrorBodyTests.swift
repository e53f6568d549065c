import Foundation
import Testing

@testable import SpecsmithCore

/// Operations that document no error body take the one the rest of the API shares (issue 57): OpenAI's
/// `listModels` threw `APIError<Never>` although the API answers its errors as `ErrorResponse` there too.
@Suite struct DefaultErrorBodyTests {
    /// Three operations: two say their 4xx body is `ErrorResponse`, `listThings` says none.
    static func document(errorRequired: Bool = true, documented: Int = 2) -> String {
        let documentedErrors = """
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string}}}}
                    "400": {description: Bad, content: {application/json: {schema: {$ref: "#/components/schemas/ErrorResponse"}}}}
            """
        let plain = """
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string}}}}
                    "404": {description: Not found}
            """
        return """
            openapi: 3.1.0
            info: {title: Things, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /a:
                post:
                  operationId: makeA
            \(documented >= 1 ? documentedErrors : plain)
              /b:
                post:
                  operationId: makeB
            \(documented >= 2 ? documentedErrors : plain)
              /things:
                get:
                  operationId: listThings
            \(plain)
            components:
              schemas:
                ErrorResponse:
                  type: object
                  \(errorRequired ? "required: [error]" : "")
                  properties:
                    error: {type: string}
                Problem:
                  type: object
                  required: [title]
                  properties:
                    title: {type: string}
            """
    }

    static func generate(_ document: String, config: String? = nil) -> Pipeline.Output {
        Pipeline.generate(
            text: document,
            path: "things.yaml",
            config: config.map { Pipeline.ConfigSource(text: $0, path: "specsmith-config.yaml") }
        ) { _ in nil }
    }

    /// The Swift signature of `operation`'s async method: what it throws.
    static func thrown(by operation: String, in output: Pipeline.Output) -> String? {
        let swift = output.files.map(\.contents).joined()
        guard let start = swift.range(of: "public func \(operation)(") else { return nil }
        let rest = swift[start.upperBound...]
        guard let open = rest.range(of: "throws("), let close = rest[open.upperBound...].range(of: ") ->") else {
            return nil
        }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test func anOperationWithoutAnErrorBodyTakesTheOneMostShare() {
        let output = Self.generate(Self.document())
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(Self.thrown(by: "listThings", in: output) == "APIError<ErrorResponse>")
        #expect(Self.thrown(by: "makeA", in: output) == "APIError<ErrorResponse>")
    }

    /// A body any object decodes as (no required property) would read any error: no default then.
    @Test func aSchemaWithoutARequiredPropertyIsNoDefault() {
        let output = Self.generate(Self.document(errorRequired: false))
        #expect(Self.thrown(by: "listThings", in: output) == "APIError<Never>")
    }

    /// One operation's error body is all the operations that document one share, but too few uses to call it
    /// the API's.
    @Test func oneUseIsNoDefault() {
        let output = Self.generate(Self.document(documented: 1))
        #expect(Self.thrown(by: "makeA", in: output) == "APIError<ErrorResponse>")
        #expect(Self.thrown(by: "listThings", in: output) == "APIError<Never>")
    }

    @Test func theConfigNamesTheDefaultOrNone() {
        let named = Self.generate(Self.document(), config: "errors:\n  default: Problem\n")
        #expect(!named.hasErrors, "\(named.diagnostics)")
        #expect(Self.thrown(by: "listThings", in: named) == "APIError<Problem>")
        #expect(Self.thrown(by: "makeA", in: named) == "APIError<ErrorResponse>")
        let none = Self.generate(Self.document(), config: "errors:\n  default: none\n")
        #expect(Self.thrown(by: "listThings", in: none) == "APIError<Never>")
    }

    @Test func aConfigDefaultThatNamesNothingIsAnErrorAtItsPlace() {
        let output = Self.generate(Self.document(), config: "errors:\n  default: ErrorRespons\n  other: x\n")
        #expect(output.files.isEmpty)
        #expect(
            output.diagnostics.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" } == [
                "specsmith-config.yaml:2:12: the config's `errors.default` names no object schema of the document",
                "specsmith-config.yaml:3:3: unknown key `other` in `errors`",
            ]
        )
        #expect(output.diagnostics.first { $0.severity == .error }?.hint == "did you mean `ErrorResponse`?")
    }

    /// With a filter to the operation that documents none, the default is still read and used.
    @Test func aFilterKeepsTheDefault() {
        let output = Self.generate(Self.document(), config: "filter:\n  operations: [listThings]\n")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(Self.thrown(by: "listThings", in: output) == "APIError<ErrorResponse>")
        #expect(output.files.map(\.contents).joined().contains("public struct ErrorResponse"))
    }
}
