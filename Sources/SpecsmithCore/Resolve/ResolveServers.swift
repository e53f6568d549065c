import Foundation

/// Resolves where the API is: the base URL and the other servers (`servers:`), their `{variables}`
/// (`variables:`), and the server each endpoint is on (`server:`).
extension ResolveContext {
    /// The base URL, its template, the variables and the other servers.
    struct ServerURLs {
        var baseURL = ""
        var template = ""
        var variables: [API.ServerVariable] = []
        var servers: [API.Server] = []
    }

    mutating func resolveServerURLs() -> ServerURLs {
        var result = ServerURLs()
        var used = Set<String>()
        var variables: [String: API.ServerVariable] = [:]
        for raw in raw.variables {
            guard let variable = resolveVariable(raw) else { continue }
            variables[variable.name] = variable
            result.variables.append(variable)
        }
        if let baseURL = raw.baseURL {
            result.template = baseURL.value.hasSuffix("/") ? String(baseURL.value.dropLast()) : baseURL.value
            result.baseURL = fill(baseURL, variables: variables, used: &used, key: "baseURL")
        }
        var names: [String: String] = [:]
        for server in raw.servers {
            let swiftName = SwiftName.memberName(server.name.value)
            if swiftName == "base" || swiftName == "_" {
                diagnostics.error(
                    "`\(server.name.value)` cannot be a server's name: its client parameter would be `\(swiftName)URL`",
                    at: server.name.location,
                    hint: "the spec's own server is `baseURL`; name this one after what it serves, such as `uploads`"
                )
                continue
            }
            if let other = names[swiftName] {
                diagnostics.error(
                    "servers `\(other)` and `\(server.name.value)` both become `\(swiftName)URL`",
                    at: server.name.location
                )
                continue
            }
            names[swiftName] = server.name.value
            guard let url = server.url else { continue }
            let text = url.value.hasSuffix("/") ? String(url.value.dropLast()) : url.value
            result.servers.append(
                API.Server(
                    name: server.name.value,
                    swiftName: swiftName,
                    template: text,
                    url: fill(url, variables: variables, used: &used, key: "url"),
                    description: server.description
                )
            )
        }
        for raw in raw.variables where variables[raw.name.value] != nil && !used.contains(raw.name.value) {
            diagnostics.error(
                "the variable `\(raw.name.value)` is in no server URL",
                at: raw.name.location,
                hint: "write `{\(raw.name.value)}` in `baseURL` or a server's `url`, or remove it"
            )
        }
        return result
    }

    /// The server `raw` names, checked to be one of `servers`.
    mutating func resolveEndpointServer(_ raw: RawEndpoint) -> String? {
        guard let server = raw.server else { return nil }
        let names = self.raw.servers.map(\.name.value)
        guard names.contains(server.value) else {
            diagnostics.error(
                "unknown server `\(server.value)`",
                at: server.location,
                hint: Suggestions.hint(for: server.value, in: names)
                    ?? "declare it under `servers:`, such as `servers: {\(server.value): https://…}`"
            )
            return nil
        }
        return server.value
    }

    private mutating func resolveVariable(_ raw: RawServerVariable) -> API.ServerVariable? {
        guard let defaultValue = raw.defaultValue else {
            diagnostics.error(
                "the server variable `\(raw.name.value)` needs a `default`",
                at: raw.name.location,
                hint: "the client's default URL uses it: add `default: …`"
            )
            return nil
        }
        var valid = true
        for value in [defaultValue] + raw.values where value.value.isEmpty {
            diagnostics.error("a server variable's value cannot be empty", at: value.location)
            valid = false
        }
        if !raw.values.isEmpty, !raw.values.contains(where: { $0.value == defaultValue.value }) {
            diagnostics.error(
                "the default `\(defaultValue.value)` is not one of the variable's `enum`",
                at: defaultValue.location,
                hint: Suggestions.hint(for: defaultValue.value, in: raw.values.map(\.value))
            )
            valid = false
        }
        let swiftName = SwiftName.memberName(raw.name.value)
        guard valid else { return nil }
        return API.ServerVariable(
            name: raw.name.value,
            swiftName: swiftName,
            defaultValue: defaultValue.value,
            values: raw.values.map(\.value),
            description: raw.description
        )
    }

    /// `url` with each `{variable}` replaced by its default, checked to be an absolute http or https URL;
    /// records the variables it uses in `used`.
    private mutating func fill(
        _ url: Located<String>,
        variables: [String: API.ServerVariable],
        used: inout Set<String>,
        key: String
    ) -> String {
        var text = ""
        for part in templateParts(url, in: "`\(key)`") {
            switch part {
            case .literal(let literal):
                text += literal
            case .parameter(let name, let location):
                guard let variable = variables[name] else {
                    if !raw.variables.contains(where: { $0.name.value == name }) {
                        diagnostics.error(
                            "the variable `{\(name)}` is not declared under `variables`",
                            at: location,
                            hint: Suggestions.hint(for: name, in: raw.variables.map(\.name.value))
                                ?? "add `variables: {\(name): {default: …}}`"
                        )
                    }
                    text.append("x")  // Reported; keeps the URL checkable.
                    continue
                }
                used.insert(name)
                text += Self.encoded(variable.defaultValue)
            }
        }
        let hasScheme = text.hasPrefix("https://") || text.hasPrefix("http://")
        let host = text.drop(while: { $0 != "/" }).dropFirst(2).prefix(while: { $0 != "/" })
        // `baseURL: /api`: a path below the origin the client's caller gives.
        let isPath =
            key == "baseURL" && text.hasPrefix("/") && !text.hasPrefix("//") && !text.contains(" ")
            && !url.value.contains("{")
        if !isPath && (!hasScheme || host.isEmpty || text.contains(" ")) {
            diagnostics.error(
                "`\(key)` must be an absolute http or https URL, not `\(url.value)`",
                at: url.location
            )
        }
        if isPath && text == "/" { return text }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// A variable's value as the runtime's `ServerURL` writes it into a URL: unreserved characters as they
    /// are, others percent-encoded.
    static func encoded(_ value: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return value.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
            .joined()
    }
}
