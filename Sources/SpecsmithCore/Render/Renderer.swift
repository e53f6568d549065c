/// A generated file: its name in the output folder and its text.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, such as `Models.swift`.
    public var name: String
    /// The full text.
    public var contents: String

    /// A file named `name` with `contents`.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// The render stage: Swift syntax trees → text files.
public enum Renderer {
    /// The text of each file, in order, printed on all cores, the largest first.
    public static func render(_ files: [SwiftFile], printer: SwiftPrinter = SwiftPrinter()) -> [GeneratedFile] {
        Parallel.map(files.count, cost: { files[$0].declarations.count }) { index in
            GeneratedFile(name: files[index].name, contents: printer.print(files[index]))
        }
    }
}
