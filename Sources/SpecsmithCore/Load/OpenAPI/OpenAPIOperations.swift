/// Reading an OpenAPI document's operations (`paths`) and security (`securitySchemes`, `security`) onto the
/// format's endpoints and auth.
extension OpenAPIReader {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    // MARK: Security

    mutating func readSecurity() {
        guard let schemes = root["components"]?["securitySchemes"], case .mapping(let entries) = schemes.kind,
            !entries.isEmpty
        else { return }
        var auth = RawAuth(location: schemes.location)
        auth.schemesLocation = schemes.location
        var used = Set<String>()
        var withRoles = Set<String>()
        for entry in entries {
            guard let scheme = dereferenced(entry.value, section: "securitySchemes"),
                var raw = authScheme(scheme, name: entry.key)
            else { continue }
            if let written = formatSecurity(of: scheme), !written.scopes.isEmpty {
                // The format's scopes, roles of the scheme (`x-specsmith`): a document `specsmith export` wrote.
                if let scheme = written.scheme { raw = scheme }
                auth.schemes.append((entry.key, raw))
                used.insert(entry.key.value)
                withRoles.insert(entry.key.value)
                oauthScopes[entry.key.value] = Set(written.scopes.map(\.name.value))
                for var scope in written.scopes {
                    if entries.count > 1 && scope.scheme == nil { scope.scheme = entry.key }
                    auth.scopes.append(scope)
                }
                continue
            }
            auth.schemes.append((entry.key, raw))
            used.insert(entry.key.value)
            // One compile-time scope per scheme: a client holds one kind of credential.
            var scope = RawScope(name: entry.key)
            scope.scheme = entry.key
            scope.description = scheme["description"]?.scalarText
            auth.scopes.append(scope)
        }
        guard !auth.schemes.isEmpty else { return }
        if entries.count == 1, let only = auth.schemes.first, withRoles.contains(only.name.value) {
            // One scheme: written as the format's one `scheme`.
            auth.scheme = only.scheme
            auth.schemes = []
            auth.schemesLocation = nil
        }
        addOAuthScopes(&auth, schemes: entries.filter { !withRoles.contains($0.key.value) })
        securityNames = used.union(oauthScopes.values.flatMap { $0 })
        let global = requirementNames(root["security"])
        // The first scheme the document's `security` names; `{}` (no credentials) beside it is no scope of the
        // format (3GPP's documents list `{}` first).
        auth.defaultScope = global?.first { $0 != ResolveContext.publicScope }.map {
            Located($0, at: root["security"]!.location)
        }
        if auth.defaultScope == nil, let first = auth.scopes.first {
            auth.defaultScope = first.name
        }
        spec.auth = auth
        defaultRequirement = global
    }

    /// The OAuth 2 scopes an `oauth2` scheme's flows declare, as compile-time scopes of that scheme, each
    /// including the scheme's own scope: a client of `books:read` calls the operations that need
    /// `books:read`, and those that need the scheme with no scope in particular. A scope whose Swift name
    /// another scope has (or would clash with generated names) is left out: operations needing it need the
    /// scheme's scope.
    mutating func addOAuthScopes(_ auth: inout RawAuth, schemes: [YAMLValue.Entry]) {
        var taken = Set(auth.scopes.map { SwiftName.typeName($0.name.value) })
        for entry in schemes where auth.scopes.contains(where: { $0.name.value == entry.key.value }) {
            guard let scheme = dereferenced(entry.value, section: "securitySchemes"),
                scheme["type"]?.scalarText == "oauth2", case .mapping(let flows)? = scheme["flows"]?.kind
            else { continue }
            var names: Set<String> = []
            for flow in flows {
                guard case .mapping(let scopes)? = flow.value["scopes"]?.kind else { continue }
                for scope in scopes where !names.contains(scope.key.value) {
                    let swiftName = SwiftName.typeName(scope.key.value)
                    guard scope.key.value != ResolveContext.publicScope, !swiftName.isEmpty,
                        !["Public", RuntimeSymbols.authorizationScope].contains(swiftName),
                        !swiftName.hasSuffix("Access"), !taken.contains(swiftName)
                    else { continue }
                    taken.insert(swiftName)
                    names.insert(scope.key.value)
                    var raw = RawScope(name: scope.key)
                    raw.scheme = entry.key
                    raw.description = scope.value.scalarText
                    raw.includes = [entry.key]
                    auth.scopes.append(raw)
                }
            }
            oauthScopes[entry.key.value] = names
        }
    }

    /// A scheme the format has; `nil`, with a warning, for one it has not.
    mutating func authScheme(_ scheme: YAMLValue, name: Located<String>) -> RawAuthScheme? {
        let type = scheme["type"]?.scalarText ?? ""
        var raw = RawAuthScheme(type: Located(type, at: scheme["type"]?.location ?? name.location))
        switch type {
        case "http":
            let kind = scheme["scheme"]?.scalarText?.lowercased() ?? ""
            if kind == "basic" {
                raw.type.value = "basic"
            } else if kind == "bearer" {
                raw.type.value = "bearer"
            } else {
                diagnostics.warning(
                    "the HTTP scheme `\(kind)` of `\(name.value)` is not one the client sends; its endpoints are public here",
                    at: scheme.location
                )
                return nil
            }
        case "apiKey":
            let place = scheme["in"]?.scalarText ?? "header"
            guard place == "header" || place == "query", let key = scheme["name"] else {
                diagnostics.warning(
                    "the API key `\(name.value)` goes in a \(place), which the client does not send; its endpoints are public here",
                    at: scheme.location,
                    hint: "set the cookie as a default header instead"
                )
                return nil
            }
            raw.type.value = "apiKey"
            raw.name = key.scalarText.map(key.located)
            raw.location = Located(place, at: scheme["in"]?.location ?? scheme.location)
        case "oauth2", "openIdConnect":
            raw.type.value = "oauth2"
            let flows = scheme["flows"]
            for flow in ["clientCredentials", "authorizationCode", "password"] {
                if let url = flows?[flow]?["tokenUrl"], let text = url.scalarText,
                    text.hasPrefix("http://") || text.hasPrefix("https://")
                {
                    raw.tokenURL = url.located(text)
                    break
                }
            }
        default:
            diagnostics.warning(
                "the security scheme `\(name.value)` of type `\(type)` is not one the client sends; its endpoints are public here",
                at: scheme.location
            )
            return nil
        }
        return raw
    }

