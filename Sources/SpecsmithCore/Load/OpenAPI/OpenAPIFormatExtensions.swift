/// Reading the `x-specsmith` extensions of an OpenAPI document: what the format says of an object beyond
/// OpenAPI, in the format's own words, which `specsmith export openapi` writes so that the document
/// generates the same Swift as the spec. Each is read with the format's own reader and checked the same way.
///
/// - the document: `{style, access, flavours, dates, headers, webhooks}` (webhooks' signature and event key), and the order of `endpoints` and `scopes`
///   where OpenAPI's grouping by path and by scheme changes it;
/// - a property, parameter or response header: `{swiftName, dates, separator, deprecated, type, const,
///   nullable}`;
/// - a schema: `{deprecated, oneOf, enum, fallback}` (case names by position, and a deprecation's message);
/// - an operation: `{deprecated, namespace, pages, stream}`;
/// - a request body: `{body: json}` (its properties are the method's parameters) or `{body: file}`;
/// - a response's media type: its answer, such as `{file: application/zip}` or `{events: Chunk, terminator: …}`;
/// - a response: `{name: scheduled}`, its answer's case name;
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
        var order = formatOrder
        readingFormat { reader in
            for entry in entries {
                switch entry.key.value {
                case "style": spec.style = reader.string(entry.value, key: "style")
                case "access": spec.access = reader.string(entry.value, key: "access")
                case "hashable": spec.hashable = reader.flag(entry.value, key: "hashable")
                case "flavours": spec.flavours = reader.flavours(entry.value) ?? []
                case "dates": spec.dates = reader.string(entry.value, key: "dates")
                case "webhooks": spec.webhooks = reader.webhooks(entry.value)
                case "endpoints", "scopes":
                    guard case .sequence(let items) = entry.value.kind else {
                        reader.mismatch(entry.value, expected: "a list of names", key: entry.key.value)
                        continue
                    }
                    let names = items.compactMap { reader.string($0, key: entry.key.value)?.value }
                    if entry.key.value == "endpoints" { order.endpoints = names } else { order.scopes = names }
                case "headers":
                    let (fixed, parameters) = reader.headers(entry.value)
                    spec.headers += fixed
                    spec.headerParameters += parameters
                default:
                    reader.unknownKey(entry.key, allowed: SpecKeys.documentFormat, in: "`\(Self.formatKey)`")
                }
            }
        }
        self.spec = spec
        formatOrder = order
    }

    /// Puts the endpoints and the scopes in the order the document's `x-specsmith` says (OpenAPI groups
    /// operations by path, and scopes by scheme); those it does not name keep their places after.
    mutating func applyFormatOrder() {
        func ordered<Element>(_ elements: [Element], by names: [String], name: (Element) -> String) -> [Element] {
            guard !names.isEmpty else { return elements }
            let rank = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return elements.enumerated().sorted {
                (rank[name($0.element)] ?? names.count + $0.offset, $0.offset)
                    < (rank[name($1.element)] ?? names.count + $1.offset, $1.offset)
            }
            .map(\.element)
        }
        spec.endpoints = ordered(spec.endpoints, by: formatOrder.endpoints) { $0.name.value }
        if let scopes = spec.auth?.scopes {
            spec.auth?.scopes = ordered(scopes, by: formatOrder.scopes) { $0.name.value }
        }
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

    /// Adds what a component schema's `x-specsmith` says to its model: the deprecation's message, the case
    /// names of a union's alternatives (`oneOf: {id: String, customer: Customer}`, by position) or of an
    /// enumeration's values (`enum: {low: 1, high: 3}`), and whether a union keeps values of no alternative
    /// (`fallback`).
    mutating func mergeFormat(of schema: YAMLValue, into model: inout RawModel) {
        guard let value = format(of: schema), let entries = formatEntries(value) else { return }
        readingFormat { reader in
            for entry in entries {
                switch (entry.key.value, model.shape) {
                case ("name", _): continue  // read before the models, by `formatModelName`
                case ("deprecated", _): model.deprecated = reader.deprecation(entry.value)
                case ("oneOf", .union(var union)):
                    // Names by type: the alternatives the document names differently than their types would.
                    for written in reader.alternatives(entry.value) {
                        if let index = union.alternatives.firstIndex(where: { $0.type.value == written.type.value }) {
                            union.alternatives[index].name = written.name
                        }
                    }
                    model.shape = .union(union)
                case ("fallback", .union(var union)):
                    union.fallback = reader.flag(entry.value, key: "fallback")
                    model.shape = .union(union)
                case ("enum", .enumeration(var values)):
                    // Names by value: the values the document names differently than they would be.
                    for written in reader.enumValues(entry.value) {
                        if let index = values.firstIndex(where: { $0.value.value == written.value.value }) {
                            values[index].name = written.name
                        }
                    }
                    model.shape = .enumeration(values)
                default:
                    reader.unknownKey(entry.key, allowed: SpecKeys.modelFormat, in: "`\(Self.formatKey)`")
                }
            }
        }
    }

    /// The name a component schema's `x-specsmith` gives its model, when the component's own cannot be it
    /// (OpenAPI limits component names to `[a-zA-Z0-9._-]`).
    func formatModelName(of schema: YAMLValue) -> Located<String>? {
        guard let name = format(of: schema)?["name"], case .string(let text) = name.kind else { return nil }
        return name.located(text)
    }

    /// Reads an operation's `x-specsmith`: its pagination and its stream method, in place of what the
    /// document shows of them, and its deprecation's message.
    mutating func readOperationFormat(_ operation: YAMLValue, into endpoint: inout RawEndpoint) {
        guard let value = format(of: operation), let entries = formatEntries(value) else { return }
        readingFormat { reader in
            for entry in entries {
                switch entry.key.value {
                case "pages":
                    // `pages: false`: a list that shows how it could page does not.
                    if case .bool(false) = entry.value.kind {
                        endpoint.pages = nil
                    } else {
                        endpoint.pages = reader.paging(entry)
                    }
                case "stream":
                    endpoint.stream = reader.streamVariant(entry)
                    // The document lists a stream's query parameter for other readers; its stream method sends it.
                    if let item = endpoint.stream?.query?.value { endpoint.query.removeAll { $0.key.value == item } }
                    // And its body field, among the body's properties; the other method leaves it out.
                    if let field = endpoint.stream?.field?.value {
                        endpoint.body = endpoint.body?.removing(field: field)
                    }
                case "deprecated": endpoint.deprecated = reader.deprecation(entry.value)
                case "namespace": endpoint.namespace = reader.string(entry.value, key: "namespace")
                case "name": if let name = reader.string(entry.value, key: "name") { endpoint.name = name }
                case "keepAnswers":
                    // Read with the responses; here only checked.
                    _ = reader.flag(entry.value, key: "keepAnswers")
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

    /// The `name` an object's `x-specsmith` gives it: a response's answer case (`{name: scheduled}`), a
    /// server's name (`{name: uploads}`).
    mutating func formatName(of object: YAMLValue) -> Located<String>? {
        guard let value = format(of: object), let entries = formatEntries(value) else { return nil }
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

    /// The example of a media type's JSON: `example`, or the first of `examples` with a `value`, followed through
    /// `$ref` to `components/examples` (as GitHub writes nearly all of its examples): a success answer's is the
    /// endpoint's sample, an event's its sample. One that does not fit the type is dropped, with a warning (see
    /// ``SpecResolver/resolve(adapting:flavours:readFile:diagnostics:)``).
    mutating func example(of media: YAMLValue) -> YAMLValue? {
        if let example = media["example"] { return example }
        guard case .mapping(let examples)? = media["examples"]?.kind else { return nil }
        for example in examples {
            if let value = dereferenced(example.value, section: "examples", reporting: false)?["value"] { return value }
        }
        return nil
    }
}

extension OpenAPIReader {
    /// Reads a stream answer's example, the stream as it is sent (`event: …` and `data: …` lines, or JSON
    /// Lines), into the sample of the endpoint, or of its `stream:` second method: the list of its values
    /// (`{event name: data}` for events of several kinds), without the terminator. An example that is not such
    /// text is not a sample.
    mutating func readStreamExample(_ responses: YAMLValue, into endpoint: inout RawEndpoint) {
        if endpoint.sample == nil, let answer = endpoint.response {
            endpoint.sample = streamExample(responses, of: answer)
        }
        if var variant = endpoint.stream, variant.sample == nil, let answer = variant.answer {
            variant.sample = streamExample(responses, of: answer)
            endpoint.stream = variant
        }
    }

    /// The values of the example of the stream `answer` of a 2xx response; `nil` when `answer` is no stream
    /// or its example is not such text.
    private mutating func streamExample(_ responses: YAMLValue, of answer: RawAnswerBody) -> RawEndpoint.Sample? {
        guard case .mapping(let entries) = responses.kind else { return nil }
        let terminator: String?
        let named: Bool
        switch answer {
        case .events(_, let end): (terminator, named) = (end.terminator?.value, false)
        case .namedEvents(_, let end, _): (terminator, named) = (end.terminator?.value, true)
        case .jsonLines: (terminator, named) = (nil, false)
        default: return nil
        }
        for entry in entries where entry.key.value.hasPrefix("2") {
            guard let response = dereferenced(entry.value, section: "responses"),
                case .mapping(let media)? = response["content"]?.kind,
                let stream = media.first(where: { Self.isStream($0.key.value) }),
                let example = stream.value["example"], case .string(let text) = example.kind
            else { continue }
            let isEvents = stream.key.value.lowercased().hasPrefix("text/event-stream")
            guard let items = streamValues(text, events: isEvents, named: named, terminator: terminator) else {
                return nil
            }
            let values = items.map { $0.relocated(to: example.location) }
            return .inline(YAMLValueBox(value: YAMLValue(kind: .sequence(values), location: example.location)))
        }
        return nil
    }

    /// The values of a stream's text; `nil` when a value is not JSON.
    func streamValues(_ text: String, events: Bool, named: Bool, terminator: String?) -> [YAMLValue]? {
        var values: [YAMLValue] = []
        func json(_ data: String) -> YAMLValue? {
            var ignored = Diagnostics()
            return YAMLReader.read(data, file: file, diagnostics: &ignored)
        }
        guard events else {
            for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
                guard let value = json(String(line)) else { return nil }
                values.append(value)
            }
            return values
        }
        for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
            var name: String?
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                let field = line.prefix { $0 != ":" }
                var value = line.dropFirst(field.count).dropFirst()
                if value.first == " " { value = value.dropFirst() }
                switch field {
                case "event": name = String(value)
                case "data": data.append(String(value))
                default: continue
                }
            }
            let payload = data.joined(separator: "\n")
            if name == nil, payload == terminator { continue }
            let location = SourceLocation(file: file, line: 1, column: 1)
            let value = payload.isEmpty ? YAMLValue(kind: .null, location: location) : json(payload)
            guard let value else { return nil }
            if named {
                guard let name else { return nil }
                values.append(
                    YAMLValue(
                        kind: .mapping([YAMLValue.Entry(key: Located(name, at: location), value: value)]),
                        location: location
                    )
                )
            } else {
                values.append(value)
            }
        }
        return values
    }
}

extension YAMLValue {
    /// The value with every node placed at `location`: a value read from an example's text, whose own places
    /// are in that text, not in the document.
    func relocated(to location: SourceLocation) -> YAMLValue {
        // Without recursion: an example's JSON may nest deeply.
        enum Step {
            case visit(YAMLValue)
            case build(YAMLValue)
        }
        var steps: [Step] = [.visit(self)]
        var built: [YAMLValue] = []
        while let step = steps.popLast() {
            switch step {
            case .visit(let value):
                switch value.kind {
                case .sequence(let items):
                    steps.append(.build(value))
                    steps += items.reversed().map(Step.visit)
                case .mapping(let entries):
                    steps.append(.build(value))
                    steps += entries.reversed().map { Step.visit($0.value) }
                default:
                    built.append(YAMLValue(kind: value.kind, location: location))
                }
            case .build(let value):
                switch value.kind {
                case .sequence(let items):
                    let children = Array(built.suffix(items.count))
                    built.removeLast(items.count)
                    built.append(YAMLValue(kind: .sequence(children), location: location))
                case .mapping(let entries):
                    let children = Array(built.suffix(entries.count))
                    built.removeLast(entries.count)
                    let relocated = zip(entries, children).map {
                        YAMLValue.Entry(key: Located($0.0.key.value, at: location), value: $0.1)
                    }
                    built.append(YAMLValue(kind: .mapping(relocated), location: location))
                default:
                    break
                }
            }
        }
        return built[0]
    }
}
