/// A parsed YAML value with the location of every node: what the loader reads a spec from.
struct YAMLValue: Sendable, Hashable {
    /// The shape of a YAML node, with scalars typed by YAML's core schema.
    enum Kind: Sendable, Hashable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case null
        case sequence([YAMLValue])
        case mapping([Entry])
    }

    /// One key and value of a mapping.
    struct Entry: Sendable, Hashable {
        var key: Located<String>
        var value: YAMLValue
    }

    var kind: Kind
    /// Where the value starts: its first character, the opening quote of a quoted scalar.
    var location: SourceLocation
    /// Where a scalar's text starts when each of its characters is written on one column of one line (a
    /// scalar on one line without escapes), so that a position in the text is a position in the file.
    var textStart: SourceLocation? = nil

    /// `text`, a scalar's text, located where this value is.
    func located(_ text: String) -> Located<String> {
        Located(text, at: location, textStart: textStart)
    }

    /// A word for this kind of value in messages: "a string", "a mapping", …
    var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The text of a scalar, whatever its YAML type; `nil` for lists and mappings.
    var scalarText: String? {
        switch kind {
        case .string(let text): text
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .sequence, .mapping: nil
        }
    }

    /// The value as compact JSON text, keys in the order they were written.
    var jsonText: String {
        switch kind {
        case .string(let text): Self.jsonString(text)
        case .int(let value): String(value)
        case .double(let value): value.isFinite ? String(value) : "null"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .sequence(let items): "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .mapping(let entries):
            "{" + entries.map { Self.jsonString($0.key.value) + ":" + $0.value.jsonText }.joined(separator: ",")
                + "}"
        }
    }

    /// `text` as a JSON string that YAML reads as the same text too: JSON's escapes, and escapes for what YAML
    /// reads as a line break or a byte order mark (NEL, the line and paragraph separators) or refuses (the other
    /// C1 controls, DEL), which JSON would leave as they are.
    static func portableString(_ text: String) -> String {
        var out = ""
        for scalar in jsonString(text).unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF].contains(scalar.value) {
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
