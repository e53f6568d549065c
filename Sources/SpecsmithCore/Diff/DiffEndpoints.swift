/// The changes of endpoints: added, removed, renamed, moved, and their parameters, bodies, answers, errors and
/// scopes.
extension Differ {
    mutating func compareEndpoints() {
        let oldByName = Dictionary(old.operations.map { ($0.specName, $0) }, uniquingKeysWith: { first, _ in first })
        let newByName = Dictionary(new.operations.map { ($0.specName, $0) }, uniquingKeysWith: { first, _ in first })
        var renamed = Set<String>()
        for operation in old.operations where newByName[operation.specName] == nil {
            let subject = "endpoint `\(operation.specName)`"
            // Another name for the same request: Swift callers break, the wire does not.
            if let successor = new.operations.first(where: {
                oldByName[$0.specName] == nil && $0.method == operation.method && route($0) == route(operation)
            }) {
                renamed.insert(successor.specName)
                add(
                    subject,
                    "renamed to `\(successor.specName)` (\(Self.request(successor)))",
                    swift: true,
                    wire: false
                )
                compare(operation, successor)
            } else {
                add(subject, "removed (\(Self.request(operation)))", swift: true, wire: true)
            }
        }
        for operation in new.operations {
            if let before = oldByName[operation.specName] {
                compare(before, operation)
            } else if !renamed.contains(operation.specName) {
                add("endpoint `\(operation.specName)`", "added (\(Self.request(operation)))", swift: false, wire: false)
            }
        }
    }

    /// `GET /countries/{name}`.
    static func request(_ operation: Operation) -> String {
        operation.method.uppercased() + " " + template(operation)
    }

    /// The path template with parameters' wire names.
    static func template(_ operation: Operation) -> String {
        operation.path.map { part in
            switch part {
            case .literal(let text): text
            case .parameter(let name): "{" + (operation.parameters.first { $0.name == name }?.wireName ?? name) + "}"
            }
        }
        .joined()
    }

    /// The path with its parameters unnamed, so that renaming one is no move: `/countries/{}`.
    func route(_ operation: Operation) -> String {
        operation.path.map { part in
            if case .literal(let text) = part { return text }
            return "{}"
        }
        .joined()
    }

    mutating func compare(_ before: Operation, _ after: Operation) {
        // Endpoints that send the same request (a plain method and its stream method) share their changes.
        endpoint = (Self.request(after), after.specName)
        defer { endpoint = nil }
        let subject = "endpoint `\(after.specName)`"
        if before.method != after.method || route(before) != route(after) {
            add(subject, "moved from \(Self.request(before)) to \(Self.request(after))", swift: false, wire: true)
        }
        if before.namespace != after.namespace {
            let place = { (namespace: String?) in namespace.map { "namespace `\($0)`" } ?? "the client itself" }
            add(subject, "moved from \(place(before.namespace)) to \(place(after.namespace))", swift: true, wire: false)
        }
        compareParameters(before, after, subject: subject)
        if before.body.map(Self.bodyKind) != after.body.map(Self.bodyKind) {
            let kind = { (body: Operation.Body?) in body.map(Self.bodyKind) ?? "no body" }
            add(subject, "sends \(kind(after.body)) instead of \(kind(before.body))", swift: true, wire: true)
        }
        if let asked = Self.streamRequest(after), let old = Self.streamRequest(before), asked != old {
            add(subject, "asks for its stream with \(asked) instead of \(old)", swift: false, wire: true)
        }
        compareAnswers(before, after, subject: subject)
        compareScopes(before, after, subject: subject)
        if before.deprecation == nil, after.deprecation != nil {
            add(subject, "deprecated" + (after.deprecation?.message.map { ": \($0)" } ?? ""), swift: false, wire: false)
        }
        switch (before.pagination, after.pagination) {
        case (nil, let pages?):
            add(subject, "pages: `\(pages.pagesName)` and `\(pages.itemsName)` added", swift: false, wire: false)
        case (let pages?, nil):
            add(
                subject,
                "no longer pages: `\(pages.pagesName)` and `\(pages.itemsName)` removed",
                swift: true,
                wire: false
            )
        default: break
        }
    }

    /// How a `stream:` second method asks for its stream: `` `?follow=true` `` or `` `"stream": true` ``;
    /// "nothing of its own" for a method that sends no field of its own; `nil` for an endpoint that does not
    /// stream.
    static func streamRequest(_ operation: Operation) -> String? {
        guard operation.responseBody.streamElement != nil else { return nil }
        if let item = operation.addedQueryItem { return "`?\(item)=\(operation.addedValue.fieldText ?? "true")`" }
        if let field = operation.addedBodyField {
            return "`\"\(field)\": \(TranslationSupport.constantText(operation.addedValue))`"
        }
        return "nothing of its own"
    }

    /// `a JSON body`, `a form`, …
    static func bodyKind(_ body: Operation.Body) -> String {
        switch body {
        case .value(_, let contentType), .fields(_, _, let contentType): "JSON (\(contentType ?? "application/json"))"
        case .form: "a form"
        case .binary(_, let contentType): "bytes (\(contentType))"
        case .file(_, let contentType): "a file (\(contentType))"
        case .multipart: "multipart parts"
        }
    }

