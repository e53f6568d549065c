import Foundation

/// Resolving sample responses: read (inline, or from a JSON file next to the spec) and checked against the
/// endpoint's response type, so that a sample a stub would answer with decodes as the client expects.
extension ResolveContext {
    /// The most mismatches reported for one sample.
    static let sampleMismatchLimit = 10

    /// The sample's JSON text, after reporting where it does not fit `response`.
    mutating func resolveSample(
        _ sample: RawEndpoint.Sample?,
        response: TypeRef,
        models: [String: Model]
    ) -> String? {
        guard let sample, let read = readSample(sample) else { return nil }
        if let value = read.value { checkSample(value, response: response, models: models) }
        return read.json
    }

    /// A sample's JSON text (a file's as written) and its value with the places of the spec or the file; the
    /// value is `nil` when a valid JSON file does not read as YAML, whose places it has not then.
    private mutating func readSample(_ sample: RawEndpoint.Sample) -> (json: String, value: YAMLValue?)? {
        switch sample {
        case .inline(let value):
            return (value.value.jsonText, value.value)
        case .file(let path):
            guard let text = readFile(path.value) else {
                diagnostics.error("cannot read the sample file `\(path.value)`", at: path.location)
                return nil
            }
            guard (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil else {
                diagnostics.error("the sample file `\(path.value)` is not valid JSON", at: path.location)
                return nil
            }
            // JSON is YAML, read that way so that the sample's values have their places in the file. A tab can
            // stand only between tokens in JSON, where YAML does not always allow one: a space takes its place.
            var yamlDiagnostics = Diagnostics()
            let yaml = text.replacingOccurrences(of: "\t", with: " ")
            let value = YAMLReader.read(yaml, file: samplePath(path.value), diagnostics: &yamlDiagnostics)
            return (text.trimmingCharacters(in: .whitespacesAndNewlines), value)
        }
    }

    /// A stream's sample, a list of its values (of a stream of several kinds of events: each a mapping of its
    /// event name to its data), checked, and written as the stream sends them: server-sent events (ending
    /// with the terminator, if any) or JSON Lines. Stubs answer with it.
    mutating func resolveStreamSample(
        _ sample: RawEndpoint.Sample?,
        body: Operation.AnswerBody,
        models: [String: Model]
    ) -> String? {
        guard let sample, let value = readSample(sample)?.value else { return nil }
        var checker = SampleChecker(models: models, dates: dates)
        checker.suggestsTolerance = raw.isOpenAPI
        var lines: [String] = []
        switch body {
        case .events(let element, let terminator):
            checker.check(value, as: .array(element), at: "")
            if case .sequence(let items) = value.kind {
                lines = items.map { "data: \($0.jsonText)\n\n" } + (terminator.map { ["data: \($0)\n\n"] } ?? [])
            }
        case .jsonLines(let element):
            checker.check(value, as: .array(element), at: "")
            if case .sequence(let items) = value.kind { lines = items.map { $0.jsonText + "\n" } }
        case .namedEvents(let union, let terminator):
            guard case .sequence(let items) = value.kind else {
                checker.check(value, as: .array(.void), at: "")
                break
            }
            for (index, item) in items.enumerated() {
                guard case .mapping(let entries) = item.kind, entries.count == 1,
                    let event = union.cases.first(where: { $0.event == entries[0].key.value })
                else {
                    diagnostics.error(
                        "each value of this stream's sample is one event, `event name: data`, with a name of \(union.cases.map { "`\($0.event)`" }.joined(separator: ", "))",
                        at: item.location
                    )
                    continue
                }
                checker.check(entries[0].value, as: event.type, at: "[\(index)].\(event.event)")
                let data = event.type == .void ? "" : entries[0].value.jsonText
                lines.append("event: \(event.event)\ndata: \(data)\n\n")
            }
            lines += terminator.map { ["data: \($0)\n\n"] } ?? []
        default:
            return nil
        }
        for mismatch in checker.mismatches.prefix(Self.sampleMismatchLimit) {
            diagnostics.error("the sample is a list of the stream's values: \(mismatch.message)", at: mismatch.location)
        }
        return lines.joined()
    }

    /// The sample file at `path` (relative to the spec) as diagnostics name it: next to the spec as the user
    /// named it.
    private func samplePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : Pipeline.join(Pipeline.directory(of: raw.file), path)
    }

    private mutating func checkSample(_ value: YAMLValue, response: TypeRef, models: [String: Model]) {
        var checker = SampleChecker(models: models, dates: dates)
        checker.suggestsTolerance = raw.isOpenAPI
        checker.check(value, as: response, at: "")
        for mismatch in checker.mismatches.prefix(Self.sampleMismatchLimit) {
            diagnostics.error(
                "the sample does not fit `\(TranslationSupport.typeText(response))`: \(mismatch.message)",
                at: mismatch.location
            )
        }
    }
}

