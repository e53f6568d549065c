import Foundation

/// The answers the mock gives an endpoint: its success answer (the sample, or a made-up value of its type),
/// any other documented answer, and its documented error bodies.
struct MockAnswer {
    let api: API
    let operation: Operation
    let values: MockValues
    /// Whether a made-up value is asked for over the sample (`Prefer: dynamic=true`).
    let dynamic: Bool
    /// The request's query, which says whether a paged list's first page is asked for.
    let query: [(name: String, value: String)]

    /// The statuses the endpoint documents, for messages.
    var documentedStatuses: [String] {
        let answers = operation.answers?.cases.map { String($0.status) } ?? [String(successStatus)]
        let errors = operation.errors.map { error -> String in
            switch error.pattern {
            case .status(let status): String(status)
            case .statusClass(let digit): "\(digit)XX"
            }
        }
        return answers + errors
    }

    /// The status of the one answer: the one the spec documents (`201`), else `200`, or `204` without a body.
    private var successStatus: Int {
        operation.successStatus ?? (operation.responseBody == .none && operation.method != "head" ? 204 : 200)
    }

    /// The success answer: the first 2xx of several, or the one.
    func success() -> MockResponse {
        if let answers = operation.answers,
            let first = answers.cases.first(where: { (200..<300).contains($0.status) }) ?? answers.cases.first
        {
            return response(first.status, first.body, sample: nil)
        }
        return response(successStatus, operation.responseBody, sample: dynamic ? nil : operation.sample)
    }

    /// The success answer of a stream that fails mid-way: its first `count` values, then its error, a value of
    /// its documented error body, and nothing after: the error event's data, or, for a stream whose errors are
    /// values with a key (`errorKey`), the next event's data or line. `nil` when the endpoint's stream documents
    /// no error. With `keyed`, the value with the key even when the stream also has an error event (`nil` when it
    /// has no `errorKey`).
    func streamFailing(after count: Int, keyed: Bool = false) -> MockResponse? {
        let errorType: TypeRef?
        let errorEvent = keyed ? nil : operation.streamErrorEvent
        if errorEvent != nil {
            errorType = operation.errors.first?.type
        } else if let key = operation.streamErrorKey {
            // The error body that has the key.
            errorType =
                operation.errors.first { error in
                    guard case .model(let name) = error.type,
                        case .object(let properties)? = api.model(named: name)?.shape
                    else { return false }
                    return properties.contains { $0.key == key }
                }?.type
        } else {
            errorType = nil
        }
        guard let errorType else { return nil }
        var response = success()
        let text = String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let data = values.value(errorType).jsonText(indentation: nil)
        if case .jsonLines = operation.responseBody {
            let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
            response.body = Data((lines.prefix(count).map { $0 + "\n" }.joined() + data + "\n").utf8)
            return response
        }
        let end: String? =
            switch operation.responseBody {
            case .events(_, let terminator), .namedEvents(_, let terminator): terminator.map { "data: \($0)" }
            default: nil
            }
        let events = text.components(separatedBy: "\n\n").filter { event in
            !event.isEmpty && !event.split(separator: "\n").contains { String($0) == end }
        }
        let name = errorEvent.map { "event: \($0)\n" } ?? ""
        let stream = events.prefix(count).map { $0 + "\n\n" }.joined() + "\(name)data: \(data)\n\n"
        response.body = Data(stream.utf8)
        return response
    }

    /// The documented answer of status `code`, or its documented error; `nil` when it documents neither.
    func documented(_ code: Int) -> MockResponse? {
        if let answers = operation.answers {
            if let answer = answers.cases.first(where: { $0.status == code }) {
                return response(answer.status, answer.body, sample: nil)
            }
        } else if code == successStatus {
            return success()
        }
        guard (400..<600).contains(code), let type = operation.errorType(forStatus: code) else { return nil }
        return json(code, values.value(type))
    }

    /// An answer of `status` with `body`: the sample's bytes when there is one, else a made-up value.
    private func response(_ status: Int, _ body: Operation.AnswerBody, sample: String?) -> MockResponse {
        var response: MockResponse
        switch body {
        case .none:
            response = MockResponse(status: status)
        case .json(let type):
            if let sample {
                response = MockResponse(
                    status: status,
                    headers: [MockHeader("Content-Type", "application/json")],
                    body: Data(sample.utf8)
                )
            } else {
                response = json(status, paged(values.value(type)))
            }
        case .text(let accept):
            response = MockResponse(
                status: status,
                headers: [
                    MockHeader("Content-Type", Self.concrete(accept, otherwise: "text/plain") + "; charset=utf-8")
                ],
                body: Data((sample ?? "text").utf8)
            )
        case .bytes(let accept), .file(let accept):
            response = MockResponse(
                status: status,
                headers: [MockHeader("Content-Type", Self.concrete(accept, otherwise: "application/octet-stream"))],
                body: Data((sample ?? "mock bytes").utf8)
            )
        case .events, .namedEvents, .jsonLines:
            response = MockResponse(
                status: status,
                headers: [MockHeader("Content-Type", body.accept ?? "text/event-stream")],
                body: Data((sample ?? madeUpStream(body)).utf8)
            )
        }
        response.headers += headers()
        return response
    }

