import Foundation

/// The expressions that make up a request from an operation's parameters, shared by endpoint factories
/// and resource enumerations so both styles send exactly the same request.
struct RequestParts {
    let operation: Operation
    let api: API

    /// `"/name/\(PathSegment(name))"`, or a plain `"/alpha"` when the path has no parameters.
    var path: Expression {
        .interpolation(
            operation.path.map { part in
                switch part {
                case .literal(let text):
                    .text(text)
                case .parameter(let name):
                    .expression(
                        .call(
                            .identifier(RuntimeSymbols.pathSegment),
                            [Argument(nil, .identifier(name))] + dateCoding(name)
                        )
                    )
                }
            }
        )
    }

    /// `[QueryItem("fullText", fullText)]`, with the stream method's `QueryItem("follow", true)`, or `nil`
    /// without query parameters.
    var query: Expression? {
        var items = operation.parameters.filter { $0.location == .query }.map(queryItem)
        if let item = operation.addedQueryItem {
            items.append(
                .call(
                    .identifier(RuntimeSymbols.queryItem),
                    [Argument(nil, .literal(.string(item))), Argument(nil, addedValueLiteral)]
                )
            )
        }
        return items.isEmpty ? nil : .array(items)
    }

    /// `[HeaderField("X-Request-ID", requestID)]`, with `.cookies([QueryItem("session", session)])` for cookie
    /// parameters, or `nil` without header or cookie parameters.
    var headers: Expression? {
        var fields = operation.parameters.filter { $0.location == .header }.map { parameter in
            Expression.call(
                .identifier(RuntimeSymbols.headerField),
                [Argument(nil, .literal(.string(parameter.wireName))), Argument(nil, .identifier(parameter.name))]
                    + dateCoding(parameter.name)
            )
        }
        // A raw answer asks for its media type, unless the caller says what to accept.
        if let accept = AnswerTranslation.accept(operation),
            !operation.parameters.contains(where: {
                $0.location == .header && $0.wireName.caseInsensitiveCompare("Accept") == .orderedSame
            })
        {
            fields.insert(
                .call(
                    .identifier(RuntimeSymbols.headerField),
                    [Argument(nil, .literal(.string("Accept"))), Argument(nil, .literal(.string(accept)))]
                ),
                at: 0
            )
        }
        let cookies = operation.parameters.filter { $0.location == .cookie }.map(queryItem)
        if !cookies.isEmpty {
            fields.append(
                .call(.member(.identifier(RuntimeSymbols.headerField), "cookies"), [Argument(nil, .array(cookies))])
            )
        }
        return fields.isEmpty ? nil : .array(fields)
    }

    /// `.json(body)`, `.json(LoginBody(email: email))` or `.form([…])`, or `nil` without a body.
    var body: Expression? {
        switch operation.body {
        case nil:
            return nil
        case .value(let parameter, let contentType):
            let isOptional = operation.parameters.first { $0.name == parameter }?.type.isOptional ?? false
            guard isOptional else { return json(withAddedField(.identifier(parameter)), contentType: contentType) }
            // `body.map { .json($0) }`: no body at all when the parameter is `nil`.
            return .call(
                .member(.identifier(parameter), "map"),
                [
                    Argument(
                        nil,
                        .closure(
                            parameters: [],
                            body: [.expression(json(withAddedField(.identifier("$0")), contentType: contentType))]
                        )
                    )
                ]
            )
        case .fields(let model, let names, let contentType):
            let value = Expression.call(.identifier(model), names.map { Argument($0, .identifier($0)) })
            return json(value, contentType: contentType)
        case .form(let names):
            let fields = operation.parameters.filter { names.contains($0.name) && $0.location == .body }
            var items = fields.map(queryItem)
            if let field = operation.addedBodyField {
                // `QueryItem("stream", true)`: the stream method's field.
                items.append(
                    .call(
                        .identifier(RuntimeSymbols.queryItem),
                        [Argument(nil, .literal(.string(field))), Argument(nil, addedValueLiteral)]
                    )
                )
            }
            return .call(.member(nil, "form"), [Argument(nil, .array(items))])
        case .binary(let parameter, let contentType):
            return .call(
                .member(nil, "data"),
                [Argument(nil, .identifier(parameter)), Argument("contentType", .literal(.string(contentType)))]
            )
        case .file(let parameter, let contentType):
            return .call(
                .member(nil, "file"),
                [Argument(nil, .identifier(parameter)), Argument("contentType", .literal(.string(contentType)))]
            )
        case .multipart(let parts):
            // `.multipart([MultipartField.text("purpose", purpose), MultipartField.file("file", file)])`
            var fields = parts.map { part -> Expression in
                let kind: String
                switch part.kind {
                case .text: kind = "text"
                case .file: kind = "file"
                case .json: kind = "json"
                }
                return .call(
                    .member(.identifier(RuntimeSymbols.multipartField), kind),
                    [Argument(nil, .literal(.string(part.wireName))), Argument(nil, .identifier(part.parameter))]
                )
            }
            if let field = operation.addedBodyField {
                // `MultipartField.text("stream", true)`: the stream method's field.
                fields.append(
                    .call(
                        .member(.identifier(RuntimeSymbols.multipartField), "text"),
                        [Argument(nil, .literal(.string(field))), Argument(nil, addedValueLiteral)]
                    )
                )
            }
            return .call(.member(nil, "multipart"), [Argument(nil, .array(fields))])
        }
    }

