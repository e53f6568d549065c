import Testing

@testable import SpecsmithCore

/// A FastAPI app's own description (the most common producer of OpenAPI documents) reads like a hand-written
/// SDK: methods named after the functions, request bodies after their operations, enumeration values in one case
/// (issue 58). The fixture is what FastAPI serves for an app written for these tests with the shapes Prefect's
/// server has (fastapi-app/app.py; RealServers/run.sh checks that FastAPI still serves it so).
@Suite struct FastAPITests {
    static func generate() throws -> Pipeline.Output {
        try UnionTagsTests.generate(fixture: "fastapi-app/served.json")
    }

    /// The measure on the whole description: no method longer than 40 characters, no `Body…` type, no
    /// case with a capital after a small letter and another capital (`startTIMEDESC`), and it compiles.
    @Test func theServedDescriptionReadsAsItsAuthorNamedIt() async throws {
        let output = try Self.generate()
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        let methods = swift.matches(of: /public func (\w+)\(/).map { String($0.output.1) }
        #expect(methods.count >= 9 && methods.allSatisfy { $0.count <= 40 }, "\(methods)")
        #expect(!swift.contains(/(struct|enum) Body/))
        let cases = swift.matches(of: /\n    case (\w+)/).map { String($0.output.1) }
        #expect(cases.contains("startTimeDesc") && cases.contains("notReady"))
        #expect(!cases.contains { $0.contains(/[a-z][A-Z]{2}/) }, "\(cases)")
        // The union of an object of one property, a list and a string: each named by what it is.
        #expect(swift.contains("case labelNames(LabelNames)") && swift.contains("case stringList([String])"))
    }

    /// `read_flow_flows__id__get` is `readFlow`; one function on two paths keeps the fewest of their paths' words
    /// that tell them apart; an id FastAPI did not make stays as it is.
    @Test func operationIDsFastAPIMadeAreTheFunctionsNames() async throws {
        let output = try Self.generate()
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let client = output.files.first { $0.name == "Client.swift" }?.contents ?? ""
        for signature in [
            "func readFlow(id: UUID)", "func updateFlow(id: UUID, body: FlowUpdate)", "func updateFlow(id: UUID, tags:",
            "func readFlows(body: ReadFlowsRequest? = nil)",
            "func createWorkQueueWorkQueues(\n        body: WorkQueueCreate",
            "func createWorkQueueWorkPools(", "func getHealth()",
        ] {
            #expect(client.contains(signature), "\(signature)")
        }
        #expect(!client.contains("FlowsIdGet") && !client.contains("Body"))
        let check = try await SwiftCompiler.compile(output, module: "FastAPI", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A relative server URL (`/api`, a FastAPI app behind a prefix) leaves the host to the caller: the client's
    /// initializer takes the origin, with no default, and requests go below the path; no made-up host.
    @Test func aRelativeServerURLIsAPathBelowTheCallersOrigin() throws {
        let output = try Self.generate()
        let client = output.files.first { $0.name == "Client.swift" }?.contents ?? ""
        #expect(client.contains("public static let basePath = \"/api\""))
        #expect(client.contains("public init(baseURL: URL, transport:"))
        #expect(client.contains("baseURL: baseURL.appendingPathComponent(\"api\")"))
        #expect(!client.contains("api.example.com") && !client.contains("defaultBaseURL"))
        #expect(output.diagnostics.contains { $0.message.contains("names no host") })
    }

    /// `Body_<operationId>`, FastAPI's name for a body of several fields, is named after the operation.
    @Test func bodiesFastAPINamedAfterOperationIDsAreTheOperationsRequests() throws {
        let output = try Self.generate()
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        #expect(models.contains("public struct ReadFlowsRequest: Codable"))
        #expect(!models.contains("BodyReadFlows"))
    }

    /// `START_TIME_DESC` is `startTimeDesc`, as `nameAsc` beside it: every word of one case.
    @Test func screamingSnakeValuesAreWordsOfOneCase() throws {
        let output = try Self.generate()
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        for name in ["case createdDesc", "case nameAsc", "case ready", "case notReady"] {
            #expect(models.contains(name), "\(name)")
        }
        #expect(SwiftName.memberName("START_TIME_DESC") == "startTimeDesc")
        #expect(SwiftName.memberName("EXPECTED_START_TIME_ASC") == "expectedStartTimeAsc")
        #expect(SwiftName.memberName("HTTP_2") == "http2")
        // Names that are not all capitals keep their words' case, acronyms among them.
        #expect(SwiftName.memberName("X-Request-ID") == "xRequestID")
        #expect(SwiftName.memberName("ASC") == "asc")
        #expect(SwiftName.memberName("user_ID") == "userID")
    }

    /// What FastAPI makes, and nothing else: the path and the method must be the id's end, exactly.
    @Test(
        arguments: [
            ("read_flow_flows__id__get", "get", "/flows/{id}", "read_flow"),
            ("create_work_queue_work_queues__post", "post", "/work_queues/", "create_work_queue"),
            ("healthcheck_health_get", "get", "/health", "healthcheck"),
            ("getHealth", "get", "/health", nil),
            ("_flows__id__get", "get", "/flows/{id}", nil),
            ("read_flow_flows__id__post", "get", "/flows/{id}", nil),
            ("read_flow_flows_id_get", "get", "/flows/{id}", nil),
        ] as [(String, String, String, String?)]
    )
    func functionNamesAreFoundOnlyInIDsFastAPIMade(id: String, method: String, path: String, function: String?) {
        #expect(FastAPIOperationIDs.functionName(.init(id: id, method: method, path: path)) == function)
    }

    /// Ids whose paths have the same words cannot be told apart by them: they stay as they are.
    @Test func functionsOnPathsOfTheSameWordsKeepTheirIDs() {
        let names = FastAPIOperationIDs.names([
            .init(id: "read_a_items__id__get", method: "get", path: "/items/{id}"),
            .init(id: "read_a_items__key__get", method: "get", path: "/items/{key}"),
            .init(id: "read_b_items_get", method: "get", path: "/items"),
        ])
        #expect(names == ["read_b_items_get": "read_b"])
    }
}
