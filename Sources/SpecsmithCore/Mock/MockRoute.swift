import Foundation

/// An endpoint's path template as the mock matches request paths against it.
struct MockRoute: Sendable {
    /// The endpoint.
    let operation: Operation
    /// How many characters of the template are literal text: a path that several templates match goes to
    /// the most literal (`/users/me` before `/users/{id}`).
    let specificity: Int
    /// For an endpoint's stream method, the body field or query parameter and the value that ask for it
    /// (`"stream": true`, `?follow=true`).
    let streamCondition: StreamCondition?

    /// What asks for an endpoint's stream method: `key` set to `value`, in the body or in the query.
    struct StreamCondition {
        var key: String
        var value: DefaultValue
        var inQuery = false
    }

    /// The routes of `api`'s endpoints, most specific first; of two with one path, the stream method first,
    /// so that a body asking for the stream gets it.
    static func routes(of api: API) -> [MockRoute] {
        let routes = api.operations.map { operation in
            let specificity = operation.path.reduce(0) { count, part in
                if case .literal(let text) = part { return count + text.count }
                return count
            }
            return MockRoute(
                operation: operation,
                specificity: specificity,
                streamCondition: streamCondition(of: operation, in: api)
            )
        }
        return routes.enumerated().sorted { left, right in
            if left.element.specificity != right.element.specificity {
                return left.element.specificity > right.element.specificity
            }
            let (leftStream, rightStream) = (left.element.streamCondition != nil, right.element.streamCondition != nil)
            if leftStream != rightStream { return leftStream }
            return left.offset < right.offset
        }
        .map(\.element)
    }

    /// The body field or query parameter, and the value, that ask for the stream method `operation`, if it is
    /// one.
    static func streamCondition(of operation: Operation, in api: API) -> StreamCondition? {
        guard operation.responseBody.streamElement != nil else { return nil }
        if let item = operation.addedQueryItem {
            return StreamCondition(key: item, value: operation.addedValue, inQuery: true)
        }
        if let field = operation.addedBodyField { return StreamCondition(key: field, value: operation.addedValue) }
        guard case .fields(let model, _, _)? = operation.body, let found = api.model(named: model),
            case .object(let properties) = found.shape,
            let constant = properties.first(where: { $0.constant != nil }), let value = constant.constant
        else { return nil }
        return StreamCondition(key: constant.key, value: value)
    }

    /// Whether `request` (with this JSON body, if any) is for this endpoint: always, but for a stream method,
    /// whose request must ask for the stream, in a query parameter, a JSON key, a form field or a multipart
    /// text part.
    func isChosen(by request: MockRequest, json: YAMLValue?) -> Bool {
        guard let condition = streamCondition else { return true }
        if !condition.inQuery, case .mapping(let entries)? = json?.kind {
            guard let field = entries.first(where: { $0.key.value == condition.key }) else { return false }
            return SampleChecker.matches(field.value, condition.value)
        }
        guard let expected = condition.value.fieldText else { return false }
        if condition.inQuery {
            return Self.split(request.target).query.contains { $0.name == condition.key && $0.value == expected }
        }
        return Self.formText(condition.key, of: request) == expected
    }

    /// The text of the field `name` of a form body, or of the text part `name` of a multipart body.
    static func formText(_ name: String, of request: MockRequest) -> String? {
        let contentType = request.header("Content-Type") ?? ""
        if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            return formFields(of: request.body).first { $0.name == name }?.value
        }
        guard let boundary = MockMultipart.boundary(of: contentType),
            let part = MockMultipart.parts(of: request.body, boundary: boundary)?.first(where: { $0.name == name })
        else { return nil }
        return String(decoding: part.body, as: UTF8.self)
    }

    /// The values of the path's parameters by their Swift names, percent-decoded, when `path` (still
    /// percent-encoded) is this template's; `nil` when it is not.
    func match(_ path: String) -> [String: String]? {
        var rest = Substring(path)
        var values: [String: String] = [:]
        let parts = operation.path
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let text):
                guard rest.hasPrefix(text) else { return nil }
                rest = rest.dropFirst(text.count)
            case .parameter(let name):
                // A value runs to the end of its segment, or to the literal text after it in the segment.
                let segment = rest.prefix { $0 != "/" }
                var value = segment
                if index + 1 < parts.count, case .literal(let next) = parts[index + 1], !next.hasPrefix("/") {
                    guard let end = segment.range(of: next.prefix { $0 != "/" }) else { return nil }
                    value = segment[..<end.lowerBound]
                }
                guard !value.isEmpty, let decoded = String(value).removingPercentEncoding else { return nil }
                values[name] = decoded
                rest = rest.dropFirst(value.count)
            }
        }
        return rest.isEmpty ? values : nil
    }

    /// The fields of a form body (`application/x-www-form-urlencoded`), percent-decoded, in order.
    static func formFields(of body: Data) -> [(name: String, value: String)] {
        split("?" + String(decoding: body, as: UTF8.self)).query
    }

    /// A request target split into its path and its query's items, percent-decoded, in order; in the query, `+`
    /// is a space (as most clients send it, and as forms are written) and `%2B` a plus.
    static func split(_ target: String) -> (path: String, query: [(name: String, value: String)]) {
        let withoutFragment = target.prefix { $0 != "#" }
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (String(withoutFragment), []) }
        let query = withoutFragment[withoutFragment.index(after: mark)...]
        let items = query.split(separator: "&").map { item -> (name: String, value: String) in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
        return (String(withoutFragment[..<mark]), items)
    }
}
