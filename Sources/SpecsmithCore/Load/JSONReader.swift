/// Reads JSON text (RFC 8259) into ``YAMLValue``s with the place of every value, as ``YAMLReader`` reads YAML.
///
/// A description published as JSON is read as JSON rather than as YAML (which JSON almost is): JSON writes a
/// character above U+FFFF as a surrogate pair of escapes (`"\ud83d\udc4d"`), which YAML refuses, and allows
/// the C1 control characters in strings, which YAML does not. What JSON does not allow (a lone half of a
/// surrogate pair, a raw line break in a string, a trailing comma) is an error at its place.
///
/// It reads without recursion, so nesting costs no stack, and stops at ``maximumDepth`` levels, as libyaml
/// does for YAML. Positions count lines and columns as ``TextLines`` does (lines broken at LF, CR, CR LF, NEL,
/// LS and PS; columns in Unicode scalars).
struct JSONReader {
    /// What reading gave: the value, or the first mistake and whether the text was JSON beyond doubt by then
    /// (a key in double quotes followed by its `:` had been read).
    enum Outcome {
        case value(YAMLValue)
        case failed(Diagnostic, isClearlyJSON: Bool)
    }

    /// The deepest objects and arrays may nest.
    static let maximumDepth = 1_000

    /// Reads all of `bytes` as one JSON value. Duplicated keys are reported in `problems` (the value keeps the
    /// first), as the YAML reader reports them.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> (Outcome, problems: [Diagnostic]) {
        var reader = JSONReader(bytes: bytes, file: file)
        let outcome = reader.readDocument()
        return (outcome, reader.problems)
    }

    /// An object or array being read.
    private struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var items: [YAMLValue] = []
        var entries: [YAMLValue.Entry] = []
        /// An object's key read and waiting for its value.
        var pendingKey: Located<String>?
        /// Where each key of an object was first written.
        var keys: [String: SourceLocation] = [:]
    }

    /// What may come next.
    private enum Expectation {
        case value, valueOrEnd, keyOrEnd, key, colon, commaOrEnd
    }

    /// A mistake: its message, place and hint.
    private struct Mistake: Error {
        var message: String
        var location: SourceLocation
        var hint: String?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    private var problems: [Diagnostic] = []
    private var hasReadAKey = false

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Moves past the byte at `index` (a whole line break, when one starts there), keeping the line and column.
    private mutating func advance() {
        let current = bytes[index]
        var breakLength = 0
        if current == 0x0A {
            breakLength = 1
        } else if current == 0x0D {
            breakLength = byte(at: index + 1) == 0x0A ? 2 : 1
        } else if current == 0xC2, byte(at: index + 1) == 0x85 {
            breakLength = 2
        } else if current == 0xE2, byte(at: index + 1) == 0x80,
            byte(at: index + 2) == 0xA8 || byte(at: index + 2) == 0xA9
        {
            breakLength = 3
        }
        if breakLength > 0 {
            index += breakLength
            line += 1
            column = 1
        } else {
            // Every byte but UTF-8 continuation bytes starts a scalar.
            if current & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while let current = byte(at: index), current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D {
            advance()
        }
    }

    private mutating func readDocument() -> Outcome {
        // A byte order mark may open the text.
        if byte(at: 0) == 0xEF, byte(at: 1) == 0xBB, byte(at: 2) == 0xBF { index = 3 }
        do throws(Mistake) {
            let value = try readValues()
            skipWhitespace()
            if index < bytes.count {
                throw Mistake(
                    message: "text follows the end of the JSON document",
                    location: here,
                    hint: "a JSON document is one value; remove what follows it"
                )
            }
            return .value(value)
        } catch {
            return .failed(
                Diagnostic(.error, error.message, at: error.location, hint: error.hint),
                isClearlyJSON: hasReadAKey
            )
        }
    }

    /// Reads one value, however deeply nested, with an explicit stack.
    private mutating func readValues() throws(Mistake) -> YAMLValue {
        var stack: [Frame] = []
        var expectation = Expectation.value
        while true {
            skipWhitespace()
            guard let current = byte(at: index) else {
                let open = stack.last.map { $0.isObject ? "the object `{`" : "the array `[`" }
                throw Mistake(
                    message: open.map { "the JSON ends inside \($0) opened here" }
                        ?? "the JSON ends where a value was expected",
                    location: stack.last?.location ?? here,
                    hint: stack.last.map { $0.isObject ? "close it with `}`" : "close it with `]`" }
                )
            }
            var completed: YAMLValue
            switch expectation {
            case .value, .valueOrEnd:
                if expectation == .valueOrEnd && current == UInt8(ascii: "]") {
                    advance()
                    completed = close(&stack)
                    break
                }
                if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") {
                    guard stack.count < Self.maximumDepth else {
                        throw Mistake(message: "the JSON nests deeper than \(Self.maximumDepth) levels", location: here)
                    }
                    let isObject = current == UInt8(ascii: "{")
                    stack.append(Frame(isObject: isObject, location: here))
                    advance()
                    expectation = isObject ? .keyOrEnd : .valueOrEnd
                    continue
                }
                completed = try readScalar()
            case .keyOrEnd, .key:
                if expectation == .keyOrEnd && current == UInt8(ascii: "}") {
                    advance()
                    completed = close(&stack)
                    break
                }
                guard current == UInt8(ascii: "\"") else {
                    throw Mistake(
                        message: expectation == .keyOrEnd
                            ? "a key in double quotes, or `}`, was expected here"
                            : "a key in double quotes was expected here",
                        location: here,
                        hint: expectation == .key && (current == UInt8(ascii: "}"))
                            ? "JSON allows no comma after the last entry; remove it" : "write keys as `\"name\": value`"
                    )
                }
                let key = try readString()
                stack[stack.count - 1].pendingKey = Located(key.text, at: key.location, textStart: key.textStart)
                expectation = .colon
                continue
            case .colon:
                guard current == UInt8(ascii: ":") else {
                    throw Mistake(
                        message: "a `:` was expected after the key",
                        location: here,
                        hint: "write `\"key\": value`"
                    )
                }
                advance()
                hasReadAKey = true
                expectation = .value
                continue
            case .commaOrEnd:
                let isObject = stack.last?.isObject ?? false
                if current == UInt8(ascii: ",") {
                    advance()
                    expectation = isObject ? .key : .value
                    continue
                }
                let end = UInt8(ascii: isObject ? "}" : "]")
                guard current == end else {
                    throw Mistake(
                        message: "a `,` or `\(isObject ? "}" : "]")` was expected here",
                        location: here,
                        hint: "separate the \(isObject ? "entries" : "items") with commas"
                    )
                }
                advance()
                completed = close(&stack)
            }
            if stack.isEmpty { return completed }
            add(completed, to: &stack)
            expectation = .commaOrEnd
        }
    }

    /// The object or array on top of `stack`, taken off it.
    private func close(_ stack: inout [Frame]) -> YAMLValue {
        let frame = stack.removeLast()
        return YAMLValue(
            kind: frame.isObject ? .mapping(frame.entries) : .sequence(frame.items),
            location: frame.location
        )
    }

    /// Adds a value to the object or array on top of `stack`; a key written twice is reported, the first kept.
    private mutating func add(_ value: YAMLValue, to stack: inout [Frame]) {
        let top = stack.count - 1
        guard stack[top].isObject else {
            stack[top].items.append(value)
            return
        }
        guard let key = stack[top].pendingKey else { return }
        stack[top].pendingKey = nil
        if let first = stack[top].keys[key.value] {
            problems.append(
                Diagnostic(
                    .error,
                    "`\(key.value)` is written twice in the same mapping; the first is at line \(first.line), column \(first.column)",
                    at: key.location,
                    hint: "remove one of them"
                )
            )
            return
        }
        stack[top].keys[key.value] = key.location
        stack[top].entries.append(YAMLValue.Entry(key: key, value: value))
    }

    /// A string, number, `true`, `false` or `null`.
    private mutating func readScalar() throws(Mistake) -> YAMLValue {
        let start = here
        let current = bytes[index]
        if current == UInt8(ascii: "\"") {
            let string = try readString()
            return YAMLValue(kind: .string(string.text), location: start, textStart: string.textStart)
        }
        if current == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
            return try readNumber()
        }
        for (word, kind) in [("true", YAMLValue.Kind.bool(true)), ("false", .bool(false)), ("null", .null)]
        where matches(word) {
            for _ in word.utf8 { advance() }
            return YAMLValue(kind: kind, location: start, textStart: start)
        }
        if current == UInt8(ascii: ",") || current == UInt8(ascii: "]") || current == UInt8(ascii: "}") {
            throw Mistake(
                message: "a value was expected here",
                location: start,
                hint: current == UInt8(ascii: ",") ? nil : "JSON allows no comma after the last item; remove it"
            )
        }
        throw Mistake(
            message:
                "a JSON value (an object, array, string in double quotes, number, `true`, `false` or `null`) was expected here",
            location: start,
            hint: current == UInt8(ascii: "'") ? "JSON strings are in double quotes" : nil
        )
    }

    private func matches(_ word: String) -> Bool {
        var offset = index
        for expected in word.utf8 {
            guard byte(at: offset) == expected else { return false }
            offset += 1
        }
        // The word ends there: `nullx` is not `null`.
        if let next = byte(at: offset), next.isASCIILetterOrDigit { return false }
        return true
    }

    /// A number as RFC 8259 writes it: an integer that fits in `Int` is an integer, any other a `Double`.
    private mutating func readNumber() throws(Mistake) -> YAMLValue {
        let start = here
        let first = index
        func digits() -> Int {
            var count = 0
            while let current = byte(at: index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
                advance()
                count += 1
            }
            return count
        }
        let mistake = Mistake(
            message: "this is not a number as JSON writes one",
            location: start,
            hint: "write digits with an optional `-`, fraction and exponent, such as `-1.5e3`, without leading zeros"
        )
        if byte(at: index) == UInt8(ascii: "-") { advance() }
        let leadingZero = byte(at: index) == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { throw mistake }
        var isInteger = true
        if byte(at: index) == UInt8(ascii: ".") {
            advance()
            isInteger = false
            guard digits() > 0 else { throw mistake }
        }
        if byte(at: index) == UInt8(ascii: "e") || byte(at: index) == UInt8(ascii: "E") {
            advance()
            isInteger = false
            if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw mistake }
        }
        if let next = byte(at: index), next.isASCIILetterOrDigit || next == UInt8(ascii: ".") { throw mistake }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) {
            return YAMLValue(kind: .int(integer), location: start, textStart: start)
        }
        return YAMLValue(kind: .double(Double(text) ?? 0), location: start, textStart: start)
    }

    /// A string in double quotes, its escapes decoded; `textStart` is where its text starts when it has no
    /// escape and no line break, so that a position in the text is a position in the file.
    private mutating func readString() throws(Mistake) -> (
        text: String, location: SourceLocation, textStart: SourceLocation?
    ) {
        let start = here
        let startLine = line
        advance()  // the opening quote
        var text: [UInt8] = []
        var hasEscape = false
        while true {
            guard let current = byte(at: index) else {
                throw Mistake(message: "this string is never closed", location: start, hint: "add the closing `\"`")
            }
            if current == UInt8(ascii: "\"") {
                advance()
                break
            }
            if current < 0x20 {
                throw Mistake(
                    message: current == 0x0A || current == 0x0D
                        ? "a string cannot go on past the end of its line in JSON"
                        : "a control character in a JSON string must be written as an escape",
                    location: here,
                    hint: current == 0x0A || current == 0x0D
                        ? "write a line break in a string as `\\n`, or close the string" : "write it as `\\u00XX`"
                )
            }
            if current == UInt8(ascii: "\\") {
                hasEscape = true
                try readEscape(into: &text)
                continue
            }
            text.append(current)
            advance()
        }
        let value = String(decoding: text, as: UTF8.self)
        var textStart: SourceLocation?
        if !hasEscape && line == startLine {
            textStart = start
            textStart?.column += 1
        }
        return (value, start, textStart)
    }

    /// Decodes the escape at `index` into `text`; a surrogate pair's two escapes make one character.
    private mutating func readEscape(into text: inout [UInt8]) throws(Mistake) {
        let start = here
        advance()  // the backslash
        guard let letter = byte(at: index) else {
            throw Mistake(message: "this string is never closed", location: start, hint: "add the closing `\"`")
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let decoded = simple[letter] {
            advance()
            text.append(decoded)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw Mistake(
                message: "this backslash escape is not one JSON knows",
                location: start,
                hint: "JSON's escapes are `\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and `\\uXXXX`"
            )
        }
        advance()
        var scalar = try hexQuad(escapeAt: start)
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate: a low one must follow, as its own escape.
            guard byte(at: index) == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else {
                throw lone(scalar, at: start)
            }
            let lowStart = here
            advance()
            advance()
            let low = try hexQuad(escapeAt: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else { throw lone(scalar, at: start) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw lone(scalar, at: start)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw lone(scalar, at: start) }
        text.append(contentsOf: String(Character(unicode)).utf8)
    }

    private func lone(_ scalar: UInt32, at location: SourceLocation) -> Mistake {
        let hex = String(scalar, radix: 16, uppercase: true)
        return Mistake(
            message: "`\\u\(hex)` is half of a surrogate pair without its other half, which is no character",
            location: location,
            hint: "JSON writes a character above U+FFFF as a high half then a low half, such as `\\uD83D\\uDC4D`"
        )
    }

    /// The four hexadecimal digits of a `\u` escape that started at `start`.
    private mutating func hexQuad(escapeAt start: SourceLocation) throws(Mistake) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let current = byte(at: index), let digit = Self.hexValue(current) else {
                throw Mistake(
                    message: "a `\\u` escape needs four hexadecimal digits",
                    location: start,
                    hint: "write it in full, such as `\\u00E9`"
                )
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
