import Foundation

/// Pieces every translation function shares: type text, default values, doc comments, signatures.
enum TranslationSupport {
    /// The Swift text of a type.
    static func typeText(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): builtin.rawValue
        case .model(let name): name
        case .array(let element): "[\(typeText(element))]"
        case .dictionary(let value): "[String: \(typeText(value))]"
        case .optional(let wrapped): "\(typeText(wrapped))?"
        case .nullable(let wrapped): "\(RuntimeSymbols.nullable)<\(typeText(wrapped))>"
        case .void: "Void"
        case .stream(let element): "\(RuntimeSymbols.responseStream)<\(typeText(element))>"
        }
    }

    /// The expression of a default value.
    static func expression(_ value: DefaultValue) -> Expression {
        switch value {
        case .bool(let flag): .literal(.bool(flag))
        case .int(let number): .literal(.int(number))
        case .double(let number): .literal(.double(number))
        case .string(let text): .literal(.string(text))
        case .url(let text):
            .forceUnwrap(.call(.identifier("URL"), [Argument("string", .literal(.string(text)))]))
        case .uuid(let text):
            .forceUnwrap(.call(.identifier("UUID"), [Argument("uuidString", .literal(.string(text)))]))
        case .calendarDate(let text):
            .forceUnwrap(.call(.identifier(RuntimeSymbols.calendarDate), [Argument(nil, .literal(.string(text)))]))
        // `.none` and `.some` of an optional property would be `Optional`'s: those are written with their type.
        case .enumCase(let type, let name):
            ["none", "some"].contains(name) ? .member(.identifier(type), name) : .member(nil, name)
        case .array(let values): .array(values.map(expression))
        case .emptyDictionary: .dictionary([])
        case .null: .literal(.nil)
        }
    }

    /// A `const` value as Swift writes it, for documentation: `"customer"`, `3`.
    static func constantText(_ value: DefaultValue) -> String {
        SwiftPrinter().flat(expression(value))
    }

    /// Whether a type names a type of the runtime: `JSON`, `CalendarDate`, `Nullable`, `FileUpload`, `Links`.
    static func usesRuntime(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin(let builtin): builtin == .json || builtin == .calendarDate
        case .nullable: true
        case .array(let inner), .dictionary(let inner), .optional(let inner): usesRuntime(inner)
        case .model(let name): name == RuntimeSymbols.fileUpload || name == RuntimeSymbols.links
        case .void: false
        case .stream: true
        }
    }

    /// Doc comment lines from a description, or `fallback` when there is none.
    static func docs(_ description: String?, fallback: String? = nil) -> [String] {
        let text = description.map(trimmed)
        guard let text, !text.isEmpty else { return fallback.map { [$0] } ?? [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    /// `text` without leading and trailing white space and line breaks.
    static func trimmed(_ text: String) -> Substring {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return slice
    }

    /// "an" before a name that starts with A, E, I or O (`an ErrorMessage`), "a" before others (`a User`).
    static func article(_ name: String) -> String {
        "AEIOaeio".contains(name.first ?? "x") ? "an" : "a"
    }

    /// `@available(*, deprecated…)` for a deprecation, or nothing.
    static func attributes(_ deprecation: Deprecation?) -> [String] {
        guard let deprecation else { return [] }
        guard let message = deprecation.message else { return ["@available(*, deprecated)"] }
        return ["@available(*, deprecated, message: \(SwiftPrinter().flat(.literal(.string(message)))))"]
    }

    /// The generated access modifier for an API's public declarations.
    static func access(_ api: API) -> AccessModifier {
        switch api.access {
        case .public: .public
        case .package: .package
        case .internal: .internal
        }
    }

    /// The doc comment of an operation: its description and a line per described parameter. Without a
    /// description, "Sends `name`." (a client's wording), or `fallback`.
    static func operationDocs(_ operation: Operation, fallback: String? = nil) -> [String] {
        var lines = docs(operation.description, fallback: fallback ?? "Sends `\(operation.specName)`.")
        let described = operation.parameters.filter { $0.description != nil || leftToServer($0, of: operation) != nil }
        if !described.isEmpty {
            lines.append("")
            lines.append("- Parameters:")
            for parameter in described {
                var description = parameter.description ?? ""
                if let value = leftToServer(parameter, of: operation) {
                    description += " `\(constantText(value))` when not sent."
                }
                let text =
                    description.utf8.contains(UInt8(ascii: "\n"))
                    ? description.replacingOccurrences(of: "\n", with: " ") : description
                lines.append("  - \(parameter.name): \(text)")
            }
        }
        return lines
    }

    /// The Swift parameters of an operation's function: a client's (`withDefaults`), or a server's handler's, which
    /// gets each value as read, defaults applied.
    static func functionParameters(_ operation: Operation, withDefaults: Bool = true) -> [FunctionParameter] {
        operation.parameters.map { parameter in
            if withDefaults, leftToServer(parameter, of: operation) != nil {
                // Not sent unless given: the default is the server's (an update must not reset what it omits).
                return FunctionParameter(
                    label: parameter.label,
                    name: parameter.name,
                    type: typeText(.optional(parameter.type.unwrapped)),
                    defaultValue: .literal(.nil)
                )
            }
            return FunctionParameter(
                label: parameter.label,
                name: parameter.name,
                type: typeText(parameter.type),
                defaultValue: withDefaults ? parameter.defaultValue.map(expression) : nil
            )
        }
    }

    /// The default of a field of an inline JSON body that the client leaves out unless the caller gives it (the
    /// body's model stores it as an optional, ``defaultValue(of:)``); `nil` for other parameters.
    static func leftToServer(_ parameter: Parameter, of operation: Operation) -> DefaultValue? {
        guard parameter.location == .body, case .fields? = operation.body, let value = parameter.defaultValue,
            value != .null
        else { return nil }
        return value
    }

    /// Arguments passing each parameter of an operation through, labelled as its signature wants.
    static func forwardingArguments(_ operation: Operation) -> [Argument] {
        guard let body = operation.bodyFields else {
            return operation.parameters.map { parameter in
                Argument(parameter.label == "_" ? nil : parameter.label ?? parameter.name, .identifier(parameter.name))
            }
        }
        // A method taking the body's properties passes the body made of them.
        return body.parameters.map { parameter in
            let label = parameter.label == "_" ? nil : parameter.label ?? parameter.name
            guard parameter.name == body.bodyParameter else { return Argument(label, .identifier(parameter.name)) }
            return Argument(
                label,
                .call(.identifier(body.model), body.arguments.map { Argument($0, .identifier($0)) })
            )
        }
    }

    /// Imports of modules whose types appear in the file's declarations: `public import` for a public API,
    /// `package import` for a package one, plain `import` otherwise.
    static func imports(_ modules: [String], api: API) -> [SwiftFile.Import] {
        modules.map { SwiftFile.Import(module: $0, access: importAccess(api)) }
    }

    /// An import the file's declarations do not show. Plain, so that it agrees with the plain imports of the
    /// module's other files whether or not the module adopts `InternalImportsByDefault`; but explicitly
    /// `internal` for a `package` API, where a plain import beside a `package import` is ambiguous outside
    /// that mode.
    static func hiddenImport(_ module: String, api: API) -> SwiftFile.Import {
        SwiftFile.Import(module: module, access: hiddenImportAccess(api))
    }

    /// The access of an import whose types the file's declarations do not show (see ``hiddenImport(_:api:)``).
    static func hiddenImportAccess(_ api: API) -> AccessModifier? {
        api.access == .package ? .internal : nil
    }

    /// The access of an import whose types appear in the file's declarations.
    static func importAccess(_ api: API) -> AccessModifier? {
        api.access == .internal ? nil : access(api)
    }

    /// `["Hashable"]`, the conformance of every generated value type but enumerations, unless the spec says
    /// `hashable: false` (a big client then builds about a fifth faster; docs/Performance.md).
    static func equality(_ api: API) -> [String] {
        api.hashable ? ["Hashable"] : []
    }

    /// The header comment lines of every generated file.
    static func header(_ api: API) -> [String] {
        ["Generated by specsmith from \(api.specFileName). Do not edit."]
    }

    /// Whether a type names Foundation types (`Date`, `URL`, `UUID`, `Data`).
    static func usesFoundation(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin(let builtin): [.date, .url, .uuid, .data].contains(builtin)
        case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner), .stream(let inner):
            usesFoundation(inner)
        case .model, .void: false
        }
    }
}
