public import Hummingbird

/// A server of one of the examples in `Specs/`, as `example-servers` serves it for schemathesis: its routes,
/// and the request headers whose credentials its service grants.
public struct ExampleServer: Sendable {
    /// The spec's name, such as `Notes`.
    public let name: String
    /// Headers that carry credentials the service accepts, for the endpoints that need them.
    public let headers: [String: String]
    /// Adds the server's routes to a router.
    public let register: @Sendable (Router<BasicRequestContext>) -> Void
}

/// The servers of the examples whose specs have the server flavour, each over the service its loopback tests use.
public let exampleServers: [ExampleServer] = [
    ExampleServer(name: "Countries", headers: [:], register: registerCountries),
    ExampleServer(name: "Notes", headers: [:]) { register(NotesDesk())($0) },
    ExampleServer(name: "Shop", headers: ["Authorization": "Bearer \(ShopDesk.guestToken)"]) { router in
        ShopDesk(breaksContract: false).registerRoutes(on: router)
    },
    ExampleServer(name: "GitHubIssues", headers: [:], register: registerIssues),
    ExampleServer(name: "Payments", headers: ["Authorization": "Bearer sk_test"]) { register(PaymentsDesk())($0) },
    ExampleServer(name: "Chat", headers: ["Authorization": "Bearer sk-test"]) { router in
        var desk = ChatDesk()
        desk.sendsUnlistedEvents = false
        desk.maxChunks = 100  // so that schemathesis reads every stream to its end
        register(desk)(router)
    },
    // The operator's basic credentials reach every endpoint but those of the app's key.
    ExampleServer(name: "Files", headers: ["Authorization": "Basic b3BzOnB3"]) { register(FilesDesk())($0) },
]
