/// Stores a property out of line, so that a model may contain itself (`@Indirect var parent: Comment?`) and a
/// model that holds a large one copies a reference rather than all of its fields (`@Indirect var owner: User`).
///
/// Generated models use it for an optional property that leads back to its own struct, and for a property
/// whose model is a struct of many properties. The value keeps value semantics (setting it stores a new box),
/// and `Codable`, `Hashable` and `Sendable` pass through: an optional one is left out when `nil` and may be
/// missing, as a plain optional property. Printing, `dump` and debuggers show the value, not the box.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Stores `wrappedValue`.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: CustomDebugStringConvertible, CustomReflectable {
    /// The value's own description, so that a model prints its property as it would without the box.
    public var debugDescription: String { String(reflecting: wrappedValue) }

    /// The value's mirror, for `dump` and debuggers.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Indirect: Equatable where Value: Equatable {
    /// Whether the values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try Value(from: decoder))
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// An optional indirect property: `nil` when its key is missing or `null`, as a plain optional property.
    public func decode<Wrapped: Decodable & Sendable>(
        _ type: Indirect<Wrapped?>.Type,
        forKey key: Key
    ) throws -> Indirect<Wrapped?> {
        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// An optional indirect property: left out when `nil`, as a plain optional property.
    public mutating func encode<Wrapped: Encodable & Sendable>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
