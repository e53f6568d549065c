public import Foundation

/// The documented headers of an endpoint's responses, typed: generated for each endpoint whose spec lists
/// `responseHeaders`, and read by its `…WithHeaders` method.
public protocol ResponseHeaders: Sendable {
    /// Reads the headers of `response`; fails when a required header is missing or a value does not parse.
    init(from response: RawResponse) throws(ResponseReadingError)
}

/// A value a response header can carry: text, a number, a flag, a date, a URL, a UUID or links.
public protocol HeaderValue: Sendable {
    /// The value `text` stands for, or `nil` when it is not one; `url` is the response's own, against which
    /// relative references resolve.
    init?(headerValue text: String, responseURL url: URL?)
}

extension RawResponse {
    /// The value of the header `name`, which must be present and parse as `Value`.
    public func requiredHeader<Value: HeaderValue>(
        _ name: String,
        as type: Value.Type
    ) throws(ResponseReadingError) -> Value {
        guard let value = try optionalHeader(name, as: type) else {
            throw ResponseReadingError(place: "header \(name)", "The response has no '\(name)' header.")
        }
        return value
    }

    /// The value of the header `name` when it is present; it must then parse as `Value`.
    public func optionalHeader<Value: HeaderValue>(
        _ name: String,
        as type: Value.Type
    ) throws(ResponseReadingError) -> Value? {
        guard let text = header(name) else { return nil }
        guard let value = Value(headerValue: text.trimmingCharacters(in: .whitespaces), responseURL: url) else {
            throw ResponseReadingError(place: "header \(name)", "'\(text.prefix(200))' is not a valid \(Value.self).")
        }
        return value
    }

    /// The date in the header `name`, written as `coding` says (Unix seconds, ISO 8601), which must be present.
    public func requiredHeader(_ name: String, as coding: DateCoding) throws(ResponseReadingError) -> Date {
        guard let value = try optionalHeader(name, as: coding) else {
            throw ResponseReadingError(place: "header \(name)", "The response has no '\(name)' header.")
        }
        return value
    }

    /// The date in the header `name` when it is present, written as `coding` says.
    public func optionalHeader(_ name: String, as coding: DateCoding) throws(ResponseReadingError) -> Date? {
        guard let text = header(name)?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard let date = coding.date(fromText: text) else {
            throw ResponseReadingError(place: "header \(name)", "'\(text.prefix(200))' is not a date (\(coding)).")
        }
        return date
    }
}

/// An answer together with its documented headers and the response it came in, from a `…WithHeaders` method:
///
/// ```swift
/// let created = try await client.createFileWithHeaders(body: upload)
/// print(created.body.id, created.headers.location, created.status)
/// ```
public struct ResponseWithHeaders<Body: Sendable, Headers: ResponseHeaders>: Sendable {
    /// The answer, as the plain method returns it.
    public var body: Body
    /// The documented headers, typed.
    public var headers: Headers
    /// The response as it arrived: status, every header, the raw body.
    public var response: RawResponse

    /// The HTTP status.
    public var status: Int { response.status }

    /// An answer with these parts.
    public init(body: Body, headers: Headers, response: RawResponse) {
        self.body = body
        self.headers = headers
        self.response = response
    }
}

extension ResponseWithHeaders: Equatable where Body: Equatable, Headers: Equatable {}
extension ResponseWithHeaders: Hashable where Body: Hashable, Headers: Hashable {}

extension String: HeaderValue {
    /// The text as it is.
    public init?(headerValue text: String, responseURL url: URL?) { self = text }
}

extension Int: HeaderValue {
    /// A decimal integer.
    public init?(headerValue text: String, responseURL url: URL?) { self.init(text) }
}

extension Int32: HeaderValue {
    /// A decimal integer.
    public init?(headerValue text: String, responseURL url: URL?) { self.init(text) }
}

extension Int64: HeaderValue {
    /// A decimal integer.
    public init?(headerValue text: String, responseURL url: URL?) { self.init(text) }
}

extension Double: HeaderValue {
    /// A decimal number.
    public init?(headerValue text: String, responseURL url: URL?) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

extension Bool: HeaderValue {
    /// `true` or `false`, in any case.
    public init?(headerValue text: String, responseURL url: URL?) {
        switch text.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension UUID: HeaderValue {
    /// A UUID in its usual text form.
    public init?(headerValue text: String, responseURL url: URL?) { self.init(uuidString: text) }
}

extension URL: HeaderValue {
    /// A URL; a relative reference (`Location: /files/42`) resolves against the response's URL.
    public init?(headerValue text: String, responseURL url: URL?) {
        guard !text.isEmpty, let reference = URL(string: text, relativeTo: url) else { return nil }
        self = reference.absoluteURL
    }
}

extension Date: HeaderValue {
    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), also in the two obsolete forms HTTP still allows.
    public init?(headerValue text: String, responseURL url: URL?) {
        guard let date = HTTPDate.date(from: text) else { return nil }
        self = date
    }
}

/// HTTP dates (RFC 9110, section 5.6.7).
public enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate, the one senders use
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // asctime
    ]

    /// The date `text` stands for, in any of the three forms.
    public static func date(from text: String) -> Date? {
        for format in formats {
            if let date = formatter(format).date(from: text) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, the form HTTP senders use.
    public static func text(for date: Date) -> String {
        formatter(formats[0]).string(from: date).replacingOccurrences(of: "UTC", with: "GMT")
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }
}

extension DateCoding {
    /// The date `text` (from a header) stands for when written this way.
    func date(fromText text: String) -> Date? {
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            return (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Self.fractional))
        case .secondsSince1970:
            return Double(text).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        case .millisecondsSince1970:
            return Double(text).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0 / 1000) : nil }
        }
    }
}

extension APIEndpoint {
    /// This endpoint, answering its value together with its documented response headers (and the response).
    public func withHeaders<Headers: ResponseHeaders>(
        _ headers: Headers.Type
    ) -> APIEndpoint<ResponseWithHeaders<Response, Headers>, ErrorBody> {
        let decoding = self.decoding
        var withHeaders = ResponseDecoding(statuses: decoding.statuses) { response, decoder in
            ResponseWithHeaders(
                body: try decoding.decode(response, decoder),
                headers: try Headers(from: response),
                response: response
            )
        }
        withHeaders.downloadsToFile = decoding.downloadsToFile
        return map(withHeaders)
    }
}

extension AuthorizedEndpoint {
    /// This endpoint, answering its value together with its documented response headers (and the response).
    public func withHeaders<Headers: ResponseHeaders>(
        _ headers: Headers.Type
    ) -> AuthorizedEndpoint<Authorization, ResponseWithHeaders<Response, Headers>, ErrorBody> {
        AuthorizedEndpoint<Authorization, ResponseWithHeaders<Response, Headers>, ErrorBody>(
            endpoint.withHeaders(headers)
        )
    }
}