    /// The scheme names of a `security` list's requirements, in order, with `public` for an empty requirement
    /// (`{}`, credentials optional); `nil` when `value` is missing, `[]` for `security: []` (no credentials).
    mutating func requirementNames(_ value: YAMLValue?) -> [String]? {
        guard let value, case .sequence(let requirements) = value.kind else { return nil }
        var names: [String] = []
        for requirement in requirements {
            guard case .mapping(let schemes) = requirement.kind else { continue }
            if schemes.isEmpty {
                names.append(ResolveContext.publicScope)
                continue
            }
            if schemes.count > 1 {
                diagnostics.warning(
                    "a requirement of several schemes at once is not one the client sends; it sends `\(schemes[0].key.value)`",
                    at: requirement.location
                )
            }
            let scheme = schemes[0].key.value
            let scopes: [String]
            if case .sequence(let items) = schemes[0].value.kind {
                scopes = items.compactMap(\.scalarText)
            } else {
                scopes = []
            }
            // An OAuth 2 scheme's scopes are compile-time scopes; one the flows do not declare is the scheme's.
            let known = scopes.filter { oauthScopes[scheme]?.contains($0) == true }
            if known.isEmpty || known.count < scopes.count {
                names.append(scheme)
            } else {
                if known.count > 1, warnedKinds.insert("several OAuth 2 scopes").inserted {
                    diagnostics.warning(
                        "operations that need several OAuth 2 scopes at once are called by a client of any one of them; the server checks the others",
                        at: schemes[0].value.location
                    )
                }
                names += known
            }
        }
        return names
    }

    // MARK: Servers of paths and operations

    /// The server a path or an operation names (`servers:` beside it), as one of the spec's named servers;
    /// `nil` for the document's own. A URL relative to the host (`/upload`) is on the document's server's host.
    mutating func server(_ servers: YAMLValue?) -> Located<String>? {
        guard let servers, case .sequence(let items) = servers.kind, let first = items.first,
            let url = first["url"], let written = url.scalarText
        else { return nil }
        var text = Self.withURLVariables(written, of: first)
        if items.count > 1, warnedKinds.insert("several servers of an operation").inserted {
            diagnostics.warning(
                "an operation or path names \(items.count) servers; its endpoint is on the first",
                at: items[1].location
            )
        }
        let base = spec.baseURL?.value ?? ""
        if text.hasPrefix("/"), let scheme = base.range(of: "://") {
            let host = base[scheme.upperBound...].prefix { $0 != "/" }
            text = base[..<scheme.upperBound] + host + text
        }
        let trimmed = { (url: String) in url.hasSuffix("/") ? String(url.dropLast()) : url }
        if trimmed(text) == trimmed(base) { return nil }
        guard text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("{") else {
            diagnostics.warning(
                "the server URL `\(text)` is relative; its endpoint is on the document's server",
                at: url.location
            )
            return nil
        }
        if text.split(separator: "://", maxSplits: 1).dropFirst().first?.first.map({ $0 == "/" }) ?? true,
            !text.hasPrefix("{")
        {
            // `https://` alone: a URL the API hands out at run time (DigitalOcean's presigned uploads).
            diagnostics.warning(
                "the server URL `\(text)` names no host; its endpoint is on the document's server (pass the URL the API hands out as the client's `baseURL`)",
                at: url.location
            )
            return nil
        }
        if let known = spec.servers.first(where: { $0.url.map { trimmed($0.value) } == trimmed(text) }) {
            return Located(known.name.value, at: url.location)
        }
        // Named after the host's first label (`uploads.github.com` → `uploads`), or the last part of the path
        // on a host the document's server shares (`/v2`), else numbered.
        let host = text.split(separator: "://").dropFirst().first?.prefix { $0 != "." && $0 != "/" && $0 != ":" }
        var name = host.map { SwiftName.memberName(String($0)) } ?? ""
        let taken = Set(spec.servers.map { SwiftName.memberName($0.name.value) }).union(["base", "_", "api", "www", ""])
        if taken.contains(name), let last = text.split(separator: "/").last, !text.hasSuffix("://" + last) {
            name = SwiftName.memberName(String(last))
        }
        if taken.contains(name) {
            var number = spec.servers.count + 2
            while taken.contains("server\(number)") { number += 1 }
            name = "server\(number)"
        }
        addVariables(of: first)
        var server = RawServer(name: formatName(of: first) ?? Located(name, at: url.location))
        server.url = Located(text, at: url.location, textStart: text == written ? url.textStart : nil)
        server.description = first["description"]?.scalarText
        spec.servers.append(server)
        return server.name
    }

    // MARK: Paths

