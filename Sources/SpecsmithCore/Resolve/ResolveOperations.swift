import Foundation

extension ResolveContext {
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Resolves every endpoint; inline JSON bodies add request-only models to `bodyModels`.
    mutating func resolveOperations(bodyModels models: inout [Model]) -> [Operation] {
        var operations: [Operation] = []
        /// Each endpoint's name in the spec, by namespace and Swift name.
        var names: [String: Located<String>] = [:]
        var typeNames = Set(models.map(\.name))
        let specErrors = resolveErrors(raw.errors)
        let responseModels = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        /// What each endpoint is called in messages: a stream variant by the endpoint it comes from.
        var titles: [SourceLocation: String] = [:]
        let endpoints = raw.endpoints.flatMap { endpoint in
            let expanded = streamVariants(endpoint)
            for variant in expanded.dropFirst() {
                titles[variant.name.location] = "the stream of `\(endpoint.name.value)` (`\(variant.name.value)`)"
            }
            return expanded
        }
        func title(_ name: Located<String>) -> String { titles[name.location] ?? "`\(name.value)`" }
        for raw in endpoints {
            guard
                var operation = resolveOperation(
                    raw,
                    models: &models,
                    responseModels: responseModels,
                    typeNames: &typeNames
                )
            else { continue }
            (operation.scope, operation.acceptsAuthorization) = resolveScopeRequirement(raw)
            (operation.errors, operation.errorBody) = operationErrors(
                raw,
                specErrors: specErrors,
                typeNames: &typeNames
            )
            operation.streamErrorEvent = resolveStreamErrorEvent(raw, operation: operation)
            operation.streamErrorKey = resolveStreamErrorKey(raw, operation: operation, models: responseModels)
            operation.addedBodyField = raw.addedBodyField?.value
            operation.addedQueryItem = raw.addedQueryItem?.value
            switch raw.addedValue?.value.kind {
            case .string(let text)?: operation.addedValue = .string(text)
            case .int(let number)?: operation.addedValue = .int(number)
            case .bool(let flag)?: operation.addedValue = .bool(flag)
            default: break
            }
            operation.pagination = resolvePagination(raw, operation: operation, models: responseModels)
            let scope = operation.namespace.map { "namespace `\($0)`" } ?? "the API"
            let key = (operation.namespace ?? "") + "." + operation.name
            if let other = names[key] {
                diagnostics.error(
                    "endpoints \(title(other)) and \(title(raw.name)) both become `\(operation.name)` in \(scope)",
                    at: raw.name.location
                )
                continue
            }
            names[key] = raw.name
            operations.append(operation)
        }
        shareErrorEnumerations(&operations, typeNames: &typeNames)
        checkNamespaces(operations, typeNames: typeNames)
        checkEndpointNames(names, typeNames: typeNames)
        checkWithHeadersNames(operations, names: names)
        checkPagingNames(operations, names: names)
        checkProgressNames(operations, names: names)
        return operations
    }

    /// Checks each namespace once, where it is first named: its type must hide no type generated code uses,
    /// and its property on the client must differ from its type and from the client's other members.
    private mutating func checkNamespaces(_ operations: [Operation], typeNames: Set<String>) {
        let rootNames = Set(operations.filter { $0.namespace == nil }.map(\.name))
        var checked = Set<String>()
        for raw in raw.endpoints {
            guard let namespace = raw.namespace, checked.insert(namespace.value).inserted else { continue }
            let type = SwiftName.typeName(namespace.value)
            let property = SwiftName.memberName(namespace.value)
            if checkTypeName(type, kind: "namespace", name: namespace) && typeNames.contains(type) {
                diagnostics.error(
                    "namespace `\(namespace.value)` becomes the type `\(type)`, which a model or error body already is",
                    at: namespace.location,
                    hint: "rename the namespace"
                )
            }
            if type == property {
                diagnostics.error(
                    "namespace `\(namespace.value)` would be both the type and the property `\(type)` of the client",
                    at: namespace.location,
                    hint: "start it with a letter that has an upper and a lower case, such as `twoFactor`"
                )
            } else if rootNames.contains(property) {
                diagnostics.error(
                    "namespace `\(namespace.value)` and an endpoint without a namespace both become `\(property)` on the client",
                    at: namespace.location
                )
            } else if ReservedNames.clientMembers(flavours).contains(property) {
                diagnostics.error(
                    "namespace `\(namespace.value)` becomes the property `\(property)`, which the client already has",
                    at: namespace.location,
                    hint: "rename the namespace"
                )
            }
        }
    }

