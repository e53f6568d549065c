import Foundation

/// Checks a request against its endpoint as the spec says: credentials for the endpoint's scope, the path's,
/// query's, headers' and cookies' values and types, and the body's media type, fields and values.
struct MockRequestCheck {
    let api: API
    let operation: Operation
    /// The API's models by name.
    let models: [String: Model]

    /// One thing a request got wrong.
    struct Problem: Sendable, Hashable {
        /// Where: `path`, `query`, `header`, `cookie` or `body`.
        var place: String
        /// The parameter's wire name, or the body's field path.
        var name: String
        /// What is wrong, in a sentence.
        var message: String
        /// The status it is answered with.
        var status = 400
    }

    /// Where a value is sent, for problems: `in` of their details, and the noun of their messages.
    struct Place {
        var name: String
        var noun: String

        static let path = Place(name: "path", noun: "path parameter")
        static let query = Place(name: "query", noun: "query parameter")
        static let header = Place(name: "header", noun: "header")
        static let cookie = Place(name: "cookie", noun: "cookie")
        static let form = Place(name: "body", noun: "form field")
        static let part = Place(name: "body", noun: "part")
    }

    /// The body as JSON, when it is JSON (whatever its `Content-Type` says).
    static func jsonBody(_ request: MockRequest) -> YAMLValue? {
        guard !request.body.isEmpty, request.body.count <= MockServer.maxJSONBody else { return nil }
        return MockJSON.parse(request.body)
    }

    // MARK: Credentials

    /// 401 when the request carries no credentials a scope that may call the endpoint sends, 403 when it
    /// carries only another scheme's; `nil` when it may call it. Without `tokens` the mock cannot tell credentials
    /// of one scheme apart, and any token of the right scheme passes. With `tokens` (by scope's name in the spec,
    /// the credentials each scope is given: a token, an API key, or `user:password`), credentials given to a
    /// scope pass where that scope may call, are refused with 403 elsewhere, and credentials given to no scope
    /// are refused with 401, but where a scope that may call has no tokens of its own.
    func credentials(
        of request: MockRequest,
        query: [(name: String, value: String)],
        tokens: [String: Set<String>] = [:]
    ) -> MockRefusal? {
        guard let auth = api.auth, let required = operation.scope,
            let scope = auth.scopes.first(where: { $0.name == required })
        else { return nil }
        let needed = Set(scope.alternatives.isEmpty ? [scope.name] : scope.alternatives)
        // The needed scopes, and every scope that includes one of them, may call it.
        let granting = auth.scopes.filter {
            needed.contains($0.name) || !auth.included(by: $0).isDisjoint(with: needed)
        }
        let schemes = granting.map { auth.scheme(of: $0) }
        let names = Set(schemes.map(Self.describe)).sorted().joined(separator: " or ")
        let message = "`\(operation.specName)` needs the credentials of scope `\(scope.specName)`: \(names)"
        if let (sent, credential) = schemes.lazy.compactMap({ scheme in
            Self.credential(of: request, query: query, scheme).map { (scheme, $0) }
        }).first {
            guard !tokens.isEmpty else { return nil }
            let owners = auth.scopes.filter { tokens[$0.specName]?.contains(credential) == true }.map(\.specName)
            if owners.isEmpty {
                if granting.contains(where: { tokens[$0.specName] == nil }) { return nil }
                var refusal = MockRefusal(401, "unauthorized", message + "; these credentials were given to no scope")
                refusal.headers.append(MockHeader("WWW-Authenticate", Self.challenge(sent)))
                return refusal
            }
            if granting.contains(where: { owners.contains($0.specName) }) { return nil }
            let theirs = owners.map { "`\($0)`" }.joined(separator: ", ")
            return MockRefusal(403, "forbidden", message + "; these credentials are scope \(theirs)'s")
        }
        let others = ([auth.scheme] + auth.schemes.map(\.scheme)).filter { !schemes.contains($0) }
        if others.contains(where: { Self.sends(request, query: query, $0) }) {
            return MockRefusal(403, "forbidden", message + "; these are another scheme's")
        }
        var refusal = MockRefusal(401, "unauthorized", message)
        refusal.headers.append(MockHeader("WWW-Authenticate", Self.challenge(schemes.first ?? auth.scheme)))
        return refusal
    }

