import Foundation

@testable import SpecsmithCore

/// SplitMix64, so that every run draws the same names.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    /// When set, the few names every name drawn with this generator comes from (see
    /// ``HardNames/vocabulary(size:using:)``).
    var vocabulary: (all: [String], typeReferable: [String])? = nil
    /// With a vocabulary, the Swift names of the models drawn so far: a model's name is drawn again from every
    /// hard name when taken, as two models of one name are refused with all that uses them.
    var modelNames: Set<String> = []

    init(state: UInt64) {
        self.state = state
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Names that have broken generated code, or could: what a property test draws spec names from.
enum HardNames {
    static let keywords =
        SwiftName.keywords.sorted() + [
            "async", "actor", "macro", "each", "then", "discard", "sending", "isolated", "nonisolated", "lazy",
            "weak", "unowned", "mutating", "optional", "required", "convenience", "dynamic", "final", "indirect",
            "get", "set", "willSet", "didSet", "prefix", "postfix", "infix", "copy",
        ]

    static let typeNames =
        ReservedNames.standardTypes.sorted() + RuntimeSymbols.all.sorted() + [
            "AnyPublisher", "Single", "Reactive", "Base", "Task", "Scope", "Authorization", "Other", "Response",
            "ErrorBody", "Result", "Set", "Sequence", "Element", "Index", "Swift", "Foundation", "Combine",
            "OpenCombine", "RxSwift", "Public", "Body", "Thread", "Subscription", "Event", "RedirectPolicy",
            "Links", "JSONDecoder",
        ]

    static let members = [
        "knownCases", "rawValue", "hashValue", "hash", "client", "base", "rx", "send", "init", "deinit", "subscript",
        "description", "unknown", "undocumented", "encode", "decode", "CodingKeys", "container", "decoder",
        "encoder", "from", "to", "newValue", "value", "endpoint", "publisher", "authorized", "defaultBaseURL",
        "credentials", "transport", "middleware", "baseURL", "operationName", "method", "path", "query", "headers",
        "body", "sampleData", "requiresAuthorization", "scope", "data", "error", "observer", "task",
    ]

    static let digits = [
        "1", "2fa", "404", "0x1F", "3d model", "1st-place", "\u{663}rd", "1_000", "-1", "+1", "3DSecure",
        "2FAChallenge",
    ]

    static let punctuation = [
        "-", "#", "$", "@type", "_", "__", "a-b", "a.b", "a b", "", "...", "a/b", "?", "a:b", "a\"b", "a\\b",
        "`x`", "(x)", "a,b", "*", "&a", "!", "%20",
    ]

    static let unicode = [
        "名前", "日本", "Ελλάδα", "Česká", "e\u{301}", "\u{1F600}", "\u{1F44D}\u{1F3FD}", "\u{200B}", "\u{200F}x",
        "a\u{2028}b", "a\u{85}b", "a\u{0}b", "a\u{7F}b", "a\rb", "a\nb", "a\tb", "ß", "İstanbul", "ǅ", "ⅷ",
        "\u{FEFF}x", "Straße", "naïve", "x\u{301}",
    ]

    static let all = keywords + typeNames + members + digits + punctuation + unicode

    /// Names a type can refer to: type text names models by letters, digits and `_` only.
    static let typeReferable = (keywords + members + digits + unicode).filter { name in
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Draws a small vocabulary for one spec: its models, properties, cases and parameters then share names
    /// (a property named like a model, a case like its type, a parameter like an error body), which drawing
    /// from every hard name seldom makes.
    static func vocabulary(size: Int, using random: inout SeededGenerator) -> (all: [String], typeReferable: [String]) {
        let types = Array(typeReferable.shuffled(using: &random).prefix(size / 2))
        return (types + Array(all.shuffled(using: &random).prefix(size - types.count)), types)
    }

    /// A name from one of the hard classes, or a case variant of one; for a model (which types refer to), one
    /// made of letters and digits, and sometimes a type name (which the generator refuses, or reads as that
    /// type).
    static func draw(model: Bool = false, using random: inout SeededGenerator) -> String {
        let (all, typeReferable) = random.vocabulary ?? (Self.all, Self.typeReferable)
        let pool = model ? (Int.random(in: 0..<8, using: &random) > 0 ? typeReferable : typeNames) : all
        var name = pool.randomElement(using: &random)!
        if model && random.vocabulary != nil {
            while !random.modelNames.insert(SwiftName.typeName(name)).inserted {
                name = Self.typeReferable.randomElement(using: &random)! + String(random.modelNames.count)
            }
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return name.uppercased()
        case 1: return name.prefix(1).uppercased() + name.dropFirst()
        default: return name
        }
    }

    /// A name that is a valid HTTP header token, for header parameters.
    static func drawToken(using random: inout SeededGenerator) -> String {
        let tokens = ["X-Client", "X-Self", "If-None-Match", "X-Default", "X-Type", "X-1st", "Base", "X_Init"]
        return tokens.randomElement(using: &random)!
    }
}

/// A spec made of independent units (a model, an endpoint, the auth scopes), each a block of YAML lines, so
/// that units the generator refuses can be dropped and the rest generated again.
struct RandomSpec {
    /// One model or endpoint: its YAML lines under `models:` or `endpoints:`, and the names it draws.
    struct Unit {
        var section: String
        var lines: [String]
        var names: Int
    }

    var units: [Unit] = []
    var flavours = "[async, combine]"
    /// `hashable: false` in the spec when `false`: models, unions and answers without `Hashable`. Set by the
    /// test, not drawn, so that the draws of a seed stay what they were.
    var hashable = true
    /// The lines under `webhooks:` before its events: the signature, and where events are named.
    var webhooksHeader: [String] = []

    /// The spec text and, for each line of it, the index of the unit it belongs to.
    var text: (text: String, owners: [Int?]) {
        var lines = ["name: Random", "baseURL: https://example.com", "flavours: \(flavours)"]
        var owners: [Int?] = [nil, nil, nil]
        if !hashable {
            lines.append("hashable: false")
            owners.append(nil)
        }
        for section in ["auth", "models", "endpoints", "webhooks"] {
            let members = units.enumerated().filter { $0.element.section == section }
            guard !members.isEmpty else { continue }
            if section != "auth" {
                lines.append("\(section):")
                owners.append(nil)
            }
            if section == "webhooks" {
                lines += webhooksHeader + ["  events:"]
                owners += Array(repeating: nil, count: webhooksHeader.count + 1)
            }
            for (index, unit) in members {
                lines += unit.lines
                owners += Array(repeating: index, count: unit.lines.count)
            }
        }
        return (lines.joined(separator: "\n") + "\n", owners)
    }

    /// How many names the units hold.
    var nameCount: Int { units.reduce(0) { $0 + $1.names } }

    /// `text` as a YAML double-quoted scalar, with every character YAML reads as a line break, a byte order
    /// mark or a control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || [0x2028, 0x2029, 0xFEFF].contains(scalar.value):
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A spec of `count` units of every kind, with names drawn from ``HardNames``.
    /// With `families`, a third of the unions are families (a discriminated union whose `base` its kinds
    /// include); without, the draws are those of before families were drawn, seed for seed.
    static func draw(units count: Int, families: Bool = false, using random: inout SeededGenerator) -> RandomSpec {
        var spec = RandomSpec()
        var enums: [String] = []
        var objects: [String] = []
        if Bool.random(using: &random) {
            let scopes = (0..<3).map { _ in HardNames.draw(using: &random) }
            spec.units.append(
                Unit(
                    section: "auth",
                    lines: ["auth:", "  scheme: bearer", "  scopes:"] + scopes.map { "    \(quoted($0)): {}" }
                        + ["  default: \(quoted(scopes[0]))"],
                    names: 3
                )
            )
        }
        for index in 0..<count {
            switch index % 5 {
            case 3 where families && Int.random(in: 0..<3, using: &random) == 0:
                spec.units.append(family(using: &random))
            case 3 where !objects.isEmpty:
                spec.units.append(union(objects: objects, enums: enums, using: &random))
            case 4:
                // An enumeration of integers, named by a mapping of hard names.
                let name = HardNames.draw(model: true, using: &random)
                // Case names written in a mapping must be Swift names: hard names as Swift spells them.
                let cases = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    SwiftName.memberName(HardNames.draw(using: &random))
                }
                let values = cases.enumerated().map { "\(quoted($1)): \($0 * 7 - 3)" }
                enums.append(name)
                spec.units.append(
                    Unit(
                        section: "models",
                        lines: ["  \(quoted(name)):", "    enum: {\(values.joined(separator: ", "))}"],
                        names: 1 + cases.count
                    )
                )
            case 0:
                let name = HardNames.draw(model: true, using: &random)
                let values = (0..<Int.random(in: 1...4, using: &random)).map { _ in HardNames.draw(using: &random) }
                enums.append(name)
                spec.units.append(
                    Unit(
                        section: "models",
                        lines: ["  \(quoted(name)):", "    enum: [\(values.map(quoted).joined(separator: ", "))]"],
                        names: 1 + values.count
                    )
                )
            case 1:
                let name = HardNames.draw(model: true, using: &random)
                var lines = ["  \(quoted(name)):", "    description: \(quoted(HardNames.draw(using: &random)))"]
                lines.append("    properties:")
                let keys = (0..<Int.random(in: 1...4, using: &random)).map { _ in HardNames.draw(using: &random) }
                for key in keys {
                    let types =
                        [
                            "String", "String?", "Int?", "[String]?", "Bool", "Double?", "Date?", "[String: Int]?",
                            "JSON?",
                            "CalendarDate?",
                        ]
                        + enums.map { $0 + "?" } + objects.map { $0 + "?" }
                    let type = types.randomElement(using: &random)!
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0:
                        // A constant of a hard text.
                        lines.append("      \(quoted(key)): {const: \(quoted(HardNames.draw(using: &random)))}")
                    case 1:
                        // A default, which makes the struct decode by hand, naming its properties' types.
                        lines.append(
                            "      \(quoted(key)): {type: String, default: \(quoted(HardNames.draw(using: &random)))}"
                        )
                    default:
                        lines.append("      \(quoted(key)): {type: \(quoted(type)), description: \(quoted(key))}")
                    }
                }
                if Int.random(in: 0..<4, using: &random) == 0 {
                    // Kept keys: another way to decode by hand, and a runtime type in a declaration.
                    lines.insert("    additionalProperties: JSON", at: 2)
                }
                objects.append(name)
                spec.units.append(Unit(section: "models", lines: lines, names: 1 + keys.count))
            default:
                spec.units.append(endpoint(index: index, objects: objects, enums: enums, using: &random))
            }
        }
        // Webhook events of hard names, whose bodies are the models drawn (or JSON, or lists of them).
        let signatures = ["standardWebhooks", "stripe", "github", "bearer"]
        spec.webhooksHeader = ["  signature: \(signatures.randomElement(using: &random)!)"]
        // The header naming the event is a header's name: a token (a hard name with a line break is refused
        // where no unit can be dropped for it).
        if Bool.random(using: &random) {
            spec.webhooksHeader.append("  eventHeader: \(quoted(HardNames.drawToken(using: &random)))")
        }
        // Routes that name events (an OpenAPI callback's): hard ones, each once.
        let routes = ["route", "data", "default", "self", "-", "a.b", "~x", "Unknown", "404", "name"]
            .shuffled(using: &random)
        for index in 0..<Int.random(in: 1...4, using: &random) {
            // The first of JSON, which no refused model takes with it.
            let bodies = ["JSON", "[String: Int]"] + objects + objects.map { "[\($0)]" } + enums
            let body = index == 0 ? "JSON" : bodies.randomElement(using: &random)!
            let name = quoted(HardNames.draw(using: &random))
            let lines =
                Bool.random(using: &random)
                ? ["    \(name):", "      body: \(quoted(body))", "      route: \(quoted(routes[index]))"]
                : ["    \(name): \(quoted(body))"]
            spec.units.append(Unit(section: "webhooks", lines: lines, names: 1))
        }
        return spec
    }

    /// A spec of `count` models only, half enumerations, half structs of `String` properties.
    static func drawModels(count: Int, using random: inout SeededGenerator) -> RandomSpec {
        var spec = RandomSpec()
        spec.flavours = "[async]"
        for index in 0..<count {
            let name = HardNames.draw(model: true, using: &random)
            let names = (0..<Int.random(in: 1...5, using: &random)).map { _ in HardNames.draw(using: &random) }
            let lines =
                index % 2 == 0
                ? ["  \(quoted(name)):", "    enum: [\(names.map(quoted).joined(separator: ", "))]"]
                : ["  \(quoted(name)):", "    properties:"] + names.map { "      \(quoted($0)): String" }
            spec.units.append(Unit(section: "models", lines: lines, names: 1 + names.count))
        }
        return spec
    }

    /// A union of earlier models and built-in types, its cases named by hard names, with or without a fallback.
    private static func union(objects: [String], enums: [String], using random: inout SeededGenerator) -> Unit {
        let name = HardNames.draw(model: true, using: &random)
        var types = ["String", "Int", "[String]", "JSON"] + objects + enums.map { "[\($0)]" }
        types.shuffle(using: &random)
        let chosen = Array(types.prefix(Int.random(in: 1...4, using: &random)))
        let cases = chosen.map { _ in SwiftName.memberName(HardNames.draw(using: &random)) }
        var lines = ["  \(quoted(name)):", "    oneOf:"]
        if Bool.random(using: &random) {
            // Cases named after their types (`case _3DSecure_(_3DSecure)`).
            lines += chosen.map { "      - \(quoted($0))" }
        } else {
            lines += zip(cases, chosen).map { "      \(quoted($0)): \(quoted($1))" }
        }
        if Bool.random(using: &random) { lines.append("    fallback: false") }
        return Unit(section: "models", lines: lines, names: 1 + cases.count)
    }

    /// A family of hard names: a base object with a tag, two kinds that include it, and the discriminated union
    /// of the kinds whose `base` it is (as an OpenAPI parent with its own discriminator is imported).
    private static func family(using random: inout SeededGenerator) -> Unit {
        let base = HardNames.draw(model: true, using: &random)
        let union = HardNames.draw(model: true, using: &random)
        let kinds = [HardNames.draw(model: true, using: &random), HardNames.draw(model: true, using: &random)]
        let key = HardNames.draw(using: &random)
        let shared = HardNames.draw(using: &random)
        let tags = [HardNames.draw(using: &random), HardNames.draw(using: &random)]
        let cases = [HardNames.draw(using: &random), HardNames.draw(using: &random)].map(SwiftName.memberName)
        var lines = [
            "  \(quoted(base)):", "    properties:", "      \(quoted(key)): String", "      \(quoted(shared)): String?",
        ]
        for kind in kinds {
            let own = HardNames.draw(using: &random)
            lines += [
                "  \(quoted(kind)):", "    includes: [\(quoted(base))]", "    properties:",
                "      \(quoted(own)): Int?",
            ]
        }
        lines += ["  \(quoted(union)):", "    oneOf:"] + zip(cases, kinds).map { "      \(quoted($0)): \(quoted($1))" }
        lines += ["    discriminator:", "      property: \(quoted(key))", "      mapping:"]
        lines += zip(tags, kinds).map { "        \(quoted($0)): \(quoted($1))" }
        lines.append("    base: \(quoted(base))")
        return Unit(section: "models", lines: lines, names: 12)
    }

    private static func endpoint(
        index: Int,
        objects: [String],
        enums: [String],
        using random: inout SeededGenerator
    ) -> Unit {
        let name = HardNames.draw(using: &random)
        let path = HardNames.draw(using: &random)
        let isPost = Bool.random(using: &random)
        var lines = [
            "  \(quoted(name)):", "    method: \(isPost ? "POST" : "GET")",
            "    path: \(quoted("/e\(index)/{\(path)}"))", "    pathParameters: {\(quoted(path)): String}",
        ]
        var names = 2
        if Int.random(in: 0..<3, using: &random) == 0 {
            lines.append("    namespace: \(quoted(HardNames.draw(using: &random)))")
            names += 1
        }
        let queryNames = (0..<Int.random(in: 0...3, using: &random)).map { _ in HardNames.draw(using: &random) }
        if !queryNames.isEmpty {
            lines.append("    query:")
            for query in queryNames {
                let types =
                    ["String?", "Int", "[String]?", "Bool?", "Date?"] + enums.map { $0 + "?" }
                    + objects.prefix(1).map { $0 + "?" }
                lines.append("      \(quoted(query)): \(quoted(types.randomElement(using: &random)!))")
            }
            names += queryNames.count
        }
        if Bool.random(using: &random) {
            lines.append("    headers: {\(quoted(HardNames.drawToken(using: &random))): String?}")
        }
        if isPost {
            let fields = (0..<Int.random(in: 1...3, using: &random)).map { _ in HardNames.draw(using: &random) }
            lines.append("    body:")
            let kind = ["json", "form", "multipart"].randomElement(using: &random)!
            lines.append("      \(kind):")
            for field in fields {
                // Multipart fields are text, files or JSON parts; form fields may be objects (`a[b]=…`).
                var types = ["String?"]
                if kind == "multipart" { types += ["File?", "[File]?", "[String]?"] + objects.map { $0 + "?" } }
                if kind == "form" { types += objects.map { $0 + "?" } }
                lines.append("        \(quoted(field)): \(quoted(types.randomElement(using: &random)!))")
            }
            names += fields.count
        }
        let answers = Int.random(in: 0..<5, using: &random)
        var streams = false
        if answers == 4, let response = objects.randomElement(using: &random) {
            // A stream, whose methods differ in every flavour; it documents no response headers.
            streams = true
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                lines.append(
                    "    response: {events: \(quoted(response)), terminator: \(quoted(HardNames.draw(using: &random)))}"
                )
            case 1:
                // Events by hard names, each its own case of an enumeration named after the endpoint.
                let events = (0..<Int.random(in: 1...3, using: &random)).map { index in
                    "\(quoted(HardNames.draw(using: &random))): \(quoted(index == 0 ? response : "Void"))"
                }
                lines.append("    response: {events: {\(events.joined(separator: ", "))}}")
                names += events.count
            default:
                lines.append("    response: {jsonLines: \(quoted("[\(response)]"))}")
            }
        } else if answers == 0, let response = objects.randomElement(using: &random) {
            // Several answers, one of them named with a hard name, one bytes or text.
            lines += [
                "    responses:", "      200: \(quoted(response))", "      304: Void",
                "      202: {\(Bool.random(using: &random) ? "binary" : "text"): text/plain, name: \(quoted(HardNames.draw(using: &random)))}",
            ]
        } else if answers == 1 {
            lines.append("    response: {\(Bool.random(using: &random) ? "binary" : "text"): application/octet-stream}")
        } else if let response = objects.randomElement(using: &random) {
            let isList = Bool.random(using: &random)
            lines.append("    response: \(quoted(isList ? "[\(response)]" : response))")
            if isList, Bool.random(using: &random) {
                // A list paged by its Link header: pages and items methods named after the hard name.
                lines.append("    pages: {by: link}")
            }
        }
        if !streams, Bool.random(using: &random) {
            let types = ["String?", "Int", "Date?", "URL?", "Links?", "UUID", "Bool?", "Int64?"]
            let headers = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                "\(quoted(HardNames.drawToken(using: &random))): \(quoted(types.randomElement(using: &random)!))"
            }
            lines.append("    responseHeaders: {\(headers.joined(separator: ", "))}")
            names += headers.count
        }
        if let error = objects.randomElement(using: &random), let other = objects.randomElement(using: &random) {
            lines.append("    errors: {404: \(quoted(error)), 500: \(quoted(other))}")
        }
        return Unit(section: "endpoints", lines: lines, names: names)
    }

    /// Generates the spec, dropping the units the generator refuses until it accepts the rest (at most
    /// `rounds` times). Returns the output and the refused units' diagnostics.
    mutating func generateDroppingRefusedUnits(
        overrides: Pipeline.Overrides,
        rounds: Int = 8
    ) -> (output: Pipeline.Output, refused: [String]) {
        var refused: [String] = []
        for _ in 0..<rounds {
            let (text, owners) = self.text
            let output = Pipeline.generate(text: text, path: "random.yaml", overrides: overrides) { _ in nil }
            guard output.hasErrors else { return (output, refused) }
            var dropped = Set<Int>()
            for diagnostic in output.diagnostics where diagnostic.severity == .error {
                let line = diagnostic.location.line
                if line >= 1 && line <= owners.count, let owner = owners[line - 1] {
                    dropped.insert(owner)
                    refused.append(diagnostic.message)
                }
            }
            if dropped.isEmpty { return (output, refused) }
            units = units.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
        let output = Pipeline.generate(text: text.text, path: "random.yaml", overrides: overrides) { _ in nil }
        return (output, refused)
    }
}
