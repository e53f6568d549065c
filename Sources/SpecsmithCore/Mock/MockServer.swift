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
/// type), asks for a made value over the sample with `Prefer: dynamic=true`, and for latency with
/// `Prefer: latency=300` (milliseconds).
public struct MockServer: Sendable {
    /// The API it serves.
    public let api: API
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
            return Self.problem(404, "not found", ["no endpoint of the spec has the path `\(path)`"])
        }
        let method = request.method.uppercased()
        let forMethod = matching.filter { $0.0.operation.method.uppercased() == method }
        guard !forMethod.isEmpty else {
            var response = Self.problem(
                405,
                "method not allowed",
                ["`\(path)` is not an endpoint for \(method)"]
            )
            let allowed = Set(matching.map { $0.0.operation.method.uppercased() }).sorted()
            response.headers.append(MockHeader("Allow", allowed.joined(separator: ", ")))
            return response
        }
        // The paths of one method match the most specific first; an endpoint's stream method shares its path.
        let candidates = forMethod.filter { $0.0.specificity == forMethod[0].0.specificity }
        let json = MockRequestCheck.jsonBody(request)
        let (route, pathValues) = candidates.first { $0.0.isChosen(by: json) } ?? candidates[0]
        let operation = route.operation
        var response: MockResponse
        let preferences = MockPreferences(request.header("Prefer"))
        if let refusal = MockRequestCheck.credentials(of: request, query: query, for: operation, in: api) {
            response = documented(refusal, of: operation)
        } else {
            let check = MockRequestCheck(api: api, operation: operation)
            let problems = check.problems(of: request, path: pathValues, query: query, json: json)
            if let tooLarge = problems.first(where: { $0.status == 413 }) {
                response = documented(Self.problem(413, "content too large", [tooLarge.message]), of: operation)
            } else if !problems.isEmpty {
                response = documented(
                    Self.problem(400, "invalid request", problems.map(\.message), details: problems),
                    of: operation
                )
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
        guard let code = preferences.code else { return answer.success() }
        if let response = answer.documented(code) { return response }
        return documented(
            Self.problem(
                400,
                "undocumented status",
                [
                    "`Prefer: code=\(code)` asks for a status `\(operation.specName)` does not document (it documents \(answer.documentedStatuses.joined(separator: ", ")))"
                ]
            ),
            of: operation
        )
    }

    /// A refusal in the shape the endpoint documents for its status, when it documents one (`errors: 4XX:
    /// Problem`): a value of that type, with the first text property of a message-like name (or the first
    /// text property) saying what was wrong, so that the client reads it as the spec's typed error. The
    /// mock's own `{"error": …, "problems": […]}` otherwise. The problems are in `X-Mock-Problems` either way.
    func documented(_ refusal: MockResponse, of operation: Operation) -> MockResponse {
        let object = (try? JSONSerialization.jsonObject(with: refusal.body)) as? [String: Any]
        let problems = object?["problems"] as? [String] ?? []
        var response = refusal
        // A header holds ASCII on one line.
        let summary = problems.joined(separator: "; ").unicodeScalars.map {
            $0.isASCII && $0.value >= 0x20 ? String($0) : "?"
        }.joined()
        response.headers.append(MockHeader("X-Mock-Problems", summary))
        let type =
            operation.errors.first { $0.pattern == .status(refusal.status) }?.type
            ?? operation.errors.first { $0.pattern == .statusClass(refusal.status / 100) }?.type
        guard let type else { return response }
        var value = values.value(type)
        if let path = values.messagePath(in: type) {
            value = value.replacing(path[...], with: .string(problems.joined(separator: "; ")))
        }
        response.body = Data((value.jsonText() + "\n").utf8)
        return response
    }

    /// A JSON answer naming what was wrong: `{"error": "invalid request", "problems": ["…"]}`.
    static func problem(
        _ status: Int,
        _ error: String,
        _ messages: [String],
        details: [MockRequestCheck.Problem] = []
    ) -> MockResponse {
        var object = DocumentObject()
        object["error"] = .string(error)
        object["problems"] = .array(messages.map(DocumentNode.string))
        if !details.isEmpty {
            object["details"] = .array(
                details.map { problem in
                    var entry = DocumentObject()
                    entry["in"] = .string(problem.place)
                    entry["name"] = .string(problem.name)
                    entry["message"] = .string(problem.message)
                    return .object(entry)
                }
            )
        }
        return MockResponse(
            status: status,
            headers: [MockHeader("Content-Type", "application/json")],
            body: Data((DocumentNode.object(object).jsonText() + "\n").utf8)
        )
    }
}

/// What a request's `Prefer` header asks of the mock: `code=404`, `dynamic=true`, `latency=300`.
struct MockPreferences {
    var code: Int?
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
