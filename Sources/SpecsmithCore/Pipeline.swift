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
        /// Overrides `samples:`.
        public var samples: API.Samples?
        /// Generates the samples alone, for a test or preview target (see ``API/Samples/separate``).
        public var samplesOnly = false

        /// No overrides, or these.
        public init(
            style: API.Style? = nil,
            access: API.Access? = nil,
            flavours: Set<API.Flavour>? = nil,
            samples: API.Samples? = nil,
            samplesOnly: Bool = false
        ) {
            self.style = style
            self.access = access
            self.flavours = flavours
            self.samples = samples
            self.samplesOnly = samplesOnly
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
        /// The client flavours generated (for the manifest lines of ``ModuleSplit``).
        public var flavours: Set<API.Flavour> = []
        /// The files of the server's module, when the flavours name `server` beside client flavours: a server
        /// never shares a module with a client (`specsmith generate` writes it into `--server-output`). Made
        /// from the same resolved API as ``files``, so the spec is read once.
        public var serverFiles: [GeneratedFile]?
        /// What the config's `filter:` kept, with the lines generated (client and server), when it has one.
        public var filterSummary: FilterSummary?
        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and resolves the spec `text` read from `path`, with `config`'s options in place of its own;
    /// `readFile` reads sample files, and the other files an OpenAPI document refers to, relative to the spec.
    /// `flavours`, when given, replaces both.
    public static func resolve(
        text: String,
        path: String,
        config: ConfigSource? = nil,
        flavours: Set<API.Flavour>? = nil,
        readFile: (String) -> String?
    ) -> (API?, [Diagnostic]) {
        var diagnostics = Diagnostics()
        let rawConfig = config.flatMap { SpecLoader.loadConfig($0.text, file: $0.path, diagnostics: &diagnostics) }
        // The loader reads the files a document refers to while it loads, and keeps no reader after.
        let loaded = withoutActuallyEscaping(readFile) { readFile in
            SpecLoader.load(text, file: path, config: rawConfig, readFile: readFile, diagnostics: &diagnostics)
        }
        guard var raw = loaded else {
            return (nil, JSONPointers.annotated(diagnostics.sorted, text: text, path: path, readFile: readFile))
        }
        if let rawConfig { raw = raw.applying(rawConfig) }
        let api = SpecResolver.resolve(
            adapting: &raw,
            flavours: flavours,
            readFile: readFile,
            diagnostics: &diagnostics
        )
        // In a minified document, a column says little: the JSON pointer of the place too.
        let located = JSONPointers.annotated(diagnostics.sorted, text: text, path: path, readFile: readFile)
        return (diagnostics.hasErrors ? nil : api, located)
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
        if let samples = overrides.samples { api.samples = samples }
        var output = render(api, samplesOnly: overrides.samplesOnly, layout: layout)
        output.diagnostics = diagnostics
        return output
    }

    /// The translated and rendered files of `api`, named as `layout` says, without diagnostics: the client's
    /// and, when the flavours name `server` beside client flavours, the server's.
    static func render(_ api: API, samplesOnly: Bool = false, layout: FileLayout = FileLayout()) -> Output {
        var api = api
        // A server is one module, at the access asked for.
        var server = api
        server.flavours = [.server]
        // Two modules see each other's declarations, and an app both of them, only when they are public.
        if layout.modules != nil { api.access = .public }
        let swiftFiles =
            samplesOnly
            ? Translator.translateSamplesOnly(api)
            : Translator.translate(api, everyFile: layout.everyFile, modules: layout.modules)
        let files = Renderer.render(swiftFiles)
        var output = Output(files: layout.arrange(files), diagnostics: [], flavours: api.flavours)
        if api.flavours.contains(.server) && api.flavours.count > 1 && !samplesOnly {
            let serverFiles = Renderer.render(Translator.translate(server, everyFile: layout.everyFile))
            output.serverFiles = layout.withoutModules.arrange(serverFiles)
        }
        output.filterSummary = api.filterSummary.map { summary in
            var summary = summary
            summary.lines = FilterSummary.lines(of: output.files + (output.serverFiles ?? []))
            return summary
        }
        return output
    }

    /// Runs every stage on the spec file at `path`, reading sample files next to it, and the config file at
    /// `configPath` when given. Throws when the spec or config cannot be read at all.
    public static func generate(
        specAt path: String,
        configAt configPath: String? = nil,
        overrides: Overrides = Overrides(),
        layout: FileLayout = FileLayout()
    ) throws(InputError) -> Output {
        guard let text = try readText(at: path) else { return notUTF8(path) }
        var output = try generate(
            specText: text,
            path: path,
            directory: directory(of: path),
            configAt: configPath,
            overrides: overrides,
            layout: layout
        )
        output.inputs.insert(absolutePath(path), at: 0)
        return output
    }

    /// Runs every stage on `text`, a spec read from elsewhere (standard input) and named `path` in
    /// diagnostics, reading sample files relative to `directory` and the config file at `configPath` when
    /// given.
    public static func generate(
        specText text: String,
        path: String,
        directory: String,
        configAt configPath: String? = nil,
        overrides: Overrides = Overrides(),
        layout: FileLayout = FileLayout()
    ) throws(InputError) -> Output {
        var inputs: [String] = []
        var config: ConfigSource?
        if let configPath {
            inputs.append(absolutePath(configPath))
            guard let configText = try readText(at: configPath) else { return notUTF8(configPath) }
            config = ConfigSource(text: configText, path: configPath)
        }
        var output = generate(text: text, path: path, config: config, overrides: overrides, layout: layout) {
            relative in
            let samplePath = relative.hasPrefix("/") ? relative : join(directory, relative)
            inputs.append(absolutePath(samplePath))
            return (try? readText(at: samplePath)) ?? nil
        }
        output.inputs = inputs
        return output
    }

    /// Loads and resolves the spec file at `path` (and the config at `configPath`, when given), reading the
    /// files it names relative to it: the API for the stages other than generation (`export`), or `nil` with
    /// the errors. Throws when the spec or config cannot be read at all.
    public static func resolve(
        specAt path: String,
        configAt configPath: String? = nil
    ) throws(InputError) -> (
        API?, [Diagnostic]
    ) {
        guard let text = try readText(at: path) else { return (nil, notUTF8(path).diagnostics) }
        var config: ConfigSource?
        if let configPath {
            guard let configText = try readText(at: configPath) else { return (nil, notUTF8(configPath).diagnostics) }
            config = ConfigSource(text: configText, path: configPath)
        }
        let folder = directory(of: path)
        return resolve(text: text, path: path, config: config) { relative in
            (try? readText(at: relative.hasPrefix("/") ? relative : join(folder, relative))) ?? nil
        }
    }

    /// The config file that applies to the spec at `specPath`, when its folder has one.
    public static func defaultConfig(forSpecAt specPath: String) -> String? {
        // Relative to the spec as given, so that diagnostics name the config the way the user named the spec.
        let candidate = join(directory(of: specPath), configFileName)
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// A file that could not be read, and why.
    public struct InputError: Error, Sendable, CustomStringConvertible {
        /// The file's path as given.
        public var path: String
        /// Why it could not be read, in a few words.
        public var reason: String

        /// `cannot read <path>: <reason>`.
        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// The text of the file at `path`, or `nil` when it is not UTF-8; throws when it cannot be read.
    static func readText(at path: String) throws(InputError) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw InputError(path: path, reason: "it is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(
                path: path,
                reason: FileManager.default.isReadableFile(atPath: path) ? "it could not be read" : "permission denied"
            )
        }
        return String(data: data, encoding: .utf8)
    }

    /// The folder part of `path` as written (`.` when it has none), without Foundation's path functions,
    /// which trap on some one-character paths on Linux.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `folder/name`, or `name` for the current folder.
    static func join(_ folder: String, _ name: String) -> String {
        switch folder {
        case ".": name
        case _ where folder.hasSuffix("/"): folder + name
        default: folder + "/" + name
        }
    }

    /// `path` made absolute against the current folder, with `.` and `..` resolved.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func notUTF8(_ path: String) -> Output {
        let location = SourceLocation(file: path, line: 1, column: 1)
        return Output(files: [], diagnostics: [Diagnostic(.error, "the file is not UTF-8 text", at: location)])
    }
}