    mutating func readPaths() {
        guard let paths = root["paths"], case .mapping(let entries) = paths.kind else { return }
        var names = Set<String>()
        var matched = Set<String>()
        for entry in entries {
            guard let item = dereferenced(entry.value, section: "pathItems"), case .mapping(let keys) = item.kind
            else { continue }
            let shared = item["parameters"]
            for key in keys {
                let method = key.key.value
                if method == "trace" {
                    skip("TRACE operations", at: key.key.location, because: "the format has no TRACE")
                    continue
                }
                guard Self.methods.contains(method) else { continue }
                // `/v1/conversations#stream`: a second operation of the path (Mistral's stream methods), told
                // apart by a fragment, which a request never sends.
                let path = entry.key.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                if path.contains("?") {
                    diagnostics.warning(
                        "the operation `\(method) \(entry.key.value)` is skipped: a path with a query is not a path",
                        at: key.key.location
                    )
                    continue
                }
                // An operation that is a `$ref` (DigitalOcean's layout) is read where it points.
                guard let operation = dereferenced(key.value, section: ExternalReferences.operationsSection)
                else { continue }
                if let filter = config?.filter, filter.selectsOperations {
                    let kept = keeps(operation, path: entry.key.value, filter: filter)
                    matched.formUnion(kept)
                    if kept.isEmpty { continue }
                }
                readOperation(
                    operation,
                    method: key.key,
                    path: Located(String(path), at: entry.key.location, textStart: entry.key.textStart),
                    shared: shared,
                    pathServers: item["servers"],
                    names: &names
                )
            }
        }
        dropClashingPaging()
        if let filter = config?.filter {
            for name in filter.operations + filter.tags + filter.paths where !matched.contains(name.value) {
                diagnostics.warning(
                    "the filter's `\(name.value)` names no operation of the document",
                    at: name.location
                )
            }
        }
    }

    /// The filter entries that keep an operation: its id, one of its tags, or its path (or a `/*` above it).
    func keeps(_ operation: YAMLValue, path: String, filter: RawFilter) -> Set<String> {
        var kept = Set<String>()
        if let id = operation["operationId"]?.scalarText, filter.operations.contains(where: { $0.value == id }) {
            kept.insert(id)
        }
        if case .sequence(let tags)? = operation["tags"]?.kind {
            for tag in tags.compactMap(\.scalarText) where filter.tags.contains(where: { $0.value == tag }) {
                kept.insert(tag)
            }
        }
        for written in filter.paths {
            let pattern = written.value
            if pattern == path || (pattern.hasSuffix("/*") && path.hasPrefix(String(pattern.dropLast()))) {
                kept.insert(pattern)
            }
        }
        return kept
    }

    mutating func readOperation(
        _ operation: YAMLValue,
        method: Located<String>,
        path: Located<String>,
        shared: YAMLValue?,
        pathServers: YAMLValue?,
        names: inout Set<String>
    ) {
        let written = operation["operationId"]?.scalarText
        let renamed =
            rename(written ?? "", in: \.operations)
            ?? rename(method.value.uppercased() + " " + path.value, in: \.operations)
        var name = SwiftName.memberName(
            renamed?.value ?? written.flatMap { fastAPINames[$0] } ?? written ?? (method.value + " " + path.value)
        )
        if name == "_" { name = method.value }
        // A name the format says (a spec's `ERROR` beside `error`, exported) is the endpoint's as it is: it is
        // told from the others as written, not as the Swift name its id would make.
        if let spelled = format(of: operation)?["name"]?.scalarText { name = spelled }
        var unique = name
        var number = 2
        while names.contains(unique) {
            unique = name + String(number)
            number += 1
        }
        names.insert(unique)
        if let written { operationIDs[unique] = written }
        var endpoint = RawEndpoint(
            name: Located(unique, at: renamed?.location ?? operation["operationId"]?.location ?? method.location)
        )
        endpoint.method = Located(method.value.uppercased(), at: method.location)
        endpoint.path = path
        let summary = operation["summary"]?.scalarText
        let details = operation["description"]?.scalarText
        endpoint.description = [summary, details].compactMap { $0 }.joined(separator: "\n\n")
        if endpoint.description?.isEmpty == true { endpoint.description = nil }
        if operation["deprecated"]?.isTrue == true { endpoint.deprecated = RawDeprecation(message: nil) }
        if let callbacks = operation["callbacks"] { keepCallbacks(callbacks, operation: unique) }
        if config?.namespaces?.value == "tags", case .sequence(let tags)? = operation["tags"]?.kind,
            let tag = tags.first, let text = tag.scalarText
        {
            endpoint.namespace = tag.located(text)
        }
        readParameters(shared, operation["parameters"], into: &endpoint)
        if let body = operation["requestBody"] {
            if method.value == "get" || method.value == "head" {
                skip(
                    "request bodies of GET and HEAD operations",
                    at: body.location,
                    because: "HTTP gives them no meaning, and clients do not send them"
                )
            } else {
                readBody(body, into: &endpoint)
            }
        }
        if let responses = operation["responses"] {
            // A Specsmith export says when its answers are to be read as written (`keepAnswers`).
            readResponses(responses, asWritten: format(of: operation)?["keepAnswers"]?.isTrue == true, into: &endpoint)
            if format(of: operation)?["stream"] == nil {
                readStream(responses, body: operation["requestBody"], into: &endpoint)
            }
            readPaging(responses, method: method.value, into: &endpoint)
            if let configured = configuredPaging(written, method: method, path: path) {
                endpoint.pages = configured.paging
            }
        }
        readOperationFormat(operation, into: &endpoint)
        if let responses = operation["responses"] { readStreamExample(responses, into: &endpoint) }
        endpoint.server = server(operation["servers"] ?? pathServers)
        nameParametersApart(&endpoint)
        if spec.auth != nil {
            let names = requirementNames(operation["security"]) ?? defaultRequirement ?? []
            let known = names.filter { $0 == ResolveContext.publicScope || securityNames.contains($0) }
            let location = operation["security"]?.location ?? method.location
            if known.isEmpty || known == [ResolveContext.publicScope] {
                endpoint.scope = Located(ResolveContext.publicScope, at: location)
            } else if known.count == 1 {
                endpoint.scope = Located(known[0], at: location)
            } else {
                endpoint.scopeAlternatives = known.map { Located($0, at: location) }
                endpoint.scope = endpoint.scopeAlternatives?.first
            }
        }
        spec.endpoints.append(endpoint)
    }