    /// Reports endpoint names that are a model's type name, that clash with a member of the client, or whose Combine method would be another
    /// endpoint's method; `names` are the endpoints' spec names by namespace and Swift name (`Repos.issues`).
    private mutating func checkEndpointNames(_ names: [String: Located<String>], typeNames: Set<String>) {
        for (key, name) in names.sorted(by: { $0.value.location < $1.value.location }) {
            let method = String(key[key.index(after: key.firstIndex(of: ".")!)...])
            // Only names of letters without case (`名前`) are the same as a type and as a member.
            if typeNames.contains(method) {
                diagnostics.error(
                    "endpoint `\(name.value)` becomes `\(method)`, the name of a model: in generated code the method would hide the type",
                    at: name.location,
                    hint: "rename the endpoint or the model"
                )
            }
            if ReservedNames.clientMembers(flavours).contains(method) {
                diagnostics.error(
                    "endpoint `\(name.value)` becomes the method `\(method)`, which the client already has as a property",
                    at: name.location,
                    hint: "rename the endpoint"
                )
            }
            if flavours.contains(.combine), let other = names[key + CombineSymbols.publisherSuffix] {
                diagnostics.error(
                    "the Combine method of endpoint `\(name.value)` would be `\(method + CombineSymbols.publisherSuffix)`, the method of endpoint `\(other.value)`",
                    at: name.location,
                    hint: "rename one of them"
                )
            }
        }
    }

