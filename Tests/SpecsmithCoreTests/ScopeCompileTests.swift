import Foundation
import SpecsmithCore
import Testing

/// Compile-fail tests of authorization scopes: the Shop spec is generated in each style and type-checked by
/// `swiftc` together with snippets that use it, against the built SpecsmithRuntime module (and
/// SpecsmithCombine with OpenCombine for the Combine flavour).
///
/// A call a client's scope does not grant must not compile, with a diagnostic naming the method; calls it
/// grants must compile.
@Suite struct ScopeCompileTests {
    static let granted = """
        import Foundation
        import SpecsmithRuntime

        func customerCallsEveryScope(_ customer: ShopClient<Scope.Customer>) async throws {
            _ = try await customer.profile()
            _ = try await customer.updateProfile(firstName: "Jane")
            _ = try await customer.uploadImage(Data())
            _ = try await customer.categories()
            try await customer.sendFeedback(email: "a@b.c", message: "Hi")
            _ = try await customer.login(email: "a@b.c", password: "secret")
        }

        func guestCallsGuestAndPublicEndpoints(_ guest: ShopClient<Scope.Guest>) async throws {
            _ = try await guest.categories()
            try await guest.sendFeedback(email: "a@b.c", message: "Hi")
            _ = try await guest.refreshToken(refreshToken: "r")
        }

        func publicClientNeedsNoCredentials() async throws {
            let shop = ShopClient<Scope.Public>()
            _ = try await shop.login(email: "a@b.c", password: "secret")
            let guest: ShopClient<Scope.Guest> = shop.authorized(as: Scope.Guest.self, credentials: .token("t"))
            _ = try await guest.categories()
        }

        func publishersFollowTheSameScopes(_ customer: ShopClient<Scope.Customer>, _ guest: ShopClient<Scope.Guest>) {
            _ = customer.profilePublisher()
            _ = customer.sendFeedbackPublisher(email: "a@b.c", message: "Hi")
            _ = guest.categoriesPublisher()
            _ = guest.loginPublisher(email: "a@b.c", password: "secret")
        }
        """

    static let grantedEndpointValues = """
        func customerSendsEndpointValues(_ customer: ShopClient<Scope.Customer>) async throws {
            _ = try await customer.send(ShopAPI.profile())
            _ = try await customer.send(ShopAPI.categories())
            _ = try await customer.send(ShopAPI.login(email: "a@b.c", password: "secret"))
            _ = customer.publisher(for: ShopAPI.profile())
            _ = customer.publisher(for: ShopAPI.categories())
        }
        """

    /// Each line that must not compile, with the name the diagnostic must mention.
    static let refused: [(code: String, method: String)] = [
        ("_ = try await guest.profile()", "profile()"),
        ("_ = try await guest.updateProfile(lastName: \"Doe\")", "updateProfile"),
        ("_ = try await guest.uploadImage(Data())", "uploadImage"),
        ("_ = try await anonymous.categories()", "categories()"),
        ("try await anonymous.sendFeedback(email: \"a@b.c\", message: \"Hi\")", "sendFeedback"),
        ("_ = ShopClient<Scope.Guest>()", "init"),
        ("_ = guest.profilePublisher()", "profilePublisher()"),
        ("_ = anonymous.categoriesPublisher()", "categoriesPublisher()"),
    ]

    static let refusedEndpointValues: [(code: String, method: String)] = [
        ("_ = try await guest.send(ShopAPI.profile())", "AuthorizedEndpoint<Scope.Customer"),
        ("_ = try await anonymous.send(ShopAPI.categories())", "send"),
        ("_ = guest.publisher(for: ShopAPI.profile())", "AuthorizedEndpoint<Scope.Customer"),
    ]

    static func refusedSource(_ lines: [(code: String, method: String)]) -> String {
        var source = """
            import Foundation
            import SpecsmithRuntime

            func refused(_ guest: ShopClient<Scope.Guest>, _ anonymous: ShopClient<Scope.Public>) async throws {

            """
        for line in lines {
            source += "    \(line.code)\n"
        }
        return source + "}\n"
    }

    /// Type-checks the Shop client generated in `style` with `snippet` as one module.
    func typeCheck(style: API.Style, snippet: String) async throws -> SwiftCompiler.Check {
        let spec = TestSupport.packageRoot.appendingPathComponent("Specs/Shop.yaml")
        return try await typeCheck(try String(contentsOf: spec, encoding: .utf8), style: style, snippet: snippet)
    }

