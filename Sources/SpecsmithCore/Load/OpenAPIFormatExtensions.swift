/// Reading the `x-specsmith` extensions of an OpenAPI document: what the format says of an object beyond
/// OpenAPI, in the format's own words, which `specsmith export openapi` writes so that the document
/// generates the same Swift as the spec. Each is read with the format's own reader and checked the same way.
///
/// - the document: `{style, access, flavours, dates, headers}`;
/// - a property, parameter or response header: `{swiftName, dates, separator, deprecated, type, const,
///   nullable}`;
/// - a schema or operation: `{deprecated: message}`; an operation: `{namespace, pages, stream}` too;
/// - a request body: `{body: json}` (its properties are the method's parameters) or `{body: file}`;
/// - a response's media type: its answer, such as `{file: application/zip}` or `{events: Chunk, terminator: …}`;
/// - a security scheme: `{scheme: …, scopes: …}`; a server: `{name: uploads}`.
extension OpenAPIReader {
    /// The extension's key.
    static let formatKey = "x-specsmith"

    /// The format extension of `object`, when it has one.
    func format(of object: YAMLValue?) -> YAMLValue? {
        object?[Self.formatKey]
    }

    /// Runs `read` with the format's reader, collecting its diagnostics with the document's.
    mutating func readingFormat<Value>(_ read: (inout FormatReader) -> Value) -> Value {
        var reader = FormatReader(diagnostics: diagnostics)
        let value = read(&reader)
        diagnostics = reader.diagnostics
        return value
    }

    /// The entries of a format extension, or `nil` (with an error) when it is not a mapping.
    mutating func formatEntries(_ value: YAMLValue) -> [YAMLValue.Entry]? {
        readingFormat { $0.mapping(value, what: "`\(Self.formatKey)`") }
    }

    /// The document's `x-specsmith`: the generator's options and the headers sent with every request.
    mutating func readDocumentFormat() {
        guard let value = format(of: root), let entries = formatEntries(value) else { return }
        var spec = self.spec
        readingFormat { reader in
            for entry in entries {
                switch entry.key.value {
                case "style": spec.style = reader.string(entry.value, key: "style")
                case "access": spec.access = reader.string(entry.value, key: "access")
                case "flavours": spec.flavours = reader.flavours(entry.value) ?? []
                case "dates": spec.dates = reader.string(entry.value, key: "dates")
                case "headers":
                    for header in reader.mapping(entry.value, what: "`headers`") ?? [] {
                        if let text = reader.scalarText(header.value, key: header.key.value) {
                            spec.headers.append((header.key, text))
                        }
                    }
                default:
                    reader.unknownKey(entry.key, allowed: SpecKeys.documentFormat, in: "`\(Self.formatKey)`")
                }
            }
        }
        self.spec = spec
    }

    /// Adds what a property, parameter or response header's `x-specsmith` says to `field`, read as OpenAPI says.
    mutating func mergeFormat(of object: YAMLValue, into field: inout RawField) {
        guard let value = format(of: object) else { return }
        let entry = YAMLValue.Entry(key: field.key, value: value)
        guard let written = readingFormat({ $0.field(entry, allowed: SpecKeys.fieldFormat, requiresType: false) })
        else { return }
        if let type = written.type { field.type = type }
        if let swiftName = written.swiftName { field.swiftName = swiftName }
        if let dates = written.dates { field.dates = dates }
        if let separator = written.separator { field.separator = separator }
        if let deprecated = written.deprecated { field.deprecated = deprecated }
        if let constant = written.constant {
            // The format's constant says its type.
            field.constant = constant
            if written.type == nil { field.type = nil }
        }
        if let nullable = written.nullable { field.nullable = nullable }
    }

    /// The deprecation a schema or operation's `x-specsmith` says, with its message.
    mutating func formatDeprecation(of object: YAMLValue) -> RawDeprecation? {
        guard let value = format(of: object), let entries = formatEntries(value),
            let written = entries.first(where: { $0.key.value == "deprecated" })
        else { return nil }
        return readingFormat { $0.deprecation(written.value) }
    }

