/// A place in a spec file: 1-based line and column (columns count Unicode scalars, as libyaml does).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// A location in `file` at `line` and `column`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders locations by file, then line, then column.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value together with where it was written in the spec.
public struct Located<Value> {
    /// The value.
    public var value: Value
    /// Where it was written: its first character (the opening quote of quoted text).
    public var location: SourceLocation
    /// Where the text starts when each of its characters is written on one column of one line, so that a
    /// position in the text is a position in the file; `nil` for text spread over lines or holding escapes.
    public var textStart: SourceLocation?

    /// `value` written at `location`, its text starting at `textStart` when that maps one to one.
    public init(_ value: Value, at location: SourceLocation, textStart: SourceLocation? = nil) {
        self.value = value
        self.location = location
        self.textStart = textStart
    }

    /// Where the character `offset` characters into the text was written, or the value's own location when
    /// the text does not map one to one onto the file.
    public func location(ofCharacter offset: Int) -> SourceLocation {
        guard var start = textStart else { return location }
        start.column += offset
        return start
    }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// A problem found in a spec, reported the way compilers do.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The spec cannot be generated.
        case error
        /// The spec can be generated, but something looks wrong.
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in one sentence.
    public var message: String
    /// Where it is.
    public var location: SourceLocation
    /// A likely fix, such as "did you mean `Country`?".
    public var hint: String?

    /// A diagnostic of `severity` at `location`. The message and hint keep to one line, whatever text from
    /// the spec they quote: control characters are escaped and quoted text longer than a line is shortened.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.message = Self.oneLine(message)
        self.location = location
        self.hint = hint.map(Self.oneLine)
    }

    /// `path:line:column: error: message; hint`, on one line.
    public var description: String {
        let text = hint.map { "\(message); \($0)" } ?? message
        return "\(Self.escaped(location.description)): \(severity.rawValue): \(text)"
    }

    /// The longest text quoted between backticks that a message shows whole.
    static let longestQuote = 80

    /// `text` with control characters escaped (`\n`, `\u{7F}`) and each backtick-quoted part longer than
    /// ``longestQuote`` characters cut short with `…`.
    static func oneLine(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.contains(where: { $0.count > longestQuote }) else { return escaped(text) }
        let shortened = parts.enumerated().map { index, part in
            index % 2 == 1 && part.count > longestQuote ? part.prefix(longestQuote - 1) + "…" : part
        }
        return escaped(shortened.joined(separator: "`"))
    }

    /// `text` with line breaks and other control characters written as escapes.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

/// Diagnostics collected while a spec is loaded and resolved; stages add to it and go on.
public struct Diagnostics: Sendable {
    /// Everything reported, in the order it was reported.
    public private(set) var all: [Diagnostic] = []

    /// An empty collection.
    public init() {}

    /// Reports an error.
    public mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.error, message, at: location, hint: hint))
    }

    /// Reports a warning.
    public mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.warning, message, at: location, hint: hint))
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The diagnostics in source order, each reported once.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
    }
}
