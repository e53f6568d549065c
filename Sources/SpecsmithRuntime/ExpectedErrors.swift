public import Foundation

/// Which response statuses an error body is documented for: one status, or a whole class such as 4XX.
public enum StatusPattern: Sendable, Hashable, ExpressibleByIntegerLiteral {
    /// Exactly this status.
    case status(Int)
    /// Every status from `class × 100` to `class × 100 + 99`: `.statusClass(4)` is 4XX.
    case statusClass(Int)

    /// Every client error status, 400–499.
    public static let clientErrors = StatusPattern.statusClass(4)
    /// Every server error status, 500–599.
    public static let serverErrors = StatusPattern.statusClass(5)

    /// The pattern matching exactly `value`.
    public init(integerLiteral value: Int) {
        self = .status(value)
    }

    /// Whether `status` matches.
    public func matches(_ status: Int) -> Bool {
        switch self {
        case .status(let expected): status == expected
        case .statusClass(let statusClass): status / 100 == statusClass
        }
    }
}

/// The error bodies an endpoint documents, by status: how a non-2xx response becomes an expected, typed error.
///
/// An exact status wins over a status class; statuses no entry matches are unexpected responses.
public struct ExpectedErrors<ErrorBody: Sendable>: Sendable {
    /// One documented status (or class) and how its body becomes an `ErrorBody`.
    public struct Entry: Sendable {
        /// The statuses this entry covers.
        public var pattern: StatusPattern
        /// Decodes a body of one of those statuses.
        public var decode: @Sendable (Data, JSONDecoder) throws -> ErrorBody

        /// Bodies of `pattern` statuses decode as `model`, which `wrap` turns into the error body.
        public init<Model: Decodable & Sendable>(
            _ pattern: StatusPattern,
            _ model: Model.Type,
            _ wrap: @escaping @Sendable (Model) -> ErrorBody
        ) {
            self.pattern = pattern
            self.decode = { data, decoder in wrap(try decoder.decode(Model.self, from: data)) }
        }
    }

    /// The documented statuses.
    public var entries: [Entry]

    /// Error bodies documented by `entries`.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for `status`: an exact status first, then a status class.
    public func entry(for status: Int) -> Entry? {
        entries.first { $0.pattern == .status(status) } ?? entries.first { $0.pattern.matches(status) }
    }
}

extension ExpectedErrors where ErrorBody: Decodable {
    /// Bodies of the `patterns` statuses decode as `ErrorBody`.
    public init(_ type: ErrorBody.Type, for patterns: [StatusPattern]) {
        self.init(patterns.map { Entry($0, type, { $0 }) })
    }
}

extension ExpectedErrors {
    /// No documented error bodies: every status outside 200–299 is unexpected.
    public static var none: ExpectedErrors { ExpectedErrors([]) }
}
