import Foundation

/// The whole generator: load → resolve → translate → render, each stage a pure function of the one before.
public enum Pipeline {
    /// The name of the optional config file next to a spec, whose options apply to every spec in its folder.
    public static let configFileName = "specsmith-config.yaml"

    /// Options that override what the spec and its config say (the command line's).
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

    /// A config file's text and path.
    public struct ConfigSource: Sendable, Hashable {
        /// The YAML text.
        public var text: String
        /// Where it was read from, for diagnostics.
        public var path: String

        /// The config `text` read from `path`.
        public init(text: String, path: String) {
            self.text = text
            self.path = path
        }
    }

    /// The outcome of running the pipeline on one spec.
    public struct Output: Sendable {
        /// The generated files; empty when there were errors.
        public var files: [GeneratedFile]
        /// Every diagnostic, in source order.
        public var diagnostics: [Diagnostic]
        /// The files the output depends on: the spec, its config and the sample files it names (those read
        /// from disk; empty when the caller supplied the text).
        public var inputs: [String] = []
        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and resolves the spec `text` read from `path`, with `config`'s options in place of its own;
    /// `readFile` reads sample files relative to the spec. `flavours`, when given, replaces both.
    public static func resolve(
        text: String,
        path: String,
        config: ConfigSource? = nil,
        flavours: Set<API.Flavour>? = nil,
        readFile: (String) -> String?
    ) -> (API?, [Diagnostic]) {
        var diagnostics = Diagnostics()
        let rawConfig = config.flatMap { SpecLoader.loadConfig($0.text, file: $0.path, diagnostics: &diagnostics) }
        guard var raw = SpecLoader.load(text, file: path, diagnostics: &diagnostics) else {
            return (nil, diagnostics.sorted)
        }
        if let rawConfig { raw = raw.applying(rawConfig) }
        let api = SpecResolver.resolve(raw, flavours: flavours, readFile: readFile, diagnostics: &diagnostics)
        return (diagnostics.hasErrors ? nil : api, diagnostics.sorted)
    }

    /// Runs every stage on the spec `text` read from `path`, naming the files as `layout` says.
    public static func generate(
        text: String,
        path: String,
        config: ConfigSource? = nil,
        overrides: Overrides = Overrides(),
        layout: FileLayout = FileLayout(),
        readFile: (String) -> String?
    ) -> Output {
        let (resolved, diagnostics) = resolve(
            text: text,
            path: path,
            config: config,
            flavours: overrides.flavours,
            readFile: readFile
        )
        guard var api = resolved else { return Output(files: [], diagnostics: diagnostics) }
        if let style = overrides.style { api.style = style }
        if let access = overrides.access { api.access = access }
        let files = Renderer.render(Translator.translate(api, everyFile: layout.everyFile))
        return Output(files: layout.arrange(files), diagnostics: diagnostics)
    }

    /// Runs every stage on the spec file at `path`, reading sample files next to it, and the config file at
    /// `configPath` when given.
    public static func generate(
        specAt path: String,
        configAt configPath: String? = nil,
        overrides: Overrides = Overrides(),
        layout: FileLayout = FileLayout()
    ) throws -> Output {
        let url = URL(fileURLWithPath: path)
        var inputs = [url.standardizedFileURL.path]
        guard let text = try readText(url) else { return notUTF8(path) }
        var config: ConfigSource?
        if let configPath {
            let configURL = URL(fileURLWithPath: configPath)
            inputs.append(configURL.standardizedFileURL.path)
            guard let configText = try readText(configURL) else { return notUTF8(configPath) }
            config = ConfigSource(text: configText, path: configPath)
        }
        let directory = url.deletingLastPathComponent()
        var output = generate(text: text, path: path, config: config, overrides: overrides, layout: layout) {
            relative in
            let sampleURL =
                relative.hasPrefix("/")
                ? URL(fileURLWithPath: relative) : directory.appendingPathComponent(relative)
            inputs.append(sampleURL.standardizedFileURL.path)
            return (try? readText(sampleURL)) ?? nil
        }
        output.inputs = inputs
        return output
    }

    /// The config file that applies to the spec at `specPath`, when its folder has one.
    public static func defaultConfig(forSpecAt specPath: String) -> String? {
        // Relative to the spec as given, so that diagnostics name the config the way the user named the spec.
        let folder = (specPath as NSString).deletingLastPathComponent
        let candidate = folder.isEmpty ? configFileName : (folder as NSString).appendingPathComponent(configFileName)
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    private static func readText(_ url: URL) throws -> String? {
        String(data: try Data(contentsOf: url), encoding: .utf8)
    }

    private static func notUTF8(_ path: String) -> Output {
        let location = SourceLocation(file: path, line: 1, column: 1)
        return Output(files: [], diagnostics: [Diagnostic(.error, "the file is not UTF-8 text", at: location)])
    }
}
