internal import Yams

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
    var location: SourceLocation

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

/// Parses YAML text into ``YAMLValue``s, turning libyaml's errors into diagnostics.
enum YAMLReader {
    /// The document in `text`, or `nil` after reporting why it could not be read.
    static func read(
        _ text: String,
        file: String,
        diagnostics: inout Diagnostics,
        allowEmpty: Bool = false
    ) -> YAMLValue? {
        do {
            // Composed without implicit tag resolution: Yams resolves every plain scalar (and hashes every
            // mapping key) with regular expressions, which was half of a large spec's generation time.
            // `scalarKind` types plain scalars itself.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                let start = SourceLocation(file: file, line: 1, column: 1)
                if allowEmpty { return YAMLValue(kind: .null, location: start) }
                diagnostics.error("the spec is empty", at: start)
                return nil
            }
            return convert(node, file: file)
        } catch let error as YamlError {
            report(error, text: text, file: file, diagnostics: &diagnostics)
            return nil
        } catch {
            diagnostics.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
    }

    private static func convert(_ node: Node, file: String) -> YAMLValue {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            // Point at the first character of a quoted scalar's content, so offsets into it line up.
            var contentLocation = location
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
                contentLocation.column += 1
            }
            return YAMLValue(kind: scalarKind(scalar), location: contentLocation)
        case .sequence(let sequence):
            return YAMLValue(kind: .sequence(sequence.map { convert($0, file: file) }), location: location)
        case .mapping(let mapping):
            let entries = mapping.map { key, value in
                let keyValue = convert(key, file: file)
                return YAMLValue.Entry(
                    key: Located(keyValue.scalarText ?? keyValue.jsonText, at: keyValue.location),
                    value: convert(value, file: file)
                )
            }
            return YAMLValue(kind: .mapping(entries), location: location)
        case .alias:
            return YAMLValue(kind: .null, location: location)
        }
    }

    /// The scalar typed by YAML's core schema as Yams' default resolver types it: quoted scalars are strings;
    /// plain ones may be null, booleans or numbers.
    private static func scalarKind(_ scalar: Node.Scalar) -> YAMLValue.Kind {
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        if let word = coreWords[text] { return word }
        // Only numbers (and timestamps, `<<`, `=`) are left, and they start with one of these characters;
        // anything else is a string, without a regular expression.
        guard let first = text.utf8.first, Self.numberStarts.contains(first) else { return .string(text) }
        let node = Node.scalar(Node.Scalar(text, Tag(.implicit)))
        switch Resolver.default.resolveTag(of: node) {
        case .int: return node.int.map(YAMLValue.Kind.int) ?? .string(text)
        case .float: return node.float.map(YAMLValue.Kind.double) ?? .string(text)
        default: return .string(text)
        }
    }

    /// The plain scalars YAML 1.1 reads as null or booleans (the words of Yams' default rules).
    private static let coreWords: [String: YAMLValue.Kind] = {
        var words: [String: YAMLValue.Kind] = ["": .null, "~": .null, "null": .null, "Null": .null, "NULL": .null]
        for (spellings, value) in [(["yes", "true", "on"], true), (["no", "false", "off"], false)] {
            for spelling in spellings {
                for variant in [
                    spelling, spelling.prefix(1).uppercased() + spelling.dropFirst(), spelling.uppercased(),
                ] {
                    words[variant] = .bool(value)
                }
            }
        }
        return words
    }()

    /// The first bytes of YAML numbers: digits, signs and `.` (`.5`, `.inf`, `.nan`).
    private static let numberStarts = Set("0123456789+-.".utf8)

    private static func report(_ error: YamlError, text: String, file: String, diagnostics: inout Diagnostics) {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            let location = SourceLocation(file: file, line: mark.line, column: mark.column)
            let line = lines(of: text, at: mark.line)
            let hint = line.contains("\t") ? "indent YAML with spaces; tabs are not allowed" : nil
            diagnostics.error("invalid YAML: \(problem)", at: location, hint: hint)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let location =
                secondOccurrence(of: key, after: context.mark, in: text)
                .map { SourceLocation(file: file, line: $0.line, column: $0.column) }
                ?? SourceLocation(file: file, line: context.mark.line, column: context.mark.column)
            diagnostics.error("`\(key)` is written twice in the same mapping", at: location)
        case .reader(let problem, _, _, _):
            diagnostics.error("invalid YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            diagnostics.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    private static func lines(of text: String, at line: Int) -> Substring {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        return line >= 1 && line <= all.count ? all[line - 1] : ""
    }

    /// Where a duplicated block-mapping key is written again: the next line that starts with it at the same column.
    private static func secondOccurrence(
        of key: String,
        after mark: Mark,
        in text: String
    ) -> (
        line: Int, column: Int
    )? {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line < all.count else { return nil }
        let indent = String(repeating: " ", count: max(0, mark.column - 1))
        for index in mark.line..<all.count {
            let line = all[index]
            if line.hasPrefix(indent + key + ":") || line.hasPrefix(indent + "\"\(key)\":")
                || line.hasPrefix(indent + "'\(key)':")
            {
                return (index + 1, mark.column)
            }
        }
        return nil
    }
}