/// Checks a sample value against a type the way the generated client's `JSONDecoder` would read it.
struct SampleChecker {
    let models: [String: Model]
    let dates: DateCodingName
    /// Whether values are checked as a server checks what it is sent, rather than as the client reads them:
    /// an enumeration's value must be listed, and a union's value must be one of its alternatives.
    let strict: Bool
    /// Whether a problem the config's `tolerate:` would fix says so: for an OpenAPI document, whose API may
    /// send otherwise than it says (a spec in the format says its own types).
    var suggestsTolerance = false
    /// A problem of a value: what is wrong, where in the file, and the path of the part at fault.
    typealias Mismatch = (message: String, location: SourceLocation, path: String)
    private(set) var mismatches: [Mismatch] = []
    /// How deep the check is in the value and its types, and how many checks it has made: past
    /// ``maximumDepth`` or ``maximumSteps`` the rest of a value is taken as it is, so that no sample or request
    /// body (however deep, or checked against unions of unions, each alternative tried) can exhaust the stack
    /// or the time.
    private var depth = 0
    private var steps = 0

    /// The deepest a value is checked.
    static let maximumDepth = 256
    /// The most checks a value gets.
    static let maximumSteps = 100_000

    init(models: [String: Model], dates: DateCodingName, strict: Bool = false) {
        self.models = models
        self.dates = dates
        self.strict = strict
    }

    /// Checks `value` as a `type`, at `path` in the sample (`[0].name`, empty for the whole).
    mutating func check(_ value: YAMLValue, as type: TypeRef, at path: String) {
        guard mismatches.count < ResolveContext.sampleMismatchLimit, depth < Self.maximumDepth,
            steps < Self.maximumSteps
        else { return }
        depth += 1
        steps += 1
        defer { depth -= 1 }
        switch (type, value.kind) {
        case (.void, _), (.stream, _), (.optional, .null), (.nullable, .null):
            return
        case (.optional(let wrapped), _), (.nullable(let wrapped), _):
            check(value, as: wrapped, at: path)
        case (.builtin(let builtin), _):
            if !fits(value, builtin) {
                mismatch(value, at: path, expected: expectation(builtin))
            }
        case (.array(let element), .sequence(let items)):
            for (index, item) in items.enumerated() {
                check(item, as: element, at: "\(path)[\(index)]")
            }
        case (.dictionary(let valueType), .mapping(let entries)):
            for entry in entries {
                check(entry.value, as: valueType, at: join(path, entry.key.value))
            }
        case (.model(let name), _):
            checkModel(value, name: name, at: path)
        case (.array, _):
            mismatch(value, at: path, expected: "a list")
        case (.dictionary, _):
            mismatch(value, at: path, expected: "an object")
        }
    }

    private mutating func checkModel(_ value: YAMLValue, name: String, at path: String) {
        guard let model = models[name] else { return }
        switch (model.shape, value.kind) {
        case (.enumeration(let enumeration), .string(let text)) where !enumeration.isInteger:
            // A value the spec does not list is kept as `unknown`, but not sent.
            if strict && !enumeration.isExtensible && !enumeration.cases.contains(where: { $0.rawValue == text }) {
                mismatch(value, at: path, expected: "one of \(Self.listed(enumeration)) (a `\(name)` value)")
            }
        case (.enumeration(let enumeration), .int(let number)) where enumeration.isInteger:
            if strict && !enumeration.cases.contains(where: { $0.rawValue == String(number) }) {
                mismatch(value, at: path, expected: "one of \(Self.listed(enumeration)) (a `\(name)` value)")
            }
        case (.enumeration(let enumeration), _):
            mismatch(
                value,
                at: path,
                expected: "\(enumeration.isInteger ? "an integer" : "a string") (a `\(name)` value)"
            )
        case (.union(let union), _):
            checkUnion(value, union, name: name, at: path)
        case (.object(let properties), .mapping(let entries)):
            var byKey: [String: YAMLValue] = [:]
            for entry in entries { byKey[entry.key.value] = entry.value }
            for property in properties {
                if let field = byKey[property.key] {
                    if case .null = field.kind, property.defaultValue != nil || property.isRequiredNullable { continue }
                    if let constant = property.constant {
                        if !Self.matches(field, constant) {
                            let expected = TranslationSupport.constantText(constant)
                            report(
                                "`\(join(path, property.key))` must always be `\(expected)`",
                                at: field.location,
                                path: join(path, property.key)
                            )
                        }
                        continue
                    }
                    if let tolerated = tolerance(of: field, for: property) {
                        // What the API sends otherwise than its description says: fine where the config
                        // tolerates it, and otherwise said with the way to tolerate it.
                        if !property.tolerance.contains(tolerated) {
                            let kind = tolerated == .numbersAsText ? "numbersAsText" : "emptyTextAsAbsent"
                            let found = field.scalarText.map { "\(field.kindDescription) `\($0)`" } ?? ""
                            report(
                                "`\(join(path, property.key))` must be \(description(of: property.type.unwrapped)), not \(found); if the API sends it so, add `\(name).\(property.key)` to `tolerate.\(kind)` in the config",
                                at: field.location,
                                path: join(path, property.key)
                            )
                        }
                        continue
                    }
                    if case .null = field.kind, !property.type.isOptional, suggestsTolerance {
                        report(
                            "`\(join(path, property.key))` must not be `null`; if the API sends it so, add `\(name).\(property.key)` to `tolerate.missingOrNull` in the config",
                            at: field.location,
                            path: join(path, property.key)
                        )
                        continue
                    }
                    check(field, as: property.type, at: join(path, property.key))
                } else if !property.type.isOptional && property.defaultValue == nil && !property.constantMayBeAbsent {
                    let place = path.isEmpty ? "" : " at `\(path)`"
                    report(
                        "the `\(name)`\(place) has no `\(property.key)`, which is required"
                            + (suggestsTolerance
                                ? "; if the API leaves it out, add `\(name).\(property.key)` to `tolerate.missingOrNull` in the config"
                                : ""),
                        at: value.location,
                        path: join(path, property.key)
                    )
                }
            }
        case (.object, _):
            mismatch(value, at: path, expected: "an object (a `\(name)`)")
        }
    }