    private mutating func resolveOperation(
        _ raw: RawEndpoint,
        models: inout [Model],
        responseModels: [String: Model],
        typeNames: inout Set<String>
    ) -> Operation? {
        let name = SwiftName.memberName(raw.name.value)
        if style.hasResources && ReservedNames.resourceMembers.contains(name) {
            diagnostics.error(
                "endpoint `\(raw.name.value)` clashes with the `\(name)` member of `Resource`",
                at: raw.name.location,
                hint: "rename the endpoint"
            )
        }
        let method = resolveMethod(raw)
        let pathText = raw.path
        let template = pathText.map { parseTemplate($0) } ?? []

        var required: [Parameter] = []
        var optional: [Parameter] = []
        var bodyParameters: [Parameter] = []

        // Path parameters follow the template's order.
        let declared = Dictionary(raw.pathParameters.map { ($0.key.value, $0) }, uniquingKeysWith: { a, _ in a })
        var pathParameters: [Parameter] = []
        var parts: [Operation.PathPart] = []
        for part in template {
            switch part {
            case .literal(let text):
                parts.append(.literal(text))
            case .parameter(let wireName, let location):
                guard let field = declared[wireName] else {
                    let names = raw.pathParameters.map(\.key.value)
                    // A document's parameters are OpenAPI's, not the format's `pathParameters`.
                    let (place, fix) =
                        self.raw.isOpenAPI
                        ? ("", "declare it in the operation's or the path's `parameters`, with `in: path`")
                        : (" under `pathParameters`", "add `pathParameters: {\(wireName): String}`")
                    diagnostics.error(
                        "path parameter `{\(wireName)}` is not declared\(place)",
                        at: location,
                        hint: Suggestions.hint(for: wireName, in: names) ?? fix
                    )
                    continue
                }
                guard let parameter = resolveParameter(field, location: .path) else { continue }
                parts.append(.parameter(parameter.name))
                pathParameters.append(parameter)
            }
        }
        let templateNames = Set(
            template.compactMap { part -> String? in
                if case .parameter(let name, _) = part { return name }
                return nil
            }
        )
        for field in raw.pathParameters where !templateNames.contains(field.key.value) && pathText != nil {
            diagnostics.error(
                "path parameter `\(field.key.value)` does not appear in the path `\(pathText?.value ?? "")`",
                at: field.key.location,
                hint: "write `{\(field.key.value)}` in the path"
            )
        }

        var body: Operation.Body?
        if let rawBody = raw.body {
            if method == "get" || method == "head" {
                diagnostics.error(
                    "a \(method.uppercased()) request cannot have a body",
                    at: bodyLocation(rawBody)
                )
            }
            body = resolveBody(rawBody, operation: raw, models: &models, typeNames: &typeNames, into: &bodyParameters)
        }

        for field in raw.query {
            guard let parameter = resolveParameter(field, location: .query) else { continue }
            (parameter.defaultValue == nil ? required.append(parameter) : optional.append(parameter))
        }
        for field in raw.headers {
            guard let parameter = resolveParameter(field, location: .header) else { continue }
            (parameter.defaultValue == nil ? required.append(parameter) : optional.append(parameter))
        }
        for field in raw.cookies {
            // A cookie's name is a token: no `=`, `;`, `,`, spaces or controls, which would start another.
            let separators = Set("()<>@,;:\\\"/[]?={} \t")
            if field.key.value.isEmpty
                || field.key.value.contains(where: { separators.contains($0) || !$0.isASCII || $0.asciiValue! < 0x21 })
            {
                diagnostics.error(
                    "`\(field.key.value)` cannot be a cookie name",
                    at: field.key.location,
                    hint: "a cookie name is ASCII letters, digits and any of ! # $ % & ' * + - . ^ _ | ~"
                )
                continue
            }
            guard let parameter = resolveParameter(field, location: .cookie) else { continue }
            (parameter.defaultValue == nil ? required.append(parameter) : optional.append(parameter))
        }

        var parameters = pathParameters + bodyParameters + required + optional
        checkParameterNames(parameters, raw: raw)
        if let first = parameters.first, first.location != .header, first.location != .cookie,
            name.lowercased().hasSuffix(first.name.lowercased()), name.count > first.name.count
        {
            parameters[0].label = "_"
        }

        let (response, responseBody, answers) = resolveAnswers(raw, method: method, typeNames: &typeNames)
        let responseHeaders = resolveResponseHeaders(raw, typeNames: &typeNames)
        var sampleType = response
        if let answers {
            sampleType = answers.cases.first { $0.status == 200 }?.body.type ?? .void
        }
        if responseBody.streamElement != nil, let header = raw.responseHeaders.first {
            diagnostics.error(
                "the response headers of a stream are not read",
                at: raw.responseHeadersLocation ?? header.key.location,
                hint: "remove `responseHeaders`, or answer in one piece"
            )
        }
        if responseBody.streamElement != nil {
            // A list of the stream's values, checked here and sent by stubs as the stream sends them.
        } else if let sample = raw.sample, sampleType == .void || responseBody.accept != nil {
            diagnostics.error(
                "a sample is a JSON answer, and `\(raw.name.value)` answers \(answers == nil ? "no JSON" : "no JSON with 200")",
                at: sample.location,
                hint: "remove the sample"
            )
        }

        var operation = Operation(
            specName: raw.name.value,
            name: name,
            namespace: raw.namespace.map { SwiftName.typeName($0.value) },
            method: method,
            path: parts,
            parameters: parameters,
            body: body,
            response: response,
            description: raw.description,
            deprecation: raw.deprecated.map { Deprecation(message: $0.message) },
            sample: responseBody.streamElement != nil
                ? resolveStreamSample(raw.sample, body: responseBody, models: responseModels)
                : sampleType == .void || responseBody.accept != nil
                    ? nil : resolveSample(raw.sample, response: sampleType, models: responseModels)
        )
        operation.server = resolveEndpointServer(raw)
        if case .form? = operation.body { operation.formTakesJSON = raw.formTakesJSON }
        operation.responseBody = responseBody
        if answers == nil {
            operation.successStatus = raw.successStatus.map(\.value).flatMap { (200..<300).contains($0) ? $0 : nil }
            if case .json(.optional) = responseBody { operation.answerMayBeNull = raw.responseMayBeNull }
        }
        operation.answers = answers
        operation.responseHeaders = responseHeaders
        return operation
    }

