/// The imports that let a file of the client's module name the models of the models' module (see
/// ``ModuleSplit``), added to `file`.
///
/// The module is imported `@_exported public`, so that apps importing the client see the models as they do
/// from one module. In one module, a model hides a type of the same name from an imported module
/// (Foundation's `Thread`, RxSwift's `Event`); from another module both would be candidates. So the file
/// imports Foundation's, Combine's and RxSwift's types it names on their own (`public import struct
/// Foundation.URL`) rather than their whole modules, and on its own only a model whose name a module it imports
/// whole declares: the runtime's (``RuntimeSymbols/declaredTypes``). The standard library's types need none: a
/// type of any other module hides them. Which imports a file has then follows from the runtime's and the
/// flavours' types it names, not from its models: an operation that names a model its file did not name before
/// changes no import, so that the compiler recompiles that file alone (an import changes a file's interface).
///
/// A server's file imports Hummingbird whole, whose types (and those it re-exports) are not listed: it imports
/// each model it names on its own. `@_exported public` imports never draw the compiler's warning about a public
/// import that public declarations do not use, whatever the file's declarations show; imports of one declaration
/// keep the access of the module's import they replace, which the compiler judges by module.
///
/// `modelKinds` holds the kind of each type the models' module declares, by name. Which types the file names is
/// read from its text (`printer`'s), outside comments and string literals.
func translateModuleImports(
    _ file: SwiftFile,
    split: ModuleSplit,
    modelKinds: [String: TypeKind],
    printer: SwiftPrinter
) -> SwiftFile {
    var file = file
    let named = ModuleImportScan.identifiers(in: printer.print(file))
    let isServer = file.imports.contains { [ServerSymbols.module, ServerSymbols.hummingbird].contains($0.module) }
    if !isServer {
        file.imports = file.imports.flatMap { ModuleImportScan.declarations(of: $0, named: named) }
    }
    file.imports.append(SwiftFile.Import(module: split.models, access: .public, isExported: true))
    let own = named.filter { modelKinds[$0] != nil && (isServer || RuntimeSymbols.declaredTypes.contains($0)) }
    for name in own.sorted() {
        file.imports.append(
            SwiftFile.Import(
                module: "\(split.models).\(name)",
                access: .public,
                kind: modelKinds[name].flatMap(ImportKind.init),
                isExported: true
            )
        )
    }
    return file
}

/// The client module's file that re-exports the models' module, and each model on its own
/// (`@_exported public import struct GitHubModels.Thread`): an app that imports the client and Foundation then
/// reads `Thread` as the model, as it would if the model were declared in the client's module, since a
/// declaration's own import wins over a whole module's.
func translateModelExports(split: ModuleSplit, modelKinds: [String: TypeKind], header: [String]) -> SwiftFile {
    SwiftFile(
        name: ModuleSplit.exportsFile,
        header: header + [
            "",
            "The models, for apps that import \(split.client): each on its own, so that an app that imports a module",
            "declaring a type of the same name too (Foundation's `Thread`) still reads the name as the model.",
        ],
        imports: [SwiftFile.Import(module: split.models, access: .public, isExported: true)]
            + modelKinds.keys.sorted().compactMap { name in
                modelKinds[name].flatMap(ImportKind.init).map { kind in
                    SwiftFile.Import(module: "\(split.models).\(name)", access: .public, kind: kind, isExported: true)
                }
            },
        declarations: []
    )
}

/// Reads the identifiers Swift code names, and the imports of what it names, for
/// ``translateModuleImports(_:split:modelKinds:printer:)``.
enum ModuleImportScan {
    /// `module`'s import, in a file that names `named`: for Foundation, Combine and RxSwift, an import of each
    /// of their types it names (none if it names none), of the same access (and fallback); others unchanged.
    static func declarations(of module: SwiftFile.Import, named: Set<String>) -> [SwiftFile.Import] {
        let types: [String: ImportKind]
        switch module.module {
        case FoundationSymbols.module: types = FoundationSymbols.types
        case CombineSymbols.module: types = CombineSymbols.types
        case RxSwiftSymbols.module: types = RxSwiftSymbols.types
        default: return [module]
        }
        guard module.kind == nil else { return [module] }
        return types.keys.filter(named.contains).sorted().map { name in
            var declaration = module
            declaration.module = "\(module.module).\(name)"
            declaration.fallback = module.fallback.map { "\($0).\(name)" }
            declaration.kind = types[name]
            return declaration
        }
    }

    /// The identifiers in `text` outside `//` comments and string literals, except those after a `.` (members
    /// and qualified names, which need no import).
    static func identifiers(in text: String) -> Set<String> {
        var names: Set<String> = []
        var inMultilineString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(line.utf8)
            let multilineQuotes = line.utf8.count >= 3 ? countTripleQuotes(bytes) : 0
            if inMultilineString {
                if multilineQuotes % 2 == 1 { inMultilineString = false }
                continue
            }
            if multilineQuotes % 2 == 1 { inMultilineString = true }
            var index = 0
            var inString = false
            var word: [UInt8] = []
            var afterDot = false
            func finish() {
                if !word.isEmpty, !afterDot, let first = word.first, !isDigit(first) {
                    names.insert(String(decoding: word, as: UTF8.self))
                }
                word = []
            }
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break }
                if isIdentifierByte(byte) {
                    if word.isEmpty { afterDot = index > 0 && bytes[index - 1] == UInt8(ascii: ".") }
                    word.append(byte)
                } else {
                    finish()
                    if byte == UInt8(ascii: "\"") { inString = true }
                }
                index += 1
            }
            finish()
        }
        return names
    }

    private static func countTripleQuotes(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "\""),
                bytes[index + 2] == UInt8(ascii: "\"")
            {
                count += 1
                index += 3
            } else {
                index += 1
            }
        }
        return count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80
    }
}