    /// A union's value fits when it fits the alternative its tag names, or any alternative without a
    /// discriminator; with a fallback case, a value of no alternative (or an unknown tag) fits too.
    private mutating func checkUnion(_ value: YAMLValue, _ union: Union, name: String, at path: String) {
        if let discriminator = union.discriminator {
            guard case .mapping(let entries) = value.kind else {
                mismatch(value, at: path, expected: "an object (a `\(name)`)")
                return
            }
            let tag = entries.first { $0.key.value == discriminator }?.value
            if case .string(let text) = tag?.kind,
                let alternative = union.alternatives.first(where: { $0.tags.contains(text) })
            {
                check(value, as: alternative.type, at: path)
            } else if union.fallbackCase == nil || strict {
                let tags = union.alternatives.flatMap(\.tags).prefix(8).map { "`\($0)`" }.joined(separator: ", ")
                report(
                    "\(path.isEmpty ? "it" : "`\(path)`") needs a `\(discriminator)` of \(tags) (a `\(name)`)",
                    at: (tag ?? value).location,
                    path: path
                )
            }
            return
        }
        // The alternative that came closest: the one of the value's own kind whose problems are inside the value
        // (a list of parts, one part lacking its `text`), the fewest of them.
        var closest: (type: TypeRef, mismatches: [Mismatch])?
        for alternative in union.alternatives {
            // An object that another alternative's tag or keys rule out is not this one (`UnionFits`).
            if case .mapping(let entries) = value.kind, case .model(let target) = alternative.type,
                let model = models[target], case .object(let properties) = model.shape
            {
                // Required keys are left to the check, which names a missing one.
                var fit = UnionFits.objectFit(model, properties: properties, models: models)
                fit.required = []
                let admitted = UnionFits.admits(fit, keys: entries.map(\.key.value)) { key in
                    entries.first { $0.key.value == key }?.value.scalarText
                }
                if !admitted { continue }
            }
            var trial = SampleChecker(models: models, dates: dates, strict: strict)
            trial.suggestsTolerance = suggestsTolerance
            trial.depth = depth
            trial.steps = steps
            trial.check(value, as: alternative.type, at: path)
            steps = trial.steps
            if trial.mismatches.isEmpty { return }
            let inside = trial.mismatches.allSatisfy { Self.isInside($0.path, path) }
            if inside, trial.mismatches.count < closest?.mismatches.count ?? .max {
                closest = (alternative.type, trial.mismatches)
            }
        }
        if union.fallbackCase == nil || strict {
            let names = union.alternatives.map { "`\(TranslationSupport.typeText($0.type))`" }.joined(separator: ", ")
            guard let closest else {
                mismatch(value, at: path, expected: "one of \(names) (a `\(name)`)")
                return
            }
            let type = TranslationSupport.typeText(closest.type)
            for problem in closest.mismatches {
                report(
                    "\(problem.message) (read as `\(type)`, the closest of \(names), a `\(name)`)",
                    at: problem.location,
                    path: problem.path
                )
            }
        }
    }

    /// An enumeration's values, the first eight, for messages.
    static func listed(_ enumeration: Enumeration) -> String {
        let values = enumeration.cases.prefix(8).map { "`\($0.rawValue)`" }
        return values.joined(separator: ", ") + (enumeration.cases.count > 8 ? ", …" : "")
    }

