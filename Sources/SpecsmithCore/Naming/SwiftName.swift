/// Turns names from a spec (JSON keys, header names, enum values) into valid, readable Swift identifiers.
///
/// The rules: words are split at anything that is not a letter or digit and at lower-to-upper case changes;
/// diacritics are dropped (`Größe` → `grosse` is not attempted, `Česká` → `ceska` is); a name that does not
/// start with a letter (a digit, `٣`) gets a `_`; text without a letter or digit is spelled out by the Unicode
/// names of its characters (`-` → `hyphenMinus`, `$` → `dollarSign`, `👍` → `thumbsUpSign`, NUL → `u0000`, the empty text
/// → `empty`); keywords are kept and escaped with backticks where they are printed.
public enum SwiftName {
    /// A type name: `login-response` → `LoginResponse`, `country` → `Country`.
    public static func typeName(_ text: String) -> String {
        let words = nameWords(text)
        let name = words.map(capitalizedFirst).joined()
        return finish(name)
    }

    /// The longest name a type made of its context's names (an inline schema's) keeps whole.
    public static let maxComposedTypeNameLength = 64

    /// `name`, a type name composed of its context's (`PostCustomersCustomerSubscriptions…AmountType`), kept to
    /// ``maxComposedTypeNameLength`` characters: the most of its last words that fit and that `isFree`, else the
    /// most that fit.
    static func shortened(_ name: String, isFree: (String) -> Bool) -> String {
        guard name.count > maxComposedTypeNameLength else { return name }
        let words = self.words(name)
        var fitting: String?
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let candidate = words.suffix(count).joined()
            guard candidate.count <= maxComposedTypeNameLength, candidate.first?.isLetter == true else { continue }
            if isFree(candidate) { return candidate }
            if fitting == nil { fitting = candidate }
        }
        return fitting ?? name
    }

    /// A member name: `stargazers_count` → `stargazersCount`, `X-Request-ID` → `xRequestID`, `URL` → `url`.
    public static func memberName(_ text: String) -> String {
        // Most names (`active`, `email`) are one lower-case ASCII word already.
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
            return finish(text)
        }
        // SCREAMING_SNAKE_CASE (`START_TIME_DESC`, `NOT_READY`) is words of one case: `startTimeDesc`, not
        // `startTIMEDESC` beside `nameAsc`.
        let words = isScreamingSnake(text) ? nameWords(text.lowercased()) : nameWords(text)
        guard let first = words.first else { return "_" }
        let name = lowercasedLeadingCapitals(first) + words.dropFirst().map(capitalizedFirst).joined()
        return finish(name)
    }

    /// Whether `text` is words of capitals joined by `_`: `START_TIME_DESC`.
    static func isScreamingSnake(_ text: String) -> Bool {
        text.contains("_") && text.contains(where: \.isLetter)
            && text.allSatisfy { $0 == "_" || $0.isNumber || ($0.isLetter && $0.isUppercase) }
    }

    /// The words of a name: those of `text`, or for text without a letter or digit, the lower-cased words of
    /// its characters' Unicode names.
    static func nameWords(_ text: String) -> [String] {
        let words = self.words(text)
        guard words.isEmpty else { return words }
        guard !text.isEmpty else { return ["empty"] }
        return text.unicodeScalars.flatMap { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let name =
                scalar.properties.name ?? scalar.properties.nameAlias
                ?? "U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return self.words(name).map { $0.lowercased() }
        }
    }

    /// The enum case named after a type it wraps (in error body enumerations and unions):
    /// `ApiErrorMessage` → `apiErrorMessage`, `[ValidationError]` → `validationErrorList`, `String` → `string`.
    static func caseName(for type: TypeRef) -> String {
        switch type {
        case .model(let name): memberName(name)
        case .builtin(let builtin): memberName(builtin.rawValue)
        case .array(let element): caseName(for: element) + "List"
        case .dictionary(let value): caseName(for: value) + "Map"
        case .optional(let wrapped), .nullable(let wrapped): caseName(for: wrapped)
        case .void: "empty"
        case .stream(let element): caseName(for: element) + "Stream"
        }
    }

    /// The methods of a paged endpoint's pages and items: `issues` → `issuesPages` and `allIssues`; a leading
    /// `list`, `get` or `fetch` is dropped first (`listCharges` → `chargesPages` and `allCharges`).
    static func pagingMethods(for endpoint: String) -> (pages: String, items: String) {
        var base = endpoint
        for verb in ["list", "get", "fetch"] where base.hasPrefix(verb) {
            let rest = base.dropFirst(verb.count)
            if let first = rest.unicodeScalars.first, first.properties.isUppercase {
                base = String(rest)
            }
        }
        let upper = base.prefix(1).uppercased() + base.dropFirst()
        let lower = lowercasedLeadingCapitals(upper)
        return (lower + "Pages", "all" + upper)
    }

    /// `stem`, or when `taken` has it already `stem2`, `stem3` …: the first that is free, which is then taken.
    static func numbered(_ stem: String, taken: inout Set<String>) -> String {
        var name = stem
        var number = 2
        while !taken.insert(name).inserted {
            name = stem + String(number)
            number += 1
        }
        return name
    }

    /// `name` as it must be written in source: backticks around keywords.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `label` as it must be written as a parameter's argument label in a declaration: any keyword may be one
    /// as it is, but `inout`, `var` and `let`.
    public static func parameterLabel(_ label: String) -> String {
        ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
    }

    /// `label` as it must be written as an argument label in a call: any keyword may be one as it is, but
    /// `inout` (and the compiler warns about escaping the others).
    public static func argumentLabel(_ label: String) -> String {
        label == "inout" ? "`inout`" : label
    }

    /// Swift keywords that need backticks when used as a name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Type", "Protocol", "some", "any", "package", "consume", "borrowing", "consuming",
    ]

    /// Names that cannot be used even with backticks in every position, renamed with a trailing underscore.
    static let unusable: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_"]

    private static func finish(_ raw: String) -> String {
        var name = raw.isEmpty ? "_" : raw
        // An identifier starts with a letter (XID_Start) or `_`: digits, `٣` and the like get an underscore.
        if let first = name.unicodeScalars.first, first != "_", !first.properties.isXIDStart {
            name = "_" + name
        }
        if unusable.contains(name) {
            name += "_"
        }
        return name
    }

    /// Splits text into words of identifier characters, dropping diacritics and other characters.
    static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let isIdentifierCharacter =
                scalar.isASCII
                ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                : scalar.properties.isXIDContinue
            guard isIdentifierCharacter else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            let isUpper = scalar.properties.isUppercase
            if isUpper && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` for ASCII text, byte by byte: the common case, without Unicode property lookups.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previousWasLower = false
        for byte in text.utf8 {
            let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            let isLowerOrDigit =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isUpper || isLowerOrDigit else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                previousWasLower = false
                continue
            }
            if isUpper && previousWasLower && !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            current.append(byte)
            previousWasLower = isLowerOrDigit
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    private static func capitalizedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URL` → `url`, `URLString` → `urlString`, `Name` → `name`, `iOS` → `iOS`.
    private static func lowercasedLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var upperCount = 0
        while upperCount < characters.count, characters[upperCount].isUppercase {
            upperCount += 1
        }
        if upperCount == 0 { return word }
        if upperCount == characters.count || upperCount == 1 {
            return String(characters[..<upperCount]).lowercased() + String(characters[upperCount...])
        }
        // `URLString`: the last capital starts the next word.
        return String(characters[..<(upperCount - 1)]).lowercased() + String(characters[(upperCount - 1)...])
    }
}