    /// Parameters by where they go and their wire name: path, query, header, cookie and the body's fields.
    mutating func compareParameters(_ before: Operation, _ after: Operation, subject: String) {
        // Path parameters by their place in the path (their names are not on the wire), others by name.
        func key(_ parameter: Parameter, in operation: Operation) -> String {
            guard parameter.location == .path else { return "\(parameter.location):\(parameter.wireName)" }
            let places = operation.path.compactMap { part -> String? in
                if case .parameter(let name) = part { return name }
                return nil
            }
            return "path:\(places.firstIndex(of: parameter.name) ?? -1)"
        }
        func key(_ parameter: Parameter) -> String {
            key(parameter, in: before.parameters.contains(parameter) ? before : after)
        }
        let oldParameters = Dictionary(before.parameters.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newParameters = Dictionary(after.parameters.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for parameter in before.parameters where newParameters[key(parameter)] == nil {
            if let moved = after.parameters.first(where: {
                $0.wireName == parameter.wireName && oldParameters[key($0)] == nil
            }) {
                add(
                    subject,
                    "`\(parameter.wireName)` is sent in the \(Self.place(moved.location)), not the \(Self.place(parameter.location))",
                    swift: false,
                    wire: true
                )
                continue
            }
            // Apps already shipped still send it, and the server now ignores it (or refuses it): a rename of an
            // optional field loses what old apps send without a word.
            add(
                subject,
                "parameter `\(parameter.name)` (\(Self.place(parameter.location)) `\(parameter.wireName)`) removed: "
                    + "old apps still send it",
                swift: true,
                wire: true
            )
        }
        for parameter in after.parameters {
            guard let previous = oldParameters[key(parameter)] else {
                // One of the same wire name elsewhere moved (reported above).
                if before.parameters.contains(where: { $0.wireName == parameter.wireName }) { continue }
                let required = parameter.isRequired
                add(
                    subject,
                    "\(required ? "new required" : "new") parameter `\(parameter.name)` (\(Self.place(parameter.location)) `\(parameter.wireName)`)",
                    swift: required,
                    wire: required
                )
                continue
            }
            let name = "parameter `\(parameter.name)`"
            if previous.name != parameter.name || previous.label != parameter.label {
                add(subject, "\(name) was `\(previous.name)` in Swift", swift: true, wire: false)
            }
            if previous.type.unwrapped != parameter.type.unwrapped {
                add(
                    subject,
                    "\(name) is `\(TranslationSupport.typeText(parameter.type))`, not `\(TranslationSupport.typeText(previous.type))`",
                    swift: true,
                    wire: true
                )
            } else if parameter.isRequired && !previous.isRequired {
                add(subject, "\(name) is required now", swift: true, wire: true)
            } else if !parameter.isRequired && previous.isRequired {
                add(subject, "\(name) is optional now", swift: false, wire: false)
            }
            if previous.separator != parameter.separator || previous.isObject != parameter.isObject {
                add(subject, "\(name) is sent in another form", swift: false, wire: true)
            }
        }
    }

    static func place(_ location: Parameter.Location) -> String {
        switch location {
        case .path: "path"
        case .query: "query"
        case .header: "headers"
        case .cookie: "cookies"
        case .body: "body"
        }
    }

    /// The answer's type, the answers enumeration's statuses, and the error body.
    mutating func compareAnswers(_ before: Operation, _ after: Operation, subject: String) {
        let (oldType, newType) = (
            TranslationSupport.typeText(before.response), TranslationSupport.typeText(after.response)
        )
        if before.answers == nil, after.answers == nil, before.responseBody != after.responseBody {
            add(subject, "answers `\(newType)` instead of `\(oldType)`", swift: true, wire: true)
        }
        let oldStatuses = Set(before.answers?.cases.map(\.status) ?? [])
        let newStatuses = Set(after.answers?.cases.map(\.status) ?? [])
        if (before.answers == nil) != (after.answers == nil) {
            add(
                subject,
                "answers `\(newType)` instead of `\(oldType)`",
                swift: true,
                wire: !newStatuses.isSubset(of: oldStatuses)
            )
        } else {
            for status in newStatuses.subtracting(oldStatuses).sorted() {
                add(subject, "a new answer, \(status): old apps fail on it", swift: true, wire: true)
            }
            for status in oldStatuses.subtracting(newStatuses).sorted() {
                add(subject, "the answer \(status) removed", swift: true, wire: false)
            }
        }
        let errorText = { (body: ErrorBody) -> String in
            switch body {
            case .none: "Never"
            case .type(let type): TranslationSupport.typeText(type)
            case .enumeration(let name, _): name
            }
        }
        if errorText(before.errorBody) != errorText(after.errorBody) {
            add(
                subject,
                "its errors are `APIError<\(errorText(after.errorBody))>`, not `APIError<\(errorText(before.errorBody))>`",
                swift: true,
                wire: false
            )
        }
    }

    /// The scope an endpoint needs: another scope's clients call it (Swift), and other credentials (wire).
    mutating func compareScopes(_ before: Operation, _ after: Operation, subject: String) {
        guard before.scope != after.scope || before.acceptsAuthorization != after.acceptsAuthorization else { return }
        let describe = { (operation: Operation, api: API) -> String in
            guard let scope = operation.scope else { return operation.acceptsAuthorization ? "any client" : "public" }
            return "scope `\(api.auth?.scopes.first { $0.name == scope }?.specName ?? scope)`"
        }
        // Old apps send the old scope's credentials, or none: only a public endpoint surely takes them.
        add(
            subject,
            "needs \(describe(after, new)) instead of \(describe(before, old))",
            swift: true,
            wire: after.scope != nil
        )
    }
}
