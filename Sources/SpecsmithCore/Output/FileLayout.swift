/// How generated files are named in the output folder.
///
/// The command line's default writes `Models.swift`, `Client.swift`, … as the spec needs them. The build
/// plugin asks for every file name with a prefix: SwiftPM and Xcode need the outputs of a build command
/// before it runs, and Swift rejects two files with the same name in one module.
public struct FileLayout: Sendable, Hashable {
    /// Put before every file name with a dot: `Countries.Models.swift`.
    public var prefix: String?
    /// Whether every file in ``Translator/fileNames`` is written, holding only a comment when the spec's
    /// style and flavours need nothing in it.
    public var everyFile: Bool

    /// Names files `prefix.Name.swift` when `prefix` is given; writes every file when `everyFile`.
    public init(prefix: String? = nil, everyFile: Bool = false) {
        self.prefix = prefix
        self.everyFile = everyFile
    }

    /// The name `file` gets in this layout.
    public func name(of file: String) -> String {
        prefix.map { "\($0).\(file)" } ?? file
    }

    /// Whether `name` is one this layout may write, so that a writer removes only its own files.
    public func owns(_ name: String) -> Bool {
        guard let prefix else { return true }
        return name.hasPrefix(prefix + ".")
    }

    /// `files` renamed for this layout.
    public func arrange(_ files: [GeneratedFile]) -> [GeneratedFile] {
        files.map { GeneratedFile(name: name(of: $0.name), contents: $0.contents) }
    }
}
