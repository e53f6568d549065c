public import Foundation

/// How ``URLSessionTransport`` follows redirects, so that nothing is sent where the caller did not mean it to
/// go and nothing is silently lost.
///
/// - `301`, `302`, `307` and `308` are followed with the same method and body (a `POST` is not turned into a
///   `GET` that drops its body); `303 See Other` is followed with a `GET` without a body, as it asks.
/// - To another origin (scheme, host or port; `localhost` and `127.0.0.1` are different hosts), credentials
///   and cookies are not sent: `Authorization`, `Proxy-Authorization`, `Cookie`, and every header the request
///   marks as sensitive (an API key's). A request with a body (a login's password, a token request's secret)
///   is not followed there at all: the redirect itself is the response.
/// - From `https` to `http`, it is not followed: the redirect itself is the response.
public enum RedirectPolicy {
    /// The redirect statuses that are followed.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers that never go to another origin, besides those a request marks as sensitive.
    public static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The request that follows `response` to `request`, or `nil` when `response` is not a redirect to follow.
    public static func request(following response: RawResponse, from request: TransportRequest) -> TransportRequest? {
        guard statuses.contains(response.status), let location = response.header("Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        if request.url.scheme?.lowercased() == "https" && scheme == "http" { return nil }
        var next = request
        next.url = target
        if response.status == 303 && request.method != .head {
            next.method = .get
            next.body = nil
            next.bodyFile = nil
            next.headers.removeAll { ["content-type", "content-length"].contains($0.name.lowercased()) }
        }
        if !isSameOrigin(request.url, target) {
            // A body (a password, a token request's secret) never goes to another origin: the redirect is the
            // answer.
            if next.body != nil || next.bodyFile != nil { return nil }
            let secret = credentialHeaders.union(request.sensitiveNames)
            next.headers.removeAll { secret.contains($0.name.lowercased()) }
        }
        return next
    }

    /// Whether two URLs have the same scheme, host and port (default ports included).
    public static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let a = origin(first), let b = origin(second) else { return false }
        return a == b
    }
}