    /// The credentials the request carries as `scheme` sends them (the token, the API key, or `user:password`),
    /// or `nil` when it carries none that way.
    static func credential(
        of request: MockRequest,
        query: [(name: String, value: String)],
        _ scheme: Auth.Scheme
    ) -> String? {
        let found: String?
        switch scheme {
        case .bearer(let header, let prefix):
            guard let value = request.header(header) else { return nil }
            guard let prefix else { return value.isEmpty ? nil : value }
            guard value.lowercased().hasPrefix(prefix.lowercased() + " ") else { return nil }
            found = String(value.dropFirst(prefix.count + 1)).trimmingCharacters(in: .whitespaces)
        case .apiKey(let name, let inQuery):
            found = inQuery ? query.first { $0.name == name }?.value : request.header(name)
        case .basic:
            guard let value = request.header("Authorization"), value.lowercased().hasPrefix("basic "),
                let decoded = Data(base64Encoded: String(value.dropFirst(6))),
                let text = String(data: decoded, encoding: .utf8), text.contains(":")
            else { return nil }
            found = text
        case .oauth2:
            return credential(of: request, query: query, .bearer(header: "Authorization", prefix: "Bearer"))
        }
        return found?.isEmpty == false ? found : nil
    }

    /// Whether the request carries credentials as `scheme` sends them.
    static func sends(_ request: MockRequest, query: [(name: String, value: String)], _ scheme: Auth.Scheme) -> Bool {
        credential(of: request, query: query, scheme) != nil
    }

    /// How a scheme's credentials travel, for messages.
    static func describe(_ scheme: Auth.Scheme) -> String {
        switch scheme {
        case .bearer(let header, let prefix): "a token in `\(header)`" + (prefix.map { " after `\($0) `" } ?? "")
        case .apiKey(let name, let inQuery): "a key in the \(inQuery ? "query parameter" : "header") `\(name)`"
        case .basic: "a user name and password (HTTP basic)"
        case .oauth2: "an OAuth 2 access token in `Authorization` after `Bearer `"
        }
    }

    /// The `WWW-Authenticate` challenge of a scheme.
    static func challenge(_ scheme: Auth.Scheme) -> String {
        switch scheme {
        case .basic: #"Basic realm="mock""#
        case .bearer(_, let prefix): "\(prefix ?? "Bearer") realm=\"mock\""
        case .apiKey(let name, _): "ApiKey name=\"\(name)\""
        case .oauth2: #"Bearer realm="mock""#
        }
    }

    // MARK: Parameters and body

    /// What the request got wrong, all of it; empty for a request that follows the spec.
    func problems(
        of request: MockRequest,
        path: [String: String],
        query: [(name: String, value: String)],
        json: YAMLValue?
    ) -> [Problem] {
        var problems: [Problem] = []
        let cookies = Self.cookies(request.header("Cookie"))
        let bodyParameters = bodyParameterNames
        for parameter in operation.parameters where !bodyParameters.contains(parameter.name) {
            switch parameter.location {
            case .path:
                if let value = path[parameter.name] { problems += check([value], parameter, place: .path) }
            case .query:
                problems += checkQuery(parameter, query, place: .query)
            case .header:
                let values = request.headers.filter { $0.name.lowercased() == parameter.wireName.lowercased() }
                problems += checkPresence(values.map(\.value), parameter, place: .header)
            case .cookie:
                problems += checkPresence(
                    cookies.filter { $0.name == parameter.wireName }.map(\.value),
                    parameter,
                    place: .cookie
                )
            case .body:
                continue
            }
        }
        problems += checkBody(request, json: json)
        return problems
    }

    /// The Swift names of the parameters the body is made of.
    private var bodyParameterNames: Set<String> {
        switch operation.body {
        case .value(let parameter, _)?, .binary(let parameter, _)?, .file(let parameter, _)?: [parameter]
        case .fields(_, let parameters, _)?, .form(let parameters)?: Set(parameters)
        case .multipart(let parts)?: Set(parts.map(\.parameter))
        case nil: []
        }
    }

    /// A query parameter: present when required, each value of its type; an object (`card[number]=…`) by its
    /// keys' presence.
    private func checkQuery(_ parameter: Parameter, _ query: [(name: String, value: String)], place: Place) -> [Problem]
    {
        if parameter.isObject { return checkObject(parameter, query, place: place) }
        var values = query.filter { $0.name == parameter.wireName }.map(\.value)
        if let separator = parameter.separator, values.count == 1 {
            values = values[0].components(separatedBy: separator)
        }
        return checkPresence(values, parameter, place: place)
    }

