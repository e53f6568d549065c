public import Foundation
import HTTPTypes
public import Hummingbird
public import SpecsmithRuntime

/// An endpoint's answer with its documented response headers: what the handler of an endpoint that documents
/// headers returns.
///
/// ```swift
/// func listFiles(page: Int) async throws -> WithHeaders<[FileInfo], ListFilesResponseHeaders> {
///     WithHeaders(files, headers: ListFilesResponseHeaders(totalCount: files.count))
/// }
/// ```
public struct WithHeaders<Answer: Sendable, Headers: Sendable>: Sendable {
    /// The answer.
    public var answer: Answer
    /// Its headers.
    public var headers: Headers

    /// `answer` with `headers`.
    public init(_ answer: Answer, headers: Headers) {
        self.answer = answer
        self.headers = headers
    }
}

/// How generated servers write documented response headers: each value as its header's text.
public enum ResponseHeaderText {
    /// `value` as its parameter text; no header for `nil`.
    public static func field(_ name: String, _ value: (some ParameterValue)?) -> HeaderField {
        HeaderField(name, value)
    }

    /// `date` as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), or written as `dates` says; no header for `nil`.
    public static func field(_ name: String, _ date: Date?, dates: DateCoding? = nil) -> HeaderField {
        guard let date else { return HeaderField(name, String?.none) }
        switch dates {
        case nil: return HeaderField(name, httpDate(date))
        case .secondsSince1970?: return HeaderField(name, Int(date.timeIntervalSince1970.rounded(.down)))
        case .millisecondsSince1970?: return HeaderField(name, Int((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case .iso8601?, .iso8601WithFractionalSeconds?: return HeaderField(name, date.parameterText)
        }
    }

    /// `links` as a `Link` header: `<url>; rel="next", …`; no header for `nil`.
    public static func field(_ name: String, _ links: Links?) -> HeaderField {
        guard let links, !links.links.isEmpty else { return HeaderField(name, String?.none) }
        let text = links.links.map { link in
            var parts = ["<\(link.url.absoluteString)>", "rel=\"\(link.relations.joined(separator: " "))\""]
            parts += link.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }
            return parts.joined(separator: "; ")
        }
        return HeaderField(name, text.joined(separator: ", "))
    }

    /// IMF-fixdate, the form HTTP senders use.
    static func httpDate(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
                locale: Locale(identifier: "en_US_POSIX"),
                timeZone: TimeZone(identifier: "GMT")!,
                calendar: Calendar(identifier: .gregorian)
            )
        )
    }
}

extension ServerRequest {
    /// `response` with `fields` added (those with a value).
    public func adding(_ fields: [HeaderField], to response: Response) -> Response {
        var response = response
        for field in fields {
            guard let value = field.value, let name = HTTPField.Name(field.name) else { continue }
            response.headers.append(HTTPField(name: name, value: value))
        }
        return response
    }
}

/// The `Link` header of a page of a list paged by it (`pages: {by: link}`): where the next page is.
///
/// ```swift
/// WithHeaders(issues, headers: LinkHeader(next: URL(string: "/repos/apple/swift/issues?page=3")))
/// ```
public struct LinkHeader: Sendable, Hashable {
    /// The links; `nil` for none.
    public var links: Links?

    /// These links.
    public init(_ links: Links?) {
        self.links = links
    }

    /// A link to the `next` page, when there is one (the last page has none).
    public init(next: URL?) {
        self.links = next.map { Links([Links.Link(url: $0, relations: ["next"])]) }
    }

    /// The header as an answer sends it.
    public var fields: [HeaderField] {
        [ResponseHeaderText.field("Link", links)]
    }
}
