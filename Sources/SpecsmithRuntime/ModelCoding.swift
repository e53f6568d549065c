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

    /// The error for a union's tag `tag`, read from `key`, that names none of its alternatives:
    /// `Expected a tag of Shape ("circle", "square"), found "oval".`
    public func unknownTag(_ tag: String, forKey key: Key, of union: String, expected: [String]) -> DecodingError {
        let tags = expected.map { "\"\($0)\"" }.joined(separator: ", ")
        return DecodingError.dataCorruptedError(
            forKey: key,
            in: self,
            debugDescription: "Expected a tag of \(union) (\(tags)), found \"\(tag)\"."
        )
    }
}

/// What a property's values may be besides what its type says, for an API that sends otherwise than its
/// description: generated models read such properties with `KeyedDecodingContainer`'s
/// `decode(_:tolerating:forKey:)` and `decodeIfPresent(_:tolerating:forKey:)` (the config's `tolerate:`).
public struct DecodingTolerance: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int

    /// The tolerance of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A number sent as text (`"-0.0025"`) is read as the number.
    public static let numbersAsText = DecodingTolerance(rawValue: 1)
    /// Empty text (`""`) sent for an optional value is read as none.
    public static let emptyTextAsAbsent = DecodingTolerance(rawValue: 2)
}

extension KeyedDecodingContainer {
    /// Decodes the value of `key` as `Value`, or a number sent as text, as `tolerance` allows.
    public func decode<Value: Decodable>(
        _ type: Value.Type,
        tolerating tolerance: DecodingTolerance,
        forKey key: Key
    ) throws -> Value {
        do {
            return try decode(Value.self, forKey: key)
        } catch DecodingError.typeMismatch(let expected, let context) where tolerance.contains(.numbersAsText) {
            guard let text = try? decode(String.self, forKey: key) else {
                throw DecodingError.typeMismatch(expected, context)
            }
            return try number(from: text, forKey: key)
        }
    }

    /// Decodes the value of `key` as `Value` when it is there and not `null`; or, as `tolerance` allows, a
    /// number sent as text, and `nil` for empty text.
    public func decodeIfPresent<Value: Decodable>(
        _ type: Value.Type,
        tolerating tolerance: DecodingTolerance,
        forKey key: Key
    ) throws -> Value? {
        if tolerance.contains(.emptyTextAsAbsent), let text = try? decodeIfPresent(String.self, forKey: key),
            text.isEmpty
        {
            return nil
        }
        do {
            return try decodeIfPresent(Value.self, forKey: key)
        } catch DecodingError.typeMismatch(let expected, let context) where tolerance.contains(.numbersAsText) {
            guard let text = try? decode(String.self, forKey: key) else {
                throw DecodingError.typeMismatch(expected, context)
            }
            return try number(from: text, forKey: key) as Value
        }
    }

    /// The number `text` says, as `Value`; `DecodingError.dataCorrupted` when it says none.
    private func number<Value>(from text: String, forKey key: Key) throws -> Value {
        guard let type = Value.self as? any LosslessStringConvertible.Type,
            let value = type.init(text.trimmingCharacters(in: .whitespaces)) as? Value
        else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "Expected \(Value.self), found the text \"\(text)\"."
            )
        }
        return value
    }
}

/// The key of a generated model's property, or any key, in a JSON object, written as the key itself
/// (`container.decode(URL.self, forKey: "html_url")`). Generated structs code their properties with it rather
/// than with a `CodingKeys` enumeration of their own: one key type for every model, instead of an enumeration,
/// its conformances and their witnesses per model, which made a large share of a big client's build.
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The key as the JSON object has it.
    public var stringValue: String
    /// Always `nil`: a model's keys are text.
    public var intValue: Int? { nil }

    /// The key `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// `nil`: a model's keys are text.
    public init?(intValue: Int) { nil }

    /// The key `value`, written as a literal.
    public init(stringLiteral value: String) { self.stringValue = value }
}

