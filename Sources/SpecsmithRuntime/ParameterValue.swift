public import Foundation

/// A value that can stand in a URL path segment, a query item or a header as text.
public protocol ParameterValue: Sendable {
    /// The value as it is written on the wire, before any percent-encoding.
    var parameterText: String { get }
}

extension String: ParameterValue {
    /// The string itself.
    public var parameterText: String { self }
}

extension Int: ParameterValue {
    /// The decimal digits of the number.
    public var parameterText: String { String(self) }
}

extension Int32: ParameterValue {
    /// The decimal digits of the number.
    public var parameterText: String { String(self) }
}

extension Int64: ParameterValue {
    /// The decimal digits of the number.
    public var parameterText: String { String(self) }
}

extension Double: ParameterValue {
    /// The shortest text that reads back as the same number.
    public var parameterText: String { String(self) }
}

extension Float: ParameterValue {
    /// The shortest text that reads back as the same number.
    public var parameterText: String { String(self) }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterText: String { self ? "true" : "false" }
}

extension UUID: ParameterValue {
    /// The UUID in lower case, as RFC 4122 writes it (Foundation's `uuidString` is upper case, which a server that
    /// compares ids as text, such as jupyter-server, reads as another id).
    public var parameterText: String { uuidString.lowercased() }
}

extension URL: ParameterValue {
    /// The absolute string of the URL.
    public var parameterText: String { absoluteString }
}

extension Date: ParameterValue {
    /// The date in ISO 8601 form, in UTC, without fractional seconds.
    public var parameterText: String { formatted(.iso8601) }
}

extension ParameterValue where Self: RawRepresentable, RawValue == String {
    /// The raw value of a string enumeration.
    public var parameterText: String { rawValue }
}

extension ParameterValue where Self: RawRepresentable, RawValue == Int {
    /// The raw value of an integer enumeration, in decimal digits.
    public var parameterText: String { String(rawValue) }
}
