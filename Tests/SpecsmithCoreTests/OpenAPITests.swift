import Foundation
import Testing

@testable import SpecsmithCore

/// The OpenAPI loader: a document written for this project (`Specs/Bookshelf.yaml`) becomes a client
/// that compiles without a warning, the same from YAML and from JSON, with a warning for each thing it skips
/// at its place, and errors only for broken documents.
@Suite struct OpenAPITests {
    static let directory = TestSupport.fixtures.appendingPathComponent("OpenAPI")

    /// `Specs/Bookshelf.yaml`, the OpenAPI example whose client `Generated/Bookshelf` is.
    static func bookshelf() throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Specs/Bookshelf.yaml"), encoding: .utf8)
    }

    static func generate(_ text: String, path: String = "bookshelf.yaml") -> Pipeline.Output {
        Pipeline.generate(text: text, path: path, overrides: Pipeline.Overrides(flavours: [.async, .combine])) { _ in
            nil
        }
    }

    @Test func aDocumentBecomesAClientThatCompiles() async throws {
        let output = Self.generate(try Self.bookshelf())
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            output.diagnostics.map { "\($0.location.line): \($0.message)" } == [
                "15: the document names 2 servers; the client's default is the first, and any other is a `baseURL` away",
                "88: callbacks without a JSON body are skipped: their events are read from a JSON body",
                "141: TRACE operations are skipped: the format has no TRACE",
                "210: webhooks without a JSON body are skipped: their events are read from a JSON body",
                "228: the API key `session` goes in a cookie, which the client does not send; its endpoints are public here",
            ]
        )
        #expect(output.diagnostics.allSatisfy { $0.severity == .warning })
        let check = try await SwiftCompiler.compile(output, module: "Bookshelf")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    @Test func theGeneratedSwiftAndTheImportedSpecAreTheGoldens() throws {
        try Self.expectGolden(swift: Self.generate(try Self.bookshelf()), named: "bookshelf")
        let spec = try #require(Importer.importOpenAPI(text: try Self.bookshelf(), path: "bookshelf.yaml").spec)
        try Self.expectGolden(text: spec, named: "bookshelf.imported.yaml")
    }

    /// With a filter, an inline schema written alike in several places is named after a place that is
    /// generated: OpenAI's list answers share `object: {enum: [list]}` (a constant now; two values here), and a
    /// filter to the models' operation named `ListModelsResponse.object` after `ListAuditLogsResponse`, which
    /// comes first in the document.
    @Test func aFilteredDocumentNamesSharedInlineSchemasAfterWhatItKeeps() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Lists, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /audit_logs:
                get:
                  operationId: listAuditLogs
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/ListAuditLogsResponse"}}}}
              /models:
                get:
                  operationId: listModels
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/ListModelsResponse"}}}}
            components:
              schemas:
                ListAuditLogsResponse:
                  type: object
                  required: [object, data]
                  properties:
                    object: {type: string, enum: [list, page]}
                    data: {type: array, items: {type: string}}
                ListModelsResponse:
                  type: object
                  required: [object, data]
                  properties:
                    object: {type: string, enum: [list, page]}
                    data: {type: array, items: {type: string}}
            """
        let config = Pipeline.ConfigSource(text: "filter:\n  operations: [listModels]\n", path: "specsmith-config.yaml")
        let output = Pipeline.generate(text: document, path: "lists.yaml", config: config) { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public var object: ListModelsResponseObject"), "\(swift)")
        #expect(!swift.contains("ListAuditLogs"))
        // Unfiltered, both places read it: it is named by what they share, its values and the property.
        let whole = Pipeline.generate(text: document, path: "lists.yaml") { _ in nil }.files.map(\.contents).joined()
        #expect(whole.contains("public var object: ListPageObject"))
        #expect(!whole.contains("ListAuditLogsResponseObject"))
    }

    /// The config's `rename:` gives schemas, operations and properties names of the user's own; the imported
    /// spec keeps them; a rename that names nothing is a warning at its place in the config.
    @Test func theConfigRenamesSchemasOperationsAndProperties() throws {
        let config = Pipeline.ConfigSource(
            text: """
                rename:
                  schemas: {Book: Volume, Nothing: X}
                  operations: {listBooks: volumes, "POST /shelves": makeShelf}
                  properties: {Book.title: name, Volume.pages: pageCount, Book.nothere: x}
                """,
            path: "specsmith-config.yaml"
        )
        let output = Pipeline.generate(text: try Self.bookshelf(), path: "bookshelf.yaml", config: config) { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let warnings = output.diagnostics.filter { $0.location.file == "specsmith-config.yaml" }
        #expect(
            warnings.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "2:27: the rename's `Nothing` names no schema of the document",
                "4:59: the rename's `Book.nothere` names no property of the document",
            ]
        )
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public struct Volume: Codable") && !swift.contains("public struct Book:"))
        #expect(swift.contains("public func volumes(") && swift.contains("public func makeShelf("))
        #expect(
            swift.contains("public var name: String")
                && swift.contains("self.name = try container.decode(String.self, forKey: \"title\")")
        )
        #expect(swift.contains("public var pageCount: Int32?"))
        // On a spec in the format, `rename` is an error.
        let refused = Pipeline.generate(
            text: "name: S\nbaseURL: https://x.example\n",
            path: "s.yaml",
            config: Pipeline.ConfigSource(text: "rename: {schemas: {A: B}}\n", path: "c.yaml")
        ) { _ in nil }
        #expect(refused.diagnostics.map(\.message) == ["`rename` is for OpenAPI documents; rename in the spec itself"])
    }

    @Test func jsonGivesTheSameSwiftAsYAML() throws {
        var diagnostics = Diagnostics()
        let root = try #require(
            YAMLReader.read(try Self.bookshelf(), file: "bookshelf.yaml", diagnostics: &diagnostics)
        )
        let fromYAML = Self.generate(try Self.bookshelf(), path: "bookshelf")
        let fromJSON = Self.generate(root.jsonText, path: "bookshelf")
        #expect(!fromJSON.hasErrors, "\(fromJSON.diagnostics)")
        #expect(fromJSON.files.map(\.contents) == fromYAML.files.map(\.contents))
    }

    /// The config adds paging a document does not show (by operation id, or as `GET /path`), corrects paging it
    /// shows, and removes it (`false`); a mistake in an entry is an error in the config, and an entry that
    /// names no operation a warning there.
    @Test func theConfigAddsCorrectsAndRemovesPaging() throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("pages.yaml"), encoding: .utf8)
        let config = Pipeline.ConfigSource(
            text: """
                pages:
                  listTags: {by: url, items: results, next: next}
                  GET /v1/notes: {by: cursor, items: data, cursor: nothere, parameter: starting_after}
                  listBooks: false
                  listCharges: {by: after, items: data, parameter: starting_after}
                  nothing: false
                """,
            path: "specsmith-config.yaml"
        )
        let output = Pipeline.generate(text: text, path: "pages.yaml", config: config) { _ in nil }
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "3:52: error: `GetNotesResponse` has no property `nothere`",
                "6:3: warning: the config's `pages` names `nothing`, which is no operation of the document; name an operation by its `operationId`, or as `GET /path`",
            ]
        )
        #expect(output.diagnostics.allSatisfy { $0.location.file == "specsmith-config.yaml" })
        let fixed = Pipeline.generate(
            text: text,
            path: "pages.yaml",
            config: Pipeline.ConfigSource(
                text: config.text.split(separator: "\n").filter { !$0.contains("notes") && !$0.contains("nothing") }
                    .joined(separator: "\n"),
                path: "specsmith-config.yaml"
            )
        ) { _ in nil }
        #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics)")
        let client = fixed.files.filter { Translator.spread("Client").contains($0.name) }.map(\.contents).joined()
        #expect(client.contains("paging: .url(next: { $0.next })"))
        #expect(client.contains("func allTags(") && !client.contains("func allBooks("))
        #expect(client.contains(#"paging: .after("starting_after", lastID: { $0.data.last?.id })"#))
        // On a spec in the format, `pages` in the config is an error: the spec's endpoint says it.
        let refused = Pipeline.generate(
            text: "name: S\nbaseURL: https://x.example\n",
            path: "s.yaml",
            config: Pipeline.ConfigSource(text: "pages: {list: false}\n", path: "c.yaml")
        ) { _ in nil }
        #expect(
            refused.diagnostics.map(\.message) == [
                "`pages` is for OpenAPI documents; a spec's endpoint says how it pages"
            ]
        )
    }

    /// An API that sends otherwise than its description says (`"price": "-0.0025"` for a number, `""` for a
    /// URL it does not have) is read as it sends once the config tolerates it; until then the sample check
    /// says which property needs it and how.
    @Test func theConfigToleratesDataAsTheAPISendsIt() async throws {
        let text = """
            openapi: 3.0.3
            info: {title: Messaging, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /messages:
                get:
                  operationId: listMessages
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: "#/components/schemas/Message"}}
                          example: [{sid: SM1, price: "-0.0025", segments: "2", media_url: "", sent: null}]
            components:
              schemas:
                Message:
                  type: object
                  required: [sid]
                  properties:
                    sid: {type: string}
                    price: {type: number}
                    segments: {type: integer}
                    media_url: {type: string, format: uri}
                    sent: {type: string, format: date-time}
            """
        let untolerated = Pipeline.generate(text: text, path: "messaging.yaml") { _ in nil }
        #expect(
            untolerated.diagnostics.map(\.message) == [
                "the sample does not fit `[Message]`: `[0].price` must be a number, not a string `-0.0025`; if the API sends it so, add `Message.price` to `tolerate.numbersAsText` in the config; the example is not the endpoint's sample"
            ]
        )
        let config = Pipeline.ConfigSource(
            text:
                "tolerate:\n  numbersAsText: [Message.price, Message.segments]\n  emptyTextAsAbsent: [Message, Nothing]\n",
            path: "specsmith-config.yaml"
        )
        let output = Pipeline.generate(text: text, path: "messaging.yaml", config: config) { _ in nil }
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "3:32: warning: `Nothing` in `tolerate.emptyTextAsAbsent` names no schema, property or operation's parameter of the document; write `Schema`, `Schema.property` or `operationId.parameter`"
            ]
        )
        let lines = try await SwiftCompiler.run(
            output,
            main: """
                import Foundation
                let json = #"[{"sid": "SM1", "price": "-0.0025", "segments": "2", "media_url": ""}, {"sid": "SM2", "price": 0.5, "segments": 3, "media_url": "https://x.example/a.png"}]"#
                let messages = try! JSONDecoder().decode([Message].self, from: Data(json.utf8))
                print(messages.map { "\\($0.price!) \\($0.segments!) \\($0.mediaUrl?.absoluteString ?? "none")" })
                do {
                    _ = try JSONDecoder().decode(Message.self, from: Data(#"{"sid": "SM3", "price": "cheap"}"#.utf8))
                } catch DecodingError.dataCorrupted(let context) {
                    print(context.debugDescription)
                }
                """,
            module: "Messaging"
        )
        #expect(
            lines == [
                #"["-0.0025 2 none", "0.5 3 https://x.example/a.png"]"#, #"Expected Double, found the text "cheap"."#,
            ]
        )
    }

    /// The config's options for OpenAPI input: the API's name, tags as namespaces, and a filter that keeps
    /// some operations and the models they use.
    /// A parameter the description requires but the API's own SDKs leave out (Slack's `token`, which slack_sdk
    /// sends as `Authorization: Bearer` instead) is optional with `tolerate.missingOrNull: [operationId.name]`:
    /// a generated server takes a request without it, and a client need not send it.
    @Test func theConfigToleratesAParameterTheSDKsLeaveOut() throws {
        let text = """
            swagger: "2.0"
            info: {title: Chat, version: "1"}
            host: chat.example.com
            basePath: /api
            paths:
              /chat.postMessage:
                post:
                  operationId: chat_postMessage
                  consumes: [application/x-www-form-urlencoded]
                  parameters:
                    - {name: token, in: header, required: true, type: string}
                    - {name: channel, in: formData, required: true, type: string}
                  responses:
                    "200": {description: OK, schema: {type: object, properties: {ok: {type: boolean}}}}
            """
        let config = Pipeline.ConfigSource(
            text:
                "flavours: [async, server]\ntolerate:\n  missingOrNull: [chat_postMessage.token, chat_postMessage.nothing]\n",
            path: "specsmith-config.yaml"
        )
        let strict = Pipeline.generate(text: text, path: "chat.yaml") { _ in nil }
        #expect(strict.files.map(\.contents).joined().contains("        token: String\n"))
        let output = Pipeline.generate(text: text, path: "chat.yaml", config: config) { _ in nil }
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "3:43: warning: `chat_postMessage.nothing` in `tolerate.missingOrNull` names no schema, property or operation's parameter of the document; write `Schema`, `Schema.property` or `operationId.parameter`"
            ]
        )
        let client = output.files.map(\.contents).joined()
        #expect(client.contains("token: String? = nil"), "\(client)")
        let server = (output.serverFiles ?? []).map(\.contents).joined()
        #expect(server.contains("func chatPostMessage(channel: String, token: String?)"), "\(server)")
        #expect(server.contains("request.header(\"token\", as: String?.self)"))
    }

    /// An operation that answers a stream alone documents its errors under the stream's type (Swagger 2's
    /// `produces` gives every response it): an object there is the JSON error answered before any stream, kept
    /// as the endpoint's error body, so that a client reads it and a server's handler can answer it; it was
    /// dropped without a word (issue 59, item 3).
    @Test func aStreamOnlyOperationKeepsItsJSONErrorBody() throws {
        let text = """
            swagger: "2.0"
            info: {title: Logs, version: "1"}
            host: logs.example.com
            produces: [text/event-stream]
            paths:
              /jobs/{id}/logs:
                get:
                  operationId: followLogs
                  parameters: [{name: id, in: path, required: true, type: string}]
                  responses:
                    "200": {description: Lines, schema: {$ref: "#/definitions/Line"}}
                    "404": {description: No such job, schema: {$ref: "#/definitions/Failure"}}
                    "500": {description: Broken, schema: {type: string}}
            definitions:
              Line: {type: object, required: [text], properties: {text: {type: string}}}
              Failure: {type: object, required: [message], properties: {message: {type: string}}}
            """
        let config = Pipeline.ConfigSource(text: "flavours: [async, server]\n", path: "specsmith-config.yaml")
        let output = Pipeline.generate(text: text, path: "logs.yaml", config: config) { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let client = output.files.map(\.contents).joined()
        #expect(client.contains("AsyncThrowingStream<Line, any Error>") || client.contains("<Line>"), "\(client)")
        #expect(client.contains("APIError<Failure>"), "\(client)")
        let server = (output.serverFiles ?? []).map(\.contents).joined()
        let handler = "func followLogs(id: String) async throws -> Reply<ServerStream<Line>, Failure>"
        #expect(server.contains(handler), "\(server)")
    }

    @Test func theConfigNamesFiltersAndGroupsOperations() throws {
        let config = Pipeline.ConfigSource(
            text: "name: Books\nfilter:\n  operations: [book, nothere]\n  paths: [\"/shelves\"]\n",
            path: "specsmith-config.yaml"
        )
        let output = Pipeline.generate(text: try Self.bookshelf(), path: "bookshelf.yaml", config: config) { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            output.diagnostics.contains {
                $0.location.file == "specsmith-config.yaml" && $0.message.contains("`nothere` names no operation")
            }
        )
        let client = try #require(output.files.first { $0.name == "Client.swift" }).contents
        #expect(client.contains("public struct BooksClient<"))
        #expect(client.contains("func book(id: UUID") && client.contains("func createShelf("))
        #expect(!client.contains("func listBooks(") && !client.contains("func uploadCover("))
        let models = try #require(output.files.first { $0.name == "Models.swift" }).contents
        #expect(models.contains("struct Shelf:") && models.contains("struct Book:"))
        #expect(!models.contains("enum Media") && !models.contains("struct DateRange"))

        let tagged = """
            openapi: 3.0.3
            info: {title: Tagged}
            servers: [{url: https://x.example}]
            paths:
              /pets:
                get: {operationId: listPets, tags: [pets, animals], responses: {"200": {description: OK}}}
              /users:
                get: {operationId: listUsers, tags: [users], responses: {"200": {description: OK}}}
            """
        let grouped = Pipeline.generate(
            text: tagged,
            path: "tagged.yaml",
            config: Pipeline.ConfigSource(text: "namespaces: tags\n", path: "c.yaml")
        ) { _ in nil }
        let groupedClient = try #require(grouped.files.first { $0.name == "Client.swift" }).contents
        #expect(groupedClient.contains("public var pets: Pets") && groupedClient.contains("public var users: Users"))

        // On a spec in the format, these options are errors at their place in the config.
        let spec = "name: S\nbaseURL: https://x.example\n"
        let refused = Pipeline.generate(
            text: spec,
            path: "s.yaml",
            config: Pipeline.ConfigSource(text: "name: Other\nfilter: {tags: [a]}\n", path: "c.yaml")
        ) { _ in nil }
        #expect(refused.diagnostics.filter { $0.severity == .error }.map(\.location.line) == [1, 2])
    }

    /// An operation that is a `$ref` to its own file, as DigitalOcean lays out its description (OpenAPI allows
    /// references for path items, not operations), is read where it points: it was read as an empty operation,
    /// answering `Void`, or failing on its undeclared path parameters. A server URL without a host (its
    /// presigned upload's `https://`) is a warning, where it failed the whole document.
    @Test func operationsInTheirOwnFilesAreRead() {
        let document = """
            openapi: 3.0.0
            info: {title: Actions, version: "2.0"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /v2/actions/{action_id}:
                get: {$ref: "resources/actions_get.yml"}
              /upload:
                put:
                  operationId: upload
                  servers: [{url: "https://", description: The upload URL the API hands out.}]
                  responses: {"200": {description: Uploaded.}}
            """
        let files = [
            "resources/actions_get.yml": """
            operationId: actions_get
            parameters:
              - {name: action_id, in: path, required: true, schema: {type: integer}}
            responses:
              "200":
                description: The action.
                content:
                  application/json:
                    schema: {$ref: "models/action.yml"}
            """,
            "resources/models/action.yml": "type: object\nproperties: {id: {type: integer}, status: {type: string}}\n",
        ]
        let output = Pipeline.generate(text: document, path: "openapi.yaml") { files[$0] }
        #expect(
            output.diagnostics.map { "\($0.location.line): \($0.message)" } == [
                "10: the server URL `https://` names no host; its endpoint is on the document's server (pass the URL the API hands out as the client's `baseURL`)"
            ]
        )
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public static func actionsGet(actionId: Int) -> Endpoint<Action>"))
    }

    /// A discriminator's mapping that names its schemas by references to another file (DigitalOcean's domain
    /// records: `A: models/domain_record_types.yml#/domain_record_a`) gives those tags, not the schemas' names:
    /// before, a record of type `AAAA` was refused as a tag no alternative has.
    @Test func aMappingByReferencesToAnotherFileGivesItsTags() {
        let document = """
            openapi: 3.0.0
            info: {title: Records, version: "2.0"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /records:
                post:
                  operationId: createRecord
                  requestBody:
                    content:
                      application/json:
                        schema:
                          anyOf:
                            - $ref: models/types.yml#/record_a
                            - $ref: models/types.yml#/record_aaaa
                          discriminator:
                            propertyName: type
                            mapping:
                              A: models/types.yml#/record_a
                              AAAA: models/types.yml#/record_aaaa
                  responses: {"204": {description: Made.}}
            """
        let files = [
            "models/types.yml": """
            record_a: {type: object, required: [type, data], properties: {type: {type: string}, data: {type: string}}}
            record_aaaa: {type: object, required: [type, data], properties: {type: {type: string}, data: {type: string}}}
            """
        ]
        let output = Pipeline.generate(text: document, path: "openapi.yaml") { files[$0] }
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("try container.encode(\"AAAA\", forKey: .discriminator)"), "\(swift)")
        #expect(!swift.contains("\"RecordAaaa\""))
    }

    /// `allOf: [{$ref: X}, {description: …}]` (how DigitalOcean describes a property of a shared schema) is X
    /// where it is used, with that description: not a copy of X named after the place (`DropletImage`, and
    /// `DropletNextBackupWindow2` beside `DropletNextBackupWindow`), and `null` when X allows it.
    @Test func anAllOfThatOnlyDescribesIsItsSchema() {
        let document = """
            openapi: 3.0.0
            info: {title: Droplets, version: "2.0"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /droplet:
                get:
                  operationId: getDroplet
                  responses:
                    "200":
                      description: The droplet.
                      content: {application/json: {schema: {$ref: "#/components/schemas/Droplet"}}}
            components:
              schemas:
                Window: {type: object, nullable: true, properties: {start: {type: string}}}
                Image: {type: object, required: [id], properties: {id: {type: integer}}}
                Droplet:
                  type: object
                  required: [window, image]
                  properties:
                    window:
                      allOf: [{$ref: "#/components/schemas/Window"}, {description: The backup window.}]
                    image:
                      allOf: [{$ref: "#/components/schemas/Image"}, {description: The image.}]
            """
        let output = Pipeline.generate(text: document, path: "openapi.yaml") { _ in nil }
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("    /// The backup window.\n    public var window: Window?\n"), "\(swift)")
        #expect(swift.contains("    /// The image.\n    public var image: Image\n"))
        #expect(!swift.contains("struct DropletWindow") && !swift.contains("struct DropletImage"))
    }

    /// A path parameter that is an id or a name (`anyOf` of scalars: Mistral's connectors, DigitalOcean's images)
    /// is text, where it was an error naming a union the document never wrote; in the query it stays a union.
    @Test func idOrNamePathParametersAreText() {
        let document = """
            openapi: 3.1.0
            info: {title: Images, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /images/{image}:
                get:
                  operationId: image
                  parameters:
                    - name: image
                      in: path
                      required: true
                      schema: {anyOf: [{type: integer}, {type: string, format: uuid}, {type: string}]}
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string}}}}
            """
        let output = Self.generate(document, path: "images.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(
            output.files.map(\.contents).joined().contains(
                "public static func image(image: String) -> Endpoint<String>"
            )
        )
    }

    /// What large descriptions repeat is said once: a repeated enum value (Mistral's) is dropped with a warning,
    /// where it was an error; `default: {}` on model references (Kubernetes gives every one) is one warning for
    /// the document. An undeclared path parameter of a document asks for OpenAPI's `parameters`, not the format's.
    @Test func largeDescriptionsRepeatsAreSaidOnce() {
        let document = """
            openapi: 3.1.0
            info: {title: Jobs, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /jobs:
                get:
                  operationId: jobs
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/Job"}}}}
            components:
              schemas:
                Meta: {type: object, properties: {name: {type: string}}}
                Job:
                  type: object
                  properties:
                    metadata: {allOf: [{$ref: "#/components/schemas/Meta"}], default: {}}
                    status: {allOf: [{$ref: "#/components/schemas/Meta"}], default: {}}
                    kind: {type: string, enum: [batch, cron, batch]}
            """
        let output = Self.generate(document, path: "jobs.yaml")
        #expect(
            output.diagnostics.map { "\($0.location.line): \($0.message)" } == [
                "16: empty defaults of models (`default: {}`) are skipped: models have no defaults",
                "18: enum value `batch` is listed twice; the repeat is dropped",
            ]
        )
        #expect(!output.hasErrors)
        let undeclared = Self.generate(
            """
            openapi: 3.1.0
            info: {title: Actions, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /actions/{action_id}:
                delete: {operationId: deleteAction, responses: {"204": {description: Gone}}}
            """,
            path: "actions.yaml"
        )
        #expect(
            undeclared.diagnostics.map { "\($0.message); \($0.hint ?? "")" } == [
                "path parameter `{action_id}` is not declared; declare it in the operation's or the path's `parameters`, with `in: path`"
            ]
        )
    }

    /// A filter keeps the models that only a kept operation's stream uses (its events, a stream method's
    /// values) and the errors of the whole API: it once dropped them, and the client named unknown types.
    @Test func aFilterKeepsWhatStreamsUse() {
        let document = """
            openapi: 3.1.0
            info: {title: Chat, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /chat:
                post:
                  operationId: chat
                  tags: [chat]
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {stream: {type: boolean}}}
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json: {schema: {$ref: "#/components/schemas/Completion"}}
                        text/event-stream: {schema: {$ref: "#/components/schemas/Chunk"}}
              /logs:
                get:
                  operationId: logs
                  tags: [chat]
                  responses:
                    "200":
                      description: OK
                      content:
                        application/x-ndjson: {schema: {$ref: "#/components/schemas/Line"}}
              /models:
                get:
                  operationId: models
                  tags: [models]
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json: {schema: {$ref: "#/components/schemas/Model"}}
            components:
              schemas:
                Completion: {type: object, properties: {id: {type: string}}}
                Chunk: {type: object, properties: {delta: {type: string}}}
                Line: {type: object, properties: {text: {type: string}}}
                Model: {type: object, properties: {id: {type: string}}}
            """
        let output = Pipeline.generate(
            text: document,
            path: "chat.yaml",
            config: Pipeline.ConfigSource(text: "filter: {tags: [chat]}\n", path: "c.yaml")
        ) { _ in nil }
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        #expect(models.contains("struct Chunk") && models.contains("struct Line") && !models.contains("struct Model"))
    }

    /// Shapes real descriptions use (found by running the loader on public descriptions of payment, LLM and
    /// messaging APIs): each generates, with a warning where something is dropped, into Swift that compiles,
    /// and imports to a spec that generates the same.
    @Test func realWorldShapesGenerate() async throws {
        let text = try String(
            contentsOf: Self.directory.appendingPathComponent("real-world-shapes.yaml"),
            encoding: .utf8
        )
        let output = Self.generate(text, path: "shapes.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let expected: [(line: Int, says: String)] = [
            (16, "request bodies of GET and HEAD operations are skipped"), (89, "is skipped: a path with a query"),
            // `{"type": "message"}` fits both: only `InputMessage` has a `role` (its tag, `user`).
            (150, "cannot tell `InputMessage` and `OutputMessage` of union `Item` apart"),
            (153, "discriminator of `Item` is dropped"), (169, "not every alternative is an object"),
            (175, "`Base` is named `BaseModel`"), (180, "`Resource` is named `ResourceModel`"),
            (203, "defaults of unions are skipped"), (209, "`oneOf` and `anyOf` beside `properties` are skipped"),
            // Once, though two operations share the example.
            (254, "the sample does not fit `Topic`: `partitions` must be an integer"),
        ]
        #expect(output.diagnostics.count == expected.count, "\(output.diagnostics)")
        for (diagnostic, wanted) in zip(output.diagnostics, expected) {
            #expect(
                diagnostic.location.line == wanted.line && diagnostic.message.contains(wanted.says),
                "\(diagnostic)"
            )
        }
        let swift = output.files.map(\.contents).joined()
        // A one-value enumeration is the discriminator's tag; Twilio's `X<` and `X>` read `Before` and `After`;
        // values that would share a case name are numbered; a multipart object named `…Data` stays an object.
        #expect(swift.contains("case \"function\":") && swift.contains("case \"custom\":"))
        #expect(
            swift.contains("startTimeBefore: Date? = nil")
                && swift.contains("QueryItem(\"StartTime>\", startTimeAfter)")
        )
        #expect(swift.contains("case etcGMT02") && swift.contains("linkData: UploadFileLinkData?"))
        // A required `const` is a constant of its own type (`version: Int`, always 2); an optional one too, which
        // may be absent when received. An event envelope's `data` is the events' type. A fragment tells two
        // operations of one path apart, and is not sent.
        #expect(swift.contains("public var version: Int {") && swift.contains("public var store: Bool {"))
        #expect(swift.contains("try container.decodeConstantIfPresent(true, forKey: \"store\")"))
        #expect(swift.contains("try container.decodeConstant(\"conversation\", forKey: \"object\")"))
        #expect(swift.contains("decoding: .serverSentEvents(of: ConversationChunk.self)"))
        #expect(swift.contains("Endpoint(\"restartConversation\", method: .post, path: \"/conversations\")"))
        try await Self.expectCompilesAndImports(
            output,
            text: text,
            path: "shapes.yaml",
            module: "Shapes",
            golden: "real-world-shapes"
        )
    }

    /// A Swagger 2.0 document (written for this project, one of each thing 2.0 says differently) generates a
    /// client that compiles, with its warnings at their place; the client and the imported spec are goldens,
    /// and the imported spec generates the same Swift.
    @Test func aSwagger2DocumentBecomesAClient() async throws {
        let text = try String(
            contentsOf: Self.directory.appendingPathComponent("kennel-swagger2.yaml"),
            encoding: .utf8
        )
        let output = Self.generate(text, path: "kennel-swagger2.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            output.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "201:18: operations that need several OAuth 2 scopes at once are called by a client of any one of them; the server checks the others"
            ]
        )
        let swift = output.files.map(\.contents).joined()
        // `host`, `basePath` and `schemes` (https preferred); collection formats; a `body` parameter;
        // `formData` with a file as multipart, without as a form; a `#/responses/` error body; basic auth.
        #expect(swift.contains("URL(string: \"https://api.kennel.example/v1\")"))
        #expect(
            swift.contains("QueryItem(\"kinds\", kinds, separator: \",\")") && swift.contains("QueryItem(\"tag\", tag)")
                && swift.contains("QueryItem(\"status\", status, separator: \"|\")")
        )
        #expect(swift.contains("addPet(body: NewPet)") && swift.contains("MultipartField.file(\"file\", file)"))
        #expect(swift.contains("body: .form([QueryItem(\"petId\", petId)"))
        #expect(swift.contains("ExpectedErrors(Problem.self, for: [404])"))
        #expect(swift.contains("public var nickname: String?") && swift.contains("decoding: .bytes"))
        #expect(swift.contains("enum Staff: StaffAccess") && swift.contains("return .basic"))
        // OAuth 2 scopes are compile-time scopes that include their scheme's; an operation needing two is
        // called by a client of either.
        #expect(swift.contains("protocol PetsReadAccess: OwnerAccess, PetsReadOrPetsWriteAccess {}"))
        #expect(swift.contains("return \"pets:write\""))
        try Self.expectGolden(swift: output, named: "kennel-swagger2")
        let (spec, _) = Importer.importOpenAPI(text: text, path: "kennel-swagger2.yaml")
        let imported = try #require(spec)
        try Self.expectGolden(text: imported, named: "kennel-swagger2.imported.yaml")
        #expect(
            Self.generate(imported, path: "kennel-swagger2.yaml").files.map(\.contents) == output.files.map(\.contents)
        )
        let check = try await SwiftCompiler.compile(output, module: "Kennel")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A document spread over files (`split/`): references to other files' schemas, parameters, responses,
    /// request bodies and path items, relative to the file they are written in, become one client whose
    /// build inputs are every file; servers of paths and operations are the endpoints' servers.
    @Test func aDocumentSpreadOverFilesBecomesOneClient() async throws {
        let path = Self.directory.appendingPathComponent("split/openapi.yaml").path
        let output = try Pipeline.generate(specAt: path)
        #expect(!output.hasErrors && output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(
            output.inputs.map { $0.split(separator: "/").suffix(2).joined(separator: "/") } == [
                "split/openapi.yaml", "split/common.yaml", "schemas/pet.yaml", "paths/photos.yaml",
            ]
        )
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public struct Pet: Codable") && swift.contains("public struct Photo: Codable"))
        #expect(swift.contains("public var kind: Kind?") && swift.contains("public var pets: [Pet]?"))
        #expect(swift.contains("listPets(limit: Int = 20) -> APIEndpoint<[Pet], Problem>"))
        #expect(swift.contains("server: \"uploads\"") && swift.contains("server: \"status\""))
        #expect(swift.contains("URL(string: \"https://uploads.pets.example.com/v1\")"))
        #expect(swift.contains("URL(string: \"https://api.pets.example.com/v2\")"))
        #expect(swift.contains("URL(string: \"https://status.pets.example.com\")"))
        try Self.expectGolden(swift: output, named: "split")
        let folder = Self.directory.appendingPathComponent("split")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let (spec, _) = Importer.importOpenAPI(text: text, path: "openapi.yaml") { relative in
            try? String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        }
        let imported = try #require(spec)
        try Self.expectGolden(text: imported, named: "split.imported.yaml")
        let again = Pipeline.generate(text: imported, path: "openapi.yaml") { _ in nil }
        #expect(again.files.map(\.contents) == output.files.map(\.contents))
        let check = try await SwiftCompiler.compile(output, module: "PetPhotos")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// The synthetic benchmark API (`synth-api --endpoints 20 --seed 3`, in `Benchmarks/`) in both its forms:
    /// the OpenAPI document gives the client its spec gives, the same declarations (in the document's order,
    /// with the document's documentation).
    @Test func theBenchmarkAPIsOpenAPIFormGivesTheSameClient() throws {
        let folder = Self.directory.appendingPathComponent("synth")
        let spec = Pipeline.generate(
            text: try String(contentsOf: folder.appendingPathComponent("Synth.yaml"), encoding: .utf8),
            path: "Synth.yaml"
        ) { _ in nil }
        let document = Pipeline.generate(
            text: try String(contentsOf: folder.appendingPathComponent("openapi.yaml"), encoding: .utf8),
            path: "Synth.yaml"
        ) { _ in nil }
        #expect(!spec.hasErrors && document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(spec.files.map(\.name) == document.files.map(\.name))
        /// A file's declarations and members, without documentation, in any order.
        func declarations(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
                .joined(separator: "\n").components(separatedBy: "\n\n").sorted()
        }
        for (fromSpec, fromDocument) in zip(spec.files, document.files) {
            let (expected, actual) = (declarations(fromSpec.contents), declarations(fromDocument.contents))
            #expect(expected == actual, "\(fromSpec.name): \(Set(expected).symmetricDifference(actual))")
        }
        // A union with an alternative of many properties holds it out of line.
        #expect(spec.files.map(\.contents).joined().contains("public indirect enum AnyAccount0: Codable"))
    }

    /// `output`'s files, one after another, are the golden `<name>.swift.golden` (recorded with
    /// `SPECSMITH_RECORD=1`).
    static func expectGolden(swift output: Pipeline.Output, named name: String) throws {
        try expectGolden(
            text: output.files.map { "// ===== \($0.name) =====\n\($0.contents)" }.joined(separator: "\n"),
            named: name + ".swift"
        )
    }

    static func expectGolden(text actual: String, named name: String) throws {
        let goldenURL = directory.appendingPathComponent(name + ".golden")
        if TestSupport.isRecording {
            try actual.write(to: goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(actual == expected, "\(TestSupport.diff(expected: expected, actual: actual))")
    }

    /// More shapes of real descriptions (a container engine's, a chat platform's, a file store's, an email
    /// API's, an incident API's): each generates, with a warning where something is dropped or read
    /// differently, into Swift that compiles, and imports to a spec that generates the same.
    @Test func moreRealWorldShapesGenerate() async throws {
        let text = try String(
            contentsOf: Self.directory.appendingPathComponent("more-real-world-shapes.yaml"),
            encoding: .utf8
        )
        let output = Self.generate(text, path: "more.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let expected: [(line: Int, says: String)] = [
            (17, "a header that is a list is sent as text"),
            (68, "the default of `mode` must be a `CalendarDate`"), (69, "the default of `id` must be an `UUID`"),
            (70, "the default of `limit` must be an `Int`"), (71, "a `JSON` property has no default"),
            (78, "the default of `runtimes` must be an empty mapping"), (124, "`Resource` is named `ResourceModel`"),
            (170, "`ScriptRunner` has no property `type`"),
        ]
        #expect(output.diagnostics.count == expected.count, "\(output.diagnostics)")
        for (diagnostic, wanted) in zip(output.diagnostics, expected) {
            #expect(
                diagnostic.location.line == wanted.line && diagnostic.message.contains(wanted.says)
                    && diagnostic.severity == .warning,
                "\(diagnostic)"
            )
        }
        let swift = output.files.map(\.contents).joined()
        // An enumeration's `none` is not `Optional.none`; an alias's inline item is one model however often
        // it is used; pointers into schemas, parameters and responses are their schemas; `allOf` parts that
        // list one property, or redefine an included one (however deep), are one property.
        #expect(swift.contains("return self._sharing ?? VolumeSharing.none"))
        #expect(swift.contains("struct GenericResourcesItem:") && !swift.contains("GenericResourcesItem2"))
        #expect(swift.contains("public var name: [GenericResourcesItem]?") && swift.contains("state: State? = nil"))
        // A body that may be `null` is optional: `null` is `nil`.
        #expect(swift.contains("-> APIEndpoint<[Channel]?, Conflict>") && swift.contains("public var enabled: Bool?"))
        #expect(swift.contains("createToken(key: String? = nil, blob: String? = nil)"))
        #expect(swift.components(separatedBy: "public var limit: Int64?").count == 2)
        // Two included models with one property: the first one's.
        #expect(
            swift.contains(
                "public struct VersionOutput: Codable, Sendable, Hashable {\n    /// The `name` field.\n    public var name: String\n"
            )
        )
        try await Self.expectCompilesAndImports(
            output,
            text: text,
            path: "more.yaml",
            module: "MoreShapes",
            golden: "more-real-world-shapes"
        )
    }

    /// A document that names its server on its one path (or the same on every operation) has that server as
    /// the client's base URL, not a placeholder beside a second server; with two servers, the placeholder
    /// stays, and is said.
    @Test func theServerEveryOperationNamesIsTheBaseURL() {
        func document(_ second: String) -> String {
            """
            openapi: 3.0.3
            info: {title: Hooks, version: "1"}
            paths:
              /hooks:
                servers: [{url: "https://hooks.example.com/v1"}]
                get:
                  operationId: listHooks
                  responses: {"204": {description: Done}}
              /events:
                get:
                  operationId: listEvents
                  servers: [{url: "\(second)"}]
                  responses: {"204": {description: Done}}
            """
        }
        let one = Self.generate(document("https://hooks.example.com/v1"))
        let swift = one.files.map(\.contents).joined()
        #expect(one.diagnostics.isEmpty, "\(one.diagnostics)")
        #expect(swift.contains(#"defaultBaseURL = URL(string: "https://hooks.example.com/v1")!"#))
        #expect(!swift.contains("api.example.com") && !swift.contains("hooksURL"))

        let two = Self.generate(document("https://events.example.com"))
        #expect(
            two.diagnostics.map(\.message) == [
                "the document names no server; the client's default base URL is https://api.example.com"
            ]
        )
        #expect(two.files.map(\.contents).joined().contains("api.example.com"))
    }

    /// Integer enumerations take the case names the document gives (`x-enum-varnames`, `x-enumNames`) and
    /// integer literals: `let priority: Priority = 2` is `.high`.
    @Test func integerEnumerationsAreNamedByTheDocumentAndTakeLiterals() async throws {
        let text = """
            openapi: 3.0.3
            info: {title: Tasks, version: "1"}
            servers: [{url: "https://tasks.example.com"}]
            paths:
              /tasks:
                get:
                  operationId: listTasks
                  parameters:
                    - {name: priority, in: query, schema: {$ref: "#/components/schemas/Priority"}}
                  responses:
                    "200":
                      description: OK
                      content: {application/json: {schema: {$ref: "#/components/schemas/Todo"}}}
            components:
              schemas:
                Priority: {type: integer, enum: [0, 1, 2], x-enum-varnames: [Low, Normal, High]}
                Level: {type: integer, enum: [1, 2], x-enumNames: [first, second]}
                Size: {type: integer, enum: [1, 2], x-enum-varnames: [one]}
                Todo:
                  type: object
                  properties:
                    priority: {$ref: "#/components/schemas/Priority"}
                    level: {$ref: "#/components/schemas/Level"}
                    size: {$ref: "#/components/schemas/Size"}
            """
        let output = Pipeline.generate(text: text, path: "tasks.yaml") { _ in nil }
        #expect(output.diagnostics.map(\.message) == ["1 names for 2 enumeration values; the names are not used"])
        let lines = try await SwiftCompiler.run(
            output,
            main: """
                import Foundation
                let high: Priority = 2
                let task = try! JSONDecoder().decode(Todo.self, from: Data(#"{"priority": 0, "level": 2, "size": 1}"#.utf8))
                print(high == .high, task.priority == .low, task.level == .second, task.size == .value1, Priority(7) == .unknown(7))
                """,
            module: "Tasks"
        )
        #expect(lines == ["true true true true true"])
    }

    /// Inline alternatives of a union are named by their `title`, else by the one value of the discriminator
    /// they have, else by an object's one property, before any number: `InboundMessageWhatsApp`,
    /// `ContentPartText`, `InboundMessagePart`, not `…Option2`.
    @Test func inlineAlternativesAreNamedByTitleOrTagBeforeANumber() async throws {
        let text = """
            openapi: 3.1.0
            info: {title: Messages, version: "1"}
            paths:
              /messages:
                get:
                  operationId: listMessages
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: "#/components/schemas/InboundMessage"}}
            components:
              schemas:
                InboundMessage:
                  oneOf:
                    - {title: SMS, type: object, properties: {body: {type: string}}, required: [body]}
                    - {title: WhatsApp, type: object, properties: {wa_id: {type: string}}, required: [wa_id]}
                    - {type: object, properties: {part: {$ref: "#/components/schemas/ContentPart"}}}
                    - {type: object, properties: {body: {type: integer}}, required: [body]}
                ContentPart:
                  oneOf:
                    - {type: object, properties: {type: {const: text}, text: {type: string}}, required: [type, text]}
                    - {type: object, properties: {type: {type: string, enum: [image_url]}, url: {type: string}}, required: [type, url]}
                  discriminator: {propertyName: type}
            """
        let output = Self.generate(text, path: "messages.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for name in [
            // `body`'s is the first named by it: the SMS alternative, with the same one property, has its title.
            "InboundMessageSMS", "InboundMessageWhatsApp", "InboundMessagePart", "InboundMessageBody",
            "ContentPartText",
            "ContentPartImageUrl",
        ] {
            #expect(swift.contains("public struct \(name):"), "\(name)")
        }
        #expect(!swift.contains("InboundMessageOption") && !swift.contains("ContentPartOption"))
        let check = try await SwiftCompiler.compile(output, module: "Messages")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// `allOf` means every part: a part that narrows a property its base requires (CAMARA's
    /// `QosNotificationEvent.type: {enum: [one value]}` beside a CloudEvent that requires `type`) leaves it
    /// required, here a constant checked when read, not an optional enumeration (issue 59, item 14).
    @Test func aNarrowedPropertyOfARequiredOneStaysRequired() throws {
        let text = """
            openapi: 3.0.3
            info: {title: Qos, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /e:
                get:
                  operationId: getEvent
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/Event"}}}}
            components:
              schemas:
                CloudEvent:
                  type: object
                  required: [id, type]
                  properties: {id: {type: string}, type: {type: string}, subject: {type: string}}
                Event:
                  allOf:
                    - $ref: "#/components/schemas/CloudEvent"
                    - type: object
                      properties:
                        type: {type: string, enum: [qos-status-changed, other]}
                        subject: {type: string, enum: [a, b]}
            """
        let output = Self.generate(text, path: "qos.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("public var type: EventType\n"), "\(swift)")
        // A property the base does not require stays optional.
        #expect(swift.contains("public var subject: EventSubject?\n"))
    }

    /// GitHub's add-labels body, `oneOf` an object of `labels`, a list of names, an object of `labels` of objects,
    /// a list of objects of one `name` and a string: each alternative named by what it is, the list of objects
    /// written in place by their one property; the call sites compile as a person writes them.
    @Test func alternativesOfOnePropertyAndListsAreNamedByWhatTheyHold() async throws {
        let text = """
            openapi: 3.1.0
            info: {title: Labels, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /issues/{number}/labels:
                post:
                  operationId: issues/add-labels
                  parameters: [{name: number, in: path, required: true, schema: {type: integer}}]
                  requestBody:
                    content:
                      application/json:
                        schema:
                          oneOf:
                            - {type: object, properties: {labels: {type: array, items: {type: string}}}}
                            - {type: array, items: {type: string}}
                            - type: object
                              properties:
                                labels: {type: array, items: {type: object, properties: {name: {type: string}}, required: [name]}}
                            - {type: array, items: {type: object, properties: {name: {type: string}}, required: [name]}}
                            - {type: string}
                  responses: {"204": {description: Added}}
            """
        let output = Self.generate(text, path: "labels.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for name in ["labels(", "stringList([String])", "labels2(", "nameList([", "string(String)"] {
            #expect(swift.contains("    case \(name)"), "\(name)")
        }
        #expect(!swift.contains("Option") && !swift.contains("ItemList"))
        let use = """
            func bodies() -> [IssuesAddLabelsRequest] {
                [.labels(.init(labels: ["triage"])), .stringList(["triage"]), .nameList([.init(name: "bug")]), "triage"]
            }
            """
        let check = try await SwiftCompiler.compile(
            output.files.map { ($0.name, $0.contents) } + [("Use.swift", use)],
            module: "Labels",
            typeCheckOnly: true
        )
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A big API's answers as a hand-written client has them: a documented redirect is never an answer (the
    /// transport follows it), a `304` is one only where the caller can send `If-None-Match`, statuses of one
    /// body are that body, a body beside none is optional; two bodies, or a `202` beside a `200`, stay an
    /// enumeration. Endpoints that document the same error bodies share one enumeration of them, and a shared
    /// response's inline schema is one type.
    @Test func answersAreFlatAsAHandWrittenClientsAre() async throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("answers.yaml"), encoding: .utf8)
        let output = Self.generate(text, path: "answers.yaml")
        #expect(!output.hasErrors && output.diagnostics.isEmpty, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for signature in [
            "func reposGet(owner: String, repo: String) async throws(APIError<BasicError>) -> Repository {",
            "func reposListForAuthenticatedUser() async throws(APIError<BasicError>) -> [Repository] {",
            ") async throws(APIError<ForbiddenGistError>) -> GistsGetAnswer {",
            ") async throws(APIError<BasicError>) -> Invitation? {",
            ") async throws(APIError<BasicErrorOrValidationError>) -> FileCommit {",
            "func reposDeleteFile(owner: String, repo: String, path: String) async throws(APIError<ForbiddenGistError>) {",
            "func reportsCreate(owner: String, repo: String) async throws(APIError<Never>) -> ReportsCreateAnswer {",
            ") async throws(APIError<BasicErrorOrValidationError>) -> ReposCreateForkAnswer {",
        ] {
            #expect(swift.contains(signature), "\(signature)")
        }
        #expect(!swift.contains("movedPermanently") && !swift.contains("ReposGetAnswer"))
        // Endpoints that document the same error bodies share one enumeration of them, declared once.
        #expect(swift.components(separatedBy: "public enum BasicErrorOrValidationError:").count == 2)
        #expect(!swift.contains("ReposCreateForkError") && !swift.contains("ReposCreateOrUpdateFileContentsError"))
        // A shared response's inline schema is one type, named after the response.
        #expect(swift.components(separatedBy: "public struct ForbiddenGistError:").count == 2)
        #expect(swift.contains("APIError<ForbiddenGistError>") && !swift.contains("Error403"))
        #expect(swift.contains("case notModified") && swift.contains("case accepted(FileCommit)"))
        try await Self.expectCompilesAndImports(
            output,
            text: text,
            path: "answers.yaml",
            module: "Answers",
            golden: "answers"
        )
    }

    /// `output` compiles; importing `text` gives a spec that generates the same Swift; both match their goldens
    /// (`golden.swift.golden`, `golden.imported.yaml.golden`).
    /// OpenAPI 3.0 callbacks, requests the API sends to a URL its caller gave, are events named by the route
    /// they come to: the segment the API adds to the URL (`{$request.query.callbackUrl}/data`), else the
    /// callback's name, else the document's `x-specsmith: {route: …}`. A callback two operations share is one
    /// event; one of a taken name is named after its operation; one without a `post` is skipped, said. The
    /// receiver compiles, and the imported spec (with `route:`) generates the same Swift.
    @Test func callbacksAreEventsNamedByTheirRoute() async throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("callbacks.yaml"), encoding: .utf8)
        func generate(_ text: String, path: String) -> Pipeline.Output {
            Pipeline.generate(text: text, path: path, overrides: Pipeline.Overrides(flavours: [.async, .webhooks])) {
                _ in nil
            }
        }
        let output = generate(text, path: "callbacks.yaml")
        #expect(
            output.diagnostics.map { "\($0.location.line): \($0.message)" } == [
                "114: callbacks without a `post` operation are skipped: a delivery is a POST"
            ]
        )
        var diagnostics = Diagnostics()
        let root = try #require(YAMLReader.read(text, file: "callbacks.yaml", diagnostics: &diagnostics))
        let events = try #require(
            OpenAPILoader.load(root, file: "callbacks.yaml", config: nil, diagnostics: &diagnostics).webhooks?.events
        )
        #expect(events.map(\.name.value) == ["onData", "statusChanged", "OnData", "createPayment.onData"])
        #expect(events.map(\.route?.value) == ["data", "statusChanged", "OnData", "payment-data"])
        #expect(events.map(\.swiftName?.value) == [nil, nil, "onData2", nil])
        #expect(events[0].description?.hasSuffix("a URL given to `subscribe` or `updateStream`.") == true)
        #expect(
            events[1].description
                == "The status changed.\n\nSent to `{$request.body#/callbackUrl}`, a URL given to `subscribe` or `createPayment`."
        )
        let swift = try #require(output.files.first { $0.name == "Webhooks.swift" }?.contents)
        #expect(
            swift.contains(#"public static let routes: [String] = ["data", "statusChanged", "OnData", "payment-data"]"#)
        )
        #expect(swift.contains("throw WebhookEvents.noRoute(routes)"))
        #expect(swift.contains("func createPaymentOnData(_ event: Status) async throws"))
        let check = try await SwiftCompiler.compile(output, module: "Streams")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
        let spec = try #require(Importer.importOpenAPI(text: text, path: "callbacks.yaml").spec)
        #expect(spec.contains("      route: payment-data\n"))
        #expect(generate(spec, path: "callbacks.yaml").files.map(\.contents) == output.files.map(\.contents))
        try Self.expectGolden(swift: output, named: "callbacks")
        try Self.expectGolden(text: spec, named: "callbacks.imported.yaml")
    }

    /// A document whose `security` lists `{}` (no credentials) before its scheme, as 3GPP's 5G core documents
    /// do (119 of the 141 with callbacks), generates: `{}` is no default scope.
    @Test func noCredentialsListedFirstIsNoDefaultScope() async throws {
        let document = """
            openapi: 3.0.0
            info: {title: Monitoring, version: "1"}
            servers: [{url: "https://example.com"}]
            security:
              - {}
              - oAuth2ClientCredentials: []
            paths:
              /things:
                get:
                  operationId: things
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string}}}}
            components:
              securitySchemes:
                oAuth2ClientCredentials:
                  type: oauth2
                  flows:
                    clientCredentials:
                      tokenUrl: "{tokenUrl}"
                      scopes: {}
            """
        let output = Self.generate(document, path: "monitoring.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let check = try await SwiftCompiler.compile(output, module: "Monitoring")
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A `$ref` is a URI: its fragment's JSON pointer is percent-decoded before it is read (`%7Bid%7D` is
    /// `{id}`), as 3GPP's documents write their references into `paths`, in the document and in others.
    @Test func aReferencesPercentEncodedPointerIsFollowed() {
        let document = """
            openapi: 3.0.0
            info: {title: Things, version: "1"}
            servers: [{url: "https://example.com"}]
            paths:
              /things/{id}:
                get:
                  operationId: thing
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: string}}}}
                delete:
                  operationId: deleteThing
                  parameters:
                    - $ref: "#/paths/~1things~1%7Bid%7D/get/parameters/0"
                  responses:
                    "204": {description: Deleted.}
            """
        let output = Self.generate(document, path: "things.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.files.map(\.contents).joined().contains("func deleteThing(id: String)"))
    }

    static func expectCompilesAndImports(
        _ output: Pipeline.Output,
        text: String,
        path: String,
        module: String,
        golden: String
    ) async throws {
        let check = try await SwiftCompiler.compile(output, module: module)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
        let spec = try #require(Importer.importOpenAPI(text: text, path: path).spec)
        #expect(Self.generate(spec, path: path).files.map(\.contents) == output.files.map(\.contents))
        try Self.expectGolden(swift: output, named: golden)
        try Self.expectGolden(text: spec, named: "\(golden).imported.yaml")
    }

    /// Streamed answers of a description: a JSON answer with a `text/event-stream` beside it becomes the
    /// endpoint's `…Stream` method, which sends the body's boolean `stream` as `true` (ended by `[DONE]`, which
    /// the description names); an endpoint that only streams answers with the stream; JSON Lines too, asked for
    /// by a boolean `stream` query parameter; a stream that nothing in the request asks for is a warning.
    @Test func streamedAnswersBecomeStreams() async throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("streams.yaml"), encoding: .utf8)
        let output = Self.generate(text, path: "streams.yaml")
        let warnings = output.diagnostics.map { "\($0.location.line): \($0.message)" }
        #expect(
            warnings == [
                "45: the response headers of a stream are not read; its values are"
            ]
        )
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("-> Endpoint<Completion>"))
        #expect(swift.contains("-> Endpoint<ResponseStream<CompletionChunk>>"))
        #expect(swift.contains("JSONBodyWithFields(body, adding: [\"stream\": true])"))
        #expect(swift.contains(".serverSentEvents(of: CompletionChunk.self, terminator: \"[DONE]\")"))
        #expect(swift.contains("public func streamRunEvents(runId: String) -> APIStream<StreamRunEventsEvent, Never>"))
        #expect(swift.contains("decoding: .jsonLines(of: LogEntry.self)"))
        // `stream_format: [audio, sse]` asks for the events; the plain method's answer is the audio.
        #expect(swift.contains(#"JSONBodyWithFields(body, adding: ["stream_format": "sse"])"#))
        #expect(swift.contains("func createSpeech(body: CreateSpeechRequest) async throws(APIError<Never>) -> Data"))
        // A multipart body's boolean `stream` part asks for the events; the plain method leaves it out.
        #expect(swift.contains(#"MultipartField.text("stream", true)"#))
        #expect(swift.components(separatedBy: #"MultipartField.text("stream""#).count == 2)
        #expect(swift.contains("public static func createTranscriptionStream("))
        #expect(!swift.contains("createTranscriptionStreamWithProgress"))
        // A boolean `stream` query parameter asks for the JSON Lines; the plain method leaves it out.
        #expect(swift.contains(#"query: [QueryItem("since", since), QueryItem("stream", true)]"#))
        #expect(swift.contains(#"query: [QueryItem("since", since)]"#))
        #expect(swift.contains("public func listEventsStream(since: Int? = nil) -> APIStream<LogEntry, Never>"))
        try await Self.expectCompilesAndImports(
            output,
            text: text,
            path: "streams.yaml",
            module: "Streams",
            golden: "streams"
        )
    }

    /// List operations page as the large APIs' descriptions show it (a `Link` header, Stripe's `has_more` with
    /// `starting_after`, its searches' `next_page`), and lists that show too little, or whose methods would
    /// clash, do not; the imported spec says `pages:` and generates the same Swift.
    @Test func listsPageAsTheirDescriptionsShow() async throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("pages.yaml"), encoding: .utf8)
        let output = Self.generate(text, path: "pages.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let client = output.files.first { $0.name == "Client.swift" }?.contents ?? ""
        #expect(client.contains("paging: .link()"))
        #expect(
            client.contains(#"paging: .after("starting_after", lastID: { $0.data.last?.id }, hasMore: { $0.hasMore })"#)
        )
        #expect(client.contains(#"paging: .cursor("page", next: { $0.nextPage })"#))
        for paging in [
            #"paging: .after("after", lastID: { $0.data.last?.id }, hasMore: { $0.hasMore })"#,
            #"paging: .cursor("continue", next: { $0.metadata?.continue })"#,
            #"paging: .cursor("cursor", next: { $0.responseMetadata?.nextCursor })"#,
            #"paging: .url(next: { $0.next?.absoluteString })"#,
            #"paging: .url(next: { $0.links?.pages?.next })"#,
            #"paging: .url(next: { $0.nextPageUri })"#,
        ] {
            #expect(client.contains(paging), "\(paging)")
        }
        for unpaged in ["allLabels", "allNotes", "allEvents", "refundsPages", "allTags"] {
            #expect(!client.contains("func \(unpaged)("), "\(unpaged)")
        }
        try await Self.expectCompilesAndImports(
            output,
            text: text,
            path: "pages.yaml",
            module: "Pages",
            golden: "pages"
        )
    }

    /// A request body of `*/*` (as GitHub's release asset upload has) is bytes when its schema is, sent as
    /// `application/octet-stream`; otherwise JSON, sent as `application/json`: never a `*/*` content type.
    @Test func anyMediaTypeBodiesAreBytesOrJSON() {
        let document = """
            openapi: 3.0.3
            info: {title: Any, version: "1"}
            paths:
              /assets:
                post:
                  operationId: uploadAsset
                  requestBody:
                    content:
                      "*/*": {schema: {type: string, format: binary}}
                  responses: {"201": {description: Stored.}}
              /notes:
                post:
                  operationId: addNote
                  requestBody:
                    content:
                      "*/*": {schema: {type: object, properties: {text: {type: string}}}}
                  responses: {"201": {description: Stored.}}
            """
        let output = Self.generate(document, path: "any.yaml")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains(#"body: .data(data, contentType: "application/octet-stream")"#))
        #expect(swift.contains("body: body.map { .json($0) }"))
        #expect(!swift.contains("*/*"))
    }

    /// JSON allows C1 control characters (U+0080 to U+009F) in strings, which YAML, which reads JSON, does not:
    /// a JSON document with them still reads, the characters escaped.
    @Test func jsonWithC1ControlCharactersReads() {
        let json =
            "{\"openapi\": \"3.0.0\", \"info\": {\"title\": \"C1\", \"description\": \"a\u{9F}b\"},\n\"paths\": {}}"
        let output = Self.generate(json, path: "c1.json")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(output.files.map(\.contents).joined().contains("a\\u{9F}b"))
        #expect(YAMLReader.jsonWithEscapedC1Controls("a: \"\u{9F}\"") == "a: \"\u{9F}\"", "YAML stays as it is")
    }

    /// A cycle of `allOf` references (which once exhausted the stack; the fuzzer found it) and schemas nested
    /// deeper than any API's end in files or diagnostics.
    @Test func cyclesAndDeepNestingAreNotCrashes() {
        let cycle = """
            openapi: 3.0.0
            info: {title: Cycle}
            servers: [{url: https://x.example}]
            components:
              schemas:
                A: {allOf: [{$ref: "#/components/schemas/B"}, {properties: {a: {type: string}}}]}
                B: {allOf: [{$ref: "#/components/schemas/A"}]}
                C: {type: object, properties: {b: {$ref: "#/components/schemas/B"}}}
            """
        let output = Self.generate(cycle, path: "cycle.yaml")
        #expect(output.hasErrors || !output.files.isEmpty)
        let nested =
            String(repeating: "{type: array, items: ", count: 300) + "{type: string}"
            + String(repeating: "}", count: 300)
        let deep =
            "openapi: 3.0.0\ninfo: {title: Deep}\nservers: [{url: https://x.example}]\ncomponents:\n  schemas:\n    D: {type: object, properties: {d: \(nested)}}\n"
        let deepOutput = Self.generate(deep, path: "deep.yaml")
        #expect(!deepOutput.hasErrors, "\(deepOutput.diagnostics)")
        #expect(deepOutput.diagnostics.contains { $0.message.contains("nested deeper than 24 levels") })
        // Past the 16 levels a type may nest, lists are any JSON (the compiler's time doubles with each level).
        #expect(deepOutput.diagnostics.contains { $0.message.hasPrefix("lists and maps nested deeper than 16 levels") })
        #expect(deepOutput.files.map(\.contents).joined().contains("public var d: [[[[[[[JSON]]]]]]]?"))
    }

    /// `specsmith import` writes a spec that generates exactly the Swift the document does.
    @Test func anImportedSpecGeneratesTheSameSwift() throws {
        let document = try Self.bookshelf()
        let (spec, diagnostics) = Importer.importOpenAPI(text: document, path: "bookshelf.yaml")
        let text = try #require(spec, "\(diagnostics)")
        #expect(text.hasPrefix("# Imported by specsmith from bookshelf.yaml."))
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        let fromDocument = Self.generate(document, path: "bookshelf")
        let fromSpec = Self.generate(text, path: "bookshelf")
        #expect(fromSpec.diagnostics.isEmpty, "\(fromSpec.diagnostics)\n\(text)")
        #expect(fromSpec.files.map(\.name) == fromDocument.files.map(\.name))
        for (imported, direct) in zip(fromSpec.files, fromDocument.files) {
            #expect(
                imported.contents == direct.contents,
                "\(TestSupport.diff(expected: direct.contents, actual: imported.contents))"
            )
        }
        // A broken document imports nothing.
        #expect(Importer.importOpenAPI(text: "openapi: 3.0.0\n", path: "x.yaml").spec == nil)
    }

    /// Seeded random damage to the document ends in diagnostics or files, never a crash; what generates,
    /// imports to a spec that generates the same, and compiles (checked for a sample).
    @Test(arguments: ["Bookshelf", "kennel-swagger2.yaml", "more-real-world-shapes.yaml"])
    func damagedDocumentsNeverCrashTheGenerator(document: String) async throws {
        let text =
            document == "Bookshelf"
            ? try Self.bookshelf()
            : try String(contentsOf: Self.directory.appendingPathComponent(document), encoding: .utf8)
        var random = SeededGenerator(state: 2027)
        var outcomes = (errors: 0, generated: 0)
        var compiled = 0
        for _ in 0..<(document == "Bookshelf" ? 300 : 150) {
            var characters = Array(text)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.remove(at: index)
                case 1: characters.insert(contentsOf: RobustnessTests.pieces.randomElement(using: &random)!, at: index)
                default: characters[index] = RobustnessTests.pieces.randomElement(using: &random)!.first ?? " "
                }
            }
            let output = Self.generate(String(characters))
            if output.hasErrors {
                outcomes.errors += 1
                #expect(output.files.isEmpty)
            } else {
                outcomes.generated += 1
                // Whatever generates imports to a spec that generates the same.
                let spec = Importer.importOpenAPI(text: String(characters), path: "bookshelf.yaml").spec
                let again = spec.map { Self.generate($0) }
                #expect(again?.files.map(\.contents) == output.files.map(\.contents), "\(spec ?? "no spec")")
                if compiled < 3 && Int.random(in: 0..<20, using: &random) == 0 {
                    compiled += 1
                    let check = try await SwiftCompiler.compile(output, module: "Damaged")
                    #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)\n\(String(characters))")
                }
            }
        }
        #expect(outcomes.errors > 0 && outcomes.generated > 0, "\(outcomes)")
    }

    @Test(arguments: [
        (
            "swagger: \"1.2\"\ninfo: {title: Old}\npaths: {}\n",
            [
                "1:10: error: Swagger 1.2 is not a version this reads; it reads Swagger 2.0 and OpenAPI 3.0 and 3.1"
            ]
        ),
        (
            "swagger: \"2.0\"\ninfo: {title: Old}\nhost: x.example\npaths:\n  /a:\n    get:\n      parameters: [{$ref: \"#/parameters/gone\"}]\n      responses: {\"200\": {description: OK, schema: {$ref: \"#/definitions/Gone\"}}}\n",
            [
                "7:27: error: `#/parameters/gone` refers to nothing in this document; references to parameters read `#/parameters/Name`",
                "8:59: error: `#/definitions/Gone` refers to no schema of this document; references read `#/definitions/Name`",
            ]
        ),
        (
            "openapi: 4.0.0\ninfo: {title: X}\n",
            ["1:10: error: OpenAPI 4.0.0 is not a version this reads; it reads 3.0 and 3.1"]
        ),
        (
            "openapi: 3.0.0\ninfo: {title: X}\nservers: [{url: https://x.example}]\ncomponents:\n  schemas:\n    A:\n      properties:\n        b: {$ref: \"#/components/schemas/Missing\"}\n",
            [
                "8:19: error: `#/components/schemas/Missing` refers to no schema of this document; references read `#/components/schemas/Name`"
            ]
        ),
        (
            "openapi: 3.0.0\nservers: [{url: https://x.example}]\npaths: {}\n",
            ["1:1: error: the document needs an `info` with a `title`"]
        ),
        (
            "openapi: 3.0.0\ninfo: {title: X}\ncomponents:\n  schemas:\n    A: {properties: {b: {$ref: \"b.yaml\"}, c: {$ref: \"https://x.example/c.yaml\"}}}\n",
            [
                "5:32: error: `doc-folder/b.yaml` cannot be read",
                "5:53: error: `https://x.example/c.yaml` refers to a URL, which is not followed; download the file next to the document and refer to it by its path",
            ]
        ),
    ])
    func brokenDocumentsAreErrorsAtTheirPlace(text: String, expected: [String]) {
        let output = Self.generate(text, path: "doc-folder/doc.yaml")
        let errors = output.diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.line):\($0.location.column): error: \($0.message)\($0.hint.map { "; \($0)" } ?? "")" }
        #expect(errors == expected)
        #expect(output.files.isEmpty)
    }

    /// A document that refers to more files than a document may bring in (5,000) is one error, at the first
    /// reference past the limit, not one per reference (DigitalOcean's 2,900 files once gave 1,555 errors).
    @Test func tooManyFilesIsOneError() {
        var lines = ["openapi: 3.1.0", "info: {title: Many, version: \"1\"}", "components:", "  schemas:"]
        for number in 0..<5_010 { lines.append("    S\(number): {$ref: \"schemas/s\(number).yaml\"}") }
        let output = Pipeline.generate(text: lines.joined(separator: "\n") + "\n", path: "many.yaml") { _ in
            "type: string\n"
        }
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["the document refers to more than 5000 other files"])
        #expect(errors.first?.location.line == 5_005)
    }
}
