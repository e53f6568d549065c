public import Foundation

/// A request as an HTTP server received it: what ``MockServer`` answers.
public struct MockRequest: Sendable, Hashable {
    /// The method, such as `GET`.
    public var method: String
    /// The path and query as they arrived, still percent-encoded: `/countries/name/Germany?fullText=true`.
    public var target: String
    /// The header fields, in order.
    public var headers: [MockHeader]
    /// The body's bytes.
    public var body: Data

    /// A request of `method` for `target`.
    public init(method: String, target: String, headers: [MockHeader] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name` (case-insensitive), when the request has it.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A header field.
public struct MockHeader: Sendable, Hashable {
    /// Its name.
    public var name: String
    /// Its value.
    public var value: String

    /// The field `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What ``MockServer`` answers a request with.
public struct MockResponse: Sendable, Hashable {
    /// The status, such as 200.
    public var status: Int
    /// The header fields.
    public var headers: [MockHeader]
    /// The body's bytes.
    public var body: Data
    /// How long to wait before answering: the latency the request asked for (`Prefer: latency=300`).
    public var delay: Duration = .zero
    /// The spec's name of the endpoint that answered; `nil` when no endpoint has the request's path.
    public var endpoint: String?

    /// The response `status` with `headers` and `body`.
    public init(status: Int, headers: [MockHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A server that follows a spec, without a network: it routes each request to the spec's endpoint, checks it
/// as the spec says (parameters' and bodies' types, required fields, enumerations' values, credentials), and
/// answers with the endpoint's sample, or a value made from its answer's type. The `specsmith-mock`
/// executable serves it over HTTP; tests can call ``respond(to:)`` directly.
///
/// A request chooses another documented answer with `Prefer: code=404` (the error's body is made from its
/// type), asks for a made value over the sample with `Prefer: dynamic=true`, for latency with
/// `Prefer: latency=300` (milliseconds), and for a stream that fails mid-way with `Prefer: error-event=1` (its
/// first value, then its error event).
public struct MockServer: Sendable {
    /// The API it serves.
    public let api: API
    /// The credentials each scope is given, by the scope's name in the spec (`admin`): a token, an API key, or
    /// `user:password`. Empty, any credentials of the right scheme pass; given, a scope's credentials pass only
    /// where it may call (403 elsewhere), and credentials given to no scope are refused (401) but for scopes
    /// given none. `specsmith mock --token admin=…` sets them.
    public var tokens: [String: Set<String>] = [:]
    /// The endpoints by the paths they match, most specific first.
    let routes: [MockRoute]
    /// Makes values of the spec's types.
    let values: MockValues

    /// The paths of the base URL and the servers (`/v1`), longest first, which request paths may start with.
    let basePaths: [String]

    /// The largest request body it reads as JSON; a larger one is answered with 413.
    public static let maxJSONBody = 4 << 20

    /// A server of `api`.
    public init(api: API) {
        self.api = api
        self.routes = MockRoute.routes(of: api)
        self.values = MockValues(api: api)
        let urls = [api.baseURL] + api.servers.map(\.url)
        self.basePaths = Set(
            urls.compactMap { URL(string: $0)?.path }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
                .filter { !$0.isEmpty }
        )
        .sorted { $0.count > $1.count }
    }

    /// The answer to `request`.
    public func respond(to request: MockRequest) -> MockResponse {
        var (path, query) = MockRoute.split(request.target)
        var matching = routes.compactMap { route in route.match(path).map { (route, $0) } }
        // A client given the mock's address with the API's base path (`http://localhost:8080/v1`) sends it too.
        if matching.isEmpty, let prefix = basePaths.first(where: { path.hasPrefix($0 + "/") }) {
            path.removeFirst(prefix.count)
            matching = routes.compactMap { route in route.match(path).map { (route, $0) } }
        }
        guard !matching.isEmpty else {
            return response(to: MockRefusal(404, "not found", "no endpoint of the spec has the path `\(path)`"))
        }
        let method = request.method.uppercased()
        let forMethod = matching.filter { $0.0.operation.method.uppercased() == method }
        guard !forMethod.isEmpty else {
            let allowed = Set(matching.map { $0.0.operation.method.uppercased() }).sorted()
            var refusal = MockRefusal(405, "method not allowed", "`\(path)` is not an endpoint for \(method)")
            refusal.headers.append(MockHeader("Allow", allowed.joined(separator: ", ")))
            return response(to: refusal)
        }
        // The paths of one method match the most specific first; an endpoint's stream method shares its path.
        let candidates = forMethod.filter { $0.0.specificity == forMethod[0].0.specificity }
        let json = MockRequestCheck.jsonBody(request)
        let (route, pathValues) = candidates.first { $0.0.isChosen(by: request, json: json) } ?? candidates[0]
        let operation = route.operation
        let preferences = MockPreferences(request.header("Prefer"))
        let check = MockRequestCheck(api: api, operation: operation, models: values.models)
        var response: MockResponse
        if let refusal = check.credentials(of: request, query: query, tokens: tokens) {
            response = self.response(to: refusal, of: operation)
        } else {
            let problems = check.problems(of: request, path: pathValues, query: query, json: json)
            if let tooLarge = problems.first(where: { $0.status == 413 }) {
                response = self.response(to: MockRefusal(413, "content too large", problems: [tooLarge]), of: operation)
            } else if !problems.isEmpty {
                response = self.response(to: MockRefusal(400, "invalid request", problems: problems), of: operation)
            } else {
                response = answer(operation, preferences: preferences, query: query)
            }
        }
        response.delay = preferences.latency
        response.endpoint = operation.specName
        return response
    }

    /// The answer of `operation`: the one `Prefer: code=…` asks for, or its success answer.
    func answer(
        _ operation: Operation,
        preferences: MockPreferences,
        query: [(name: String, value: String)]
    ) -> MockResponse {
        let answer = MockAnswer(
            api: api,
            operation: operation,
            values: values,
            dynamic: preferences.dynamic,
            query: query
        )
        if let count = preferences.errorEvent {
            guard let response = answer.streamFailing(after: count) else {
                let message =
                    "`Prefer: error-event=\(count)` asks for an error event `\(operation.specName)` does not document (its stream has no `errorEvent` or `errorKey`)"
                return response(to: MockRefusal(400, "undocumented error event", message), of: operation)
            }
            return response
        }
        if let count = preferences.errorKey {
            guard let response = answer.streamFailing(after: count, keyed: true) else {
                let message =
                    "`Prefer: error-key=\(count)` asks for an error value `\(operation.specName)` does not document (its stream has no `errorKey`)"
                return response(to: MockRefusal(400, "undocumented error value", message), of: operation)
            }
            return response
        }
        guard let code = preferences.code else { return answer.success() }
        if let response = answer.documented(code) { return response }
        let documented = answer.documentedStatuses.joined(separator: ", ")
        let message =
            "`Prefer: code=\(code)` asks for a status `\(operation.specName)` does not document (it documents \(documented))"
        return response(to: MockRefusal(400, "undocumented status", message), of: operation)
    }

    /// The answer to a refused request. In the shape the endpoint documents for its status, when it documents
    /// one (`errors: 4XX: Problem`), or else the shape the API's other endpoints document for it (a refusal of a
    /// path no endpoint has, too): a value of that type, its text property of a message-like name (or its first)
    /// saying what was wrong, so that the client (or an official SDK) reads it as the API's typed error. Without
    /// one, `{"title": …, "status": …, "problems": […], "details": […]}` (`application/problem+json`): never
    /// a top-level `error` of text, which SDKs of APIs whose errors are `{"error": {…}}` misread. The problems
    /// are in `X-Mock-Problems` either way.
    func response(to refusal: MockRefusal, of operation: Operation? = nil) -> MockResponse {
        let messages = refusal.problems.map(\.message)
        // A header holds ASCII on one line.
        let summary = messages.joined(separator: "; ").unicodeScalars.map {
            $0.isASCII && $0.value >= 0x20 ? String($0) : "?"
        }
        .joined()
        let body: DocumentNode
        var contentType = "application/json"
        if let type = operation?.errorType(forStatus: refusal.status) ?? api.sharedErrorType(forStatus: refusal.status)
        {
            let value = values.value(type)
            body =
                values.messagePath(in: type).map {
                    value.replacing($0[...], with: .string(messages.joined(separator: "; ")))
                } ?? value
        } else {
            var object = DocumentObject()
            object["title"] = .string(refusal.error)
            object["status"] = .int(refusal.status)
            object["problems"] = .array(messages.map(DocumentNode.string))
            object["details"] = .array(
                refusal.problems.map { problem in
                    var entry = DocumentObject()
                    entry["in"] = .string(problem.place)
                    entry["name"] = .string(problem.name)
                    entry["message"] = .string(problem.message)
                    return .object(entry)
                }
            )
            body = .object(object)
            contentType = "application/problem+json"
        }
        return MockResponse(
            status: refusal.status,
            headers: [MockHeader("Content-Type", contentType)] + refusal.headers
                + [MockHeader("X-Mock-Problems", summary)],
            body: Data((body.jsonText() + "\n").utf8)
        )
    }
}

/// A request the mock refuses: the status, a word for it, and every problem.
struct MockRefusal {
    var status: Int
    var error: String
    var problems: [MockRequestCheck.Problem]
    /// Headers of the answer besides the content type: `Allow`, `WWW-Authenticate`.
    var headers: [MockHeader] = []

    init(_ status: Int, _ error: String, problems: [MockRequestCheck.Problem]) {
        self.status = status
        self.error = error
        self.problems = problems
    }

    /// A refusal for one reason that is no parameter's.
    init(_ status: Int, _ error: String, _ message: String) {
        self.init(status, error, problems: [MockRequestCheck.Problem(place: "request", name: "", message: message)])
    }
}

/// What a request's `Prefer` header asks of the mock: `code=404`, `dynamic=true`, `latency=300`,
/// `error-event=1` (a stream that fails with its error event after one value), `error-key=1` (with a value that
/// has its error key, when it has both).
struct MockPreferences {
    var code: Int?
    /// After how many values a stream sends its error event and ends.
    var errorEvent: Int?
    /// After how many values a stream sends a value with its error key (`errorKey`) and ends.
    var errorKey: Int?
    var dynamic = false
    var latency: Duration = .zero

    init(_ header: String?) {
        for part in (header ?? "").split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            switch pair[0].lowercased() {
            case "code": code = Int(value)
            case "dynamic": dynamic = value.lowercased() == "true"
            case "error-event": errorEvent = Int(value).map { max(0, $0) }
            case "error-key": errorKey = Int(value).map { max(0, $0) }
            case "latency":
                // At most a minute: a mock is for testing, not for holding connections.
                if let milliseconds = Int(value), milliseconds > 0 {
                    latency = .milliseconds(min(milliseconds, 60_000))
                }
            default: continue
            }
        }
    }
}
