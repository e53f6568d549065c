import Foundation

/// Which parts of a request logs and cURL renderings hide: header names, query parameter names and JSON body
/// keys, compared without regard to case, plus whatever the request itself marks as sensitive.
public struct Redaction: Sendable, Hashable {
    /// What replaces a hidden value.
    public static let mask = "<redacted>"

    /// Header names whose values are hidden.
    public var headers: Set<String>
    /// Query parameter names whose values are hidden.
    public var queryItems: Set<String>
    /// JSON object keys whose values are hidden in logged bodies, at any depth.
    public var bodyFields: Set<String>

    /// Hides `Authorization`, `Proxy-Authorization`, cookies and the usual API key names, plus `headers`,
    /// `queryItems` and `bodyFields`.
    public init(headers: Set<String> = [], queryItems: Set<String> = [], bodyFields: Set<String> = []) {
        self.headers = Set((Self.defaultHeaders.union(headers)).map { $0.lowercased() })
        self.queryItems = Set((Self.defaultQueryItems.union(queryItems)).map { $0.lowercased() })
        self.bodyFields = Set((Self.defaultBodyFields.union(bodyFields)).map { $0.lowercased() })
    }

    /// Hides only the usual secrets.
    public static let `default` = Redaction()

    /// Hides nothing but what the request marks as sensitive. Use with care.
    public static let minimal = Redaction(empty: ())

    private init(empty: Void) {
        headers = []
        queryItems = []
        bodyFields = []
    }

    static let defaultHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    ]
    static let defaultQueryItems: Set<String> = ["api_key", "apikey", "api-key", "access_token", "token"]
    static let defaultBodyFields: Set<String> = [
        "password", "token", "access_token", "refresh_token", "client_secret", "secret",
    ]

    /// The headers of `request`, with hidden values masked.
    public func headers(of request: TransportRequest) -> [(name: String, value: String)] {
        request.headers.map { name, value in
            let key = name.lowercased()
            return (name, headers.contains(key) || request.sensitiveNames.contains(key) ? Self.mask : value)
        }
    }

    /// The URL of `request`, with hidden query values masked.
    public func url(of request: TransportRequest) -> String {
        let text = request.url.absoluteString
        guard let mark = text.firstIndex(of: "?") else { return text }
        let query = text[text.index(after: mark)...]
        let masked = Self.mask(pairs: query) { name in
            queryItems.contains(name) || request.sensitiveNames.contains(name)
        }
        return text[..<mark] + "?" + masked
    }

    /// The body of `request` as text: JSON with hidden fields masked, form fields likewise, other bodies
    /// described by their size.
    public func body(of request: TransportRequest) -> String? {
        if let file = request.bodyFile {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            return "<\(size.map { "\($0) bytes" } ?? "a body") streamed from a file>"
        }
        guard let body = request.body, !body.isEmpty else { return nil }
        let contentType = request.header("Content-Type")?.lowercased() ?? ""
        if contentType.contains("json"), let object = try? JSONSerialization.jsonObject(with: body) {
            let masked = mask(object)
            if let data = try? JSONSerialization.data(withJSONObject: masked, options: [.sortedKeys]) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        if contentType.contains("x-www-form-urlencoded") {
            return Self.mask(pairs: Substring(decoding: body, as: UTF8.self)) { bodyFields.contains($0) }
        }
        return "<\(body.count) bytes>"
    }

    /// `name=value&…` with the values of pairs whose decoded, lower-cased name is `hidden` masked.
    private static func mask(pairs text: Substring, hidden: (String) -> Bool) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return hidden((name.removingPercentEncoding ?? name).lowercased()) ? "\(name)=\(mask)" : String(pair)
        }
        .joined(separator: "&")
    }

    private func mask(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var masked: [String: Any] = [:]
            for (key, item) in object {
                masked[key] = bodyFields.contains(key.lowercased()) ? Self.mask : mask(item)
            }
            return masked
        }
        if let array = value as? [Any] {
            return array.map(mask)
        }
        return value
    }
}

extension TransportRequest {
    /// The request as a `curl` command line, with secrets masked by `redaction` (pass ``Redaction/minimal``
    /// to see everything but what the request itself marks as sensitive).
    public func curlCommand(redaction: Redaction = .default) -> String {
        var parts = ["curl"]
        if method != .get || body != nil {
            parts.append("-X \(method.rawValue)")
        }
        if method == .head {
            parts = ["curl", "--head"]
        }
        parts.append(Self.shellQuoted(redaction.url(of: self)))
        for (name, value) in redaction.headers(of: self) {
            parts.append("-H " + Self.shellQuoted("\(name): \(value)"))
        }
        if let body = redaction.body(of: self) {
            parts.append("--data-binary " + Self.shellQuoted(body))
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// `text` in single quotes, safe to paste into a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
