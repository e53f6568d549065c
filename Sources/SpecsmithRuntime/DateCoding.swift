public import Foundation

/// How dates are written in an API's JSON.
public enum DateCoding: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 text; decoding accepts it with and without fractional seconds, encoding writes them
    /// (milliseconds) only for a date that has them, so that a date read and sent back keeps its time.
    case iso8601
    /// ISO 8601 text; decoding accepts it with and without fractional seconds, encoding writes milliseconds.
    case iso8601WithFractionalSeconds
    /// Seconds since 1 January 1970 UTC, as a number.
    case secondsSince1970
    /// Milliseconds since 1 January 1970 UTC, as a number.
    case millisecondsSince1970

    /// A JSON decoder that reads dates this way.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            decoder.dateDecodingStrategy = .custom { decoder in
                try self.decode(from: decoder.singleValueContainer())
            }
        case .secondsSince1970:
            decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970:
            decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }

    /// A JSON encoder that writes dates this way, with keys sorted so bodies are reproducible.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
                try self.encode(date, into: &container)
            }
        case .secondsSince1970:
            encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970:
            encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
    }

    /// Reads ISO 8601 text with or without fractional seconds.
    public static func parseISO8601(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) {
            return date
        }
        return try? fractional.parse(text)
    }

    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `date` as ISO 8601 text in UTC, with milliseconds rounded to the nearest (a formatter cuts `.13`, which a
    /// `Double` holds as `.12999…`, to `.129`); without them when `milliseconds` is false and there are none.
    static func text(of date: Date, milliseconds: Bool) -> String {
        let total = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (total / 1000).rounded(.down)
        let fraction = Int(total - seconds * 1000)
        let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
        guard milliseconds || fraction != 0 else { return whole }
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

extension DateCoding {
    /// Reads a date written this way from a single value.
    func decode(from container: any SingleValueDecodingContainer) throws -> Date {
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            let text = try container.decode(String.self)
            guard let date = Self.parseISO8601(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 date, found '\(text)'."
                )
            }
            return date
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self) / 1000)
        }
    }

    /// Writes a date this way into a single value.
    func encode(_ date: Date, into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .iso8601:
            // A date with a fraction of a second (an API's `2026-12-06T03:15:06.123456Z`, or `Date()`) keeps it,
            // to the millisecond: written without, it would be sent back as another time.
            try container.encode(Self.text(of: date, milliseconds: false))
        case .iso8601WithFractionalSeconds:
            try container.encode(Self.text(of: date, milliseconds: true))
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}

/// Dates of properties written otherwise than the API's other dates (a property's own `dates:` in the spec).
extension KeyedDecodingContainer {
    /// The `Date` of `key`, written as `coding` says rather than as the decoder's date strategy says.
    public func decode(_ type: Date.Type, as coding: DateCoding, forKey key: Key) throws -> Date {
        guard contains(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(codingPath: codingPath, debugDescription: "No value for \(key.stringValue).")
            )
        }
        return try coding.decode(from: superDecoder(forKey: key).singleValueContainer())
    }

    /// The `Date` of `key` when it is there and not `null`, written as `coding` says.
    public func decodeIfPresent(_ type: Date.Type, as coding: DateCoding, forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Date.self, as: coding, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Writes `date` for `key` as `coding` says rather than as the encoder's date strategy says.
    public mutating func encode(_ date: Date, as coding: DateCoding, forKey key: Key) throws {
        var container: any SingleValueEncodingContainer = superEncoder(forKey: key).singleValueContainer()
        try coding.encode(date, into: &container)
    }

    /// Writes `date` for `key` unless it is `nil`, as `coding` says.
    public mutating func encodeIfPresent(_ date: Date?, as coding: DateCoding, forKey key: Key) throws {
        guard let date else { return }
        try encode(date, as: coding, forKey: key)
    }

    /// Writes `date` for `key` as `coding` says, or `null` when it is `nil` (a required `nullable` property).
    public mutating func encode(_ date: Date?, as coding: DateCoding, forKey key: Key) throws {
        guard let date else { return try encodeNil(forKey: key) }
        try encode(date, as: coding, forKey: key)
    }
}
