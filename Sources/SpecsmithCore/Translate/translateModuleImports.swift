/// The imports that let a file of the client's module name the models of the models' module (see
/// ``ModuleSplit``), added to `file`.
///
/// The module is imported `@_exported public`, so that apps importing the client see the models as they do
/// from one module. Each model the file names is imported on its own as well (`import struct
/// GitHubModels.Thread`): in one module a model hides a type of the same name from an imported module
/// (Foundation's `Thread`, Combine's `Subscription`), but from another module both would be candidates, and a
/// declaration's own import wins over a whole module's. `@_exported public` imports never draw the compiler's
/// warning about a public import that public declarations do not use, whatever the file's declarations show.
///
/// `modelKinds` holds the kind of each type the models' module declares, by name. Which of them the file names
/// is read from its text (`printer`'s), outside comments and string literals.
func translateModuleImports(
    _ file: SwiftFile,
    split: ModuleSplit,
    modelKinds: [String: TypeKind],
    printer: SwiftPrinter
) -> SwiftFile {
    var file = file
    file.imports.append(SwiftFile.Import(module: split.models, access: .public, isExported: true))
    let named = ModuleImportScan.identifiers(in: printer.print(file)).filter { modelKinds[$0] != nil }
    for name in named.sorted() {
        file.imports.append(
            SwiftFile.Import(
                module: "\(split.models).\(name)",
                access: .public,
                kind: modelKinds[name],
                isExported: true
            )
        )
    }
    return file
}

/// Reads the identifiers Swift code names, for ``translateModuleImports(_:split:modelKinds:printer:)``.
enum ModuleImportScan {
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
