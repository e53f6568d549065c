/// What generated structs' written coding calls: the check of a `const` property, and the keys a model does
/// not list, for structs that keep them (`additionalProperties:`).
extension KeyedDecodingContainer {
    /// Decodes the value of a `const` property, throwing `DecodingError.dataCorrupted` when it is another.
    public func decodeConstant<Value: Decodable & Equatable>(_ expected: Value, forKey key: Key) throws {
        let value = try decode(Value.self, forKey: key)
        guard value == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "Expected \(expected), found \(value)."
            )
        }
    }
}

extension Decoder {
    /// The keys of the object being decoded that `Known` does not list, with their values decoded as `Value`.
    public func additionalProperties<Known: CodingKey & CaseIterable, Value: Decodable>(
        _ type: Value.Type,
        excluding known: Known.Type
    ) throws -> [String: Value] {
        let container = try container(keyedBy: AnyCodingKey.self)
        let knownKeys = Set(Known.allCases.map(\.stringValue))
        var values: [String: Value] = [:]
        for key in container.allKeys where !knownKeys.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }
}

extension Encoder {
    /// Writes `values` as keys of the object being encoded, except keys that `Known` lists: those are the
    /// model's own properties, written from them.
    public func encodeAdditionalProperties<Known: CodingKey & CaseIterable, Value: Encodable>(
        _ values: [String: Value],
        excluding known: Known.Type
    ) throws {
        var container = container(keyedBy: AnyCodingKey.self)
        let knownKeys = Set(Known.allCases.map(\.stringValue))
        for (key, value) in values where !knownKeys.contains(key) {
            try container.encode(value, forKey: AnyCodingKey(stringValue: key))
        }
    }
}

/// Any key of a JSON object.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
