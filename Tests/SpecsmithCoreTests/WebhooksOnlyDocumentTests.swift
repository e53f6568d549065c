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

    /// Schema files laid out as octokit/webhooks lays out GitHub's (`payload-schemas/api.github.com/issues/
    /// opened.schema.json`, `$id: issues$opened`, referring to `common/issue.schema.json`, the `$id` of a file in
    /// the folder above): a reference is resolved against the `$id`s, so the files are used where they sit; each
    /// schema is named by its `title`; the webhooks' models compile.
    static let octokitLayout = [
        "schemas/issues/opened.schema.json": #"""
        {"$schema": "http://json-schema.org/draft-07/schema", "$id": "issues$opened", "title": "issues opened event",
         "type": "object", "required": ["action", "issue", "sender"],
         "properties": {"action": {"type": "string", "enum": ["opened"]},
                        "issue": {"$ref": "common/issue.schema.json"}, "sender": {"$ref": "common/user.schema.json"}}}
        """#,
        "schemas/pull_request/opened.schema.json": #"""
        {"$schema": "http://json-schema.org/draft-07/schema", "$id": "pull_request$opened",
         "title": "pull_request opened event", "type": "object", "required": ["action", "number", "sender"],
         "properties": {"action": {"type": "string", "enum": ["opened"]}, "number": {"type": "integer"},
                        "sender": {"$ref": "common/user.schema.json"}}}
        """#,
        "schemas/common/issue.schema.json": #"""
        {"$schema": "http://json-schema.org/draft-07/schema", "$id": "common/issue.schema.json", "title": "Issue",
         "type": "object", "required": ["number", "user"],
         "properties": {"number": {"type": "integer"}, "user": {"$ref": "user.schema.json"}}}
        """#,
        "schemas/common/user.schema.json": #"""
        {"$schema": "http://json-schema.org/draft-07/schema", "$id": "common/user.schema.json", "title": "User",
         "type": "object", "required": ["login"], "properties": {"login": {"type": "string"}}}
        """#,
    ]

    static let octokitDocument = """
        openapi: 3.1.0
        info: {title: Hooks, version: "1"}
        paths: {}
        webhooks:
          issues-opened:
            post:
              requestBody: {content: {application/json: {schema: {$ref: "schemas/issues/opened.schema.json"}}}}
              responses: {"200": {description: OK}}
          pull_request-opened:
            post:
              requestBody: {content: {application/json: {schema: {$ref: "schemas/pull_request/opened.schema.json"}}}}
              responses: {"200": {description: OK}}
        """

    @Test func referencesResolveAgainstTheSchemasIDs() async throws {
        let files = Self.octokitLayout
        let output = Pipeline.generate(text: Self.octokitDocument, path: "hooks.yaml") { files[$0] }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for declaration in [
            "struct IssuesOpenedEvent:", "struct PullRequestOpenedEvent:", "struct Issue:", "struct User:",
            "var issue: Issue\n", "var sender: User\n", "var user: User\n",
        ] {
            #expect(swift.contains(declaration), "\(declaration)")
        }
        #expect(!swift.contains("Opened2") && !swift.contains("User2"))
        #expect(!output.diagnostics.contains { $0.message.contains("is taken") }, "\(output.diagnostics)")
        let check = try await SwiftCompiler.compile(output, module: "Hooks", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A file in a folder above is the reference's only when its `$id` is the reference: another `$id` leaves the
    /// reference to nothing, an error at its place.
    @Test func aFileAboveIsTheReferencesOnlyByItsID() {
        var files = Self.octokitLayout
        files["schemas/common/user.schema.json"] = #"{"$id": "people/user.schema.json", "type": "object"}"#
        let output = Pipeline.generate(text: Self.octokitDocument, path: "hooks.yaml") { files[$0] }
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("schemas/issues/common/user.schema.json` cannot be read") })
        #expect(errors.allSatisfy { $0.location.file.hasPrefix("schemas/") }, "\(errors)")
    }

    /// Two files of one name without titles: the second is named with its folder's name; a third of the same
    /// is numbered, with a warning at its reference saying why.
    @Test func aSchemaFileNameTakenIsTheFoldersThenNumberedWithAWarning() {
        let document = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1"}
            servers: [{url: "https://hooks.example"}]
            paths:
              /a: {get: {operationId: a, responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "a/opened.json"}}}}}}}
              /b: {get: {operationId: b, responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "b/opened.json"}}}}}}}
              /c: {get: {operationId: c, responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "x/b/opened.json"}}}}}}}
            """
        let object = #"{"type": "object", "properties": {"n": {"type": "integer"}}}"#
        let files = ["a/opened.json": object, "b/opened.json": object, "x/b/opened.json": object]
        let output = Pipeline.generate(text: document, path: "hooks.yaml") { files[$0] }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(
            swift.contains("struct Opened:") && swift.contains("struct BOpened:") && swift.contains("struct Opened2:")
        )
        let warning = output.diagnostics.first { $0.message.contains("is named `Opened2` here") }
        #expect(warning?.location.line == 7, "\(output.diagnostics)")
    }
}

