/// Parses the format's Swift-flavoured type text: `String`, `[Country]`, `[String: Int]`, `Date?`.
struct TypeParser {
    /// A type as written, with model names not yet looked up.
    indirect enum Syntax: Equatable {
        case name(String, offset: Int)
        case array(Syntax)
        case dictionary(key: Syntax, value: Syntax)
        case optional(Syntax)
    }

    /// A syntax error and the character offset it was found at.
    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The deepest a type may nest arrays and dictionaries. Real APIs stay within a handful of levels; the
    /// Swift compiler's time doubles with each level of a `Codable`, `Hashable` struct's property type past
    /// about 16 (0.3 s at 16 and 18 levels, 1 s at 20, 6 s at 24, minutes at 30), so 16 keeps any accepted
    /// type quick to compile.
    static let maxDepth = 16

    private let characters: [Character]
    private var index = 0
    private var depth = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    /// Parses all of `text` as one type.
    static func parse(_ text: String) -> Swift.Result<Syntax, Failure> {
        var parser = TypeParser(text)
        do {
            let syntax = try parser.type()
            parser.skipSpaces()
            if parser.index < parser.characters.count {
                throw Failure(
                    message: "unexpected `\(parser.characters[parser.index])` in type `\(text)`",
                    offset: parser.index
                )
            }
            return .success(syntax)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "invalid type `\(text)`", offset: 0))
        }
    }

    private mutating func type() throws -> Syntax {
        skipSpaces()
        var syntax: Syntax
        if peek() == "[" {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else {
                throw Failure(message: "a type can nest at most \(Self.maxDepth) levels deep", offset: index)
            }
            index += 1
            let first = try type()
            skipSpaces()
            if peek() == ":" {
                index += 1
                let value = try type()
                syntax = .dictionary(key: first, value: value)
            } else {
                syntax = .array(first)
            }
            skipSpaces()
            guard peek() == "]" else {
                throw Failure(
                    message: "expected `]` in type `\(String(characters))`",
                    offset: index
                )
            }
            index += 1
        } else {
            let start = index
            while let character = peek(), character.isLetter || character.isNumber || character == "_" {
                index += 1
            }
            guard index > start else {
                let found = peek().map { "`\($0)`" } ?? "the end"
                throw Failure(message: "expected a type name, found \(found)", offset: index)
            }
            syntax = .name(String(characters[start..<index]), offset: start)
        }
        skipSpaces()
        if peek() == "?" {
            index += 1
            if case .optional = syntax {
                throw Failure(message: "a type can be optional only once", offset: index - 1)
            }
            syntax = .optional(syntax)
            skipSpaces()
            if peek() == "?" {
                throw Failure(message: "a type can be optional only once", offset: index)
            }
        }
        return syntax
    }

    private func peek() -> Character? {
        index < characters.count ? characters[index] : nil
    }

    private mutating func skipSpaces() {
        while peek() == " " { index += 1 }
    }
}