    /// Gives parameters whose Swift names would be one (`StartTime`, `StartTime<`, `StartTime>`; a path
    /// parameter and a form field of one name) names of their own: `<` reads `Before`, `>` `After`, and others
    /// are numbered.
    func nameParametersApart(_ endpoint: inout RawEndpoint) {
        var taken = Set<String>()
        func rename(_ fields: inout [RawField]) {
            for index in fields.indices {
                let key = fields[index].key.value
                guard taken.insert(SwiftName.memberName(key)).inserted else {
                    let spelled = key.replacingOccurrences(of: "<", with: " Before")
                        .replacingOccurrences(of: ">", with: " After")
                    let name = SwiftName.numbered(SwiftName.memberName(spelled), taken: &taken)
                    fields[index].swiftName = Located(name, at: fields[index].key.location)
                    continue
                }
            }
        }
        rename(&endpoint.pathParameters)
        switch endpoint.body {
        case .form(var fields, let location)?:
            rename(&fields)
            endpoint.body = .form(fields, location)
        case .multipart(var fields, let location)?:
            rename(&fields)
            endpoint.body = .multipart(fields, location)
        case .type?: taken.insert("body")
        case .binary?: taken.insert("data")
        case .file?: taken.insert("file")
        default: break
        }
        rename(&endpoint.query)
        rename(&endpoint.headers)
        rename(&endpoint.cookies)
    }

    /// Whether `schema` is a `oneOf` or `anyOf` of scalars (text, numbers, flags) only.
    mutating func isScalarUnion(_ schema: YAMLValue) -> Bool {
        guard case .sequence(let alternatives)? = (schema["anyOf"] ?? schema["oneOf"])?.kind else { return false }
        return alternatives.allSatisfy { alternative in
            let target = alternative["$ref"].flatMap(referencedSchema) ?? alternative
            return ["string", "integer", "number", "boolean", "null"].contains(target["type"]?.scalarText ?? "")
                && target["properties"] == nil
        }
    }

    /// Path, query, header and cookie parameters, the operation's over the path's of the same name and place.
    mutating func readParameters(_ shared: YAMLValue?, _ own: YAMLValue?, into endpoint: inout RawEndpoint) {
        var parameters: [(name: String, place: String, value: YAMLValue)] = []
        for list in [shared, own] {
            guard let list, case .sequence(let items) = list.kind else { continue }
            for item in items {
                guard let parameter = dereferenced(item, section: "parameters"),
                    let name = parameter["name"]?.scalarText, let place = parameter["in"]?.scalarText
                else { continue }
                parameters.removeAll { $0.name == name && $0.place == place }
                parameters.append((name, place, parameter))
            }
        }
        for (name, place, parameter) in parameters {
            let key = Located(name, at: parameter["name"]?.location ?? parameter.location)
            var field = RawField(key: key)
            let schema = parameter["schema"] ?? parameter["content"]?["application/json"]?["schema"]
            var text: String
            if place == "path", let schema, isScalarUnion(schema) {
                // An id or a name (`anyOf: [{type: integer}, {type: string}]`, DigitalOcean's and Mistral's id-or-
                // slug parameters): a path segment is text, whichever it is.
                text = "String"
            } else {
                inlineRole = SwiftName.typeName(name)
                text =
                    schema.map { typeText($0, name: SwiftName.typeName(endpoint.name.value + " " + name)) } ?? "String"
                inlineRole = nil
            }
            let required = parameter["required"]?.isTrue == true
            if place != "path" && !required && !text.hasSuffix("?") { text += "?" }
            text = Self.textual(text)
            if place == "header" || place == "cookie", text.hasPrefix("[") {
                if warnedKinds.insert("list headers").inserted {
                    diagnostics.warning(
                        "a \(place) that is a list is sent as text: join its values with commas",
                        at: schema?.location ?? parameter.location
                    )
                }
                text = text.hasSuffix("?") ? "String?" : "String"
            }
            field.type = Located(text, at: schema?.location ?? parameter.location)
            field.description = parameter["description"]?.scalarText
            if parameter["deprecated"]?.isTrue == true { field.deprecated = RawDeprecation(message: nil) }
            if let value = schema?["default"], place != "path" {
                field.defaultValue = YAMLValueBox(value: value)
                if text.hasSuffix("?") { field.type?.value.removeLast() }
            }
            let style = parameter["style"]?.scalarText
            if text.hasPrefix("["), !text.contains(":") {
                let explode = parameter["explode"]?.isTrue
                switch style {
                case "spaceDelimited": field.separator = Located(" ", at: parameter.location)
                case "pipeDelimited": field.separator = Located("|", at: parameter.location)
                default: if explode == false { field.separator = Located(",", at: parameter.location) }
                }
            }
            mergeFormat(of: parameter, into: &field)
            switch place {
            case "path": endpoint.pathParameters.append(field)
            case "query": endpoint.query.append(field)
            case "header": endpoint.headers.append(field)
            case "cookie": endpoint.cookies.append(field)
            default: diagnostics.warning("a parameter `in: \(place)` is skipped", at: parameter.location)
            }
        }
    }

