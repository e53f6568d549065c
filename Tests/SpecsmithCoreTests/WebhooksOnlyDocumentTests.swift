import Testing

@testable import SpecsmithCore

/// A document of webhooks alone (`paths: {}`, as GitHub's webhook schemas and event catalogues are) has no
/// operations to call: no client, no endpoints, and nothing said about its servers (issue 58).
@Suite struct WebhooksOnlyDocumentTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Hooks, version: "1"}
        paths: {}
        webhooks:
          ping:
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [id]
                      properties: {id: {type: string}}
              responses:
                "200": {description: OK}
        """

    @Test(arguments: [[API.Flavour.async], [.async, .webhooks]])
    func aDocumentOfWebhooksAloneHasNoClient(flavours: [API.Flavour]) async throws {
        let output = Pipeline.generate(
            text: Self.document,
            path: "hooks.yaml",
            overrides: .init(flavours: Set(flavours))
        ) { _ in nil }
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let names = output.files.map(\.name)
        #expect(names == ["Models.swift"] + (flavours.contains(.webhooks) ? ["Webhooks.swift"] : []))
        #expect(!output.files.contains { $0.contents.contains("HooksClient") || $0.contents.contains("enum HooksAPI") })
        let check = try await SwiftCompiler.compile(output, module: "Hooks", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }
}

/// Schemas in files of their own take the whole name of the file, not its first part: octokit's
/// `issues.opened.schema.json` and `issues.closed.schema.json` are `IssuesOpened` and `IssuesClosed`, not
/// `Issues` and `Issues2` (issue 58).
@Suite struct SchemaFileNameTests {
    @Test func aSchemaFileIsNamedByItsWholeStem() {
        let document = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1"}
            servers: [{url: "https://hooks.example"}]
            paths:
              /opened:
                get:
                  operationId: opened
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "issues.opened.schema.json"}}}}
              /closed:
                get:
                  operationId: closed
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "issues.closed.schema.json"}}}}
            """
        let files = [
            "issues.opened.schema.json": #"{"type": "object", "properties": {"action": {"type": "string"}}}"#,
            "issues.closed.schema.json": #"{"type": "object", "properties": {"number": {"type": "integer"}}}"#,
        ]
        let output = Pipeline.generate(text: document, path: "hooks.yaml") { files[$0] }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        #expect(models.contains("public struct IssuesOpened: Codable"))
        #expect(models.contains("public struct IssuesClosed: Codable"))
        #expect(!models.contains("Issues2"))
        #expect(ExternalReferences.stem(of: "pet.yaml") == "pet")
        #expect(ExternalReferences.stem(of: "issues.opened.schema.json") == "issues.opened")
    }
}
