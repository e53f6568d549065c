/// Resolves what an endpoint answers: one body (`response:`), several answers by status (`responses:`), and
/// the documented response headers (`responseHeaders:`).
extension ResolveContext {
    /// The reason phrases of the statuses an answer may have, as Swift case names.
    static let answerNames: [Int: String] = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed",
        300: "multipleChoices", 301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified",
        305: "useProxy", 307: "temporaryRedirect", 308: "permanentRedirect",
    ]

    /// Members an answers enumeration has besides its cases.
    static let answersMembers: Set<String> = ["decoding", "self", "Type", "init"]

    /// The plain method's type, the one answer's body, and the answers when there are several.
    mutating func resolveAnswers(
        _ raw: RawEndpoint,
        method: String,
        typeNames: inout Set<String>
    ) -> (response: TypeRef, body: Operation.AnswerBody, answers: Operation.Answers?) {
        if let location = raw.responsesLocation {
            if let response = raw.response {
                diagnostics.error(
                    "an endpoint has either `response` or `responses`, not both",
                    at: response.location,
                    hint: "move this answer under `responses`, with its status"
                )
            }
            guard let answers = resolveAnswerList(raw, method: method, location: location, typeNames: &typeNames)
            else { return (.void, .none, nil) }
            if answers.cases.count == 1, let only = answers.cases.first, (200..<300).contains(only.status) {
                // One documented answer is the plain case: its body is the method's value.
                return (only.body.type, only.body, nil)
            }
            return (.model(answers.typeName), .none, answers)
        }
        guard let written = raw.response,
            let body = resolveAnswerBody(
                written,
                method: method,
                endpoint: raw.name,
                optionalAllowed: true,
                typeNames: &typeNames
            )
        else {
            return (.void, .none, nil)
        }
        return (body.type, body, nil)
    }

    private mutating func resolveAnswerList(
        _ raw: RawEndpoint,
        method: String,
        location: SourceLocation,
        typeNames: inout Set<String>
    ) -> Operation.Answers? {
        var cases: [Operation.Answer] = []
        var names: [String: Int] = [:]
        var valid = true
        for answer in raw.responses {
            guard let status = Int(answer.status.value), (200..<400).contains(status) else {
                diagnostics.error(
                    "`\(answer.status.value)` is not a status an answer can have",
                    at: answer.status.location,
                    hint: "answers have statuses from 200 to 399; document error statuses under `errors`"
                )
                valid = false
                continue
            }
            var body = Operation.AnswerBody.none
            if let written = answer.body, written.isFile {
                diagnostics.error(
                    "a download to a file is the one answer of its endpoint",
                    at: written.location,
                    hint: "write it as `response: {file: …}`, or read this answer as `binary`"
                )
                valid = false
                continue
            }
            if let written = answer.body, written.isStream {
                diagnostics.error(
                    "a stream is the one answer of its endpoint",
                    at: written.location,
                    hint: "write it as `response: {events: …}` or `response: {jsonLines: …}`"
                )
                valid = false
                continue
            }
            if let written = answer.body {
                guard
                    let resolved = resolveAnswerBody(written, method: method, endpoint: raw.name, typeNames: &typeNames)
                else {
                    valid = false
                    continue
                }
                body = resolved
            }
            if status == 204 || status == 304, body != .none {
                diagnostics.error(
                    "a \(status) response has no body",
                    at: answer.body?.location ?? answer.status.location,
                    hint: "write `\(status): Void`"
                )
                valid = false
            }
            var name = Self.answerNames[status] ?? "status\(status)"
            if let custom = answer.name {
                checkCaseName(custom)
                name = memberName(avoidingTypes: custom.value)
            }
            if Self.answersMembers.contains(name) {
                diagnostics.error(
                    "the answer `\(answer.status.value)` cannot be the case `\(name)`, a member every answers enumeration has",
                    at: answer.name?.location ?? answer.status.location,
                    hint: "give it another `name`"
                )
                valid = false
            } else if let other = names[name] {
                diagnostics.error(
                    "the answers \(other) and \(status) are both the case `\(name)`",
                    at: answer.name?.location ?? answer.status.location,
                    hint: "give one a `name`"
                )
                valid = false
            }
            names[name] = status
            cases.append(Operation.Answer(status: status, name: name, body: body, description: answer.description))
        }
        guard valid else { return nil }
        if !cases.contains(where: { (200..<300).contains($0.status) }) {
            diagnostics.error(
                "`responses` documents no successful answer",
                at: location,
                hint: "add a 2xx status, such as `200: Void`"
            )
            return nil
        }
        let typeName = SwiftName.typeName(raw.name.value) + "Answer"
        guard claimTypeName(typeName, for: "the answers of `\(raw.name.value)`", at: location, typeNames: &typeNames)
        else { return nil }
        return Operation.Answers(typeName: typeName, cases: cases)
    }

    /// One answer's body; `optionalAllowed` for an endpoint's one answer (`response: Note?`), whose `nil` is an
    /// answer without a body (a `204` beside a `200`).
    private mutating func resolveAnswerBody(
        _ written: RawAnswerBody,
        method: String,
        endpoint: Located<String>,
        optionalAllowed: Bool = false,
        typeNames: inout Set<String>
    ) -> Operation.AnswerBody? {
        var body: Operation.AnswerBody
        switch written {
        case .type(let text):
            guard let type = resolveType(text, allowVoid: true) else { return nil }
            // An OpenAPI document's nullable answer (`anyOf: [number, null]`) is optional, `null` read as `nil`.
            if type.isOptional && !optionalAllowed && !raw.isOpenAPI {
                // Reported; the type still checks the sample.
                diagnostics.error(
                    "an answer's type cannot be optional",
                    at: text.location,
                    hint: "document the answer without a body as its own status, `204: Void`"
                )
            }
            body = type == .void ? .none : .json(type)
        case .binary(let accept), .text(let accept), .file(let accept):
            checkHeaderText(accept)
            let key = written.isText ? "text" : written.isFile ? "file" : "binary"
            if !accept.value.contains("/") {
                diagnostics.error(
                    "`\(key)` names the media type to ask for, such as `\(written.isText ? "text/csv" : "application/pdf")`, not `\(accept.value)`",
                    at: accept.location
                )
                return nil
            }
            switch written {
            case .text: body = .text(accept: accept.value)
            case .file: body = .file(accept: accept.value)
            default: body = .bytes(accept: accept.value)
            }
        case .events(let text, _), .jsonLines(let text, _):
            guard let type = resolveType(text) else { return nil }
            if type.isOptional {
                diagnostics.error(
                    "the values of a stream cannot be optional",
                    at: text.location,
                    hint: "write `\(text.value.dropLast())`"
                )
                return nil
            }
            if case .events(_, let end) = written {
                body = .events(type, terminator: end.terminator?.value)
            } else {
                body = .jsonLines(type)
            }
        case .namedEvents(let events, let end, let location):
            // The error event ends the stream with an error body: it is not one of the values.
            let values = events.filter { $0.key.value != end.errorEvent?.value }
            guard let union = resolveEventUnion(values, at: location, endpoint: endpoint, typeNames: &typeNames)
            else { return nil }
            body = .namedEvents(union, terminator: end.terminator?.value)
        }
        if method == "head" && body != .none {
            if body.streamElement != nil {
                // Written as the answer, or as a `stream:` second method, which the user did not call `response`.
                diagnostics.error(
                    "a HEAD response has no body, so it cannot be a stream",
                    at: written.location,
                    hint: "stream from a GET endpoint"
                )
            } else {
                diagnostics.error(
                    "a HEAD response has no body, so its `response` must be `Void`",
                    at: written.location
                )
            }
            return nil
        }
        return body
    }

    /// The documented response headers, as a struct named after the endpoint.
    mutating func resolveResponseHeaders(
        _ raw: RawEndpoint,
        typeNames: inout Set<String>
    ) -> Operation.ResponseHeaders? {
        guard let first = raw.responseHeaders.first else { return nil }
        var headers: [Operation.ResponseHeader] = []
        var names: [String: String] = [:]
        var wireNames: [String: String] = [:]
        for field in raw.responseHeaders {
            guard let header = resolveResponseHeader(field) else { continue }
            if let other = wireNames[header.wireName.lowercased()] {
                diagnostics.error(
                    "the response header `\(field.key.value)` is already documented as `\(other)`",
                    at: field.key.location,
                    hint: "header names are compared without regard to case"
                )
                continue
            }
            if let other = names[header.name] {
                diagnostics.error(
                    "the response headers `\(other)` and `\(field.key.value)` both become the property `\(header.name)`",
                    at: field.key.location,
                    hint: "give one a `swiftName`"
                )
                continue
            }
            names[header.name] = field.key.value
            wireNames[header.wireName.lowercased()] = field.key.value
            headers.append(header)
        }
        let typeName = SwiftName.typeName(raw.name.value) + "ResponseHeaders"
        guard
            claimTypeName(
                typeName,
                for: "the response headers of `\(raw.name.value)`",
                at: first.key.location,
                typeNames: &typeNames
            )
        else { return nil }
        return Operation.ResponseHeaders(typeName: typeName, headers: headers)
    }

    private mutating func resolveResponseHeader(_ field: RawField) -> Operation.ResponseHeader? {
        let name = field.key
        guard checkHeaderName(name) else { return nil }
        if let defaultValue = field.defaultValue {
            diagnostics.error(
                "a response header has no default; make it optional instead",
                at: defaultValue.value.location
            )
        }
        guard let text = field.type else { return nil }
        let isOptional = text.value.hasSuffix("?")
        let bare = isOptional ? String(text.value.dropLast()) : text.value
        var type: TypeRef
        if bare == "Links" {
            type = .links
        } else {
            guard let resolved = resolveType(Located(bare, at: text.location)) else { return nil }
            type = resolved
            let allowed: Set<TypeRef.Builtin> = [.string, .int, .int32, .int64, .double, .bool, .date, .url, .uuid]
            guard case .builtin(let builtin) = resolved, allowed.contains(builtin) else {
                diagnostics.error(
                    "a response header is `String`, `Int`, `Int32`, `Int64`, `Double`, `Bool`, `Date`, `URL`, `UUID` or `Links`, not `\(text.value)`",
                    at: text.location,
                    hint: "read it as `String` and convert it yourself"
                )
                return nil
            }
        }
        var dates: String?
        if let written = field.dates, let choice = choice(written, DateCodingName.self, key: "dates") {
            if type != .builtin(.date) {
                diagnostics.error(
                    "`dates` is for `Date` headers, and `\(name.value)` is `\(text.value)`",
                    at: written.location
                )
            } else {
                dates = choice.rawValue
            }
        }
        if isOptional { type = .optional(type) }
        if let swiftName = field.swiftName { checkIdentifier(swiftName) }
        return Operation.ResponseHeader(
            name: memberName(avoidingTypes: field.swiftName?.value ?? SwiftName.memberName(name.value)),
            wireName: name.value,
            type: type,
            dates: dates,
            description: field.description
        )
    }

    /// Reports endpoints with response headers whose `…WithHeaders` method would be another endpoint's method
    /// or a member of the client; `names` are the endpoints' spec names by namespace and Swift name.
    mutating func checkWithHeadersNames(_ operations: [Operation], names: [String: Located<String>]) {
        for operation in operations where operation.responseHeaders != nil {
            let method = operation.name + ClientShape.withHeadersSuffix
            let key = (operation.namespace ?? "") + "." + operation.name
            guard let name = names[key] else { continue }
            if let other = names[(operation.namespace ?? "") + "." + method] {
                diagnostics.error(
                    "endpoint `\(name.value)` documents response headers, so it has a method `\(method)`, which is the method of endpoint `\(other.value)`",
                    at: name.location,
                    hint: "rename one of them"
                )
            } else if ReservedNames.clientMembers(flavours).contains(method) {
                diagnostics.error(
                    "endpoint `\(name.value)` documents response headers, so it has a method `\(method)`, which the client already has",
                    at: name.location,
                    hint: "rename the endpoint"
                )
            }
        }
    }

    /// Takes `typeName` for a type generated for an endpoint, unless a model, another generated type or a
    /// type generated code uses has it.
    mutating func claimTypeName(
        _ typeName: String,
        for what: String,
        at location: SourceLocation,
        typeNames: inout Set<String>
    ) -> Bool {
        if reservedTypes.contains(typeName) {
            diagnostics.error(
                "\(what) become `\(typeName)`, which would hide the type `\(typeName)` that generated code uses",
                at: location,
                hint: "rename the endpoint"
            )
            return false
        }
        guard typeNames.insert(typeName).inserted else {
            diagnostics.error(
                "\(what) become `\(typeName)`, which is already the name of a model or of a generated type",
                at: location,
                hint: "rename the endpoint or the model"
            )
            return false
        }
        return true
    }
}

extension RawAnswerBody {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }

    var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    var isStream: Bool {
        switch self {
        case .events, .jsonLines, .namedEvents: true
        default: false
        }
    }
}

extension TypeRef {
    /// The links of a `Link` header: the runtime's `Links`, qualified so that a model named `Links` cannot hide it.
    static let links = TypeRef.model(RuntimeSymbols.links)
}