    /// The request body: JSON first, then a form, multipart, then bytes.
    mutating func readBody(_ value: YAMLValue, into endpoint: inout RawEndpoint) {
        guard let body = dereferenced(value, section: "requestBodies"), let content = body["content"],
            case .mapping(let media) = content.kind
        else { return }
        let required = body["required"]?.isTrue == true
        let formatKind = formatBodyKind(of: body)
        // `*/*` is JSON, unless its schema is bytes (GitHub's release asset upload): then it is a binary body.
        func isAnything(_ mediaType: String) -> Bool { mediaType.hasPrefix("*/*") }
        func isBytes(_ schema: YAMLValue?) -> Bool {
            schema?["type"]?.scalarText == "string" && schema?["format"]?.scalarText == "binary"
        }
        var json = media.first { isJSON($0.key.value) && !(isAnything($0.key.value) && isBytes($0.value["schema"])) }
        // A form and JSON of one schema (a Swagger 2.0 operation's `formData` that consumes both): the form,
        // which a server takes as JSON too.
        let sameForm = media.first { $0.key.value.hasPrefix("application/x-www-form-urlencoded") }
        if let form = sameForm, let schema = form.value["schema"], json?.value["schema"]?.location == schema.location {
            json = nil
            endpoint.formTakesJSON = true
        }
        if let json {
            let schema = json.value["schema"] ?? YAMLValue(kind: .mapping([]), location: json.value.location)
            if formatKind == "json" {
                // The format's inline body: its properties are the method's parameters.
                let object = schema["$ref"].flatMap(referencedSchema) ?? schema
                endpoint.body = .json(properties(of: object, owner: endpoint.name.value), json.key.location)
                if json.key.value.lowercased().split(separator: ";").first != "application/json" {
                    endpoint.bodyContentType = json.key
                }
                return
            }
            var text = typeText(schema, name: SwiftName.typeName(endpoint.name.value) + "Request")
            if !required && !text.hasSuffix("?") { text += "?" }
            endpoint.body = .type(Located(text, at: schema.location))
            let type = json.key.value.lowercased().split(separator: ";").first.map(String.init)
            if type != "application/json" && !isAnything(json.key.value) {
                endpoint.bodyContentType = json.key
            }
            return
        }
        if let form = media.first(where: { $0.key.value.hasPrefix("application/x-www-form-urlencoded") }) {
            let schema = form.value["schema"].flatMap { $0["$ref"].flatMap(referencedSchema) ?? $0 }
            var fields = Self.withoutNull(schema.map { properties(of: $0, owner: endpoint.name.value) } ?? [])
            for index in fields.indices {
                let type = fields[index].type?.value ?? "String"
                fields[index].type?.value = Self.textual(type)
            }
            endpoint.body = .form(fields, form.key.location)
            return
        }
        if let multipart = media.first(where: { $0.key.value.hasPrefix("multipart/form-data") }) {
            let schema = multipart.value["schema"].flatMap { $0["$ref"].flatMap(referencedSchema) ?? $0 }
            var fields = Self.withoutNull(schema.map { properties(of: $0, owner: endpoint.name.value) } ?? [])
            // Binary strings are files.
            for index in fields.indices {
                guard let type = fields[index].type else { continue }
                switch type.value {
                case "Data": fields[index].type?.value = "File"
                case "Data?": fields[index].type?.value = "File?"
                case "[Data]": fields[index].type?.value = "[File]"
                case "[Data]?": fields[index].type?.value = "[File]?"
                default: break
                }
            }
            endpoint.body = .multipart(fields, multipart.key.location)
            return
        }
        if formatKind == "file", let other = media.first {
            endpoint.body = .file(other.key)
            return
        }
        if let other = media.first {
            endpoint.body = .binary(
                isAnything(other.key.value) ? Located("application/octet-stream", at: other.key.location) : other.key
            )
        }
    }

    /// `fields` of a form or multipart body, which has no `null`: a required field that may be `null` is
    /// optional there (left out for `nil`), as the format's form fields are.
    static func withoutNull(_ fields: [RawField]) -> [RawField] {
        fields.map { field in
            guard field.allowsNull, field.nullable?.value == true, var type = field.type else { return field }
            var field = field
            field.nullable = nil
            type.value += "?"
            field.type = type
            return field
        }
    }

    /// A value without a type (`JSON`) in a query or a form is text there, and so are bytes (`format: byte`,
    /// Base64 text, or `binary` outside multipart).
    static func textual(_ text: String) -> String {
        switch text {
        case "JSON", "Data": "String"
        case "JSON?", "Data?": "String?"
        case "[JSON]", "[Data]": "[String]"
        case "[JSON]?", "[Data]?": "[String]?"
        default: text
        }
    }

