// `specsmith-mock` is built only with the package trait MockServer (which enables Webhooks): without it, its one
// error says so, not the first of its dependencies' (SpecsmithWebhooks' would name the wrong trait).
#if MockServer
    import ArgumentParser
    import Foundation
    import SpecsmithCore
    import SpecsmithMockServer
    import SpecsmithWebhooks

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// `specsmith-mock`: a server that follows a spec, for working and testing without the real one.
    @main
    struct MockCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "specsmith-mock",
            abstract:
                "Serve a mock of a spec's API over HTTP: requests checked against the spec, answers from its samples.",
            discussion: """
                Every endpoint of the spec (a Specsmith spec or an OpenAPI document) is routed. A request that \
                does not follow the spec is answered with 400 (401 or 403 for missing or wrong credentials) and a \
                JSON body naming what was wrong; others with the endpoint's sample, or a value made from its \
                answer's type. Request headers: `Prefer: code=404` answers with another documented status, \
                `Prefer: dynamic=true` with a made value over the sample, `Prefer: latency=300` after 300 ms. \
                One line per request goes to standard output. With `--send-webhook EVENT --to URL --secret S`, it \
                serves nothing: it delivers one signed webhook event (its sample, or a value made from its type) to \
                URL (URL/ROUTE for an event named by its route), as the API would, and exits 0 when the receiver \
                answers 2xx.
                """
        )

        @ArgumentParser.Argument(help: "The spec: a Specsmith spec or an OpenAPI document, YAML or JSON.")
        var spec: String

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on; 0 for any free one.")
        var port = 8080

        @Option(help: ArgumentHelp("Latency added to every answer, in milliseconds.", valueName: "milliseconds"))
        var latency = 0

        @Option(help: ArgumentHelp("The config file whose options win over the spec's.", valueName: "path"))
        var config: String?

        @Option(
            name: .customLong("token"),
            help: ArgumentHelp(
                "Credentials given to a scope (repeatable): a token, an API key, or user:password. Then only a scope's own credentials pass where it may call; others get 403, unknown ones 401.",
                valueName: "scope=credentials"
            )
        )
        var tokens: [String] = []

        @Flag(help: "Log nothing per request.")
        var quiet = false

        @Option(
            name: .customLong("send-webhook"),
            help: ArgumentHelp(
                "Deliver one webhook event of the spec, signed as the API signs, instead of serving.",
                valueName: "event"
            )
        )
        var sendWebhook: String?

        @Option(
            help: ArgumentHelp(
                "With --send-webhook, the alternative of an event whose body is a union to make, by its tag (opened).",
                valueName: "tag"
            )
        )
        var alternative: String?

        @Option(
            help: ArgumentHelp(
                "With --send-webhook, a file whose JSON is the body to deliver, as it is.",
                valueName: "path"
            )
        )
        var body: String?

        @Option(help: ArgumentHelp("Where --send-webhook delivers: the receiver's URL.", valueName: "url"))
        var to: String?

        @Option(
            help: ArgumentHelp(
                "The secret --send-webhook signs with (whsec_… for Standard Webhooks).",
                valueName: "secret"
            )
        )
        var secret: String?

        func validate() throws {
            if sendWebhook != nil && (to == nil || secret == nil) {
                throw ValidationError("--send-webhook needs --to URL and --secret SECRET")
            }
            if sendWebhook == nil && (to != nil || secret != nil || alternative != nil || body != nil) {
                throw ValidationError("--to, --secret, --alternative and --body go with --send-webhook EVENT")
            }
            if alternative != nil && body != nil {
                throw ValidationError("--alternative makes a body, --body gives one: not both")
            }
        }

        func run() async throws {
            let resolved: (API?, [Diagnostic])
            do {
                resolved = try Pipeline.resolve(
                    specAt: spec,
                    configAt: config ?? Pipeline.defaultConfig(forSpecAt: spec)
                )
            } catch {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(2)
            }
            for diagnostic in resolved.1 {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            guard let api = resolved.0 else { throw ExitCode(1) }
            if let event = sendWebhook, let to, let secret {
                try await deliver(event, of: api, to: to, secret: secret)
                return
            }
            var mock = MockServer(api: api)
            let scopes = api.auth?.scopes.map(\.specName) ?? []
            for given in tokens {
                guard let equals = given.firstIndex(of: "="), scopes.contains(String(given[..<equals])) else {
                    let known =
                        scopes.isEmpty ? "the spec has no scopes" : "its scopes are " + scopes.joined(separator: ", ")
                    FileHandle.standardError.write(
                        Data(
                            "error: `--token \(given)` must be scope=credentials, of a scope of the spec; \(known)\n"
                                .utf8
                        )
                    )
                    throw ExitCode(2)
                }
                mock.tokens[String(given[..<equals]), default: []].insert(String(given[given.index(after: equals)...]))
            }
            let quiet = self.quiet
            let server = MockHTTPServer(
                mock: mock,
                host: host,
                port: port,
                latency: .milliseconds(max(0, latency)),
                log: { line in
                    guard !quiet else { return }
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
            )
            let host = self.host
            // An endpoint's `stream:` second method is the same endpoint, on its method and path.
            let count = Set(api.operations.map { "\($0.method) \($0.path)" }).count
            try await server.run { port in
                FileHandle.standardOutput.write(
                    Data("Mock of \(api.name) (\(count) endpoints) on http://\(host):\(port)\n".utf8)
                )
            }
        }

        /// Delivers the webhook event `name` of `api`, signed with `secret`, to `url`, and says what the receiver
        /// answered: exit status 0 for 2xx, 1 otherwise.
        private func deliver(_ name: String, of api: API, to url: String, secret: String) async throws {
            func fail(_ message: String, status: Int32 = 1) -> ExitCode {
                FileHandle.standardError.write(Data("error: \(message)\n".utf8))
                return ExitCode(status)
            }
            var written: String?
            if let body {
                guard let text = try? String(contentsOfFile: body, encoding: .utf8) else {
                    throw fail("cannot read \(body)", status: 2)
                }
                written = text
            }
            let delivery: MockWebhookDelivery
            switch MockWebhookDelivery.of(name, in: api, alternative: alternative, body: written) {
            case .success(let made): delivery = made
            case .failure(let error): throw fail(error.message, status: 2)
            }
            guard var target = URL(string: url), ["http", "https"].contains(target.scheme?.lowercased() ?? "") else {
                throw fail("--to must be an http or https URL, not `\(url)`", status: 2)
            }
            // An event named by its route comes to the receiver's URL and its route.
            if let route = delivery.route { target.appendPathComponent(route) }
            guard let kind = WebhookScheme.Kind(rawValue: delivery.signature) else {
                throw fail("the spec's signature `\(delivery.signature)` is not one this mock signs", status: 2)
            }
            let scheme = WebhookScheme(kind, tolerance: Double(delivery.tolerance ?? 300))
            let body = Data(delivery.body.utf8)
            let id = "msg_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let signed: [(name: String, value: String)]
            do {
                signed = try WebhookSigner(scheme: scheme, secret: secret).headers(for: body, id: id)
            } catch {
                throw fail(error.description, status: 2)
            }
            var request = URLRequest(url: target)
            request.httpMethod = "POST"
            request.httpBody = body
            for header in delivery.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
            for header in signed { request.setValue(header.value, forHTTPHeaderField: header.name) }
            let answer: (Data, URLResponse)
            do {
                answer = try await URLSession.shared.data(for: request)
            } catch {
                throw fail(
                    "the delivery of `\(name)` to \(target.absoluteString) failed: \(error.localizedDescription)"
                )
            }
            let status = (answer.1 as? HTTPURLResponse)?.statusCode ?? 0
            let line = "Delivered `\(name)` (\(scheme), id \(id)) to \(target.absoluteString): \(status)"
            guard (200..<300).contains(status) else {
                let text = String(decoding: answer.0.prefix(2_000), as: UTF8.self)
                throw fail(line + (text.isEmpty ? "" : "\n" + text))
            }
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
#else
    #error(
        "specsmith-mock needs the package trait MockServer: `swift run --traits MockServer specsmith-mock SPEC`, or in Package.swift `.package(url: …, from: …, traits: [\"MockServer\"])`; Specsmith's own build: `swift build --enable-all-traits`"
    )
#endif
