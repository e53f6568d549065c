/// What the server flavour makes of an endpoint: whether it serves it, its method's name and answer type,
/// and how its route reads each of its values.
enum ServerShape {
    /// `api` as its server sees it: it reads what clients send and writes what they receive, so request
    /// bodies are decoded too, read-only properties are written and not required in requests, write-only ones
    /// are read (required when the spec requires them) and never written, and enumerations and unions are
    /// closed: a value the spec does not list is refused, not kept.
    static func receivingRequests(_ api: API) -> API {
        var api = api
        for index in api.models.indices {
            api.models[index].isRequestOnly = false
            if case .enumeration(var enumeration) = api.models[index].shape, !enumeration.isExtensible {
                // A request with a value the spec does not list is refused, and no answer can carry one.
                enumeration.isClosed = true
                api.models[index].shape = .enumeration(enumeration)
            }
            if case .union(var union) = api.models[index].shape {
                // So is a value of no listed alternative: no case keeps it as JSON.
                union.fallbackCase = nil
                api.models[index].shape = .union(union)
            }
            guard case .object(var properties) = api.models[index].shape else { continue }
            for property in properties.indices {
                switch properties[property].direction {
                case .both: continue
                case .readOnly:
                    properties[property].direction = .writeOnly
                    properties[property].isRequiredWhenReceived = false
                case .writeOnly:
                    properties[property].direction = .readOnly
                    properties[property].isRequiredWhenReceived = properties[property].isRequiredOneWay
                }
            }
            api.models[index].shape = .object(properties)
        }
        return api
    }

    /// Why the server does not serve `operation` yet; `nil` when it does.
    static func unservedReason(_ operation: Operation, api: API) -> String? {
        for body in operation.answers?.cases.map(\.body) ?? [] {
            switch body {
            case .events, .jsonLines, .namedEvents: return "streams among several answers"
            default: continue
            }
        }
        // Objects in the bracket style are read from the query and from form bodies.
        if operation.parameters.contains(where: { parameter in
            parameter.isObject && parameter.location != .query
                && !(parameter.location == .body && isFormBody(operation))
        }) {
            return "object parameters outside the query and form bodies"
        }
        if operation.parameters.contains(where: { parameter in
            guard !parameter.isObject else { return false }
            let read = [.path, .query, .header].contains(parameter.location)
            let asText =
                read || parameter.location == .cookie || isFormBody(operation) || isTextPart(parameter, operation)
            return parameter.dates != nil && asText && (!read || parameter.type.unwrapped != .builtin(.date))
        }) {
            return "dates in cookies, form fields or lists written otherwise than ISO 8601"
        }
        if operation.parameters.contains(where: { parameter in
            !parameter.isObject
                && (parameter.location != .body || isFormBody(operation) || isTextPart(parameter, operation))
                && !isText(parameter.type.unwrapped, api: api)
        }) {
            return "parameters that are not text, numbers, flags, dates or lists of them"
        }
        return nil
    }

    /// Whether values of `type` are read from text (`ParameterText`), or lists of them.
    private static func isText(_ type: TypeRef, api: API) -> Bool {
        switch type {
        case .builtin(let builtin): return builtin != .json && builtin != .data
        case .model(let name):
            if case .enumeration? = api.model(named: name)?.shape { return true }
            return false
        case .array(let element): return isText(element.unwrapped, api: api) && !isArray(element.unwrapped)
        default: return false
        }
    }

    private static func isArray(_ type: TypeRef) -> Bool {
        if case .array = type { return true }
        return false
    }

    /// The protocol's method names: an endpoint's own name, or with its namespace before it
    /// (`sessionLogin`) when another endpoint has the same name.
    static func methodNames(_ operations: [Operation]) -> [Operation: String] {
        var counts: [String: Int] = [:]
        for operation in operations { counts[operation.name, default: 0] += 1 }
        var names: [Operation: String] = [:]
        var taken = Set(operations.filter { counts[$0.name] == 1 }.map(\.name))
        for operation in operations {
            guard counts[operation.name, default: 0] > 1, let namespace = operation.namespace else {
                names[operation] = operation.name
                continue
            }
            let stem = SwiftName.memberName(namespace + " " + SwiftName.typeName(operation.name))
            var name = stem
            var suffix = 2
            while taken.contains(name) {
                name = stem + String(suffix)
                suffix += 1
            }
            taken.insert(name)
            names[operation] = name
        }
        return names
    }