    func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased().split(separator: ";").first.map(String.init) ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    /// Success answers (2xx and 3xx), error bodies (4xx, 5xx, `default`), and the success answers' headers.
    /// Answers are flat, as a hand-written client's are (see `isAnswer(_:of:)` and `flattened(_:)`), unless
    /// `asWritten`.
    mutating func readResponses(_ value: YAMLValue, asWritten: Bool = false, into endpoint: inout RawEndpoint) {
        guard case .mapping(let entries) = value.kind else { return }
        var answers: [RawAnswer] = []
        var headers: [String: RawField] = [:]
        var headerOrder: [String] = []
        for entry in entries {
            guard let response = dereferenced(entry.value, section: "responses") else { continue }
            let status = entry.key.value.uppercased()
            if let code = Int(status), (200..<400).contains(code) {
                guard asWritten || Self.isAnswer(code, of: endpoint) else { continue }
                var answer = RawAnswer(status: entry.key)
                // A description that only says the status (`OK`) documents nothing.
                answer.description = response["description"]?.scalarText.flatMap {
                    $0.lowercased() == HTTPStatus.reasonPhrase(code)?.lowercased() ? nil : $0
                }
                answer.name = formatName(of: response)
                answer.body = answerBody(response, name: SwiftName.typeName(endpoint.name.value) + "Response")
                if code == 204 || code == 304 { answer.body = nil }
                answers.append(answer)
                for (name, field) in responseHeaders(response) where headers[name.lowercased()] == nil {
                    headers[name.lowercased()] = field
                    headerOrder.append(name.lowercased())
                }
            } else if status == "DEFAULT" || status == "4XX" || status == "5XX"
                || Int(status).map({ $0 >= 400 }) == true
            {
                // Named apart from the enumeration of an endpoint's error bodies, `<Endpoint>Error`; a shared
                // response's own schema after the response (`forbidden_gist` → `ForbiddenGistError`), once.
                var bodyName =
                    SwiftName.typeName(endpoint.name.value) + "Error" + (status == "DEFAULT" ? "Body" : status)
                if let reference = entry.value["$ref"]?.scalarText,
                    let shared = Self.componentName(reference, section: "responses")
                {
                    bodyName = SwiftName.typeName(shared)
                    if !bodyName.hasSuffix("Error") { bodyName += "Error" }
                }
                var body = answerBody(response, name: bodyName)
                if let streamed = jsonErrorOfStream(response, name: bodyName) { body = streamed }
                guard case .type(let type)? = body else { continue }
                if status == "DEFAULT" {
                    for key in ["4XX", "5XX"] where !endpoint.errors.contains(where: { $0.status.value == key }) {
                        endpoint.errors.append(RawErrorStatus(status: Located(key, at: entry.key.location), type: type))
                    }
                } else {
                    endpoint.errors.removeAll { $0.status.value == status }
                    endpoint.errors.append(RawErrorStatus(status: entry.key, type: type))
                }
            }
        }
        if !answers.contains(where: { $0.status.value.hasPrefix("2") }) {
            // No success documented (only a `304`, say): the answer is undocumented.
            answers = []
        }
        // A nullable body every success answer has (`anyOf: [number, null]`): its `nil` is `null`, not "no body".
        let nullable = answers.allSatisfy { answer in
            if case .type(let text)? = answer.body { return text.value.hasSuffix("?") }
            return false
        }
        if !asWritten, let flat = Self.flattened(answers) {
            answers = [flat]
        }
        if answers.count == 1, let only = answers.first, only.status.value.hasPrefix("2") {
            endpoint.response = only.body
            endpoint.responseMayBeNull = nullable
            if let status = Int(only.status.value), status != 200, only.body != nil || status != 204 {
                endpoint.successStatus = Located(status, at: only.status.location)
            }
            if case .type? = only.body, let response = entries.first(where: { $0.key.value == only.status.value }),
                let content = dereferenced(response.value, section: "responses")?["content"],
                case .mapping(let media) = content.kind,
                let json = media.first(where: { isJSON($0.key.value) && !Self.isStream($0.key.value) }),
                let example = example(of: json.value)
            {
                endpoint.sample = .inline(YAMLValueBox(value: example))
            }
        } else if !answers.isEmpty {
            endpoint.responses = answers
            endpoint.responsesLocation = value.location
        }
        // A required header is required only when every answer has it.
        endpoint.responseHeaders = headerOrder.compactMap { headers[$0] }
        if endpoint.method?.value == "HEAD" {
            endpoint.response = nil
            endpoint.responses = []
            endpoint.responsesLocation = nil
        }
    }

    /// The redirects the transport follows: the answer is whatever they lead to, never the redirect.
    static let followedRedirects: Set<Int> = [301, 302, 303, 307, 308]

    /// The request headers that make a request conditional, to which a server answers `304 Not Modified`.
    static let conditionalHeaders: Set<String> = ["if-none-match", "if-modified-since"]

    /// Whether a documented 2xx or 3xx status is one of the endpoint's answers: not a redirect the transport
    /// follows, and a `304` only where the caller can send a conditional header (`If-None-Match`,
    /// `If-Modified-Since`), without which no server answers one.
    static func isAnswer(_ status: Int, of endpoint: RawEndpoint) -> Bool {
        if followedRedirects.contains(status) { return false }
        if status == 304 {
            return endpoint.headers.contains { conditionalHeaders.contains($0.key.value.lowercased()) }
        }
        return true
    }

    /// The one answer that documented success answers come to when they are not real alternatives: statuses
    /// that share one body (`200` and `201` of a `Repository`) are that body, and a JSON body beside answers
    /// without one (`201` of an `Invitation`, `204` when there was nothing to do) is optional, `nil` for those.
    /// `nil` when they are alternatives: different bodies, a `202 Accepted` beside another status, a `304`.
    static func flattened(_ answers: [RawAnswer]) -> RawAnswer? {
        guard answers.count > 1,
            answers.allSatisfy({ $0.status.value.hasPrefix("2") }),
            !answers.contains(where: { $0.status.value == "202" })
        else { return nil }
        var bodies: [RawAnswerBody] = []
        for body in answers.compactMap(\.body) where !bodies.contains(where: { $0.isSame(as: body) }) {
            bodies.append(body)
        }
        guard bodies.count <= 1 else { return nil }
        guard let first = answers.first(where: { $0.body != nil }), let body = first.body else {
            return answers[0]  // none has a body: `Void`
        }
        if answers.allSatisfy({ $0.body != nil }) { return first }
        guard case .type(let type) = body, type.value != "Void", !type.value.hasSuffix("?") else { return nil }
        var optional = first
        optional.body = .type(Located(type.value + "?", at: type.location))
        return optional
    }