    /// An object sent in brackets (`card[number]=…`, `items[0][price]=…`): never as one plain value, and each
    /// object with the keys its model requires.
    private func checkObject(
        _ parameter: Parameter,
        _ query: [(name: String, value: String)],
        place: Place
    ) -> [Problem] {
        let name = parameter.wireName
        func problem(_ message: String) -> [Problem] { [Problem(place: place.name, name: name, message: message)] }
        if query.contains(where: { $0.name == name }) {
            return problem("`\(name)` is an object, sent in brackets: `\(name)[key]=value`")
        }
        let keys = query.map(\.name).filter { $0.hasPrefix(name + "[") }.map { $0.dropFirst(name.count) }
        if keys.isEmpty {
            return !parameter.isRequired || parameter.type.unwrapped.isArray
                ? [] : problem("the \(place.noun) `\(name)` is required")
        }
        // `[0][price]` → ("0", "price"), `[number]` → (nil, "number").
        var objects: [String: Set<String>] = [:]
        let isList = parameter.type.unwrapped.isArray
        for key in keys {
            let parts = key.split(separator: "]", omittingEmptySubsequences: true).map { $0.drop { $0 == "[" } }
            guard !parts.isEmpty, key.hasPrefix("["), key.hasSuffix("]") else {
                return problem("`\(name)\(key)` is not a key in brackets")
            }
            if isList {
                guard Int(parts[0]) != nil else { return problem("`\(name)\(key)` needs an index: `\(name)[0][…]`") }
                objects[String(parts[0]), default: []].insert(parts.count > 1 ? String(parts[1]) : "")
            } else {
                objects["", default: []].insert(String(parts[0]))
            }
        }
        var element = parameter.type.unwrapped
        if case .array(let inner) = element { element = inner.unwrapped }
        guard case .model(let model) = element, case .object(let properties)? = api.model(named: model)?.shape else {
            return []
        }
        let required = properties.filter { $0.isRequiredKey && $0.constant == nil }.map(\.key)
        for (index, present) in objects.sorted(by: { $0.key < $1.key }) {
            if let missing = required.first(where: { !present.contains($0) }) {
                return problem("`\(name)\(index.isEmpty ? "" : "[\(index)]")[\(missing)]` is required")
            }
        }
        // Each value of a property that is a value (not an object or a list), as its type: `created[gte]=soon`
        // for a date is a problem, as it is for the server.
        for pair in query where pair.name.hasPrefix(name + "[") {
            let parts = pair.name.dropFirst(name.count).split(separator: "]").map { String($0.drop { $0 == "[" }) }
            guard let key = isList ? parts.dropFirst().first : parts.first, parts.count == (isList ? 2 : 1),
                let property = properties.first(where: { $0.key == key })
            else { continue }
            let type = property.type.unwrapped
            if case .model(let target) = type, case .object? = api.model(named: target)?.shape { continue }
            if type.isArray || pair.value.isEmpty { continue }
            if let expected = MockText.mismatch(
                pair.value,
                as: type,
                dates: property.dates ?? parameter.dates ?? api.dates,
                in: api
            ) {
                return problem("`\(pair.name)` must be \(expected), not `\(pair.value)`")
            }
        }
        return []
    }

    private func checkPresence(_ values: [String], _ parameter: Parameter, place: Place) -> [Problem] {
        guard !values.isEmpty else {
            // An empty list is no value at all in a query or a form.
            if !parameter.isRequired || parameter.type.unwrapped.isArray { return [] }
            return [
                Problem(
                    place: place.name,
                    name: parameter.wireName,
                    message: "the \(place.noun) `\(parameter.wireName)` is required"
                )
            ]
        }
        return check(values, parameter, place: place)
    }

    /// Each text value of a parameter, as its type reads it: one value, or each of a list's.
    private func check(_ values: [String], _ parameter: Parameter, place: Place) -> [Problem] {
        var type = parameter.type.unwrapped
        if case .nullable(let wrapped) = type { type = wrapped }
        if case .array(let element) = type { type = element.unwrapped }
        if !(parameter.type.unwrapped.isArray), values.count > 1 {
            return [
                Problem(
                    place: place.name,
                    name: parameter.wireName,
                    message: "`\(parameter.wireName)` is given \(values.count) times; it takes one value"
                )
            ]
        }
        for value in values {
            if let expected = MockText.mismatch(value, as: type, dates: parameter.dates ?? api.dates, in: api) {
                return [
                    Problem(
                        place: place.name,
                        name: parameter.wireName,
                        message: "the \(place.noun) `\(parameter.wireName)` must be \(expected), not `\(value)`"
                    )
                ]
            }
        }
        return []
    }

