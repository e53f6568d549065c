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
