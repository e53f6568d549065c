import Foundation

extension ResolveContext {
    /// Checks that a `default:` value fits `type`, returning it resolved, or reporting why it does not.
    mutating func checkDefault(
        _ value: YAMLValue,
        for type: TypeRef,
        field: String,
        what: String = "default"
    ) -> DefaultValue? {
        if let resolved = defaultValue(value, for: type) { return resolved }
        if case .double = value.kind, [.builtin(.double), .builtin(.float)].contains(type.unwrapped) {
            diagnostics.error(
                "the \(what) of `\(field)` must be a finite \(describe(type.unwrapped).dropFirst(2)), not `\(value.scalarText ?? "")`",
                at: value.location
            )
            return nil
        }
        diagnostics.error(
            "the \(what) of `\(field)` must be \(describe(type)), not \(value.kindDescription) `\(value.scalarText ?? value.jsonText)`",
            at: value.location
        )
        return nil
    }

    private func defaultValue(_ value: YAMLValue, for type: TypeRef) -> DefaultValue? {
        switch (type, value.kind) {
        case (.optional, .null): return .null
        case (.optional(let wrapped), _): return defaultValue(value, for: wrapped)
        case (.builtin(.bool), .bool(let flag)): return .bool(flag)
        case (.builtin(.int), .int(let number)), (.builtin(.int64), .int(let number)):
            return .int(number)
        case (.builtin(.int32), .int(let number)):
            return Int32(exactly: number) != nil ? .int(number) : nil
        case (.builtin(.double), .int(let number)):
            return .double(Double(number))
        case (.builtin(.double), .double(let number)) where number.isFinite:
            return .double(number)
        // A `Float` literal must stay finite as a `Float`: `1e39` overflows.
        case (.builtin(.float), .int(let number)) where Float(number).isFinite:
            return .double(Double(number))
        case (.builtin(.float), .double(let number)) where Float(number).isFinite:
            return .double(number)
        case (.builtin(.string), .string(let text)): return .string(text)
        case (.builtin(.url), .string(let text)): return URL(string: text) != nil ? .url(text) : nil
        case (.builtin(.uuid), .string(let text)): return UUID(uuidString: text) != nil ? .uuid(text) : nil
        case (.builtin(.calendarDate), .string(let text)):
            return CalendarDateText.isValid(text) ? .calendarDate(text) : nil
        case (.model(let name), .string(let text)) where !integerEnumerations.contains(name):
            return enumCases[name]?.first { $0.rawValue == text }.map { .enumCase(type: name, name: $0.name) }
        case (.model(let name), .int(let number)) where integerEnumerations.contains(name):
            return enumCases[name]?.first { $0.rawValue == String(number) }.map { .enumCase(type: name, name: $0.name) }
        case (.array(let element), .sequence(let items)):
            var values: [DefaultValue] = []
            for item in items {
                guard let resolved = defaultValue(item, for: element) else { return nil }
                values.append(resolved)
            }
            return .array(values)
        case (.dictionary, .mapping(let entries)) where entries.isEmpty: return .emptyDictionary
        default: return nil
        }
    }

    /// "a Bool", "one of the values of `Region`", "a list of …".
    func describe(_ type: TypeRef) -> String {
        switch type {
        case .builtin(.json): "nothing: a `JSON` property has no default"
        case .builtin(let builtin):
            ("AEIOU".contains(builtin.rawValue.prefix(1)) ? "an" : "a") + " `\(builtin.rawValue)`"
        case .model(let name):
            enumCases[name].map { cases in
                let listed = cases.prefix(8).map { "`\($0.rawValue)`" }.joined(separator: ", ")
                return "one of the values of `\(name)` (\(listed)\(cases.count > 8 ? ", … \(cases.count) in all" : ""))"
            } ?? "a literal (models have no defaults)"
        case .array(let element): "a list of \(describe(element).drop { $0 != " " }.dropFirst())"
        case .dictionary: "an empty mapping `{}`"
        case .optional(let wrapped), .nullable(let wrapped): "\(describe(wrapped)) or null"
        case .void, .stream: "nothing"
        }
    }
}
