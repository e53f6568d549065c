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
    /// Two modules instead of one, each file in the folder of its module: `GitHubModels/Models.swift`,
    /// `GitHub/Client.swift`.
    public var modules: ModuleSplit?

    /// Names files `prefix.Name.swift` when `prefix` is given; writes every file when `everyFile`; puts each
    /// file in its module's folder when `modules` is given.
    public init(prefix: String? = nil, everyFile: Bool = false, modules: ModuleSplit? = nil) {
        self.prefix = prefix
        self.everyFile = everyFile
        self.modules = modules
    }

    /// The name `file` gets in this layout: a path below the output folder when the layout has modules.
    public func name(of file: String) -> String {
        let name = prefix.map { "\($0).\(file)" } ?? file
        return modules.map { "\($0.module(of: file))/\(name)" } ?? name
    }

    /// `files` (named by this layout) by the folder below the output folder they go to, named within it: one
    /// folder per module, or the output folder itself (`""`).
    public func byFolder(_ files: [GeneratedFile]) -> [(folder: String, files: [GeneratedFile])] {
        guard let modules else { return [("", files)] }
        return [modules.models, modules.client].map { folder in
            let inFolder = files.filter { $0.name.hasPrefix(folder + "/") }.map {
                GeneratedFile(name: String($0.name.dropFirst(folder.count + 1)), contents: $0.contents)
            }
            return (folder, inFolder)
        }
    }

    /// Whether `name` is one this layout may write, so that a writer removes only its own files.
    public func owns(_ name: String) -> Bool {
        guard let prefix else { return true }
        return name.hasPrefix(prefix + ".")
    }

    /// This layout for the files of one module's folder: the same names, without the folder.
    public var withoutModules: FileLayout {
        FileLayout(prefix: prefix, everyFile: everyFile)
    }

    /// `files` renamed for this layout.
    public func arrange(_ files: [GeneratedFile]) -> [GeneratedFile] {
        files.map { GeneratedFile(name: name(of: $0.name), contents: $0.contents) }
    }
}
