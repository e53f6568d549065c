/// `specsmith import`: an OpenAPI document → a spec in the format, for the user to own and edit from then on.
public enum Importer {
    /// The spec `text` (an OpenAPI document read from `path`) becomes, or `nil` with the errors when the
    /// document is broken or describes what the format cannot generate; warnings come either way.
    /// `config`, when given, brings its options as `generate` takes them: those for OpenAPI input (`name`,
    /// `namespaces`, `filter`, `rename`, `webhooks`, …), which shape what is read, and the others (`flavours`,
    /// `style`, `access`, `dates`, `headers`), which the spec written says;
    /// `readFile` reads the other files the document refers to, by path relative to its folder.
    public static func importOpenAPI(
        text: String,
        path: String,
        config: Pipeline.ConfigSource? = nil,
        readFile: ((String) -> String?)? = nil
    ) -> (spec: String?, diagnostics: [Diagnostic]) {
        let imported = importing(text: text, path: path, config: config, readFile: readFile)
        return (imported.spec, imported.diagnostics)
    }

    /// What an import writes and says.
    public struct Imported: Sendable {
        /// The spec in the format; `nil` when the document has errors.
        public var spec: String?
        /// Every diagnostic, in source order.
        public var diagnostics: [Diagnostic]
        /// What the config's `filter:` kept, with the lines of Swift the spec generates, when it has one.
        public var filterSummary: FilterSummary?
    }

    /// ``importOpenAPI(text:path:config:readFile:)``, with what the config's filter kept: the spec written
    /// generates that many lines, counted by generating them.
    public static func importing(
        text: String,
        path: String,
        config: Pipeline.ConfigSource? = nil,
        readFile: ((String) -> String?)? = nil
    ) -> Imported {
        var diagnostics = Diagnostics()
        let rawConfig = config.flatMap { SpecLoader.loadConfig($0.text, file: $0.path, diagnostics: &diagnostics) }
        let loaded = SpecLoader.load(text, file: path, config: rawConfig, readFile: readFile, diagnostics: &diagnostics)
        guard var raw = loaded else {
            return Imported(spec: nil, diagnostics: diagnostics.sorted)
        }
        // Every option of the config, as `generate` takes it: the spec written generates the same Swift.
        if let rawConfig { raw = raw.applying(rawConfig) }
        if raw.endpoints.isEmpty && raw.models.isEmpty && !diagnostics.hasErrors {
            diagnostics.warning("the document describes no operation and no schema", at: raw.location)
        }
        // What imports must also generate: the resolver checks it as `generate` would.
        let api = SpecResolver.resolve(adapting: &raw, readFile: { _ in nil }, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors, let api else { return Imported(spec: nil, diagnostics: diagnostics.sorted) }
        nameEveryAlternative(of: &raw, as: api)
        let source = path.split(separator: "/").last.map(String.init) ?? path
        return Imported(
            spec: SpecWriter.write(raw, source: source),
            diagnostics: diagnostics.sorted,
            filterSummary: api.filterSummary == nil ? nil : Pipeline.render(api).filterSummary
        )
    }

    /// A union of which the document names some alternatives (an `x-specsmith` case name that differs from
    /// the derived one) and not others gets every case name, as the resolver made them: `oneOf` is a list of
    /// types or a mapping of names to types, never both.
    static func nameEveryAlternative(of raw: inout RawSpec, as api: API) {
        for index in raw.models.indices {
            guard case .union(var union) = raw.models[index].shape,
                union.alternatives.contains(where: { $0.name != nil }),
                union.alternatives.contains(where: { $0.name == nil }),
                let model = api.model(named: SwiftName.typeName(raw.models[index].name.value)),
                case .union(let resolved) = model.shape, resolved.alternatives.count == union.alternatives.count
            else { continue }
            for (position, alternative) in resolved.alternatives.enumerated()
            where union.alternatives[position].name == nil {
                union.alternatives[position].name = Located(
                    alternative.name,
                    at: union.alternatives[position].type.location
                )
            }
            raw.models[index].shape = .union(union)
        }
    }
}