    /// `routes` spread over the files of a server as ``Translator`` spreads a client's methods: one part for
    /// an API of at most ``Translator/operationsInOneFile`` endpoints, otherwise
    /// ``Translator/spreadCount``, a route going to the part its first endpoint's name picks.
    static func routeParts(_ routes: [[Operation]]) -> [[[Operation]]] {
        guard routes.map(\.count).reduce(0, +) > Translator.operationsInOneFile else { return [routes] }
        var parts = [[[Operation]]](repeating: [], count: Translator.spreadCount)
        for route in routes {
            let operation = route[0]
            let name = (operation.namespace.map { $0 + "." } ?? "") + operation.name
            parts[Translator.fileIndex(of: name, among: Translator.spreadCount)].append(route)
        }
        return parts
    }

    /// The method that adds the routes of part `index` (from 1): `addRoutes2`, in `Part2.Server.swift`.
    static func routesPartName(_ index: Int) -> String { "addRoutes\(index + 1)" }

    /// The routes: endpoints grouped by method and path, each group's plain endpoint first, then the stream
    /// methods sharing its route (told apart by ``asksFor(_:)``). Of endpoints no field or parameter tells
    /// apart, the first keeps the route.
    static func routes(_ operations: [Operation], api: API) -> (routes: [[Operation]], unrouted: [Operation]) {
        var order: [String] = []
        var groups: [String: [Operation]] = [:]
        for operation in operations {
            let key = operation.method + " " + routeKey(operation)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(operation)
        }
        var unrouted: [Operation] = []
        let routes = order.map { key in
            let group = groups[key]!
            let variants = group.filter { asksFor($0, api: api) != nil }
            let plain = group.filter { asksFor($0, api: api) == nil }
            unrouted += plain.dropFirst()
            return plain.isEmpty ? variants : [plain[0]] + variants
        }
        return (routes, unrouted)
    }

