public import Foundation

/// Any JSON value: what a spec's `JSON` type stands for, where an API sends data of no fixed shape (metadata,
/// tool-call arguments, a server's new kind of answer kept by a union's fallback case).
///
/// Numbers keep their exact value: a 64-bit id or a 20-digit integer decodes and encodes unchanged.
///
/// ```swift
/// let arguments: JSON = ["city": "Berlin", "days": 3, "units": nil]
/// let text = response["choices"][0]["message"]["content"]?.string
/// let customer = try payload.decode(as: Customer.self)
/// ```
public enum JSON: Sendable, Hashable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number, kept exact.
    case number(Number)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object.
    case object([String: JSON])
}

// MARK: Reading

extension JSON {
    /// The value of `key` when this is an object that has it; `nil` otherwise.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` when this is an array that long; `nil` otherwise.
    public subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The flag, when this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The text, when this is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, when this is a number.
    public var number: Number? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The number as an `Int`, when this is an integer that fits one.
    public var int: Int? { number?.int }

    /// The number as an `Int64`, when this is an integer that fits one.
    public var int64: Int64? { number?.int64 }

    /// The number as a `Double` (the nearest one, for a number a `Double` cannot hold exactly).
    public var double: Double? { number?.double }

    /// The elements, when this is an array.
    public var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    public var object: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

extension Optional where Wrapped == JSON {
    /// The value of `key` when this is an object that has it, so that lookups chain:
    /// `response["choices"][0]["text"]`.
    public subscript(key: String) -> JSON? {
        self?[key]
    }

    /// The element at `index` when this is an array that long, so that lookups chain.
    public subscript(index: Int) -> JSON? {
        self?[index]
    }
}

// MARK: Models

extension JSON {
    /// The value encoded as JSON and read back as a `JSON`: the way to keep a model in a free-form field.
    public init<Value: Encodable>(encoding value: Value, using encoder: JSONEncoder = JSONEncoder()) throws {
        self = try JSONDecoder().decode(JSON.self, from: encoder.encode(value))
    }

    /// The value decoded as `type`, such as a model of the API: `try payload.decode(as: Customer.self)`.
    ///
    /// Pass the decoder of the API's date format (`DateCoding.secondsSince1970.makeDecoder()`) when the type
    /// has dates in another format than ISO 8601. Throws `DecodingError`, with a coding path inside this value.
    public func decode<Value: Decodable>(
        as type: Value.Type = Value.self,
        using decoder: JSONDecoder = DateCoding.iso8601.makeDecoder()
    ) throws -> Value {
        try decoder.decode(Value.self, from: JSONEncoder().encode(self))
    }
}

// MARK: Kinds

extension JSON {
    /// The kinds of JSON values. Generated unions decode by shape by looking at the kind of value first.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// `null`
        case null
        /// `true` or `false`
        case bool
        /// A number.
        case number
        /// A string.
        case string
        /// An array.
        case array
        /// An object.
        case object

        /// The kind of the value `decoder` holds, found without decoding it.
        public init(of decoder: any Decoder) {
            if let container = try? decoder.singleValueContainer() {
                if container.decodeNil() {
                    self = .null
                    return
                }
                if (try? container.decode(Bool.self)) != nil {
                    self = .bool
                    return
                }
                if (try? container.decode(String.self)) != nil {
                    self = .string
                    return
                }
            }
            if (try? decoder.unkeyedContainer()) != nil {
                self = .array
            } else if (try? decoder.container(keyedBy: JSONKey.self)) != nil {
                self = .object
            } else {
                self = .number
            }
        }
    }

    /// The value's kind.
    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

// MARK: Codable

extension JSON: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(Number.self) {
            self = .number(number)
        } else if let members = try? container.decode([String: JSON].self) {
            self = .object(members)
        } else if let elements = try? container.decode([JSON].self) {
            self = .array(elements)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value.")
        }
    }

    /// Writes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSON: CustomStringConvertible {
    /// The value as compact JSON text, keys sorted.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: Literals