    private mutating func resolveMethod(_ raw: RawEndpoint) -> String {
        guard let method = raw.method else { return "get" }  // The loader reported it missing.
        guard Self.methods.contains(method.value) else {
            let hint =
                Self.methods.contains(method.value.uppercased())
                ? "did you mean `\(method.value.uppercased())`?"
                : Suggestions.hint(for: method.value, in: Self.methods)
            diagnostics.error(
                "unknown HTTP method `\(method.value)`; expected one of \(Self.methods.joined(separator: ", "))",
                at: method.location,
                hint: hint
            )
            return "get"
        }
        return method.value.lowercased()
    }

    /// A template (a path, a server URL) split into text and `{name}` parameters with their locations.
    enum TemplatePart {
        case literal(String)
        case parameter(String, SourceLocation)
    }

    mutating func parseTemplate(_ path: Located<String>) -> [TemplatePart] {
        let text = path.value
        if !text.hasPrefix("/") {
            diagnostics.error("a path must start with `/`, not `\(text)`", at: path.location, hint: "write `/\(text)`")
        }
        if text.contains("?") || text.contains("#") {
            diagnostics.error(
                "a path cannot contain `?` or `#`; declare query parameters under `query`",
                at: path.location
            )
        }
        return templateParts(path, in: "path")
    }

    /// `template` split at its `{name}`s, reporting unbalanced and empty braces as `in` a `what`.
    mutating func templateParts(_ template: Located<String>, in what: String) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var literal = ""
        var characters = Array(template.value).enumerated().makeIterator()
        while let (offset, character) = characters.next() {
            if character == "}" {
                diagnostics.error("unbalanced `}` in \(what)", at: template.location(ofCharacter: offset))
                continue
            }
            guard character == "{" else {
                literal.append(character)
                continue
            }
            var name = ""
            var closed = false
            while let (_, next) = characters.next() {
                if next == "}" {
                    closed = true
                    break
                }
                name.append(next)
            }
            let location = template.location(ofCharacter: offset)
            guard closed, !name.isEmpty, !name.contains("{") else {
                diagnostics.error("unclosed or empty `{…}` in \(what)", at: location)
                continue
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.parameter(name, location))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    mutating func resolveParameter(_ field: RawField, location: Parameter.Location) -> Parameter? {
        guard let typeText = field.type, let type = resolveType(typeText) else { return nil }
        let kind: String
        switch location {
        case .path: kind = "path parameter"
        case .query: kind = "query parameter"
        case .header: kind = "header"
        case .cookie: kind = "cookie"
        case .body: kind = "form field"
        }
        let element: TypeRef
        if case .array(let inner) = type.unwrapped, location == .query || location == .body {
            element = inner
        } else {
            element = type.unwrapped
        }
        // A query parameter or form field may be an object (a model, a dictionary, or an array of models),
        // sent in the bracket style: `card[number]=…`.
        let isObject = (location == .query || location == .body) && isObjectParameter(type.unwrapped)
        if !isObject && !isTextual(element) {
            diagnostics.error(
                "a \(kind) must be a string, number, boolean, date, URL, UUID or enum\(location == .query || location == .body ? ", an array of them, or an object (a model, a dictionary or an array of models)" : ""), not `\(typeText.value)`",
                at: typeText.location
            )
            return nil
        }
        if location == .path && type.isOptional {
            diagnostics.error("a path parameter cannot be optional", at: typeText.location)
        }
        if location == .path && field.defaultValue != nil {
            diagnostics.error("a path parameter cannot have a default", at: field.key.location)
        }
        if let separator = field.separator, case .array = type.unwrapped {
            if separator.value.isEmpty {
                diagnostics.error("`separator` cannot be empty", at: separator.location)
            }
        } else if let separator = field.separator, isObject {
            diagnostics.error(
                "`separator` applies to arrays of values; `\(field.key.value)` is an object, sent as `\(field.key.value)[key]=…`",
                at: separator.location
            )
        } else if let separator = field.separator {
            diagnostics.error(
                "`separator` applies to array parameters only; `\(field.key.value)` is `\(typeText.value)`",
                at: separator.location
            )
        }
        if let swiftName = field.swiftName { checkIdentifier(swiftName) }
        var defaultValue = field.defaultValue.flatMap { checkDefault($0.value, for: type, field: field.key.value) }
        if defaultValue == nil && type.isOptional { defaultValue = .null }
        var dates: String?
        if let written = field.dates, let choice = choice(written, DateCodingName.self, key: "dates") {
            if element != .builtin(.date) {
                diagnostics.error(
                    "`dates` is for `Date` parameters, and `\(field.key.value)` is `\(typeText.value)`",
                    at: written.location,
                    hint: "use `CalendarDate` for a day without a time"
                )
            } else {
                // A parameter's dates are ISO 8601 unless it says otherwise, whatever the spec's `dates`.
                dates = choice == .iso8601 ? nil : choice.rawValue
            }
        }
        return Parameter(
            name: parameterName(field),
            label: nil,
            wireName: field.key.value,
            location: location,
            type: type,
            defaultValue: defaultValue,
            description: field.description,
            deprecation: field.deprecated.map { Deprecation(message: $0.message) },
            separator: field.separator?.value,
            dates: dates,
            isObject: isObject
        )
    }

    /// Whether a query parameter or form field of `type` is an object sent in the bracket style: a struct or
    /// union model, a dictionary, or an array of those.
    func isObjectParameter(_ type: TypeRef) -> Bool {
        switch type {
        case .model(let name): enumCases[name] == nil
        case .dictionary: true
        case .array(let element): element != .builtin(.json) && isObjectParameter(element)
        default: false
        }
    }

    private func isTextual(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin(let builtin): builtin != .data && builtin != .json
        case .model(let name): enumCases[name] != nil
        default: false
        }
    }

