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
    /// Where it was written.
    public var location: SourceLocation

    /// `value` written at `location`.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
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

    /// A diagnostic of `severity` at `location`.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// `path:line:column: error: message; hint`.
    public var description: String {
        let text = hint.map { "\(message); \($0)" } ?? message
        return "\(location): \(severity.rawValue): \(text)"
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
