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
