/// Reading OpenAPI 3.0 `callbacks`: requests the API sends, once an operation was called, to a URL its caller
/// gave (`{$request.body#/callbackUrl}`). Unlike a webhook's, a callback's body need not say which event it is:
/// the URL does. Each callback's `post` becomes an event of the spec's `webhooks:` named by its route, the
/// callback's name, the URL its user gives the operation being the receiver's `path/<route>`; or, when the API
/// adds a segment to the URL it was given (`{$request.query.callbackUrl}/data`), that segment, the URL given
/// being the receiver's `path`.
extension OpenAPIReader {
    /// Keeps an operation's `callbacks`, to read with the webhooks once every operation is read.
    mutating func keepCallbacks(_ callbacks: YAMLValue, operation: String) {
        callbackNodes.append((operation, callbacks))
    }

    /// The events of the kept callbacks, after the webhooks' events in `webhooks`: a callback shared by several
    /// operations (a `$ref` to `components/callbacks`, or the same callback written in each) is one event;
    /// callbacks of one name that differ are told apart by their operation's name.
    ///
    /// A callback whose `post` asks for an HTTP bearer scheme (CAMARA's `notificationsBearerAuth`, the token its
    /// caller gave as `sinkCredential`) is authenticated so: when every event's is, and neither the document's
    /// nor the config's `webhooks:` names a signature, deliveries carry a bearer token (`signature: bearer`).
    mutating func readCallbacks(_ callbacks: [(operation: String, node: YAMLValue)], into webhooks: inout RawWebhooks) {
        let webhookEvents = webhooks.events.count
        var bearer: [SourceLocation] = []
        var names = Set(webhooks.events.map(\.name.value))
        var routes = Set(webhooks.events.compactMap(\.route?.value))
        // Each `post` read, by where it is written: a shared callback is read once, the operations it follows
        // and its URL said at the end.
        var read: [SourceLocation: (event: Int, expression: String, operations: [String])] = [:]
        // The first `post` of each callback's name, URL and body.
        var shapes: [String: SourceLocation] = [:]
        var swiftNames = Set(webhooks.events.map { $0.swiftName?.value ?? SwiftName.memberName($0.name.value) })
        for (operation, node) in callbacks {
            guard case .mapping(let entries) = node.kind else {
                diagnostics.error("`callbacks` must be a mapping of callbacks by name", at: node.location)
                continue
            }
            for entry in entries {
                guard let callback = dereferenced(entry.value, section: "callbacks") else { continue }
                guard case .mapping(let expressions) = callback.kind else {
                    diagnostics.error(
                        "callback `\(entry.key.value)` must be a mapping of URL expressions to path items",
                        at: callback.location
                    )
                    continue
                }
                for expression in expressions {
                    guard let item = dereferenced(expression.value, section: "pathItems") else { continue }
                    guard let post = item["post"] else {
                        skip(
                            "callbacks without a `post` operation",
                            at: expression.value.location,
                            because: "a delivery is a POST"
                        )
                        continue
                    }
                    if read[post.location] != nil {
                        read[post.location]?.operations.append(operation)
                        continue
                    }
                    guard
                        var event = deliveredEvent(
                            entry.key,
                            post: post,
                            item: item,
                            typeName: SwiftName.typeName(entry.key.value) + "Event",
                            kind: "callbacks"
                        )?.event
                    else { continue }
                    // The same callback written again in another operation (3GPP's documents write each in every
                    // operation that subscribes): one event.
                    let shape = [entry.key.value, expression.key.value, event.body?.value ?? ""].joined(separator: "\n")
                    if let first = shapes[shape] {
                        read[first]?.operations.append(operation)
                        continue
                    }
                    shapes[shape] = post.location
                    let name = SwiftName.numbered(
                        names.contains(entry.key.value) ? operation + "." + entry.key.value : entry.key.value,
                        taken: &names
                    )
                    event.name = Located(name, at: entry.key.location)
                    // Names that differ in case or punctuation only (`OnAmfStatusChange`, `onAmfStatusChange`)
                    // are Swift names of their own.
                    let swiftName = SwiftName.memberName(name)
                    if event.swiftName == nil, swiftNames.contains(swiftName) {
                        event.swiftName = Located(
                            SwiftName.numbered(swiftName, taken: &swiftNames),
                            at: entry.key.location
                        )
                    } else {
                        swiftNames.insert(event.swiftName?.value ?? swiftName)
                    }
                    if let route = event.route {
                        routes.insert(route.value)
                    } else {
                        let suffix = Self.suffix(of: expression.key.value)
                        let stem = suffix.flatMap { routes.contains($0) ? nil : $0 } ?? Self.route(name)
                        let route = SwiftName.numbered(stem, taken: &routes)
                        if let suffix, stem != suffix {
                            diagnostics.warning(
                                "callback `\(name)` adds `/\(suffix)` to its URL, as another callback does, so the route cannot tell them apart; it is read as coming to the route `\(route)`",
                                at: expression.key.location,
                                hint: "give the receiver of one of them a path of its own, or the `post` an "
                                    + "`x-specsmith: {route: …}`"
                            )
                        }
                        event.route = Located(route, at: expression.key.location)
                    }
                    if let location = bearerScheme(of: post) { bearer.append(location) }
                    read[post.location] = (webhooks.events.count, expression.key.value, [operation])
                    webhooks.events.append(event)
                }
            }
        }
        if webhooks.signature == nil, webhookEvents == 0, !bearer.isEmpty, bearer.count == webhooks.events.count {
            webhooks.signature = Located(Webhooks.Signature.bearer.rawValue, at: bearer[0])
        }
        for (event, expression, operations) in read.values {
            let names = operations.map { "`\($0)`" }
            let given =
                names.count < 2
                ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            let sent = "Sent to `\(expression)`, a URL given to \(given)."
            webhooks.events[event].description = webhooks.events[event].description.map { $0 + "\n\n" + sent } ?? sent
        }
    }

    /// Where a callback's `post` names an HTTP bearer scheme among its `security` requirements, if it does.
    private mutating func bearerScheme(of post: YAMLValue) -> SourceLocation? {
        guard case .sequence(let requirements)? = post["security"]?.kind else { return nil }
        for requirement in requirements {
            guard case .mapping(let names) = requirement.kind else { continue }
            for name in names {
                guard let written = root["components"]?["securitySchemes"]?[name.key.value],
                    let scheme = dereferenced(written, section: "securitySchemes", reporting: false),
                    scheme["type"]?.scalarText == "http", scheme["scheme"]?.scalarText?.lowercased() == "bearer"
                else { continue }
                return name.key.location
            }
        }
        return nil
    }

    /// The one segment an expression adds to the URL its runtime expression gives: `data` of
    /// `{$request.query.callbackUrl}/data`.
    static func suffix(of expression: String) -> String? {
        guard expression.hasPrefix("{"), let end = expression.firstIndex(of: "}") else { return nil }
        let rest = expression[expression.index(after: end)...]
        guard rest.hasPrefix("/") else { return nil }
        let segment = String(rest.dropFirst())
        return Webhooks.isRoute(segment) ? segment : nil
    }

    /// A callback's name as a route: its characters a route may hold kept, anything else a `-`.
    static func route(_ name: String) -> String {
        let route = String(name.map { Webhooks.routeCharacters.contains($0) ? $0 : "-" })
        return Webhooks.isRoute(route) ? route : "callback"
    }
}
