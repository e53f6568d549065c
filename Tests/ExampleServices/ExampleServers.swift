public import Hummingbird

/// A server of one of the examples in `Specs/`, as `example-servers` serves it for schemathesis and the official
/// SDKs' checks: its routes, the path of the spec's base URL they are mounted under, and the request headers
/// whose credentials its service grants.
public struct ExampleServer: Sendable {
    /// The spec's name, such as `Notes`.
    public let name: String
    /// The path of the spec's `baseURL` (`/v1`), under which the routes are mounted, as the API serves them:
    /// an official SDK given the server's host sends `/v1/customers`. Empty for none.
    public let basePath: String
    /// Headers that carry credentials the service accepts, for the endpoints that need them.
    public let headers: [String: String]
    /// Adds the server's routes to a group of a router.
    public let register: @Sendable (RouterGroup<BasicRequestContext>) -> Void
}

/// The servers of the examples whose specs have the server flavour, each over the service its loopback tests use.
public let exampleServers: [ExampleServer] = [
    ExampleServer(name: "Countries", basePath: "/v2", headers: [:]) { CountriesBook().registerRoutes(on: $0) },
    ExampleServer(name: "Notes", basePath: "/api/v2", headers: [:]) { NotesDesk().registerRoutes(on: $0) },
    ExampleServer(name: "Shop", basePath: "/api", headers: ["Authorization": "Bearer \(ShopDesk.guestToken)"]) {
        ShopDesk(breaksContract: false).registerRoutes(on: $0)
    },
    ExampleServer(name: "GitHubIssues", basePath: "", headers: [:]) { IssueTracker().registerRoutes(on: $0) },
    ExampleServer(name: "Payments", basePath: "/v1", headers: ["Authorization": "Bearer sk_test"]) {
        PaymentsDesk().registerRoutes(on: $0)
    },
    ExampleServer(name: "Chat", basePath: "/v1", headers: ["Authorization": "Bearer sk-test"]) { group in
        var desk = ChatDesk()
        desk.sendsUnlistedEvents = false
        desk.maxChunks = 100  // so that schemathesis reads every stream to its end
        desk.registerRoutes(on: group)
    },
    // The operator's basic credentials reach every endpoint but those of the app's key.
    ExampleServer(name: "Files", basePath: "/v1", headers: ["Authorization": "Basic b3BzOnB3"]) { group in
        FilesDesk().registerRoutes(on: group)
    },
    // A cut of Slack's own description, served for slack_sdk (scripts/sdk-check.py).
    ExampleServer(name: "SlackWeb", basePath: "/api", headers: ["Authorization": "Bearer \(SlackWorkspace.token)"]) {
        SlackWorkspace().registerRoutes(on: $0)
    },
    // A cut of DigitalOcean's own description, spread over files, served for pydo (scripts/sdk-check.py).
    ExampleServer(
        name: "DigitalOcean",
        basePath: "",
        headers: ["Authorization": "Bearer \(DigitalOceanAccount.token)"]
    ) { DigitalOceanAccount().registerRoutes(on: $0) },
]
