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
    /// For an object sent in the bracket style: its values by their path below ``name``, so that the member
    /// `["number"]` of `card` is sent as `card[number]=…` and `["0", "price"]` of `items` as `items[0][price]=…`.
    public var members: [Member] = []
    /// Why this item cannot be sent, such as a key that holds a bracket; the client then refuses the request
    /// with ``APIError/invalidRequest(_:)`` before anything is sent.
    public var problem: String?

    /// One value of an object sent in the bracket style, and its path.
    public struct Member: Sendable, Hashable {
        /// The keys (and array indexes) from the item's name down to the value.
        public var path: [String]
        /// The value, unencoded.
        public var value: String

        /// A value at `path`.
        public init(path: [String], value: String) {
            self.path = path
            self.value = value
        }
    }

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

    /// The unencoded names and values this item sends: `name` with each value, then each member under its
    /// bracketed name (`card[number]`).
    public var pairs: [(name: String, value: String)] {
        values.map { (name, $0) }
            + members.map { member in (name + member.path.map { "[\($0)]" }.joined(), member.value) }
    }

    /// The `name=value` pairs of this item, percent-encoded for a URL query.
    public var encodedPairs: [String] {
        guard values.isEmpty else { return encodedValuePairs }
        return pairs.map { "\(PercentEncoding.queryComponent($0.name))=\(PercentEncoding.queryComponent($0.value))" }
    }

    private var encodedValuePairs: [String] {
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

extension QueryItem {
    /// An object (a model, a dictionary, or an array of them) in the bracket style that form APIs read:
    /// `card[number]=4242&card[exp_month]=12`, `items[0][price]=price_1`, `metadata[order_id]=6735`; none when
    /// `value` is `nil`.
    ///
    /// The value is encoded as its JSON would be (its dates as `dates` says, absent optionals left out, a
    /// `null` sent as an empty value, which form APIs read as "clear"), then each leaf becomes one pair,
    /// object keys in sorted order and array elements by index. A key that holds `[` or `]` would change
    /// the structure the server reads: the request is then refused before it is sent.
    public init<Value: Encodable>(_ name: String, object value: Value?, dates: DateCoding = .iso8601) {
        self.name = name
        self.values = []
        self.separator = nil
        guard let value else { return }
        let json: JSON
        do {
            json = try JSON(encoding: value, using: dates.makeEncoder())
        } catch {
            problem = "The parameter '\(name)' could not be encoded: \(error)"
            return
        }
        var members: [Member] = []
        problem = Self.flatten(json, path: [], into: &members).map { "The parameter '\(name)' \($0)" }
        self.members = members
    }

    /// Adds the leaves of `json` below `path` to `members`; returns what is wrong, if anything.
    private static func flatten(_ json: JSON, path: [String], into members: inout [Member]) -> String? {
        switch json {
        case .object(let fields):
            for key in fields.keys.sorted() {
                if key.contains("[") || key.contains("]") {
                    return "has the key '\(key)', whose bracket would change the structure the server reads."
                }
                if let problem = flatten(fields[key]!, path: path + [key], into: &members) { return problem }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let problem = flatten(element, path: path + [String(index)], into: &members) { return problem }
            }
        case .string(let text): members.append(Member(path: path, value: text))
        case .number(let number): members.append(Member(path: path, value: number.description))
        case .bool(let flag): members.append(Member(path: path, value: flag ? "true" : "false"))
        case .null: members.append(Member(path: path, value: ""))
        }
        return nil
    }
}
