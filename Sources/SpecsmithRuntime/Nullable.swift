/// A value that is there but may be `null`, as opposed to missing: what a spec's `nullable: true` property of
/// an optional type stands for, as `Nullable<T>?`.
///
/// `nil` leaves the key out, `.null` sends `"key": null` (a JSON merge-patch "clear this field"), `.value`
/// sends the value:
///
/// ```swift
/// try await client.updateCustomer(id: id, description: .null)      // {"description": null}
/// try await client.updateCustomer(id: id, description: "VIP")      // {"description": "VIP"}
/// try await client.updateCustomer(id: id, email: "a@example.com")  // description left alone
/// ```
public enum Nullable<Wrapped> {
    /// `null`
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or `nil` for `null`.
    public var value: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// `.value(value)`, or `.null` for `nil`.
    public init(_ value: Wrapped?) {
        self = value.map(Nullable.value) ?? .null
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// `null`, or the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// `null`, or the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByUnicodeScalarLiteral {
    /// A value written as a literal.
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .value(Wrapped(unicodeScalarLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByExtendedGraphemeClusterLiteral {
    /// A value written as a literal.
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .value(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value written as a string literal: `"VIP"`.
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value written as an integer literal.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value written as `true` or `false`.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension KeyedDecodingContainer {
    /// A `nullable` optional property: `nil` when the key is missing, `.null` when its value is `null`.
    public func decodeNullable<Wrapped: Decodable>(
        _ type: Wrapped.Type,
        forKey key: Key
    ) throws -> Nullable<Wrapped>? {
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(decode(Wrapped.self, forKey: key))
    }
}