    /// `JSONBodyWithFields(body, adding: ["stream": true])` for the stream method of an endpoint whose body is a
    /// model; `value` otherwise.
    private func withAddedField(_ value: Expression) -> Expression {
        guard let field = operation.addedBodyField else { return value }
        return .call(
            .identifier(RuntimeSymbols.jsonBodyWithFields),
            [
                Argument(nil, value),
                Argument(
                    "adding",
                    .dictionary([DictionaryEntry(key: .literal(.string(field)), value: addedValueLiteral)])
                ),
            ]
        )
    }

    /// `true`, `"sse"` or `1`: the added field's value, as a `JSON` literal (or a form field's, a text part's or a
    /// query item's).
    private var addedValueLiteral: Expression {
        switch operation.addedValue {
        case .string(let text): .literal(.string(text))
        case .int(let number): .literal(.int(number))
        case .bool(let flag): .literal(.bool(flag))
        default: .literal(.bool(true))
        }
    }

    /// `.json(value)`, or `.json(value, contentType: "…")` for another JSON media type.
    private func json(_ value: Expression, contentType: String?) -> Expression {
        .call(
            .member(nil, "json"),
            [Argument(nil, value)] + (contentType.map { [Argument("contentType", .literal(.string($0)))] } ?? [])
        )
    }

    /// `CountriesSamples.countryByName`, or `nil` without sample data.
    var sampleData: Expression? {
        guard operation.sample != nil else { return nil }
        return .member(.identifier(TranslationNames.samples(api.name)), SamplesNaming.member(operation))
    }

    /// `as: .secondsSince1970` for a `Date` parameter written otherwise than ISO 8601.
    private func dateCoding(_ name: String) -> [Argument] {
        guard let dates = operation.parameters.first(where: { $0.name == name })?.dates else { return [] }
        return [Argument("as", .member(nil, dates))]
    }

    private func queryItem(_ parameter: Parameter) -> Expression {
        if parameter.isObject {
            // `QueryItem("card", object: card, dates: .secondsSince1970)`: dates inside as the spec's JSON.
            return .call(
                .identifier(RuntimeSymbols.queryItem),
                [Argument(nil, .literal(.string(parameter.wireName))), Argument("object", .identifier(parameter.name))]
                    + (api.dates == "iso8601" ? [] : [Argument("dates", .member(nil, api.dates))])
            )
        }
        var arguments =
            [Argument(nil, .literal(.string(parameter.wireName))), Argument(nil, .identifier(parameter.name))]
            + dateCoding(parameter.name)
        if let separator = parameter.separator {
            arguments.append(Argument("separator", .literal(.string(separator))))
        }
        return .call(.identifier(RuntimeSymbols.queryItem), arguments)
    }
}

/// Names of sample-data members.
enum SamplesNaming {
    /// `countryByName`, or `customerGet` for an endpoint in a namespace.
    static func member(_ operation: Operation) -> String {
        guard let namespace = operation.namespace else { return operation.name }
        return SwiftName.memberName(namespace) + SwiftName.typeName(operation.name)
    }
}