    /// Type-checks the client generated from `spec` in `style` with `snippet` as one module.
    func typeCheck(_ spec: String, style: API.Style, snippet: String) async throws -> SwiftCompiler.Check {
        // RxSwift is not among this package's dependencies; its scope checks are the same `where` clauses.
        let overrides = Pipeline.Overrides(style: style, flavours: [.async, .combine])
        let output = Pipeline.generate(text: spec, path: "spec.yaml", overrides: overrides) { _ in nil }
        #expect(!output.hasErrors)
        return try await SwiftCompiler.compile(
            output,
            module: "ShopCheck",
            extra: [("Snippet.swift", snippet)],
            typeCheckOnly: true
        )
    }

    @Test(arguments: [API.Style.endpoints, .resources])
    func grantedCallsCompile(style: API.Style) async throws {
        let snippet = Self.granted + (style.hasFactories ? "\n" + Self.grantedEndpointValues : "")
        let check = try await typeCheck(style: style, snippet: snippet)
        #expect(check.status == 0, "\(check.diagnostics)")
    }

    @Test(arguments: [API.Style.endpoints, .resources])
    func callsTheScopeDoesNotGrantDoNotCompile(style: API.Style) async throws {
        let lines = Self.refused + (style.hasFactories ? Self.refusedEndpointValues : [])
        let check = try await typeCheck(style: style, snippet: Self.refusedSource(lines))
        #expect(check.status != 0)
        let errors = check.diagnostics.split(separator: "\n").filter {
            $0.contains("Snippet.swift:") && $0.contains(": error:")
        }
        for (index, line) in lines.enumerated() {
            // The function's body starts on line 5 of the snippet.
            let onLine = errors.filter { $0.contains("Snippet.swift:\(index + 5):") }
            #expect(!onLine.isEmpty, "`\(line.code)` compiled")
            #expect(onLine.contains { $0.contains(line.method) }, "\(onLine) does not name \(line.method)")
        }
        #expect(errors.count >= lines.count)
    }

