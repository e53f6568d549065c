// libyaml's C interface, which Yams builds as its `CYaml` module: the reader composes nodes from libyaml's
// events itself, to know where every node and alias is and to bound what aliases expand to.
internal import CYaml
internal import Yams

/// Parses YAML text into ``YAMLValue``s, with the location of every node, turning libyaml's errors into
/// diagnostics in plain words.
///
/// It composes the tree from libyaml's events without recursion, so nesting costs no stack (libyaml itself
/// stops at 1,000 levels). Aliases share the anchored value instead of copying it, and what they add is
/// bounded (``Limits``): a few hundred bytes of nested aliases could otherwise stand for billions of values
/// that later stages walk.
enum YAMLReader {
    /// Bounds on what aliases may add to a document.
    enum Limits {
        /// The most aliases (`*name`) a document may use.
        static let aliases = 10_000
        /// The most values all aliases together may stand for, counting every value inside the anchored ones.
        static let aliasedValues = 100_000
    }

    /// `text` with the C1 control characters (U+0080 to U+009F but U+0085) in its strings written as `\u`
    /// escapes, when it is JSON: JSON allows them in strings, YAML (which reads JSON) does not, and real
    /// descriptions have them in examples. Other text is returned as it is.
    static func jsonWithEscapedC1Controls(_ text: String) -> String {
        let utf8 = text.utf8
        // In UTF-8, U+0080…U+009F are 0xC2 followed by 0x80…0x9F.
        var previous: UInt8 = 0
        let hasC1 = utf8.contains { byte in
            defer { previous = byte }
            return previous == 0xC2 && (0x80...0x9F).contains(byte) && byte != 0x85
        }
        guard hasC1,
            utf8.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
        else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value) && scalar.value != 0x85 {
                escaped.append(contentsOf: "\\u00\(String(scalar.value, radix: 16, uppercase: true))".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The document in `text`, or `nil` after reporting why it could not be read.
    ///
    /// Text that starts as JSON does (`{` or `[`) is read as JSON first (``JSONReader``): JSON is nearly YAML,
    /// but not quite (surrogate pairs, C1 control characters). When it is not JSON, it is YAML's flow style,
    /// read as YAML; the JSON reader's mistake is reported only when the text was JSON beyond doubt (a `.json`
    /// file, or a key in double quotes and its `:` read) and YAML cannot read it either.
    static func read(
        _ text: String,
        file: String,
        diagnostics: inout Diagnostics,
        allowEmpty: Bool = false
    ) -> YAMLValue? {
        var text = text
        let json = text.withUTF8 { bytes in startsAsJSON(bytes) ? JSONReader.read(bytes, file: file) : nil }
        guard let (outcome, problems) = json else {
            return readYAML(text, file: file, diagnostics: &diagnostics, allowEmpty: allowEmpty)
        }
        switch outcome {
        case .value(let value):
            for problem in problems { diagnostics.error(problem.message, at: problem.location, hint: problem.hint) }
            return value
        case .failed(let mistake, let isClearlyJSON):
            let isJSONFile = file.lowercased().hasSuffix(".json")
            if !isJSONFile {
                var yamlDiagnostics = Diagnostics()
                let value = readYAML(text, file: file, diagnostics: &yamlDiagnostics, allowEmpty: allowEmpty)
                if value != nil || !isClearlyJSON {
                    for problem in yamlDiagnostics.all {
                        diagnostics.error(problem.message, at: problem.location, hint: problem.hint)
                    }
                    return value
                }
            }
            for problem in problems { diagnostics.error(problem.message, at: problem.location, hint: problem.hint) }
            diagnostics.error(mistake.message, at: mistake.location, hint: mistake.hint)
            return nil
        }
    }

    /// Whether the first byte after white space (and a byte order mark) is `{` or `[`.
    static func startsAsJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The YAML document in `text`.
    private static func readYAML(
        _ text: String,
        file: String,
        diagnostics: inout Diagnostics,
        allowEmpty: Bool
    ) -> YAMLValue? {
        var text = jsonWithEscapedC1Controls(text)
        return text.withUTF8 { bytes in
            var composer = Composer(file: file, bytes: bytes)
            let outcome = composer.compose()
            for problem in composer.problems {
                diagnostics.error(problem.message, at: problem.location, hint: problem.hint)
            }
            switch outcome {
            case .value(let value):
                return value
            case .empty:
                let start = SourceLocation(file: file, line: 1, column: 1)
                if allowEmpty { return YAMLValue(kind: .null, location: start) }
                diagnostics.error("the file is empty", at: start)
                return nil
            case .failed:
                return nil
            }
        }
    }
}

/// Builds ``YAMLValue``s from libyaml's event stream.
private struct Composer {
    enum Outcome {
        case value(YAMLValue)
        case empty
        case failed
    }

    /// A sequence or mapping being composed.
    struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        /// How many values it stands for, itself included.
        var size = 1
        var items: [YAMLValue] = []
        var entries: [YAMLValue.Entry] = []
        /// A mapping's key read and waiting for its value.
        var pendingKey: YAMLValue?
        /// Where each key of a mapping was first written.
        var keys: [String: SourceLocation] = [:]
    }

    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: TextLines
    /// What was wrong; composing goes on after a problem that leaves the tree readable (a duplicated key).
    var problems: [Diagnostic] = []
    /// Anchored values and how many values each stands for.
    var anchors: [String: (value: YAMLValue, size: Int)] = [:]
    var aliasCount = 0
    var aliasedValues = 0

    init(file: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.bytes = bytes
        self.lines = TextLines(bytes)
    }

    mutating func compose() -> Outcome {
        guard let input = bytes.baseAddress, !bytes.isEmpty else { return .empty }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            problems.append(Diagnostic(.error, "out of memory reading YAML", at: location(line: 1, column: 1)))
            return .failed
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, input, bytes.count)

        var stack: [Frame] = []
        var root: YAMLValue?
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                reportParserError(parser)
                return .failed
            }
            defer { yaml_event_delete(&event) }
            let start = location(event.start_mark)
            var completed: (value: YAMLValue, size: Int)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root.map(Outcome.value) ?? .empty
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    problems.append(
                        Diagnostic(
                            .error,
                            "the file holds more than one YAML document; a spec is one document",
                            at: start,
                            hint: "remove the `---` line and what follows, or split it into files"
                        )
                    )
                    return .failed
                }
                continue
            case YAML_SCALAR_EVENT:
                completed = (scalar(event, start: start), 1)
                if let anchor = string(event.data.scalar.anchor) { anchors[anchor] = completed }
            case YAML_ALIAS_EVENT:
                guard let anchored = alias(string(event.data.alias.anchor) ?? "", at: start) else { return .failed }
                completed = anchored
            case YAML_SEQUENCE_START_EVENT:
                stack.append(Frame(isMapping: false, location: start, anchor: string(event.data.sequence_start.anchor)))
                continue
            case YAML_MAPPING_START_EVENT:
                stack.append(Frame(isMapping: true, location: start, anchor: string(event.data.mapping_start.anchor)))
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { continue }
                let kind: YAMLValue.Kind = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
                completed = (YAMLValue(kind: kind, location: frame.location), frame.size)
                if let anchor = frame.anchor { anchors[anchor] = completed }
            default:
                continue
            }
            if stack.isEmpty {
                root = completed.value
            } else {
                add(completed, toFrameAt: stack.count - 1, of: &stack)
            }
        }
    }

    /// The value the alias `*name` at `location` stands for, or `nil` after reporting an unknown anchor or
    /// aliases past the ``YAMLReader/Limits``.
    mutating func alias(_ name: String, at location: SourceLocation) -> (value: YAMLValue, size: Int)? {
        guard let anchored = anchors[name] else {
            problems.append(
                Diagnostic(.error, "the alias `*\(name)` names no anchor `&\(name)` written before it", at: location)
            )
            return nil
        }
        aliasCount += 1
        aliasedValues += anchored.size
        guard aliasCount <= YAMLReader.Limits.aliases, aliasedValues <= YAMLReader.Limits.aliasedValues else {
            let what =
                aliasCount > YAMLReader.Limits.aliases
                ? "more than \(YAMLReader.Limits.aliases) aliases"
                : "aliases that stand for more than \(YAMLReader.Limits.aliasedValues) values"
            problems.append(
                Diagnostic(
                    .error,
                    "the alias `*\(name)` makes the file use \(what)",
                    at: location,
                    hint: "aliases of aliases multiply; write the repeated parts out, or reuse them less"
                )
            )
            return nil
        }
        return anchored
    }

    /// Adds a finished value to the collection being composed: a sequence item, a mapping key or its value.
    mutating func add(_ child: (value: YAMLValue, size: Int), toFrameAt index: Int, of stack: inout [Frame]) {
        stack[index].size += child.size
        guard stack[index].isMapping else {
            stack[index].items.append(child.value)
            return
        }
        guard let key = stack[index].pendingKey else {
            stack[index].pendingKey = child.value
            return
        }
        stack[index].pendingKey = nil
        // A key that is a mapping or a list names nothing a spec or a document can mean (JSON's keys are text);
        // read as its JSON text, such keys nested in each other doubled their escapes with each level, and 50
        // of them took minutes (a fuzzer's finding).
        guard let name = key.scalarText else {
            let kind: String
            if case .mapping = key.kind { kind = "mapping" } else { kind = "list" }
            problems.append(
                Diagnostic(
                    .error,
                    "a key must be text, not a \(kind)",
                    at: key.location,
                    hint: "quote the key if it is text"
                )
            )
            return
        }
        if let first = stack[index].keys[name] {
            problems.append(
                Diagnostic(
                    .error,
                    "`\(name)` is written twice in the same mapping; the first is at line \(first.line), column \(first.column)",
                    at: key.location,
                    hint: "remove one of them"
                )
            )
            return
        }
        stack[index].keys[name] = key.location
        stack[index].entries.append(
            YAMLValue.Entry(key: Located(name, at: key.location, textStart: key.textStart), value: child.value)
        )
    }

    /// The scalar of `event`, typed by YAML's core schema; quoted and block scalars are strings.
    func scalar(_ event: yaml_event_t, start: SourceLocation) -> YAMLValue {
        let scalar = event.data.scalar
        let text =
            scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) }
            ?? ""
        let quoted = scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
        let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        let kind: YAMLValue.Kind
        switch string(scalar.tag) {
        case "tag:yaml.org,2002:str": kind = .string(text)
        case nil where plain: kind = YAMLScalars.kind(ofPlain: text)
        default: kind = .string(text)
        }
        // The text's characters sit one per column only on one line, and only when no escape (`\n`, `''`)
        // made the text shorter than what is written.
        let end = location(event.end_mark)
        var textStart: SourceLocation?
        if start.line == end.line && (plain || quoted)
            && end.column - start.column - (quoted ? 2 : 0) == text.unicodeScalars.count
        {
            textStart = start
            if quoted { textStart?.column += 1 }
        }
        return YAMLValue(kind: kind, location: start, textStart: textStart)
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// A location within the text: libyaml reports the end of a file without a final line break one line
    /// past its last, at column 1; that is the end of the last line.
    func location(line: Int, column: Int) -> SourceLocation {
        let (line, column) = lines.clamped(line: line, column: column)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Turns libyaml's error into one diagnostic in plain words, at the place the mistake most likely is.
    mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        if parser.error == YAML_READER_ERROR {
            let (line, column) = lines.position(ofByte: Int(parser.problem_offset))
            problems.append(
                Diagnostic(
                    .error,
                    problem.contains("control characters")
                        ? "the file contains a control character, which YAML does not allow"
                        : "the file is not valid UTF-8 text (\(problem))",
                    at: location(line: line, column: column)
                )
            )
            return
        }
        let problemAt = location(parser.problem_mark)
        let explained = YAMLErrors.explain(
            problem: problem,
            context: parser.context.map { String(cString: $0) },
            problemAt: problemAt,
            contextAt: location(parser.context_mark),
            lineText: lines.text(ofLine: problemAt.line)
        )
        problems.append(Diagnostic(.error, explained.message, at: explained.location, hint: explained.hint))
    }
}