/// OpenAI's webhook examples are JSON written as text (`x-oaiMeta.example`): what is said of one points at its
/// place in the document, and one that is not JSON is a warning there, not the event's sample (issue 59, items
/// 1 and 8).
@Suite struct WebhookExampleTextTests {
    static func generate(_ text: String, path: String) -> Pipeline.Output {
        Pipeline.generate(text: text, path: path, overrides: .init(flavours: [.async, .webhooks])) { _ in nil }
    }

    @Test func anExampleThatDoesNotFitIsReportedWhereItIsWritten() throws {
        let path = "webhook-example-not-fitting.yaml"
        let text = try String(contentsOf: OpenAPITests.directory.appendingPathComponent(path), encoding: .utf8)
        let output = Self.generate(text, path: path)
        let problems = output.diagnostics.filter { $0.message.contains("does not fit") }
        #expect(problems.count == 1, "\(output.diagnostics)")
        #expect(problems.allSatisfy { $0.location.file == path && $0.location.line == 24 }, "\(problems)")
    }

    @Test func anExampleThatIsNotJSONIsAWarningAtItsPlace() throws {
        let path = "webhook-example-not-fitting.yaml"
        var text = try String(contentsOf: OpenAPITests.directory.appendingPathComponent(path), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"created_at\": 1719168000", with: "\"created_at\": [1719168000],")
        let output = Self.generate(text, path: path)
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let warning = output.diagnostics.first { $0.message.hasPrefix("the example is not JSON") }
        #expect(warning?.location.file == path && warning?.location.line == 24, "\(output.diagnostics)")
        #expect(warning?.message.contains("at its line 4") == true, "\(output.diagnostics)")
    }
}

/// Components that are references themselves (`A: {$ref: B}`, as OpenAPI allows in a components map) are
/// followed wherever components are read; a chain that comes back is an error at its first reference (issue 59,
/// item 9).
@Suite struct ReferenceChainTests {
    static func generate(_ text: String) -> Pipeline.Output {
        Pipeline.generate(text: text, path: "chain.yaml", overrides: .init(flavours: [.async, .webhooks])) { _ in nil }
    }

    static func fixture() throws -> String {
        let url = OpenAPITests.directory.appendingPathComponent("callback-reference-chain.yaml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func aCallbackReferringToAReferenceIsItsTarget() throws {
        let output = Self.generate(try Self.fixture())
        #expect(!output.hasErrors && output.diagnostics.isEmpty, "\(output.diagnostics)")
        let webhooks = output.files.first { $0.name == "Webhooks.swift" }?.contents ?? ""
        #expect(webhooks.contains("case a("), "\(output.files.map(\.name))")
    }

    @Test func aChainThatComesBackIsAnError() throws {
        let text = try Self.fixture().replacingOccurrences(
            of: ##"A: {$ref: "#/components/callbacks/B"}"##,
            with: "A: {$ref: \"#/components/callbacks/C\"}\n    C: {$ref: \"#/components/callbacks/A\"}"
        )
        let output = Self.generate(text)
        #expect(
            output.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "12:19: `#/components/callbacks/A` refers to itself: `#/components/callbacks/A` → "
                    + "`#/components/callbacks/C` → `#/components/callbacks/A`"
            ],
            "\(output.diagnostics)"
        )
        #expect(output.files.isEmpty)
    }

    /// A shared response that is a reference to another is followed too.
    @Test func aResponseReferringToAReferenceIsItsTarget() throws {
        let text = """
            openapi: 3.0.3
            info: {title: Chain, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /a:
                get:
                  operationId: getA
                  responses: {"200": {$ref: "#/components/responses/Ok"}}
            components:
              responses:
                Ok: {$ref: "#/components/responses/Thing"}
                Thing:
                  description: ok
                  content: {application/json: {schema: {type: object, properties: {x: {type: string}}}}}
            """
        let output = Self.generate(text)
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let client = output.files.first { $0.name == "Client.swift" }?.contents ?? ""
        #expect(client.contains("func getA() async throws(APIError<Never>) -> GetAResponse"), "\(client)")
    }
}