    /// Several schemes, OAuth 2 scope names, an endpoint taking either of two scopes and one with optional
    /// credentials, from the `auth-schemes` snippet.
    @Test(arguments: [API.Style.endpoints, .resources])
    func alternativesAndOptionalCredentialsCompileAndRefuse(style: API.Style) async throws {
        let fragment = try String(
            contentsOf: SnippetTests.directory.appendingPathComponent("auth-schemes.yaml"),
            encoding: .utf8
        )
        let spec = "name: Snippet\nbaseURL: https://api.example.com/v1\n" + fragment
        let snippet = """
            import SpecsmithRuntime

            func granted(_ writer: SnippetClient<Scope.RepoWrite>, _ app: SnippetClient<Scope.App>) async throws {
                try await writer.search(); try await writer.trending(); try await writer.repo(); try await writer.push()
                try await app.search(); try await app.trending()
                let admin = app.authorized(as: Scope.Admin.self, credentials: .basic(user: "a", password: "b"))
                try await admin.audit(); try await admin.push(); try await admin.search()
                try await SnippetClient<Scope.Public>().trending()
                _ = (Scope.RepoRead.oauth2Scope, Scope.RepoRead.tokenURL, Scope.App.authScheme)
            }

            func refused(
                _ reader: SnippetClient<Scope.RepoRead>, _ app: SnippetClient<Scope.App>, _ anonymous: SnippetClient<Scope.Public>
            ) async throws {
                try await reader.push()
                try await app.repo()
                try await anonymous.search()
                try await reader.audit()
            }
            """
        let check = try await typeCheck(spec, style: style, snippet: snippet)
        let errors = check.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 4, "\(check.diagnostics)")
        for (line, method, requirement) in [
            (15, "push()", "RepoWriteAccess"), (16, "repo()", "RepoReadAccess"),
            (17, "search()", "AppOrRepoReadAccess"), (18, "audit()", "AdminAccess"),
        ] {
            #expect(
                errors.contains {
                    $0.contains("Snippet.swift:\(line):") && $0.contains(method) && $0.contains(requirement)
                },
                "no error for \(method) on line \(line): \(errors)"
            )
        }
    }

    /// An OpenAPI document's OAuth 2 scopes are compile-time scopes (the Swagger 2.0 fixture): a `pets:read`
    /// client calls what needs `pets:read` or the scheme alone, not what needs `pets:write` or another scheme.
    @Test func oauthScopesOfADocumentCompileAndRefuse() async throws {
        let document = try String(
            contentsOf: OpenAPITests.directory.appendingPathComponent("kennel-swagger2.yaml"),
            encoding: .utf8
        )
        let snippet = """
            import SpecsmithRuntime

            func granted(_ reader: KennelClient<Scope.PetsRead>, _ writer: KennelClient<Scope.PetsWrite>) async throws {
                _ = try await reader.getPet(petId: 1); _ = try await reader.bookStay(petId: 1, nights: 2)
                _ = try await writer.bookStay(petId: 1, nights: 2); _ = try await reader.listPets()
                _ = Scope.PetsRead.oauth2Scope
            }

            func refused(_ reader: KennelClient<Scope.PetsRead>, _ writer: KennelClient<Scope.PetsWrite>) async throws {
                _ = try await writer.getPet(petId: 1)
                try await reader.deletePet(petId: 1)
            }
            """
        let output = Pipeline.generate(text: document, path: "kennel.yaml") { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let check = try await SwiftCompiler.compile(
            output,
            module: "Kennel",
            extra: [("Snippet.swift", snippet)],
            typeCheckOnly: true
        )
        let errors = check.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 2, "\(check.diagnostics)")
        for (line, method, requirement) in [(10, "getPet", "PetsReadAccess"), (11, "deletePet", "StaffAccess")] {
            #expect(
                errors.contains {
                    $0.contains("Snippet.swift:\(line):") && $0.contains(method) && $0.contains(requirement)
                },
                "no error for \(method) on line \(line): \(errors)"
            )
        }
    }

    /// An endpoint any of many scopes may call (a chat platform's take any of 35) gets a short requirement
    /// name, the first scope and how many others, not all of them joined; each of those scopes calls it, another
    /// does not.
    @Test func aRequirementOfManyScopesHasAShortName() async throws {
        let scopes = ["bot_token", "activities_invites_write", "channels_history_read", "groups_history_read"]
        let spec = """
            name: Chat
            baseURL: https://chat.example.com
            auth:
              scheme: {type: bearer}
              scopes:
            \(scopes.map { "    \($0): {}" }.joined(separator: "\n"))
                admin: {}
              default: admin
            endpoints:
              post:
                method: POST
                path: /post
                scope: [\(scopes.joined(separator: ", "))]
              postAgain:
                method: POST
                path: /post-again
                scope: [\(scopes.dropLast().joined(separator: ", ")), admin]
            """
        let snippet = """
            import SpecsmithRuntime

            func granted(_ bot: ChatClient<Scope.BotToken>, _ groups: ChatClient<Scope.GroupsHistoryRead>) async throws {
                try await bot.post(); try await groups.post(); try await bot.postAgain()
                let _: any Scope.BotTokenOr3OthersAccess.Type = Scope.ChannelsHistoryRead.self
            }

            func refused(_ admin: ChatClient<Scope.Admin>, _ groups: ChatClient<Scope.GroupsHistoryRead>) async throws {
                try await admin.post(); try await groups.postAgain()
            }
            """
        let check = try await typeCheck(spec, style: .endpoints, snippet: snippet)
        let errors = check.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 2, "\(check.diagnostics)")
        #expect(errors.allSatisfy { $0.contains("Snippet.swift:9:") && $0.contains("Or3Others") }, "\(errors)")
    }

    /// Several levels, a scope including two others, an API key in the query, a namespace and an error
    /// enumeration, from the `scopes-resources` snippet.
    @Test(arguments: [API.Style.endpoints, .resources])
    func deeperHierarchiesCompileAndRefuse(style: API.Style) async throws {
        let fragment = try String(
            contentsOf: SnippetTests.directory.appendingPathComponent("scopes-resources.yaml"),
            encoding: .utf8
        )
        let spec = "name: Snippet\nbaseURL: https://api.example.com/v1\n" + fragment
        let snippet = """
            import SpecsmithRuntime

            func admin(_ admin: SnippetClient<Scope.Admin>) async throws {
                try await admin.users.ban(id: 1)
                _ = try await admin.catalog()
                try await admin.status()
            }

            func refused(_ customer: SnippetClient<Scope.Customer>, _ support: SnippetClient<Scope.Support>) async throws {
                try await customer.users.ban(id: 1)
                _ = try await support.catalog()
            }
            """
        let check = try await typeCheck(spec, style: style, snippet: snippet)
        let errors = check.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 2, "\(check.diagnostics)")
        #expect(
            errors.contains {
                $0.contains("Snippet.swift:10:") && $0.contains("ban(id:)") && $0.contains("AdminAccess")
            }
        )
        #expect(
            errors.contains {
                $0.contains("Snippet.swift:11:") && $0.contains("catalog()") && $0.contains("GuestAccess")
            }
        )
    }
}