/// libyaml's messages rewritten as what a spec author did wrong.
enum YAMLErrors {
    /// The message, place and hint for libyaml's `problem` (found at `problemAt`) in `context` (which began
    /// at `contextAt`); `lineText` is the text of the problem's line.
    static func explain(
        problem: String,
        context: String?,
        problemAt: SourceLocation,
        contextAt: SourceLocation,
        lineText: Substring
    ) -> (message: String, location: SourceLocation, hint: String?) {
        // A tab is the problem where it indents the line or stands at the problem's place, not inside a value.
        let characters = Array(lineText)
        let indentation = characters.prefix { $0 == " " || $0 == "\t" }
        let atProblem = problemAt.column - 1 < characters.count ? characters[problemAt.column - 1] : nil
        let tabIsTheProblem = indentation.contains("\t") || atProblem == "\t"
        let tabHint = tabIsTheProblem ? "indent YAML with spaces; tabs are not allowed" : nil
        switch (problem, context) {
        case ("found character that cannot start any token", _):
            if tabIsTheProblem {
                return ("a tab cannot indent YAML", problemAt, "indent with spaces")
            }
            return (
                "this character cannot start a YAML value", problemAt,
                "put the value in quotes, for example `\"@name\"`"
            )
        case ("did not find expected key", _):
            let column = problemAt.column - 1
            let first = indentation.count
            if column < characters.count, characters[column] == "]" || characters[column] == "}" {
                return (
                    "this `\(characters[column])` closes nothing", problemAt,
                    "remove it, or put the value it belongs to in quotes"
                )
            }
            if column > first, column < characters.count, characters[column] != "\t" {
                return (
                    "text follows the value on this line, where a new line with a key was expected", problemAt,
                    "put the whole value in quotes if the text belongs to it, such as `\"[a]b\"`"
                )
            }
            return (
                "the indentation of this line matches no mapping above it; the keys of a mapping start in one column",
                problemAt,
                tabHint ?? "line it up with the keys before it, or indent it under a key that has no value"
            )
        case ("did not find expected '-' indicator", _):
            return (
                "this line is inside a list, whose items each start with `- ` in one column", problemAt,
                tabHint ?? "line it up with the `- ` items, or outdent it to the key the list belongs to"
            )
        case ("mapping values are not allowed in this context", _):
            return (
                "a `:` followed by a space starts a key here, where a plain value was expected",
                problemAt,
                tabHint ?? "put the value in quotes if the colon belongs to it, or indent the line under its key"
            )
        case ("could not find expected ':'", _):
            return (
                "a key here has no `:` after it", contextAt,
                "write `key: value`, or quote the text if it is a value"
            )
        case ("did not find expected node content", _):
            return ("a value is missing here", problemAt, tabHint)
        case ("did not find expected ',' or ']'", _):
            return ("the list `[` opened here is not closed with `]`", contextAt, "close it, or quote it if it is text")
        case ("did not find expected ',' or '}'", _):
            return (
                "the mapping `{` opened here is not closed with `}`", contextAt,
                "close it, or quote it if it is text"
            )
        case ("found unexpected end of stream", "while scanning a quoted scalar"):
            return ("this quoted text is never closed", contextAt, "add the closing quote")
        case ("block sequence entries are not allowed in this context", _):
            return (
                "a `- ` list item cannot follow a value on the same level", problemAt,
                "put the list on the lines below its key, indented"
            )
        default:
            return explainRare(problem: problem, context: context, problemAt: problemAt, tabHint: tabHint)
        }
    }

