public import Foundation
public import SpecsmithRuntime

/// A value read from the text of a path segment, a query item, a header, a cookie or a form field: the
/// inverse of the runtime's `ParameterValue`, which writes it.
///
/// Generated servers make their enumerations conform: `extension State: ParameterText {}`.
public protocol ParameterText: ParameterField {
    /// The value `text` stands for, or `nil` when it stands for none.
    init?(parameterText text: String)
}

/// How the values a request carries under one name (a query key may repeat) become a typed value: one value,
/// an optional one, or a list.
public protocol ParameterField: Sendable {
    /// The value of `texts` (every value the name has, in order), split at `separator` first when it is not
    /// `nil`; `.missing` when there are none.
    static func read(_ texts: [String], separator: String?) -> FieldReading<Self>

    /// Whether the value is a list, whose items may also be sent in the bracket styles (`name[]=…`,
    /// `name[0]=…`).
    static var isList: Bool { get }
}

extension ParameterField {
    /// A single value.
    public static var isList: Bool { false }
}

/// What a request's text under one name reads as.
public enum FieldReading<Value: Sendable>: Sendable {
    /// The value.
    case value(Value)
    /// The name is not there.
    case missing
    /// The text is not a value of the type: why.
    case invalid(String)
}

extension ParameterText {
    /// The first of `texts`.
    public static func read(_ texts: [String], separator: String?) -> FieldReading<Self> {
        guard let text = texts.first else { return .missing }
        guard let value = Self(parameterText: text) else {
            return .invalid("`\(text)` is not \(WireType.name(of: Self.self)).")
        }
        return .value(value)
    }
}

extension Optional: ParameterField where Wrapped: ParameterField {
    /// `nil` when the name is missing.
    public static func read(_ texts: [String], separator: String?) -> FieldReading<Self> {
        switch Wrapped.read(texts, separator: separator) {
        case .value(let value): .value(value)
        case .missing: .value(nil)
        case .invalid(let why): .invalid(why)
        }
    }

    /// Whether the wrapped value is a list.
    public static var isList: Bool { Wrapped.isList }
}

extension Array: ParameterField where Element: ParameterText {
    /// A list.
    public static var isList: Bool { true }

    /// Every value, or with a separator the pieces of the first.
    public static func read(_ texts: [String], separator: String?) -> FieldReading<Self> {
        guard !texts.isEmpty else { return .missing }
        let pieces =
            if let separator {
                texts.flatMap { $0.isEmpty ? [] : $0.components(separatedBy: separator) }
            } else {
                texts
            }
        var values: [Element] = []
        for piece in pieces {
            guard let value = Element(parameterText: piece) else {
                return .invalid("`\(piece)` is not \(WireType.name(of: Element.self)).")
            }
            values.append(value)
        }
        return .value(values)
    }
}

extension String: ParameterText {
    /// The text itself.
    public init?(parameterText text: String) { self = text }
}

extension Int: ParameterText {
    /// Decimal digits.
    public init?(parameterText text: String) { self.init(text) }
}

extension Int32: ParameterText {
    /// Decimal digits.
    public init?(parameterText text: String) { self.init(text) }
}

extension Int64: ParameterText {
    /// Decimal digits.
    public init?(parameterText text: String) { self.init(text) }
}

extension Double: ParameterText {
    /// A decimal number.
    public init?(parameterText text: String) { self.init(text) }
}

extension Float: ParameterText {
    /// A decimal number.
    public init?(parameterText text: String) { self.init(text) }
}

extension Bool: ParameterText {
    /// `true` or `false` (also `1` and `0`).
    public init?(parameterText text: String) {
        switch text.lowercased() {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
}

extension UUID: ParameterText {
    /// A UUID in either case.
    public init?(parameterText text: String) { self.init(uuidString: text) }
}

extension URL: ParameterText {
    /// A URL.
    public init?(parameterText text: String) { self.init(string: text) }
}

extension Date: ParameterText {
    /// ISO 8601 text, with or without fractional seconds.
    public init?(parameterText text: String) {
        guard let date = DateCoding.parseISO8601(text) else { return nil }
        self = date
    }
}

extension CalendarDate: ParameterText {
    /// `YYYY-MM-DD`.
    public init?(parameterText text: String) { self.init(text) }
}

extension ParameterText where Self: RawRepresentable, RawValue == String {
    /// A value of a string enumeration.
    public init?(parameterText text: String) { self.init(rawValue: text) }
}

extension ParameterText where Self: RawRepresentable, RawValue == Int {
    /// A value of an integer enumeration, in decimal digits.
    public init?(parameterText text: String) {
        guard let number = Int(text) else { return nil }
        self.init(rawValue: number)
    }
}

/// A date written otherwise than ISO 8601 in a parameter (`dates: secondsSince1970`): `Date` or `Date?`.
public protocol DateParameter: Sendable {
    /// The value of `texts`, its date written as `coding` says.
    static func read(_ texts: [String], dates coding: DateCoding) -> FieldReading<Self>
}

extension Date: DateParameter {
    /// The first of `texts`, written as `coding` says.
    public static func read(_ texts: [String], dates coding: DateCoding) -> FieldReading<Date> {
        guard let text = texts.first else { return .missing }
        let date: Date? =
            switch coding {
            case .iso8601, .iso8601WithFractionalSeconds: DateCoding.parseISO8601(text)
            case .secondsSince1970: Double(text).map { Date(timeIntervalSince1970: $0) }
            case .millisecondsSince1970: Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
            }
        guard let date else { return .invalid("`\(text)` is not a date written as \(coding.rawValue).") }
        return .value(date)
    }
}

extension Optional: DateParameter where Wrapped == Date {
    /// `nil` when the name is missing.
    public static func read(_ texts: [String], dates coding: DateCoding) -> FieldReading<Date?> {
        switch Date.read(texts, dates: coding) {
        case .value(let date): .value(date)
        case .missing: .value(nil)
        case .invalid(let why): .invalid(why)
        }
    }
}