    /// A 2xx answer as server-sent events (`text/event-stream`) or JSON Lines with a schema for its values: the
    /// endpoint's answer when it is the only content, or, beside a JSON answer, its `stream:` second method,
    /// asked for with the request body's boolean `stream` property, or a boolean `stream` query parameter, when
    /// it has one. An event whose data is `[DONE]` ends the stream when the document says so anywhere (as LLM
    /// APIs' descriptions do).
    mutating func readStream(_ responses: YAMLValue, body: YAMLValue?, into endpoint: inout RawEndpoint) {
        guard case .mapping(let entries) = responses.kind else { return }
        for entry in entries where entry.key.value.hasPrefix("2") {
            guard let response = dereferenced(entry.value, section: "responses"),
                case .mapping(let media)? = response["content"]?.kind,
                let stream = media.first(where: { Self.isStream($0.key.value) }),
                let schema = stream.value["schema"]
            else { continue }
            // A stream that is the answer, which the format's extension says, was read with it (`answerBody`).
            if format(of: stream.value) != nil && media.allSatisfy({ Self.isStream($0.key.value) }) { continue }
            let name = SwiftName.typeName(endpoint.name.value) + "Event"
            let isEvents = stream.key.value.lowercased().hasPrefix("text/event-stream")
            let valueSchema = isEvents ? eventDataSchema(schema) ?? schema : schema
            let type = Located(typeText(valueSchema, name: name), at: valueSchema.location)
            let answer: RawAnswerBody
            if isEvents {
                let done = mentionsDone() ? Located("[DONE]", at: stream.key.location) : nil
                answer = .events(type, end: RawStreamEnd(terminator: done))
            } else {
                answer = .jsonLines(type, end: RawStreamEnd())
            }
            if media.allSatisfy({ Self.isStream($0.key.value) }) {
                // The stream is the answer.
                guard endpoint.responses.isEmpty else { return }
                endpoint.response = answer
                if let header = endpoint.responseHeaders.first {
                    diagnostics.warning(
                        "the response headers of a stream are not read; its values are",
                        at: header.key.location
                    )
                    endpoint.responseHeaders = []
                }
            } else if let item = endpoint.query.first(where: {
                $0.key.value == "stream" && ["Bool", "Bool?"].contains($0.type?.value)
            }) {
                // Another answer, and the query's `stream` asks for the stream instead; the other leaves it out.
                var variant = RawStreamVariant(location: stream.key.location)
                variant.answer = answer
                variant.query = Located(item.key.value, at: stream.key.location)
                endpoint.stream = variant
                endpoint.query.removeAll { $0.key.value == "stream" }
            } else if let field = streamField(body) {
                // Another answer, and the body's `stream` asks for the stream instead.
                var variant = RawStreamVariant(location: stream.key.location)
                variant.answer = answer
                variant.field = Located(field, at: stream.key.location)
                endpoint.stream = variant
            } else if case .events = answer, let field = streamFormatField(body) {
                // Another answer, and a body property of an enumeration with `sse` asks for the events.
                var variant = RawStreamVariant(location: stream.key.location)
                variant.answer = answer
                variant.field = Located(field, at: stream.key.location)
                variant.value = YAMLValueBox(value: YAMLValue(kind: .string("sse"), location: stream.key.location))
                endpoint.stream = variant
            } else {
                diagnostics.warning(
                    "the `\(stream.key.value)` answer is not read: nothing in the request (a boolean `stream` in its query or body, or an enumeration with `sse` in its body) asks for it instead of the other; the other answer is",
                    at: stream.key.location
                )
                return
            }
            if let field = endpoint.stream?.field?.value {
                // The stream's method sends the field; the other leaves it out, so that it answers in one piece.
                endpoint.body = endpoint.body?.removing(field: field)
            }
            return
        }
    }

    /// The schema of each event's data, when a `text/event-stream` schema describes the events themselves
    /// (OpenAPI 3.2's convention, which 3.1 documents can follow with JSON Schema's `contentSchema`):
    /// `{type: object, properties: {data: {contentMediaType: application/json, contentSchema: …}}}`; or an
    /// envelope without `contentSchema`, whose properties are only the event's fields, `data` being the value
    /// (`{data: Chunk, event: String}`, as Speakeasy-made documents such as Mistral's write it). `nil` for a
    /// schema of the data itself (the convention of OpenAI's document).
    mutating func eventDataSchema(_ schema: YAMLValue) -> YAMLValue? {
        let envelope = schema["$ref"].flatMap(referencedSchema) ?? schema
        if let content = envelope["properties"]?["data"]?["contentSchema"] { return content }
        // The data's JSON, or the stream's terminator: `data: {anyOf: [{contentSchema: …}, {const: "[DONE]"}]}`.
        if case .sequence(let alternatives)? = envelope["properties"]?["data"]?["anyOf"]?.kind,
            let content = alternatives.lazy.compactMap({ $0["contentSchema"] }).first
        {
            return content
        }
        guard case .mapping(let properties)? = envelope["properties"]?.kind,
            let data = properties.first(where: { $0.key.value == "data" })?.value,
            properties.allSatisfy({ ["data", "event", "id", "retry"].contains($0.key.value) })
        else { return nil }
        // Text without a schema of its content is no JSON value's: the schema is then taken as the data's.
        if data["type"]?.scalarText == "string" && data["$ref"] == nil { return nil }
        return data
    }

    static func isStream(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased().split(separator: ";").first.map(String.init) ?? ""
        return ["text/event-stream", "application/x-ndjson", "application/jsonl", "application/x-jsonlines"]
            .contains(type)
    }

    /// `stream`, when the request body (JSON, or else a form or multipart body) has a boolean property of that
    /// name.
    mutating func streamField(_ body: YAMLValue?) -> String? {
        bodyProperty(body) { name, property in name == "stream" && Self.isBoolean(property) }
    }

    /// The request body's property that is an enumeration with the value `sse`, such as OpenAI speech's
    /// `stream_format: [sse, audio]`: sent as `sse`, it asks for server-sent events.
    mutating func streamFormatField(_ body: YAMLValue?) -> String? {
        bodyProperty(body) { _, property in
            guard case .sequence(let values)? = property["enum"]?.kind else { return false }
            return values.contains { $0.scalarText == "sse" }
        }
    }