    /// The messages of mistakes rarer than those of ``explain(problem:context:problemAt:contextAt:lineText:)``:
    /// directives, anchors, tags, escapes and block scalars, which a value that starts with `%`, `&`, `*`, `!`
    /// or `|` or holds a backslash can stumble into. Each of libyaml's messages has a sentence here.
    private static func explainRare(
        problem: String,
        context: String?,
        problemAt: SourceLocation,
        tabHint: String?
    ) -> (message: String, location: SourceLocation, hint: String?) {
        let quote = "put the value in quotes"
        switch problem {
        case "did not find expected alphabetic or numeric character":
            let mark = context?.contains("alias") == true ? "*" : "&"
            return (
                "`\(mark)` starts a YAML \(mark == "*" ? "alias" : "anchor") here and must be followed by its name",
                problemAt, "\(quote) if the `\(mark)` belongs to the text, such as `\"\(mark)value\"`"
            )
        case "found unknown directive name", "did not find expected comment or line break",
            "could not find expected directive name", "found unexpected non-alphabetical character",
            "did not find expected digit or '.' character", "found extremely long version number",
            "did not find expected version number", "did not find expected whitespace",
            "found duplicate %YAML directive", "found incompatible YAML document", "found duplicate %TAG directive":
            if context == "while scanning a block scalar" {
                return (
                    "text follows `|` or `>` on its line; a block of text starts on the line below", problemAt,
                    "move the text to the lines below, indented under the key"
                )
            }
            return (
                "a line that starts with `%` is a YAML directive, and this one is not valid", problemAt,
                "remove the line, or \(quote) if it starts with `%`, such as `\"%d items\"`"
            )
        case "did not find the expected '>'", "did not find expected whitespace or line break",
            "did not find expected '!'", "did not find expected tag URI", "did not find URI escaped octet",
            "found an incorrect leading UTF-8 octet", "found an incorrect trailing UTF-8 octet",
            "found undefined tag handle":
            return (
                "`!` starts a YAML tag here, and this one is not valid", problemAt,
                "\(quote) if the `!` belongs to the text, such as `\"!important\"`"
            )
        case "found an indentation indicator equal to 0":
            return (
                "a block of text's indentation (the digit after `|` or `>`) cannot be 0", problemAt,
                "write `|` alone, or a digit from 1 to 9"
            )
        case "found a tab character where an indentation space is expected",
            "found a tab character that violates indentation":
            return ("a tab cannot indent YAML", problemAt, "indent with spaces")
        case "found unexpected document indicator":
            return (
                "a line of `---` or `...` inside quoted text ends the YAML document", problemAt,
                "close the quotes before it, or indent the line"
            )
        case "found unknown escape character":
            return (
                "this backslash escape is not one YAML knows in double-quoted text", problemAt,
                "write `\\\\` for a backslash, or use single quotes, in which a backslash is plain text"
            )
        case "did not find expected hexdecimal number":
            return (
                "a `\\x`, `\\u` or `\\U` escape needs 2, 4 or 8 hexadecimal digits here", problemAt,
                "write them in full, such as `\\u00E9`, or use single quotes"
            )
        case "found invalid Unicode character escape code":
            return (
                "this escape is not a Unicode character (a half of a surrogate pair, or past U+10FFFF)", problemAt,
                "YAML writes a character above U+FFFF in one escape, such as `\\U0001F44D`, or as itself"
            )
        case "found unexpected ':'":
            return ("a `:` inside this plain text is ambiguous", problemAt, "\(quote), such as `\"a:b\"`")
        case "mapping keys are not allowed in this context":
            return (
                "`? ` starts a YAML key here, where a value was expected", problemAt,
                "\(quote) if it starts with `?`, such as `\"? maybe\"`"
            )
        case "Maximum nesting level reached, set with yaml_set_max_nest_level())":
            return ("the YAML nests deeper than 1,000 levels", problemAt, nil)
        case "did not find expected <document start>":
            return (
                "unexpected text after the end of the YAML document", problemAt,
                tabHint ?? "indent it under a key, or remove it"
            )
        default:
            return ("this is not valid YAML (libyaml: \(problem))", problemAt, tabHint)
        }
    }
}

