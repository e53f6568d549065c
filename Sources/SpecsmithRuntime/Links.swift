public import Foundation

/// The links of a `Link` header (RFC 8288), such as a page's `next` and `last`:
///
/// ```swift
/// let page = try await client.issuesWithHeaders(owner: "apple", repo: "swift")
/// if let next = page.headers.link?["next"] { … }
/// ```
public struct Links: Sendable, Hashable, HeaderValue {
    /// One link: its target and parameters.
    public struct Link: Sendable, Hashable {
        /// The target, resolved against the response's URL.
        public var url: URL
        /// The relation types of `rel`, in lower case: `["next"]`, or several for `rel="next last"`.
        public var relations: [String]
        /// Every parameter but `rel`, by lower-cased name, unquoted: `title`, `type`, `hreflang`, ….
        public var parameters: [String: String]

        /// A link with these parts.
        public init(url: URL, relations: [String], parameters: [String: String] = [:]) {
            self.url = url
            self.relations = relations
            self.parameters = parameters
        }
    }

    /// The links, in the header's order.
    public var links: [Link]

    /// These links.
    public init(_ links: [Link]) {
        self.links = links
    }

    /// The URL of the first link of `relation` (compared without regard to case), such as `"next"`.
    public subscript(relation: String) -> URL? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }?.url
    }

    /// The links a `Link` header's value lists; `nil` when it is not a list of links.
    public init?(headerValue text: String, responseURL url: URL?) {
        var scanner = LinkScanner(Array(text.unicodeScalars))
        var links: [Link] = []
        while true {
            scanner.skipSpaces()
            if scanner.isAtEnd { break }
            guard let link = scanner.link(relativeTo: url) else { return nil }
            links.append(link)
            scanner.skipSpaces()
            if scanner.isAtEnd { break }
            guard scanner.take(",") else { return nil }
        }
        self.links = links
    }
}

/// Reads `<url>; rel="next"; title="…", <url>; …` one link at a time.
private struct LinkScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    mutating func link(relativeTo base: URL?) -> Links.Link? {
        guard take("<") else { return nil }
        var target = ""
        while index < scalars.count, scalars[index] != ">" {
            target.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard take(">"), let url = URL(string: target, relativeTo: base)?.absoluteURL else { return nil }
        var relations: [String] = []
        var parameters: [String: String] = [:]
        while true {
            skipSpaces()
            guard take(";") else { break }
            skipSpaces()
            guard let name = token(), !name.isEmpty else { return nil }
            skipSpaces()
            var value = ""
            if take("=") {
                skipSpaces()
                guard let parsed = take("\"") ? quotedRest() : token() else { return nil }
                value = parsed
            }
            let key = name.lowercased()
            if key == "rel" {
                if relations.isEmpty {  // Only the first `rel` counts.
                    relations = value.lowercased().split(separator: " ").map(String.init)
                }
            } else if parameters[key] == nil {
                parameters[key] = value
            }
        }
        return Links.Link(url: url, relations: relations, parameters: parameters)
    }

    private static let delimiters = Set("\"(),/:;<=>?@[\\]{} \t".unicodeScalars)

    mutating func token() -> String? {
        var text = ""
        while index < scalars.count, !Self.delimiters.contains(scalars[index]), scalars[index].value > 0x20 {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        return text
    }

    /// The rest of a quoted string, after its opening quote; `\` escapes the next character.
    mutating func quotedRest() -> String? {
        var text = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return text }
            if scalar == "\\" {
                guard index < scalars.count else { return nil }
                text.unicodeScalars.append(scalars[index])
                index += 1
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return nil
    }
}
