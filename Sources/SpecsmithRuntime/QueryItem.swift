public import Foundation

/// One query parameter: a name and zero or more values.
///
/// A parameter with no value (an optional left `nil`, an empty array) is left out of the URL.
/// Several values either repeat the name (`tag=a&tag=b`) or are joined by a separator (`codes=AUT;BEL`).
public struct QueryItem: Sendable, Hashable {
    /// The name as it is sent.
    public var name: String
    /// The values, unencoded.
    public var values: [String]
    /// The separator that joins several values, or `nil` to repeat the name for each value.
    public var separator: String?

    /// A parameter with one value, or none when `value` is `nil`.
    public init<Value: ParameterValue>(_ name: String, _ value: Value?) {
        self.name = name
        self.values = value.map { [$0.parameterText] } ?? []
        self.separator = nil
    }

    /// A parameter with several values, repeated or joined by `separator`.
    public init<Value: ParameterValue>(_ name: String, _ values: [Value]?, separator: String? = nil) {
        self.name = name
        self.values = (values ?? []).map(\.parameterText)
        self.separator = separator
    }

    /// The `name=value` pairs of this item, percent-encoded for a URL query.
    public var encodedPairs: [String] {
        guard !values.isEmpty else { return [] }
        let encodedName = PercentEncoding.queryComponent(name)
        if let separator {
            // A value holding the separator has it percent-encoded, so it cannot split into two values.
            let joined = values.map { PercentEncoding.queryComponent($0, separator: separator) }
                .joined(separator: PercentEncoding.queryComponent(separator))
            return ["\(encodedName)=\(joined)"]
        }
        return values.map { "\(encodedName)=\(PercentEncoding.queryComponent($0))" }
    }
}

/// One request header whose value may be absent.
public struct HeaderField: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// The header value, or `nil` to send no such header.
    public var value: String?

    /// A header with `value`, or none when it is `nil`.
    public init<Value: ParameterValue>(_ name: String, _ value: Value?) {
        self.name = name
        self.value = value?.parameterText
    }
}

extension QueryItem {
    /// A date parameter written as `coding` says, or none when `value` is `nil`.
    public init(_ name: String, _ value: Date?, as coding: DateCoding) {
        self.init(name, value.map { coding.text(for: $0) })
    }

    /// Date parameters written as `coding` says, repeated or joined by `separator`.
    public init(_ name: String, _ values: [Date]?, as coding: DateCoding, separator: String? = nil) {
        self.init(name, values?.map { coding.text(for: $0) }, separator: separator)
    }
}

extension HeaderField {
    /// A `Cookie` header of the cookie parameters that have a value (`session=abc; theme=dark`, values
    /// percent-encoded where a cookie value cannot hold a character), or none when none has.
    public static func cookies(_ items: [QueryItem]) -> HeaderField {
        let pairs = items.flatMap { item in
            item.values.map { "\(item.name)=\(PercentEncoding.cookieValue($0))" }
        }
        var field = HeaderField("Cookie", String?.none)
        field.value = pairs.isEmpty ? nil : pairs.joined(separator: "; ")
        return field
    }

    /// A date header written as `coding` says, or none when `value` is `nil`.
    public init(_ name: String, _ value: Date?, as coding: DateCoding) {
        self.init(name, value.map { coding.text(for: $0) })
    }
}

extension PathSegment {
    /// A date path segment written as `coding` says.
    public init(_ value: Date, as coding: DateCoding) {
        self.init(coding.text(for: value))
    }
}

extension DateCoding {
    /// A date as text in a path, query or header: ISO 8601 in UTC, or whole seconds or milliseconds since 1970.
    public func text(for date: Date) -> String {
        switch self {
        case .iso8601: date.formatted(.iso8601)
        case .iso8601WithFractionalSeconds: date.formatted(Self.fractional)
        case .secondsSince1970: String(Int64(date.timeIntervalSince1970.rounded(.down)))
        case .millisecondsSince1970: String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
    }
}
