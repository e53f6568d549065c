/// The headers of a webhook delivery, looked up by name whatever their case, from whatever a server framework
/// gives: a dictionary (AWS Lambda), a sequence of name–value pairs (Vapor's `HTTPHeaders`), or a literal.
///
/// ```swift
/// let headers = WebhookHeaders(request.headers.map { ($0.name, $0.value) })
/// ```
public struct WebhookHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// Values by lowercased name; a name sent twice keeps its first value.
    private var values: [String: String] = [:]

    /// No headers.
    public init() {}

    /// The headers of a dictionary.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary { add(name, value) }
    }

    /// The headers of a sequence of pairs, in order.
    public init<Fields: Sequence>(_ fields: Fields) where Fields.Element == (String, String) {
        for (name, value) in fields { add(name, value) }
    }

    /// The headers of a sequence of named pairs, such as Vapor's `HTTPHeaders`.
    public init<Fields: Sequence>(_ fields: Fields) where Fields.Element == (name: String, value: String) {
        for field in fields { add(field.name, field.value) }
    }

    /// The headers of a literal: `["webhook-id": "msg_1", …]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The value of the header `name`, whatever its case, or `nil`.
    public subscript(name: String) -> String? {
        values[name.lowercased()]
    }

    private mutating func add(_ name: String, _ value: String) {
        let key = name.lowercased()
        if values[key] == nil { values[key] = value }
    }
}