    /// The body: present when required, of the media type the endpoint sends, and its values of their types.
    private func checkBody(_ request: MockRequest, json: YAMLValue?) -> [Problem] {
        guard let body = operation.body else { return [] }
        let contentType = request.header("Content-Type")?.lowercased() ?? ""
        let parameters = Dictionary(operation.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func problem(_ message: String, name: String = "") -> [Problem] {
            [Problem(place: "body", name: name, message: message)]
        }
        if request.body.count > MockServer.maxJSONBody, !isBytes(body) {
            return [
                Problem(
                    place: "body",
                    name: "",
                    message: "the body is over \(MockServer.maxJSONBody) bytes",
                    status: 413
                )
            ]
        }
        switch body {
        case .value(let name, let declared):
            let optional = parameters[name].map { $0.type.isOptional } ?? false
            if request.body.isEmpty { return optional ? [] : problem("the request needs a JSON body") }
            guard Self.isJSON(contentType, declared: declared) else {
                return problem("the body must be sent as `\(declared ?? "application/json")`, not `\(contentType)`")
            }
            guard let json else { return problem("the body is not valid JSON") }
            return checkJSON(json, as: parameters[name]?.type.unwrapped ?? .builtin(.json))
        case .fields(let model, _, let declared):
            guard !request.body.isEmpty else { return problem("the request needs a JSON body") }
            guard Self.isJSON(contentType, declared: declared) else {
                return problem("the body must be sent as `\(declared ?? "application/json")`, not `\(contentType)`")
            }
            guard let json else { return problem("the body is not valid JSON") }
            return checkJSON(json, as: .model(model))
        case .form(let names):
            guard contentType.hasPrefix("application/x-www-form-urlencoded") || request.body.isEmpty else {
                return problem("the body must be a form, `application/x-www-form-urlencoded`, not `\(contentType)`")
            }
            let fields = MockRoute.formFields(of: request.body)
            return names.compactMap { parameters[$0] }.flatMap { checkQuery($0, fields, place: .form) }
        case .binary, .file:
            return []  // Any bytes, none too: an empty file is a file.
        case .multipart(let parts):
            guard contentType.hasPrefix("multipart/form-data"),
                let boundary = MockMultipart.boundary(of: request.header("Content-Type") ?? "")
            else {
                return problem("the body must be `multipart/form-data` with a boundary, not `\(contentType)`")
            }
            guard let received = MockMultipart.parts(of: request.body, boundary: boundary) else {
                return problem("the multipart body does not parse: no closing boundary `--\(boundary)--`")
            }
            return parts.flatMap { part -> [Problem] in
                guard let parameter = parameters[part.parameter] else { return [] }
                let values = received.filter { $0.name == part.wireName }
                guard !values.isEmpty else {
                    return !parameter.isRequired
                        ? [] : problem("the part `\(part.wireName)` is required", name: part.wireName)
                }
                switch part.kind {
                case .file: return []
                case .json:
                    guard let value = MockJSON.parse(values[0].body) else {
                        return problem("the part `\(part.wireName)` is not valid JSON", name: part.wireName)
                    }
                    return checkJSON(value, as: parameter.type.unwrapped, field: part.wireName)
                case .text:
                    return check(values.map { String(decoding: $0.body, as: UTF8.self) }, parameter, place: .part)
                }
            }
        }
    }

    private func isBytes(_ body: Operation.Body) -> Bool {
        switch body {
        case .binary, .file, .multipart: true
        default: false
        }
    }

    /// Whether a `Content-Type` is the JSON an endpoint sends.
    static func isJSON(_ contentType: String, declared: String?) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if let declared, type == declared.lowercased() { return true }
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// A JSON value checked as a server checks what it is sent: enumerations' values must be listed.
    private func checkJSON(_ value: YAMLValue, as type: TypeRef, field: String = "") -> [Problem] {
        if Self.depth(of: value) > 64 {
            return [Problem(place: "body", name: field, message: "the body nests more than 64 levels deep")]
        }
        var checker = SampleChecker(
            models: models,
            dates: DateCodingName(rawValue: api.dates) ?? .iso8601,
            strict: true
        )
        checker.check(value, as: type, at: field)
        return checker.mismatches.prefix(20).map {
            Problem(
                place: "body",
                name: field,
                message: "in the body, " + $0.message
            )
        }
    }

    /// How deeply a value nests, counted without recursion.
    static func depth(of value: YAMLValue) -> Int {
        var deepest = 0
        var pending = [(value, 1)]
        while let (next, level) = pending.popLast() {
            deepest = max(deepest, level)
            switch next.kind {
            case .sequence(let items): pending += items.map { ($0, level + 1) }
            case .mapping(let entries): pending += entries.map { ($0.value, level + 1) }
            default: break
            }
        }
        return deepest
    }

    /// The cookies of a `Cookie` header.
    static func cookies(_ header: String?) -> [(name: String, value: String)] {
        (header ?? "").split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        }
    }
}

extension TypeRef {
    /// Whether the type is a list.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
