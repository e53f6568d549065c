/// Translates where the API is into members of the client: `defaultBaseURL` (and `defaultUploadsURL` for
/// each other server), and with `{variables}` a static function per URL that fills them in:
///
/// ```swift
/// public static func baseURL(region: String = "eu") throws(APIError<Never>) -> URL
/// ```
func translateServers(_ api: API, clientName: String, isGeneric: Bool) -> [Declaration] {
    let access = TranslationSupport.access(api)
    var members: [Declaration] = [
        api.basePath.map { path in
            // The description names no host: the caller gives the origin, and requests go below this path.
            .variable(
                VariableDeclaration(
                    docs: [
                        "The path the spec names below the API's origin, which the spec does not name: requests go to",
                        "`baseURL` (the origin the client is made with) and this path.",
                    ],
                    access: access,
                    isStatic: true,
                    isLet: !isGeneric,
                    name: "basePath",
                    type: isGeneric ? "String" : nil,
                    value: isGeneric ? nil : .literal(.string(path)),
                    getter: isGeneric ? [.return(.literal(.string(path)))] : nil
                )
            )
        }
            ?? defaultURL(
                "defaultBaseURL",
                api.baseURL,
                docs: api.variables.isEmpty
                    ? "The base URL the spec names."
                    : "The base URL the spec names, with the defaults of its variables.",
                access: access,
                isGeneric: isGeneric
            )
    ]
    members += api.servers.map { server in
        defaultURL(
            ServerNaming.defaultURL(server),
            server.url,
            docs:
                "The URL of the `\(server.name)` server.\(server.description.map { " \(TranslationSupport.trimmed($0))" } ?? "")",
            access: access,
            isGeneric: isGeneric
        )
    }
    if let function = urlFunction("baseURL", template: api.baseURLTemplate, what: "The spec's base URL", api: api) {
        members.append(function)
    }
    for server in api.servers {
        if let function = urlFunction(
            ServerNaming.parameter(server),
            template: server.template,
            what: "The URL of the `\(server.name)` server",
            api: api
        ) {
            members.append(function)
        }
    }
    return members
}

/// How servers are named in generated code.
enum ServerNaming {
    /// `uploadsURL`: the client initializer's parameter, and the function filling in the server's variables.
    static func parameter(_ server: API.Server) -> String { server.swiftName + "URL" }
    /// `defaultUploadsURL`
    static func defaultURL(_ server: API.Server) -> String { "default" + SwiftName.typeName(server.swiftName) + "URL" }
}

/// `public static let defaultBaseURL = URL(string: "…")!`; a computed property in a generic client.
private func defaultURL(
    _ name: String,
    _ url: String,
    docs: String,
    access: AccessModifier,
    isGeneric: Bool
)
    -> Declaration
{
    let value = Expression.forceUnwrap(.call(.identifier("URL"), [Argument("string", .literal(.string(url)))]))
    // A generic type cannot have static stored properties.
    return .variable(
        VariableDeclaration(
            docs: [docs],
            access: access,
            isStatic: true,
            isLet: !isGeneric,
            name: name,
            type: isGeneric ? "URL" : nil,
            value: isGeneric ? nil : value,
            getter: isGeneric ? [.expression(value)] : nil
        )
    )
}

/// `static func baseURL(region: String = "eu") throws(APIError<Never>) -> URL`, filling in the variables
/// `template` uses; `nil` when it uses none.
private func urlFunction(_ name: String, template: String, what: String, api: API) -> Declaration? {
    let variables = api.variables.filter { template.contains("{\($0.name)}") }
    guard !variables.isEmpty else { return nil }
    var docs = ["\(what), `\(template)`, with these variables.", "", "- Parameters:"]
    for variable in variables {
        var text =
            variable.description.map { String(TranslationSupport.trimmed($0)) } ?? "The `\(variable.name)` variable."
        if !variable.values.isEmpty {
            text += " One of " + variable.values.map { "`\($0)`" }.joined(separator: ", ") + "."
        }
        docs.append("  - \(variable.swiftName): \(text)")
    }
    let arguments = variables.map { variable in
        Argument(
            nil,
            .call(
                .member(.identifier(RuntimeSymbols.serverURL), "Variable"),
                [Argument(nil, .literal(.string(variable.name))), Argument(nil, .identifier(variable.swiftName))]
                    + (variable.values.isEmpty
                        ? [] : [Argument("allowed", .array(variable.values.map { .literal(.string($0)) }))])
            )
        )
    }
    return .function(
        FunctionDeclaration(
            docs: docs,
            access: TranslationSupport.access(api),
            isStatic: true,
            kind: .function(name),
            parameters: variables.map {
                FunctionParameter(name: $0.swiftName, type: "String", defaultValue: .literal(.string($0.defaultValue)))
            },
            throwsClause: "throws(\(RuntimeSymbols.apiError)<Never>)",
            returnType: "URL",
            body: [
                .expression(
                    .try(
                        .call(
                            .member(.identifier(RuntimeSymbols.serverURL), "url"),
                            [Argument(nil, .literal(.string(template))), Argument(nil, .array(arguments.map(\.value)))]
                        )
                    )
                )
            ]
        )
    )
}
