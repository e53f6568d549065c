import Foundation

/// The whole generator: load → resolve → translate → render, each stage a pure function of the one before.
public enum Pipeline {
    /// Options that override what the spec says.
    public struct Overrides: Sendable, Hashable {
        /// Overrides `style:`.
        public var style: API.Style?
        /// Overrides `access:`.
        public var access: API.Access?
        /// Overrides `flavours:` (`async` is added when missing).
        public var flavours: Set<API.Flavour>?

        /// No overrides, or these.
        public init(style: API.Style? = nil, access: API.Access? = nil, flavours: Set<API.Flavour>? = nil) {
            self.style = style
            self.access = access
            self.flavours = flavours
        }
    }

    /// The outcome of running the pipeline on one spec.
    public struct Output: Sendable {
        /// The generated files; empty when there were errors.
        public var files: [GeneratedFile]
        /// Every diagnostic, in source order.
        public var diagnostics: [Diagnostic]
        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and resolves the spec `text` read from `path`; `readFile` reads sample files relative to the spec.
    /// `flavours`, when given, replaces the spec's.
    public static func resolve(
        text: String,
        path: String,
        flavours: Set<API.Flavour>? = nil,
        readFile: (String) -> String?
    ) -> (API?, [Diagnostic]) {
        var diagnostics = Diagnostics()
        guard let raw = SpecLoader.load(text, file: path, diagnostics: &diagnostics) else {
            return (nil, diagnostics.sorted)
        }
        let api = SpecResolver.resolve(raw, flavours: flavours, readFile: readFile, diagnostics: &diagnostics)
        return (diagnostics.hasErrors ? nil : api, diagnostics.sorted)
    }

    /// Runs every stage on the spec `text` read from `path`.
    public static func generate(
        text: String,
        path: String,
        overrides: Overrides = Overrides(),
        readFile: (String) -> String?
    ) -> Output {
        let (resolved, diagnostics) = resolve(text: text, path: path, flavours: overrides.flavours, readFile: readFile)
        guard var api = resolved else { return Output(files: [], diagnostics: diagnostics) }
        if let style = overrides.style { api.style = style }
        if let access = overrides.access { api.access = access }
        return Output(files: Renderer.render(Translator.translate(api)), diagnostics: diagnostics)
    }

    /// Runs every stage on the spec file at `path`, reading sample files next to it.
    public static func generate(specAt path: String, overrides: Overrides = Overrides()) throws -> Output {
        let url = URL(fileURLWithPath: path)
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else {
            let location = SourceLocation(file: path, line: 1, column: 1)
            return Output(files: [], diagnostics: [Diagnostic(.error, "the spec is not UTF-8 text", at: location)])
        }
        let directory = url.deletingLastPathComponent()
        return generate(text: text, path: path, overrides: overrides) { relative in
            let sampleURL =
                relative.hasPrefix("/")
                ? URL(fileURLWithPath: relative) : directory.appendingPathComponent(relative)
            return (try? Data(contentsOf: sampleURL)).flatMap { String(data: $0, encoding: .utf8) }
        }
    }
}