    /// The path with its parameters' names left out: `/notes/{}`, the same route for any names.
    private static func routeKey(_ operation: Operation) -> String {
        operation.path.map { part in
            switch part {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }
        .joined()
    }

    /// Whether a request asks for the stream method `operation`: its body field or query parameter is set, or
    /// its inline body's constant field; `nil` for an endpoint no request tells apart.
    static func asksFor(_ operation: Operation, api: API) -> Expression? {
        if operation.addedBodyField == nil, operation.addedQueryItem == nil {
            guard case .fields(let name, _, _)? = operation.body,
                case .object(let properties)? = api.model(named: name)?.shape,
                let constant = properties.first(where: { $0.constant != nil }), let value = constant.constant
            else { return nil }
            return .call(
                .member(.identifier("request"), "bodyField"),
                [Argument(nil, .literal(.string(constant.key))), Argument("is", jsonLiteral(value))]
            )
        }
        let value: DefaultValue = operation.addedValue
        if let field = operation.addedBodyField {
            if isFormBody(operation) || isMultipartBody(operation) {
                return .call(
                    .member(.identifier("request"), "parameter"),
                    [
                        Argument(nil, .literal(.string(field))), Argument("in", .member(nil, "body")),
                        Argument("is", .literal(.string(value.fieldText ?? ""))),
                    ]
                )
            }
            return .call(
                .member(.identifier("request"), "bodyField"),
                [Argument(nil, .literal(.string(field))), Argument("is", jsonLiteral(value))]
            )
        }
        return .call(
            .member(.identifier("request"), "parameter"),
            [
                Argument(nil, .literal(.string(operation.addedQueryItem ?? ""))), Argument("in", .member(nil, "query")),
                Argument("is", .literal(.string(value.fieldText ?? ""))),
            ]
        )
    }

    /// A flag, number or text as a `JSON` literal.
    private static func jsonLiteral(_ value: DefaultValue) -> Expression {
        switch value {
        case .bool(let flag): .literal(.bool(flag))
        case .int(let number): .literal(.int(number))
        case .double(let number): .literal(.double(number))
        default: .literal(.string(value.fieldText ?? ""))
        }
    }

    /// The name of the caller parameter: `caller`, unless a parameter has that name.
    static func callerName(_ operation: Operation) -> String {
        operation.parameters.contains { $0.name == "caller" || $0.label == "caller" } ? "authorizedCaller" : "caller"
    }

    /// The local name of an inline body's decoded model, whose fields are the endpoint's parameters.
    static let fieldsName = "fields"

    /// What the endpoint's method returns: its answer (or its answers' enumeration), in `Reply` with its error
    /// body when it documents errors.
    static func returnType(_ operation: Operation) -> String {
        var answer = operation.answers?.typeName ?? TranslationSupport.typeText(operation.responseBody.type)
        if let element = operation.responseBody.streamElement {
            answer = "\(ServerSymbols.serverStream)<\(TranslationSupport.typeText(element))>"
        }
        if let headers = headersType(operation) {
            answer = "\(ServerSymbols.withHeaders)<\(answer), \(headers)>"
        }
        switch operation.errorBody {
        case .none: return answer
        case .type(let type): return "\(ServerSymbols.reply)<\(answer), \(TranslationSupport.typeText(type))>"
        case .enumeration(let name, _): return "\(ServerSymbols.reply)<\(answer), \(name)>"
        }
    }

    /// The type of the headers an endpoint's answer carries: its documented headers, or for a list paged by its
    /// `Link` header without documented headers, the runtime's `LinkHeader`; `nil` for none.
    static func headersType(_ operation: Operation) -> String? {
        if let headers = operation.responseHeaders { return headers.typeName }
        if case .link? = operation.pagination?.kind { return ServerSymbols.linkHeader }
        return nil
    }

    /// The types of the bodies routes refuse requests with (``refusalType(_:status:api:)`` for `400`, `401`
    /// and `403`, and the API's shared `405` and `404` bodies for a method a path does not have and a path no
    /// route has), each once, in order of first use.
    static func invalidRequestTypes(_ operations: [Operation], api: API) -> [String] {
        var seen = Set<String>()
        let routes = operations.flatMap { operation in
            ([400] + refusalStatuses).compactMap {
                refusalType(operation, status: $0, api: api).map(TranslationSupport.typeText)
            }
        }
        let methods = operations.isEmpty ? [] : [methodRefusalType(api), pathRefusalType(api)].compactMap { $0 }
        return (routes + methods.map(TranslationSupport.typeText)).filter { seen.insert($0).inserted }
    }

    /// The body of a refusal with `status` by `operation`'s route: the one it documents for that status, else
    /// the one the API's endpoints document most often for it (as the mock answers), so that a client reading
    /// the API's errors reads it; `nil` for `application/problem+json`.
    static func refusalType(_ operation: Operation, status: Int, api: API) -> TypeRef? {
        operation.errorType(forStatus: status) ?? api.sharedErrorType(forStatus: status)
    }

    /// The body of the `404 Not Found` of a path no route has: the API's documented body for it (or for 4xx).
    static func pathRefusalType(_ api: API) -> TypeRef? {
        api.sharedErrorType(forStatus: 404)
    }

    /// The body of `405 Method Not Allowed`: the API's documented body for it (or for 4xx), if any.
    static func methodRefusalType(_ api: API) -> TypeRef? {
        api.sharedErrorType(forStatus: 405)
    }

    /// The statuses besides `400` a route refuses a request with itself: credentials missing or not valid, or
    /// granting too little.
    static let refusalStatuses = [401, 403]

    /// The path template with each parameter's wire name in braces: `/notes/{id}`.
    static func pathTemplate(_ operation: Operation) -> String {
        operation.path.map { part in
            switch part {
            case .literal(let text): text
            case .parameter(let name):
                "{" + (operation.parameters.first { $0.name == name && $0.location == .path }?.wireName ?? name) + "}"
            }
        }
        .joined()
    }

    /// A value the route reads: its local name and the `request.…` expression reading it.
    struct Read {
        var name: String
        var value: Expression
    }

    /// What the route reads, in the order of the method's parameters; an inline body once, as `fields`.
    static func reads(_ operation: Operation) -> [Read] {
        var reads: [Read] = []
        var fieldsRead = false
        for parameter in operation.parameters {
            let type = Expression.verbatim(TranslationSupport.typeText(parameter.type) + ".self")
            if parameter.isObject {
                // `card[number]=…`: read as the model, its dates as `dates:` says or as the API writes them.
                var arguments = [Argument(nil, .literal(.string(parameter.wireName))), Argument("as", type)]
                if let dates = parameter.dates { arguments.append(Argument("dates", .member(nil, dates))) }
                let method = parameter.location == .query ? "queryObject" : "fieldObject"
                reads.append(
                    Read(name: parameter.name, value: .call(.member(.identifier("request"), method), arguments))
                )
                continue
            }
            func call(_ method: String, separator: String? = nil) -> Expression {
                var arguments = [Argument(nil, .literal(.string(parameter.wireName))), Argument("as", type)]
                if let dates = parameter.dates {
                    // A date written otherwise than ISO 8601: `dates:` says how.
                    arguments.append(Argument("dates", .member(nil, dates)))
                    return .call(.member(.identifier("request"), method), arguments)
                }
                if let separator { arguments.append(Argument("separator", .literal(.string(separator)))) }
                if let value = parameter.defaultValue, value != .null {
                    arguments.append(Argument("default", TranslationSupport.expression(value)))
                }
                return .call(.member(.identifier("request"), method), arguments)
            }
            switch parameter.location {
            case .path: reads.append(Read(name: parameter.name, value: call("path")))
            case .query: reads.append(Read(name: parameter.name, value: call("query", separator: parameter.separator)))
            case .header: reads.append(Read(name: parameter.name, value: call("header")))
            case .cookie: reads.append(Read(name: parameter.name, value: call("cookie")))
            case .body:
                switch operation.body {
                case .fields(let model, _, _)?:
                    guard !fieldsRead else { continue }
                    fieldsRead = true
                    reads.append(
                        Read(
                            name: fieldsName,
                            value: .call(
                                .member(.identifier("request"), "json"),
                                [Argument(nil, .verbatim(model + ".self"))]
                            )
                        )
                    )
                case .form?:
                    reads.append(Read(name: parameter.name, value: call("field", separator: parameter.separator)))
                case .binary?:
                    reads.append(Read(name: parameter.name, value: .call(.member(.identifier("request"), "bytes"), [])))
                case .file?:
                    reads.append(
                        Read(name: parameter.name, value: .call(.member(.identifier("request"), "upload"), []))
                    )
                case .multipart(let parts)?:
                    let part = parts.first { $0.parameter == parameter.name }
                    let kind = part?.kind ?? .text
                    let wire = part?.wireName ?? parameter.wireName
                    var arguments = [Argument(nil, .literal(.string(wire))), Argument("as", type)]
                    if kind == .text, let value = parameter.defaultValue, value != .null {
                        arguments.append(Argument("default", TranslationSupport.expression(value)))
                    }
                    let method =
                        switch kind {
                        case .text: "part"
                        case .file: "filePart"
                        case .json: "jsonPart"
                        }
                    reads.append(
                        Read(name: parameter.name, value: .call(.member(.identifier("request"), method), arguments))
                    )
                default:
                    reads.append(
                        Read(
                            name: parameter.name,
                            value: .call(.member(.identifier("request"), "json"), [Argument(nil, type)])
                        )
                    )
                }
            }
        }
        return reads
    }

    /// The enumerations that parameters read from text (through lists and optionals), each once: path, query,
    /// header and cookie parameters, form fields and the text parts of multipart bodies.
    static func parameterEnumerations(_ operations: [Operation], api: API) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        func visit(_ type: TypeRef) {
            switch type {
            case .optional(let wrapped), .array(let wrapped): visit(wrapped)
            case .model(let name):
                if case .enumeration? = api.model(named: name)?.shape, seen.insert(name).inserted { names.append(name) }
            default: break
            }
        }
        for operation in operations {
            for parameter in operation.parameters
            where parameter.location != .body || isFormBody(operation) || isTextPart(parameter, operation) {
                visit(parameter.type)
            }
        }
        return names
    }

    /// Whether `parameter` is a text part of a multipart body.
    private static func isTextPart(_ parameter: Parameter, _ operation: Operation) -> Bool {
        guard case .multipart(let parts)? = operation.body else { return false }
        return parts.contains { $0.parameter == parameter.name && $0.kind == .text }
    }

    /// How the route reads the body: `.collect`, `.form`, `.formOrJSON`, `.file` or `.multipart`; `nil` without one.
    static func bodyReading(_ operations: [Operation]) -> String? {
        let bodies = operations.compactMap(\.body)
        if bodies.contains(where: { if case .multipart = $0 { true } else { false } }) { return "multipart" }
        if bodies.contains(where: { if case .file = $0 { true } else { false } }) { return "file" }
        if bodies.contains(where: { if case .form = $0 { true } else { false } }) {
            return operations.contains(where: \.formTakesJSON) ? "formOrJSON" : "form"
        }
        return bodies.isEmpty ? nil : "collect"
    }

    private static func isMultipartBody(_ operation: Operation) -> Bool {
        if case .multipart? = operation.body { return true }
        return false
    }

    private static func isFormBody(_ operation: Operation) -> Bool {
        if case .form? = operation.body { return true }
        return false
    }
}
