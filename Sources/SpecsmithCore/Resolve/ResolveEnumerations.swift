/// Resolving enumerations (of strings or integers, with derived or written case names) and `const` properties.
extension ResolveContext {
    mutating func resolveEnumeration(_ values: [RawEnumValue], model: Located<String>) -> Enumeration {
        if values.isEmpty {
            diagnostics.error(
                "enum `\(model.value)` has no values",
                at: model.location,
                hint: "list its values under `enum:`"
            )
        }
        if let first = values.first, let other = values.first(where: { $0.isInteger != first.isInteger }) {
            diagnostics.error(
                "enum `\(model.value)` mixes integers and strings",
                at: other.value.location,
                hint: "quote the numbers to make every value a string, or make this one an integer"
            )
        }
        return enumerationCases(values, report: true)
    }

    /// The cases of an enumeration and the name of its catch-all case.
    mutating func enumerationCases(_ values: [RawEnumValue], report: Bool = false) -> Enumeration {
        var cases: [EnumCase] = []
        var byName: [String: String] = [:]
        var seenValues = Set<String>()
        for value in values {
            if let name = value.name, report { checkCaseName(name) }
            let derived = value.name.map { SwiftName.memberName($0.value) } ?? Self.derivedCaseName(value)
            let caseName = ReservedNames.avoiding(ReservedNames.enumerationMembers, derived)
            if !seenValues.insert(value.value.value).inserted {
                if report {
                    diagnostics.error("enum value `\(value.value.value)` is listed twice", at: value.value.location)
                }
                continue
            }
            if let other = byName[caseName] {
                if report {
                    diagnostics.error(
                        "enum values `\(other)` and `\(value.value.value)` both become the case `\(caseName)`",
                        at: (value.name ?? value.value).location,
                        hint: value.name == nil ? "write `enum:` as a mapping of case names to values" : nil
                    )
                }
                continue
            }
            byName[caseName] = value.value.value
            cases.append(EnumCase(name: caseName, rawValue: value.value.value))
        }
        return Enumeration(
            cases: cases,
            unknownCase: Self.catchAllCase(taken: Set(byName.keys)),
            isInteger: values.first?.isInteger ?? false
        )
    }

    /// The case name of a value listed without one: `in-progress` → `inProgress`, `2` → `value2`,
    /// `-1` → `minus1`.
    static func derivedCaseName(_ value: RawEnumValue) -> String {
        guard value.isInteger else { return SwiftName.memberName(value.value.value) }
        let digits = value.value.value
        return digits.hasPrefix("-") ? "minus" + digits.dropFirst() : "value" + digits
    }

    /// `unknown`, or `undocumented` when a case is called `unknown`, or … when both are.
    static func catchAllCase(taken: Set<String>) -> String {
        let taken = ReservedNames.enumerationMembers.union(taken)
        return ["unknown", "undocumented"].first { !taken.contains($0) } ?? ReservedNames.avoiding(taken, "unknown")
    }

    /// Reports a case name written in the spec (an `enum` or `oneOf` mapping's key) that is not a Swift name as
    /// written.
    mutating func checkCaseName(_ name: Located<String>) {
        let derived = SwiftName.memberName(name.value)
        // Underscores after a Swift name keep it one (`_1_`, as a case named like a type is written).
        let trimmed = String(name.value.reversed().drop { $0 == "_" }.reversed())
        if derived != name.value && (trimmed.isEmpty || SwiftName.memberName(trimmed) != trimmed) {
            diagnostics.error(
                "the case name `\(name.value)` is not a Swift name",
                at: name.location,
                hint: "did you mean `\(derived)`?"
            )
        }
    }

    /// A `const` property: its type is written or follows from the value (`String`, `Int`, `Double`, `Bool`).
    /// A written optional type (`{type: String?, const: text}`) lets a received value leave the key out.
    mutating func resolveConstant(_ value: YAMLValue, field: RawField, name: String) -> Property? {
        let type: TypeRef
        var mayBeAbsent = false
        if let text = field.type {
            guard let written = resolveType(text) else { return nil }
            mayBeAbsent = written.isOptional
            type = written.unwrapped
        } else {
            switch value.kind {
            case .string: type = .builtin(.string)
            case .int: type = .builtin(.int)
            case .double: type = .builtin(.double)
            case .bool: type = .builtin(.bool)
            default:
                diagnostics.error(
                    "the `const` of `\(field.key.value)` must be a string, a number or a Boolean, not \(value.kindDescription)",
                    at: value.location
                )
                return nil
            }
        }
        let allowed: [TypeRef] = [.string, .int, .int32, .int64, .double, .float, .bool].map(TypeRef.builtin)
        guard allowed.contains(type) else {
            diagnostics.error(
                "a `const` property must be a `String`, a number or a `Bool`, not `\(TranslationSupport.typeText(type))`",
                at: field.type?.location ?? field.key.location
            )
            return nil
        }
        if let defaultValue = field.defaultValue {
            diagnostics.error(
                "`\(field.key.value)` has a `const` and a `default`",
                at: defaultValue.value.location,
                hint: "a `const` property always has its value: remove `default`"
            )
        }
        guard let constant = checkDefault(value, for: type, field: field.key.value, what: "`const`") else { return nil }
        return Property(
            name: name,
            key: field.key.value,
            type: type,
            description: field.description,
            deprecation: field.deprecated.map { Deprecation(message: $0.message) },
            constant: constant,
            constantMayBeAbsent: mayBeAbsent
        )
    }
}