    /// The name of the first property of the JSON request body's schema, or of a part of its `allOf`, that
    /// `matches` (given the property with its `$ref` followed).
    mutating func bodyProperty(_ body: YAMLValue?, where matches: (String, YAMLValue) -> Bool) -> String? {
        // The JSON body's schema, or a form's or multipart body's (OpenAI transcriptions' `stream`).
        func isForm(_ type: String) -> Bool {
            let type = type.lowercased()
            return type.hasPrefix("multipart/form-data") || type.hasPrefix("application/x-www-form-urlencoded")
        }
        guard let body, let body = dereferenced(body, section: "requestBodies"),
            case .mapping(let media)? = body["content"]?.kind,
            let schema = (media.first(where: { isJSON($0.key.value) }) ?? media.first(where: { isForm($0.key.value) }))?
                .value["schema"]
        else { return nil }
        func find(_ schema: YAMLValue, depth: Int) -> String? {
            guard depth < 8 else { return nil }
            if let reference = schema["$ref"] {
                return referencedSchema(reference).flatMap { find($0, depth: depth + 1) }
            }
            if case .mapping(let properties)? = schema["properties"]?.kind {
                for property in properties {
                    let target = property.value["$ref"].flatMap(referencedSchema) ?? property.value
                    if matches(property.key.value, target) { return property.key.value }
                }
            }
            guard case .sequence(let parts)? = schema["allOf"]?.kind else { return nil }
            for part in parts {
                if let found = find(part, depth: depth + 1) { return found }
            }
            return nil
        }
        return find(schema, depth: 0)
    }

    /// `type: boolean`, `type: [boolean, "null"]`, or an `anyOf`/`oneOf` with a boolean alternative.
    static func isBoolean(_ property: YAMLValue) -> Bool {
        switch property["type"]?.kind {
        case .string(let text)?: return text == "boolean"
        case .sequence(let types)?: return types.contains { $0.scalarText == "boolean" }
        default: break
        }
        guard case .sequence(let alternatives)? = (property["anyOf"] ?? property["oneOf"])?.kind else { return false }
        return alternatives.contains { $0["type"]?.scalarText == "boolean" }
    }

    /// Whether the document writes `[DONE]` anywhere: the data that ends an LLM API's event stream. The whole
    /// document is searched once, for its first stream.
    mutating func mentionsDone() -> Bool {
        if let mentionsDoneCache { return mentionsDoneCache }
        func contains(_ value: YAMLValue) -> Bool {
            switch value.kind {
            case .string(let text): text.contains("[DONE]")
            case .sequence(let items): items.contains(where: contains)
            case .mapping(let entries): entries.contains { contains($0.value) }
            default: false
            }
        }
        let found = contains(root)
        mentionsDoneCache = found
        return found
    }

    /// The error body of an operation that answers streams, documented under the stream's type alone (Swagger
    /// 2's `produces: [text/event-stream]` gives every response that type): a schema of an object (or a
    /// reference, an array) is the JSON error the server answers before any stream starts, which the API's
    /// clients read as JSON; `nil` for a body of text or bytes, or when a JSON type is documented.
    mutating func jsonErrorOfStream(_ response: YAMLValue, name: String) -> RawAnswerBody? {
        guard case .mapping(let all)? = response["content"]?.kind,
            !all.contains(where: { isJSON($0.key.value) && !Self.isStream($0.key.value) }),
            let entry = all.first(where: { Self.isStream($0.key.value) }), let schema = entry.value["schema"],
            schema["$ref"] != nil || schema["properties"] != nil
                || ["object", "array"].contains(schema["type"]?.scalarText ?? "")
        else { return nil }
        return .type(Located(typeText(schema, name: name), at: schema.location))
    }

    /// A response's body: JSON as its type, text as text, anything else as bytes; `nil` without content.
    mutating func answerBody(_ response: YAMLValue, name: String) -> RawAnswerBody? {
        guard let content = response["content"], case .mapping(let all) = content.kind, !all.isEmpty else {
            return nil
        }
        // A stream beside another answer is read by `readStream`; the plain answer is the other.
        let others = all.filter { !Self.isStream($0.key.value) }
        let media = others.isEmpty ? all : others
        for entry in media where format(of: entry.value) != nil {
            if let answer = formatAnswer(of: entry.value) { return answer }
        }
        if let json = media.first(where: { isJSON($0.key.value) }) {
            guard let schema = json.value["schema"] else { return .type(Located("JSON", at: json.key.location)) }
            // A nullable body (`anyOf: [number, null]`, `type: [array, "null"]`) is optional: `null` reads as `nil`.
            let text = typeText(schema, name: name)
            return .type(Located(text, at: schema.location))
        }
        if let text = media.first(where: { $0.key.value.hasPrefix("text/") }) {
            return .text(text.key)
        }
        return .binary(media[0].key)
    }

    /// A response's headers the format can type; others are read as `String`.
    mutating func responseHeaders(_ response: YAMLValue) -> [(String, RawField)] {
        guard let headers = response["headers"], case .mapping(let entries) = headers.kind else { return [] }
        return entries.compactMap { entry in
            guard let header = dereferenced(entry.value, section: "headers") else { return nil }
            if entry.key.value.lowercased() == "content-type" { return nil }
            var field = RawField(key: entry.key)
            var text = "String"
            if let schema = header["schema"] {
                switch schema["type"]?.scalarText {
                case "integer": text = schema["format"]?.scalarText == "int64" ? "Int64" : "Int"
                case "number": text = "Double"
                case "boolean": text = "Bool"
                default: text = "String"
                }
            }
            if entry.key.value.lowercased() == "link" { text = "Links" }
            field.type = Located(text + "?", at: header.location)
            field.description = header["description"]?.scalarText
            mergeFormat(of: header, into: &field)
            return (entry.key.value, field)
        }
    }
}