    /// Reads an operation's `x-specsmith`: its pagination and its stream method, in place of what the
    /// document shows of them, and its deprecation's message.
    mutating func readOperationFormat(_ operation: YAMLValue, into endpoint: inout RawEndpoint) {
        guard let value = format(of: operation), let entries = formatEntries(value) else { return }
        readingFormat { reader in
            for entry in entries {
                switch entry.key.value {
                case "pages": endpoint.pages = reader.paging(entry)
                case "stream": endpoint.stream = reader.streamVariant(entry)
                case "deprecated": endpoint.deprecated = reader.deprecation(entry.value)
                case "namespace": endpoint.namespace = reader.string(entry.value, key: "namespace")
                default:
                    reader.unknownKey(entry.key, allowed: SpecKeys.operationFormat, in: "`\(Self.formatKey)`")
                }
            }
        }
    }

    /// The answer a response's media type says in its `x-specsmith` (`{file: application/zip}`), if any.
    mutating func formatAnswer(of media: YAMLValue) -> RawAnswerBody? {
        guard let value = format(of: media) else { return nil }
        return readingFormat { $0.answerBody(value, key: Self.formatKey) }
    }

    /// The kind of body a request body's `x-specsmith` says: `json` (its properties are the method's
    /// parameters) or `file`.
    mutating func formatBodyKind(of body: YAMLValue) -> String? {
        guard let value = format(of: body), let entries = formatEntries(value) else { return nil }
        return readingFormat { reader in
            var kind: String?
            for entry in entries {
                guard entry.key.value == "body" else {
                    reader.unknownKey(entry.key, allowed: ["body"], in: "`\(Self.formatKey)`")
                    continue
                }
                guard let text = reader.string(entry.value, key: "body") else { continue }
                guard ["json", "file"].contains(text.value) else {
                    reader.diagnostics.error(
                        "`body` is `json` or `file` here, not `\(text.value)`",
                        at: text.location
                    )
                    continue
                }
                kind = text.value
            }
            return kind
        }
    }

    /// The scheme and scopes a security scheme's `x-specsmith` says: the scopes are roles of the scheme, which
    /// requirements list (`security: [{bearerAuth: [customer]}]`).
    mutating func formatSecurity(of scheme: YAMLValue) -> (scheme: RawAuthScheme?, scopes: [RawScope])? {
        guard let value = format(of: scheme), let entries = formatEntries(value) else { return nil }
        return readingFormat { reader in
            var written: RawAuthScheme?
            var scopes: [RawScope] = []
            for entry in entries {
                switch entry.key.value {
                case "scheme": written = reader.scheme(entry.value)
                case "scopes": scopes = (reader.mapping(entry.value, what: "`scopes`") ?? []).map { reader.scope($0) }
                default: reader.unknownKey(entry.key, allowed: ["scheme", "scopes"], in: "`\(Self.formatKey)`")
                }
            }
            return (written, scopes)
        }
    }

    /// The name a server's `x-specsmith` gives it.
    mutating func formatServerName(of server: YAMLValue) -> Located<String>? {
        guard let value = format(of: server), let entries = formatEntries(value) else { return nil }
        return readingFormat { reader in
            var name: Located<String>?
            for entry in entries {
                if entry.key.value == "name" {
                    name = reader.string(entry.value, key: "name")
                } else {
                    reader.unknownKey(entry.key, allowed: ["name"], in: "`\(Self.formatKey)`")
                }
            }
            return name
        }
    }

    /// The example of a success answer's JSON: `example`, or the first of `examples` with a `value`; the
    /// endpoint's sample. One that does not fit the answer's type is dropped, with a warning (see
    /// ``SpecResolver/resolve(adapting:flavours:readFile:diagnostics:)``).
    func example(of media: YAMLValue) -> YAMLValue? {
        if let example = media["example"] { return example }
        guard case .mapping(let examples)? = media["examples"]?.kind else { return nil }
        return examples.lazy.compactMap { $0.value["value"] }.first
    }
}