/// How plain (unquoted) scalars are typed: YAML 1.1's core schema, as Yams' default resolver types them.
enum YAMLScalars {
    /// The kind of the plain scalar `text`: null, a boolean, a number, or a string.
    static func kind(ofPlain text: String) -> YAMLValue.Kind {
        if let word = coreWords[text] { return word }
        // Only numbers (and timestamps, `<<`, `=`) are left, and they start with one of these characters;
        // anything else is a string, without a regular expression.
        guard let first = text.utf8.first, numberStarts.contains(first) else { return .string(text) }
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
}

/// The lines of a text as libyaml counts them (broken at LF, CR, CR LF, NEL, LS and PS), for turning byte
/// offsets into positions and keeping positions inside the text.
struct TextLines {
    /// The byte offset where each line starts, and where its line break starts.
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// How many Unicode scalars each line holds, without its break: counted once, as every located value
    /// asks for its line's length.
    private var lengths: [Int] = []
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var index = 0
        var start = 0
        var scalars = 0
        while index < bytes.count {
            let byte = bytes[index]
            var breakLength = 0
            if byte == 0x0A {
                breakLength = 1
            } else if byte == 0x0D {
                breakLength = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                breakLength = 3
            }
            if breakLength > 0 {
                starts.append(start)
                ends.append(index)
                lengths.append(scalars)
                scalars = 0
                index += breakLength
                start = index
            } else {
                // Every byte but UTF-8 continuation bytes starts a scalar.
                if byte & 0xC0 != 0x80 { scalars += 1 }
                index += 1
            }
        }
        if start < bytes.count || starts.isEmpty {
            starts.append(start)
            ends.append(bytes.count)
            lengths.append(scalars)
        }
    }

    /// How many Unicode scalars the line (from 1) holds, without its break.
    func length(ofLine line: Int) -> Int {
        guard line >= 1 && line <= starts.count else { return 0 }
        return lengths[line - 1]
    }

    /// The text of the line (from 1), without its break.
    func text(ofLine line: Int) -> Substring {
        guard line >= 1 && line <= starts.count else { return "" }
        let slice = UnsafeBufferPointer(rebasing: bytes[starts[line - 1]..<ends[line - 1]])
        return Substring(String(decoding: slice, as: UTF8.self))
    }

    /// `line` and `column` moved inside the text: past the last line means the end of the last line, past the
    /// end of a line means just after its last character.
    func clamped(line: Int, column: Int) -> (line: Int, column: Int) {
        var line = max(1, line)
        var column = max(1, column)
        if line > starts.count {
            line = starts.count
            column = length(ofLine: line) + 1
        }
        return (line, min(column, length(ofLine: line) + 1))
    }

    /// The line and column (from 1) of a byte offset.
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, scalarCount(from: starts[low], to: min(offset, ends[low])) + 1)
    }

    private func scalarCount(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        // Every byte but UTF-8 continuation bytes starts a scalar.
        return bytes[start..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
