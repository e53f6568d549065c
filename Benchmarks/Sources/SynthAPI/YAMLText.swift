/// YAML written line by line with indentation: enough for the two documents `synth-api` writes.
struct YAMLText {
    private(set) var text = ""
    private var depth = 0

    /// Appends `line` at the current indentation.
    mutating func line(_ line: String) {
        text += String(repeating: "  ", count: depth) + line + "\n"
    }

    /// Appends `key:` and the lines `body` writes, indented below it.
    mutating func block(_ key: String, _ body: (inout YAMLText) -> Void) {
        line(key + ":")
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Appends a list item `- first` and the lines `body` writes, aligned with `first`.
    mutating func item(_ first: String, _ body: (inout YAMLText) -> Void = { _ in }) {
        line("- " + first)
        depth += 1
        body(&self)
        depth -= 1
    }
}

/// `text` as a double-quoted YAML scalar.
func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        default: result.append(character)
        }
    }
    return result + "\""
}
