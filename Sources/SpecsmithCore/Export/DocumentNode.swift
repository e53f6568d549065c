/// A JSON value whose objects keep their keys in order: what the exporter builds a document of, written as
/// YAML or JSON text.
indirect enum DocumentNode: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([DocumentNode])
    case object(DocumentObject)

    /// A parsed YAML or JSON value (a sample) as a node, keys in the order they were written.
    init(_ value: YAMLValue) {
        switch value.kind {
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .double(let number): self = number.isFinite ? .double(number) : .null
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .sequence(let items): self = .array(items.map(DocumentNode.init))
        case .mapping(let entries):
            var object = DocumentObject()
            for entry in entries { object[entry.key.value] = DocumentNode(entry.value) }
            self = .object(object)
        }
    }

    /// Whether the node is a scalar, or an empty list or object: written on its key's line.
    private var isInline: Bool {
        switch self {
        case .array(let items): items.isEmpty
        case .object(let object): object.entries.isEmpty
        default: true
        }
    }

    /// The value as JSON text, keys in order: two spaces per level from `indentation`, or on one line for
    /// `nil`.
    func jsonText(indentation: String? = "") -> String {
        let inner = indentation.map { $0 + "  " }
        let (open, separator, close, colon) =
            inner == nil ? ("", ",", "", ":") : ("\n", ",\n", "\n" + (indentation ?? ""), ": ")
        switch self {
        case .string(let text): return YAMLValue.portableString(text)
        case .int(let number): return String(number)
        case .double(let number): return Self.numberText(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[" + open
                + items.map { (inner ?? "") + $0.jsonText(indentation: inner) }.joined(separator: separator)
                + close + "]"
        case .object(let object):
            guard !object.entries.isEmpty else { return "{}" }
            return "{" + open
                + object.entries.map {
                    (inner ?? "") + YAMLValue.portableString($0.key) + colon + $0.value.jsonText(indentation: inner)
                }
                .joined(separator: separator) + close + "}"
        }
    }

    /// The value as a YAML document in block style, two spaces per level; every scalar reads back as written.
    var yamlText: String {
        var lines: [String] = []
        writeYAML(into: &lines, indentation: "")
        return lines.joined(separator: "\n") + "\n"
    }

    private func writeYAML(into lines: inout [String], indentation: String) {
        switch self {
        case .object(let object) where !object.entries.isEmpty:
            for entry in object.entries {
                let key = indentation + YAMLTextWriter.quoted(entry.key) + ":"
                if entry.value.isInline {
                    lines.append(key + " " + entry.value.inlineYAML(indentation: indentation + "  "))
                } else if case .array = entry.value {
                    // A list under a key is written at the key's own indentation, as is usual in YAML.
                    lines.append(key)
                    entry.value.writeYAML(into: &lines, indentation: indentation)
                } else {
                    lines.append(key)
                    entry.value.writeYAML(into: &lines, indentation: indentation + "  ")
                }
            }
        case .array(let items) where !items.isEmpty:
            for item in items {
                if item.isInline {
                    lines.append(indentation + "- " + item.inlineYAML(indentation: indentation + "  "))
                } else {
                    // The item's first line goes after the dash; the rest are indented to line up with it.
                    var itemLines: [String] = []
                    item.writeYAML(into: &itemLines, indentation: indentation + "  ")
                    let first = itemLines.removeFirst().dropFirst(indentation.count + 2)
                    lines.append(indentation + "- " + first)
                    lines.append(contentsOf: itemLines)
                }
            }
        default:
            lines.append(indentation + inlineYAML(indentation: indentation))
        }
    }

    /// A scalar or an empty collection, on one line; text of several lines as a literal block below it.
    private func inlineYAML(indentation: String) -> String {
        switch self {
        case .string(let text):
            if let block = Self.literalBlock(text, indentation: indentation) { return block }
            return YAMLTextWriter.quoted(text)
        case .int(let number): return String(number)
        case .double(let number): return Self.numberText(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "[]"
        case .object: return "{}"
        }
    }

    /// `|-` and the lines of `text` below, when YAML reads that back as exactly `text`: several lines, none
    /// starting with a space or holding control characters or trailing spaces.
    private static func literalBlock(_ text: String, indentation: String) -> String? {
        guard text.contains("\n"), !text.hasSuffix("\n"), let first = text.first, first != " " else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let safe = lines.allSatisfy { line in
            !line.hasSuffix(" ")
                && line.unicodeScalars.allSatisfy {
                    $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
                        && $0 != "\u{FEFF}" && $0 != "\u{2028}" && $0 != "\u{2029}" && $0 != "\u{85}"
                }
        }
        guard safe else { return nil }
        return "|-\n" + lines.map { $0.isEmpty ? "" : indentation + $0 }.joined(separator: "\n")
    }

    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) + ".0" }
        return String(number)
    }
}

/// A JSON object's entries in order; setting a key that is there replaces its value in place.
struct DocumentObject: Sendable, Hashable {
    /// One key and its value.
    struct Entry: Sendable, Hashable {
        var key: String
        var value: DocumentNode
    }

    private(set) var entries: [Entry] = []

    /// The value of `key`; setting `nil` removes it.
    subscript(key: String) -> DocumentNode? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Whether it has no entries.
    var isEmpty: Bool { entries.isEmpty }
}

extension DocumentNode {
    /// A value of an enumeration, as JSON: its string, or its integer.
    init(_ value: EnumCase, of enumeration: Enumeration) {
        self = enumeration.isInteger ? .int(Int(value.rawValue) ?? 0) : .string(value.rawValue)
    }

    /// A default or constant as JSON; an enumeration's case by its value in `api`.
    init(_ value: DefaultValue, in api: API) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text), .url(let text), .uuid(let text), .calendarDate(let text): self = .string(text)
        case .enumCase(let type, let name):
            if case .enumeration(let enumeration)? = api.model(named: type)?.shape,
                let found = enumeration.cases.first(where: { $0.name == name })
            {
                self = DocumentNode(found, of: enumeration)
            } else {
                self = .string(name)
            }
        case .array(let items): self = .array(items.map { DocumentNode($0, in: api) })
        case .emptyDictionary: self = .object(DocumentObject())
        case .null: self = .null
        }
    }
}

extension DocumentNode: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}
