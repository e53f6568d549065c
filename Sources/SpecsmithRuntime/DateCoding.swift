public import Foundation

/// How dates are written in an API's JSON.
public enum DateCoding: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 text; decoding accepts it with and without fractional seconds, encoding writes none.
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
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                if let date = Self.parseISO8601(text) {
                    return date
                }
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 date, found '\(text)'."
                )
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
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(.iso8601))
            }
        case .iso8601WithFractionalSeconds:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(Self.fractional))
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

    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
