/// Percent-encoding for the parts of a URL that the runtime builds from parameter values.
public enum PercentEncoding {
    /// Encodes `text` so it stays inside one path segment: `/`, `?`, `#`, `%` and spaces are escaped,
    /// and a segment that is exactly `.` or `..` is escaped so it cannot move up the path.
    public static func pathSegment(_ text: String) -> String {
        if text == "." { return "%2E" }
        if text == ".." { return "%2E%2E" }
        return encode(text, keeping: pathSegmentAllowed)
    }

    /// Encodes `text` as a query name or value: besides unreserved characters, only those
    /// that carry no meaning inside a query item are kept, and none of `separator`'s (the text that joins a
    /// delimited list's values).
    public static func queryComponent(_ text: String, separator: String = "") -> String {
        encode(text, keeping: separator.isEmpty ? queryAllowed : queryAllowed.subtracting(separator.utf8))
    }

    /// Encodes `text` as a name or value of an `application/x-www-form-urlencoded` body.
    public static func formComponent(_ text: String) -> String {
        encode(text, keeping: unreserved)
    }

    /// Encodes `text` as a cookie value: the characters a cookie value may not hold (controls, spaces, `"`,
    /// `,`, `;`, `\\`, and `%` itself) are escaped, so a value can never end its cookie or add another.
    public static func cookieValue(_ text: String) -> String {
        encode(text, keeping: cookieAllowed)
    }

    private static let cookieAllowed = Set((0x21...0x7E).map { UInt8($0) }).subtracting("\",;\\%".utf8)

    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8
    )
    private static let pathSegmentAllowed = unreserved.union("!$&'()*+,;=:@".utf8)
    private static let queryAllowed = unreserved.union("!$'()*,;:@/?".utf8)

    private static func encode(_ text: String, keeping allowed: Set<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

/// A path parameter value, percent-encoded so it stays inside its own path segment when interpolated.
public struct PathSegment: CustomStringConvertible, Sendable {
    /// What an empty value is written as: `{}`, which no encoded value and no spec's path contains, and which
    /// ``APIClient`` refuses with ``APIError/invalidRequest(_:)``. An empty segment would collapse the path
    /// (`/name/` instead of `/name/{name}`) and address another resource.
    public static let empty = "{}"

    /// The encoded segment.
    public let description: String

    /// Encodes `value` as one path segment.
    public init(_ value: some ParameterValue) {
        let text = value.parameterText
        description = text.isEmpty ? Self.empty : PercentEncoding.pathSegment(text)
    }
}