    private func bodyLocation(_ body: RawEndpoint.Body) -> SourceLocation {
        switch body {
        case .type(let text): text.location
        case .json(_, let location), .form(_, let location): location
        case .binary(let contentType), .file(let contentType): contentType.location
        case .multipart(_, let location): location
        }
    }

    private mutating func resolveBody(
        _ raw: RawEndpoint.Body,
        operation: RawEndpoint,
        models: inout [Model],
        typeNames: inout Set<String>,
        into parameters: inout [Parameter]
    ) -> Operation.Body? {
        switch raw {
        case .type(let text):
            guard let type = resolveType(text) else { return nil }
            parameters.append(
                Parameter(
                    name: "body",
                    label: nil,
                    wireName: "body",
                    location: .body,
                    type: type,
                    // An optional body left `nil` is not sent at all.
                    defaultValue: type.isOptional ? .null : nil
                )
            )
            return .value(parameter: "body", contentType: jsonContentType(operation))
        case .json(let fields, let location):
            let properties = resolveProperties(fields, in: "the body of `\(operation.name.value)`")
            let modelName = SwiftName.typeName(operation.name.value) + "Body"
            if reservedTypes.contains(modelName) {
                diagnostics.error(
                    "the inline body of `\(operation.name.value)` becomes `\(modelName)`, which would hide the type `\(modelName)` that generated code uses",
                    at: location,
                    hint: "rename the endpoint"
                )
                return nil
            }
            let owner = (namespace: operation.namespace?.value, name: operation.name.value)
            if !typeNames.insert(modelName).inserted {
                if let other = inlineBodyOwners[modelName] {
                    // Endpoints of one name in one namespace are an error of their own ("both become").
                    guard
                        other.namespace != owner.namespace
                            || SwiftName.memberName(other.name) != SwiftName.memberName(owner.name)
                    else { return nil }
                    func title(_ endpoint: (namespace: String?, name: String)) -> String {
                        "`" + (endpoint.namespace.map { $0 + "." } ?? "") + endpoint.name + "`"
                    }
                    diagnostics.error(
                        "the inline bodies of \(title(other)) and \(title(owner)) both become `\(modelName)`",
                        at: location,
                        hint: "rename one of the endpoints"
                    )
                    return nil
                }
                diagnostics.error(
                    "the inline body of `\(operation.name.value)` becomes `\(modelName)`, which is already a model",
                    at: location,
                    hint: "rename the model, or use it as the body: `body: \(modelName)`"
                )
                return nil
            }
            inlineBodyOwners[modelName] = owner
            models.append(
                Model(
                    name: modelName,
                    description: "The body of `\(operation.name.value)`.",
                    shape: .object(properties),
                    isRequestOnly: true
                )
            )
            // A `const` field is always sent with its value, and a read-only one never: neither is a parameter.
            let stored = properties.filter { $0.constant == nil && $0.direction != .readOnly }
            for property in stored {
                parameters.append(
                    Parameter(
                        name: property.name,
                        label: nil,
                        wireName: property.key,
                        location: .body,
                        type: property.type,
                        defaultValue: property.defaultValue ?? (property.type.isOptional ? .null : nil),
                        description: property.description,
                        deprecation: property.deprecation
                    )
                )
            }
            return .fields(model: modelName, parameters: stored.map(\.name), contentType: jsonContentType(operation))
        case .form(let fields, _):
            let resolved = fields.compactMap { resolveParameter($0, location: .body) }
            parameters.append(contentsOf: resolved)
            return .form(parameters: resolved.map(\.name))
        case .binary(let contentType):
            checkHeaderText(contentType)
            if !contentType.value.contains("/") {
                diagnostics.error(
                    "`binary` names the body's content type, such as `image/png`, not `\(contentType.value)`",
                    at: contentType.location
                )
            }
            parameters.append(
                Parameter(name: "data", label: "_", wireName: "body", location: .body, type: .builtin(.data))
            )
            return .binary(parameter: "data", contentType: contentType.value)
        case .file(let contentType):
            checkHeaderText(contentType)
            if !contentType.value.contains("/") {
                diagnostics.error(
                    "`file` names the body's content type, such as `video/mp4`, not `\(contentType.value)`",
                    at: contentType.location
                )
            }
            parameters.append(
                Parameter(name: "file", label: nil, wireName: "body", location: .body, type: .builtin(.url))
            )
            return .file(parameter: "file", contentType: contentType.value)
        case .multipart(let fields, _):
            return .multipart(parts: resolveMultipart(fields, into: &parameters))
        }
    }