    /// Whether a sample's value is a `const` property's value.
    static func matches(_ value: YAMLValue, _ constant: DefaultValue) -> Bool {
        switch (constant, value.kind) {
        case (.string(let expected), .string(let text)): expected == text
        case (.int(let expected), .int(let number)): expected == number
        case (.bool(let expected), .bool(let flag)): expected == flag
        case (.double(let expected), .double(let number)): expected == number
        case (.double(let expected), .int(let number)): expected == Double(number)
        default: false
        }
    }

    private func fits(_ value: YAMLValue, _ builtin: TypeRef.Builtin) -> Bool {
        switch (builtin, value.kind) {
        case (.json, _): return true
        case (.calendarDate, .string(let text)): return CalendarDateText.isValid(text)
        case (.string, .string), (.bool, .bool), (.int, .int), (.int64, .int), (.double, .int), (.double, .double),
            (.float, .int):
            return true
        case (.int32, .int(let number)): return Int32(exactly: number) != nil
        case (.int, .double(let number)), (.int64, .double(let number)): return Int(exactly: number) != nil
        case (.float, .double(let number)): return Float(number).isFinite
        case (.url, .string(let text)): return URL(string: text) != nil
        case (.uuid, .string(let text)): return UUID(uuidString: text) != nil
        case (.data, .string(let text)): return Data(base64Encoded: text) != nil
        case (.date, .string(let text)):
            return (dates == .iso8601 || dates == .iso8601WithFractionalSeconds) && Self.isISO8601(text)
        case (.date, .int), (.date, .double):
            return dates == .secondsSince1970 || dates == .millisecondsSince1970
        default: return false
        }
    }

    private func expectation(_ builtin: TypeRef.Builtin) -> String {
        switch builtin {
        case .string: "a string"
        case .int, .int64: "an integer"
        case .int32: "an integer that fits in 32 bits"
        case .double: "a number"
        case .float: "a number that fits a `Float`"
        case .bool: "`true` or `false`"
        case .url: "a URL"
        case .uuid: "a UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`"
        case .data: "base64 text"
        case .json: "any JSON value"
        case .calendarDate: "a date such as `2024-05-01`"
        case .date:
            dates == .secondsSince1970 || dates == .millisecondsSince1970
                ? "a number of \(dates == .secondsSince1970 ? "seconds" : "milliseconds") since 1970 (`dates: \(dates.rawValue)`)"
                : "an ISO 8601 date such as `2024-05-01T12:00:00Z` (`dates: \(dates.rawValue)`)"
        }
    }

    static func isISO8601(_ text: String) -> Bool {
        (try? Date.ISO8601FormatStyle().parse(text)) != nil
            || (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) != nil
    }

    /// What `field` needs tolerated to be read as `property` (a number sent as text the runtime reads as that
    /// number, or empty text for an optional value of a type text does not fit), if anything.
    private func tolerance(of field: YAMLValue, for property: Property) -> Tolerance? {
        guard case .string(let text) = field.kind, case .builtin(let builtin) = property.type.unwrapped else {
            return nil
        }
        let possible = Tolerance.possible(for: property.type)
        if text.isEmpty { return possible.contains(.emptyTextAsAbsent) ? .emptyTextAsAbsent : nil }
        let number = text.trimmingCharacters(in: .whitespaces)
        let reads = [.double, .float].contains(builtin) ? Double(number) != nil : Int64(number) != nil
        return possible.contains(.numbersAsText) && reads ? .numbersAsText : nil
    }

    /// How a value of `type` is described in a sample's mistake: `a number`, `an integer`, `a URL`, …
    func description(of type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): expectation(builtin)
        case .model(let name): "a `\(name)`"
        default: "`\(TranslationSupport.typeText(type))`"
        }
    }

    private mutating func mismatch(_ value: YAMLValue, at path: String, expected: String) {
        let found = value.scalarText.map { "\(value.kindDescription) `\($0)`" } ?? value.kindDescription
        report("\(path.isEmpty ? "it" : "`\(path)`") must be \(expected), not \(found)", at: value.location, path: path)
    }

    /// Records a problem of the value at `path`.
    private mutating func report(_ message: String, at location: SourceLocation, path: String) {
        mismatches.append((message, location, path))
    }

    /// Whether `inner` is a part of the value at `outer` (`content[1].text` of `content`), not the value itself.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        guard inner.count > outer.count, inner.hasPrefix(outer) else { return false }
        if outer.isEmpty { return true }
        let next = inner[inner.index(inner.startIndex, offsetBy: outer.count)]
        return next == "." || next == "["
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}

/// The text of a calendar date, `YYYY-MM-DD`, as the runtime's `CalendarDate` reads it.
enum CalendarDateText {
    /// Whether `text` is a real day written `YYYY-MM-DD`.
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