    /// A JSON answer.
    private func json(_ status: Int, _ value: DocumentNode) -> MockResponse {
        MockResponse(
            status: status,
            headers: [MockHeader("Content-Type", "application/json")],
            body: Data((value.jsonText() + "\n").utf8)
        )
    }

    /// A default's text as a query sends it.
    private static func text(_ value: DefaultValue) -> String? {
        switch value {
        case .int(let number): String(number)
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A media type to answer with for one asked for, which may be a pattern (`image/*`).
    private static func concrete(_ accept: String, otherwise fallback: String) -> String {
        accept.contains("*") ? fallback : accept
    }

    /// Two made-up values of a stream, as it sends them, and its terminator.
    private func madeUpStream(_ body: Operation.AnswerBody) -> String {
        switch body {
        case .events(let element, let terminator):
            let data = values.value(element).jsonText(indentation: nil)
            return "data: \(data)\n\ndata: \(data)\n\n" + (terminator.map { "data: \($0)\n\n" } ?? "")
        case .namedEvents(let union, let terminator):
            let events = union.cases.map { event in
                "event: \(event.event)\ndata: \(event.type == .void ? "" : values.value(event.type).jsonText(indentation: nil))\n\n"
            }
            return events.joined() + (terminator.map { "data: \($0)\n\n" } ?? "")
        case .jsonLines(let element):
            let line = values.value(element).jsonText(indentation: nil)
            return line + "\n" + line + "\n"
        default:
            return ""
        }
    }

    /// The documented response headers that are always sent, with made-up values.
    private func headers() -> [MockHeader] {
        (operation.responseHeaders?.headers ?? []).compactMap { header in
            guard !header.type.isOptional else { return nil }
            let text: String
            switch header.type.unwrapped {
            case .builtin(.date) where header.dates == nil: text = "Mon, 01 Jan 2024 00:00:00 GMT"
            case .builtin(let builtin):
                switch values.value(.builtin(builtin), dates: header.dates) {
                case .string(let value): text = value
                case .int(let number): text = String(number)
                case .double(let number): text = String(number)
                case .bool(let flag): text = flag ? "true" : "false"
                default: text = ""
                }
            default: text = "<https://example.com/>; rel=\"self\""  // the runtime's `Links`
            }
            return MockHeader(header.wireName, text)
        }
    }

    /// A made-up page of a paged list, made the last: its cursor gone, `has_more` false, one page in all;
    /// a page after the first (the request names a cursor, an item, a later page or an offset) is empty, so
    /// that a client reading every page stops.
    private func paged(_ value: DocumentNode) -> DocumentNode {
        guard let pagination = operation.pagination else { return value }
        let items = api.keys(of: pagination.items, from: operation.response)[...]
        var page = value
        var later = false
        switch pagination.kind {
        case .link: break
        case .url(let next):
            // The one page names no next page.
            page = page.replacing(
                api.keys(of: next, from: operation.response)[...],
                with: next.type.isOptional || next.isOptional ? nil : .string("")
            )
        case .cursor(let cursor, let parameter):
            // A cursor other than the parameter's default (which the first request may send) is a later page's.
            let first = operation.parameters.first { $0.wireName == parameter }?.defaultValue.flatMap(Self.text)
            later = query.contains { $0.name == parameter && $0.value != first }
            page = page.replacing(
                api.keys(of: cursor, from: operation.response)[...],
                with: cursor.type.isOptional || cursor.isOptional ? nil : .string("")
            )
        case .after(let parameter, _, let hasMore):
            later = query.contains { $0.name == parameter }
            if let hasMore {
                page = page.replacing(api.keys(of: hasMore, from: operation.response)[...], with: .bool(false))
            }
        case .page(let parameter, let first, _, let totalPages):
            later = query.contains { $0.name == parameter && Int($0.value).map { $0 > first } == true }
            if let totalPages {
                page = page.replacing(api.keys(of: totalPages, from: operation.response)[...], with: .int(1))
            }
        case .offset(let parameter, _, let totalItems):
            later = query.contains { $0.name == parameter && Int($0.value).map { $0 > 0 } == true }
            if let totalItems {
                page = page.replacing(
                    api.keys(of: totalItems, from: operation.response)[...],
                    with: .int(later ? 0 : 1)
                )
            }
        }
        guard later else { return page }
        return items.isEmpty ? .array([]) : page.replacing(items, with: .array([]))
    }
}