    /// A JSON body's `contentType`, checked to be a JSON media type; `nil` for `application/json`.
    private mutating func jsonContentType(_ operation: RawEndpoint) -> String? {
        guard let contentType = operation.bodyContentType else { return nil }
        checkHeaderText(contentType)
        let text = contentType.value.lowercased()
        let type = text.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let isJSON =
            type == "application/json"
            || (type.hasSuffix("+json") && type.split(separator: "/").count == 2 && !type.contains(" "))
        guard isJSON else {
            diagnostics.error(
                "a `json` body's `contentType` must be a JSON media type, not `\(contentType.value)`",
                at: contentType.location,
                hint: "use one such as `application/merge-patch+json`, or a `binary` body for bytes of another type"
            )
            return nil
        }
        return contentType.value == "application/json" ? nil : contentType.value
    }

    private mutating func checkParameterNames(_ parameters: [Parameter], raw: RawEndpoint) {
        var seen: [String: String] = [:]
        let allFields = raw.pathParameters + raw.query + raw.headers + raw.cookies
        for parameter in parameters {
            if let other = seen[parameter.name] {
                let location =
                    allFields.last { parameterName($0) == parameter.name }?
                    .key.location ?? raw.name.location
                diagnostics.error(
                    "`\(other)` and `\(parameter.wireName)` of endpoint `\(raw.name.value)` both become the parameter `\(parameter.name)`",
                    at: location,
                    hint: "give one a `swiftName`"
                )
            }
            seen[parameter.name] = parameter.wireName
        }
    }

}