extension Decoder {
    /// The keys of the object being decoded that `known` does not list (the model's own properties' keys),
    /// with their values decoded as `Value`.
    public func additionalProperties<Value: Decodable>(
        _ type: Value.Type,
        excluding known: Set<String>
    ) throws -> [String: Value] {
        let container = try container(keyedBy: JSONKey.self)
        var values: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }
}

extension Encoder {
    /// Writes `values` as keys of the object being encoded, except the keys `known` lists: those are the
    /// model's own properties, written from them.
    public func encodeAdditionalProperties<Value: Encodable>(
        _ values: [String: Value],
        excluding known: Set<String>
    ) throws {
        var container = container(keyedBy: JSONKey.self)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
            try container.encode(value, forKey: JSONKey(stringValue: key))
        }
    }
}

extension Encoder {
    /// Writes `value` as the single value being encoded, as its type and the encoder's strategies say (a `Date`
    /// as the encoder writes dates): how a generated union writes the value of its alternative.
    public func encodeSingleValue<Value: Encodable>(_ value: Value) throws {
        var container = singleValueContainer()
        try container.encode(value)
    }
}

extension Decoder {
    /// The keys of the object being decoded that `Known` does not list, with their values decoded as `Value`.
    public func additionalProperties<Known: CodingKey & CaseIterable, Value: Decodable>(
        _ type: Value.Type,
        excluding known: Known.Type
    ) throws -> [String: Value] {
        try additionalProperties(Value.self, excluding: Set(Known.allCases.map(\.stringValue)))
    }
}

extension Decoder {
    /// Whether the object this decoder holds has, for each key of `tags` it has, that text: how a generated union
    /// without a discriminator tells its alternatives apart by their enumerations of one value (`"object":
    /// "account"`), which keep another value (`"bank_account"`) as unknown and so would decode it too.
    public func hasTags(_ tags: [String: String]) -> Bool {
        guard let container = try? container(keyedBy: JSONKey.self) else { return false }
        for (key, value) in tags {
            let key = JSONKey(stringValue: key)
            guard container.contains(key) else { continue }
            if (try? container.decode(String.self, forKey: key)) != value { return false }
        }
        return true
    }
}

extension Encoder {
    /// Writes `values` as keys of the object being encoded, except keys that `Known` lists: those are the
    /// model's own properties, written from them.
    public func encodeAdditionalProperties<Known: CodingKey & CaseIterable, Value: Encodable>(
        _ values: [String: Value],
        excluding known: Known.Type
    ) throws {
        try encodeAdditionalProperties(values, excluding: Set(Known.allCases.map(\.stringValue)))
    }
}

/// An enumeration that has only the values its spec lists, as a generated server's enumerations do (the contract
/// is the server's own): decoding another value fails, naming the values it lists in the wire's terms
/// (`"sideways" is not one of "asc", "desc".`), so that a `400` says what a request may send.
public protocol ListedValues: RawRepresentable, Decodable, Sendable where RawValue: Decodable & Sendable {
    /// Every value the spec lists.
    static var knownCases: [Self] { get }
}

extension ListedValues {
    /// Decodes a value the spec lists; another fails, naming those it lists.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let rawValue = try container.decode(RawValue.self)
        guard let value = Self(rawValue: rawValue) else {
            // A mismatch of the type (not corrupt data), so that what reads the error knows what was expected.
            throw DecodingError.typeMismatch(
                Self.self,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "\(Self.wireText(rawValue)) is not one of \(Self.listedText)."
                )
            )
        }
        self = value
    }

    /// The values the spec lists, as JSON.
    package static var listedJSON: [JSON] {
        knownCases.map { value in
            if let number = value.rawValue as? Int { return .number(JSON.Number(number)) }
            return .string("\(value.rawValue)")
        }
    }

    /// The values the spec lists as the wire writes them: `"asc", "desc"`.
    package static var listedText: String {
        knownCases.map { wireText($0.rawValue) }.joined(separator: ", ")
    }

    /// A raw value as the wire writes it: a string in quotes, a number as it is.
    package static func wireText(_ rawValue: RawValue) -> String {
        rawValue is Int ? "\(rawValue)" : "\"\(rawValue)\""
    }
}