extension JSON: ExpressibleByNilLiteral {
    /// `null`
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// `true` or `false`
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// An integer.
    public init(integerLiteral value: Int64) { self = .number(Number(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self = .number(Number(value)) }
}

extension JSON: ExpressibleByStringLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// An array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// An object; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

// MARK: Numbers

extension JSON {
    /// A JSON number, kept exact: integers as 64-bit integers (signed, or unsigned above `Int64.max`), larger
    /// ones and fractions a `Double` cannot write back unchanged as `Decimal`, others as `Double`.
    ///
    /// Numbers read from the same JSON text are equal, as are `1`, `1.0` and `1e0`.
    public struct Number: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral
    {
        private enum Storage: Sendable, Hashable {
            case signed(Int64)
            case unsigned(UInt64)
            case decimal(Decimal)
            case double(Double)
        }

        private let storage: Storage

        /// An integer.
        public init(_ value: Int64) { storage = .signed(value) }

        /// An integer.
        public init(_ value: Int) { storage = .signed(Int64(value)) }

        /// An integer above `Int64.max`, or any other.
        public init(_ value: UInt64) {
            storage = Int64(exactly: value).map(Storage.signed) ?? .unsigned(value)
        }

        /// A number; one without a fraction that fits an `Int64` is kept as an integer.
        public init(_ value: Double) {
            storage = Int64(exactly: value).map(Storage.signed) ?? .double(value)
        }

        /// A number, kept exact.
        public init(_ value: Decimal) {
            if let integer = Self.integer(value) {
                storage = integer
            } else if let double = Double(value.description), double.isFinite, String(double) == value.description {
                storage = .double(double)
            } else {
                storage = .decimal(value)
            }
        }

        /// An integer.
        public init(integerLiteral value: Int64) { self.init(value) }

        /// A number with a fraction.
        public init(floatLiteral value: Double) { self.init(value) }

        private static func integer(_ value: Decimal) -> Storage? {
            guard value.isFinite else { return nil }
            let text = value.description
            if let signed = Int64(text) { return .signed(signed) }
            if let unsigned = UInt64(text) { return .unsigned(unsigned) }
            return nil
        }

        /// The value as an `Int`, when it is an integer that fits one.
        public var int: Int? { int64.flatMap { Int(exactly: $0) } }

        /// The value as an `Int64`, when it is an integer that fits one.
        public var int64: Int64? {
            if case .signed(let value) = storage { return value }
            return nil
        }

        /// The value as a `UInt64`, when it is a non-negative integer that fits one.
        public var uint64: UInt64? {
            switch storage {
            case .signed(let value): UInt64(exactly: value)
            case .unsigned(let value): value
            case .decimal, .double: nil
            }
        }

        /// The value as a `Double`: the nearest one, for a number a `Double` cannot hold exactly.
        public var double: Double {
            switch storage {
            case .signed(let value): Double(value)
            case .unsigned(let value): Double(value)
            case .decimal(let value): Double(value.description) ?? .nan
            case .double(let value): value
            }
        }

        /// The value as a `Decimal`, exact unless it is a `Double` with more digits than a `Decimal` holds.
        public var decimal: Decimal {
            switch storage {
            case .signed(let value): Decimal(value)
            case .unsigned(let value): Decimal(value)
            case .decimal(let value): value
            case .double(let value): Decimal(string: String(value)) ?? Decimal(value)
            }
        }

        /// The number as JSON writes it.
        public var description: String {
            switch storage {
            case .signed(let value): String(value)
            case .unsigned(let value): String(value)
            case .decimal(let value): value.description
            case .double(let value): String(value)
            }
        }

        /// Reads a number, keeping integers and exact decimals exact.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let signed = try? container.decode(Int64.self) {
                self.init(signed)
            } else if let unsigned = try? container.decode(UInt64.self) {
                self.init(unsigned)
            } else if let decimal = try? container.decode(Decimal.self), decimal.isFinite {
                self.init(decimal)
            } else {
                self.init(try container.decode(Double.self))
            }
        }

        /// Writes the number as it was read.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch storage {
            case .signed(let value): try container.encode(value)
            case .unsigned(let value): try container.encode(value)
            case .decimal(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            }
        }
    }
}
