/// What HTTP calls its statuses.
enum HTTPStatus {
    /// The reason phrase of `status` (`Not Found`), for the statuses APIs document; `nil` for others.
    static func reasonPhrase(_ status: Int) -> String? {
        phrases[status]
    }

    private static let phrases: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
        308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 409: "Conflict", 410: "Gone", 412: "Precondition Failed",
        413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
    ]
}
