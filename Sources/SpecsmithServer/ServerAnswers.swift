public import Foundation
import HTTPTypes
public import Hummingbird
public import SpecsmithRuntime

/// What a handler of an endpoint that documents error bodies answers: its answer, or one of its documented
/// errors with the status it is documented for.
///
/// ```swift
/// func countryByName(_ name: String, fullText: Bool?) async throws -> Reply<[Country], ErrorMessage> {
///     let found = countries.filter { $0.name == name }
///     guard !found.isEmpty else { return .error(ErrorMessage(status: 404, message: "Not Found"), status: 404) }
///     return .answer(found)
/// }
/// ```
public enum Reply<Answer: Sendable, ErrorBody: Sendable>: Sendable {
    /// The endpoint's answer.
    case answer(Answer)
    /// A documented error: its body, and a status the endpoint documents for a body of its type. Another
    /// status is answered with `500 Internal Server Error`, and logged.
    case error(ErrorBody, status: Int)
}

extension ServerRequest {
    /// `value` as JSON, written with the API's dates, with `status`.
    public func json<Value: Encodable>(_ value: Value, status: Int = 200) throws -> Response {
        Self.jsonResponse(try coders.encoder.encode(value), status: HTTPResponse.Status(code: status))
    }

    /// `data`, JSON already, with `status`.
    static func jsonResponse(_ data: Data, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `value` as JSON, or for `nil` an answer without a body (`204 No Content`).
    public func jsonOrEmpty<Value: Encodable>(_ value: Value?, status: Int = 200) throws -> Response {
        guard let value else { return empty() }
        return try json(value, status: status)
    }

    /// An answer without a body.
    public func empty(status: Int = 204) -> Response {
        Response(status: HTTPResponse.Status(code: status))
    }

    /// `text` as UTF-8, of media type `contentType`.
    public func text(_ text: String, contentType: String = "text/plain", status: Int = 200) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType.contains("charset") ? contentType : contentType + "; charset=utf-8"
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// `data` as it is, of media type `contentType`.
    public func bytes(_ data: Data, contentType: String, status: Int = 200) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// A documented error body as JSON, when `status` is one it is documented for: matched by `documented`
    /// and none of `except` (the statuses documented with a body of another type). Otherwise the handler
    /// broke its endpoint's contract: `500`, logged.
    public func error<Body: Encodable>(
        _ body: Body,
        status: Int,
        documented: [StatusPattern],
        except: [Int] = []
    ) throws -> Response {
        guard documented.contains(where: { $0.matches(status) }), !except.contains(status) else {
            options.log(
                "\(operation): the handler answered a \(String(describing: Body.self)) with status \(status), "
                    + "which the endpoint does not document for it"
            )
            return Self.problemResponse(
                status: .internalServerError,
                title: "The server failed to answer.",
                problems: []
            )
        }
        return try json(body, status: status)
    }

    /// Adds `value` as the header `name`, when it is there.
    public func header(_ name: String, _ value: (any ParameterValue)?, to response: inout Response) {
        guard let value, let field = HTTPField.Name(name) else { return }
        response.headers.append(HTTPField(name: field, value: value.parameterText))
    }

    /// The `400 Bad Request` answer naming every problem of `problems`.
    public func problemResponse(_ problems: RequestProblems) -> Response {
        Self.problemResponse(
            status: .badRequest,
            title: "The request does not follow the API.",
            problems: problems.problems
        )
    }

    /// A refused request's answer: the body `body` makes of the problems (the API's documented error body for
    /// `status`), encoded by `encoder`, when there is one and it encodes; else `application/problem+json`.
    /// Without problems, `body` is given one at `place` saying `title`, so that the documented body says why.
    static func refusal(
        status: HTTPResponse.Status,
        title: String,
        problems: [RequestProblems.Problem],
        place: RequestProblems.Place,
        body: (@Sendable (RequestProblems) -> any Encodable & Sendable)?,
        encoder: JSONEncoder
    ) -> Response {
        if let body {
            let named = problems.isEmpty ? [RequestProblems.Problem(in: place, name: nil, message: title)] : problems
            if let data = try? encoder.encode(body(RequestProblems(named))) {
                return jsonResponse(data, status: status)
            }
        }
        return problemResponse(status: status, title: title, problems: problems)
    }

    /// An `application/problem+json` answer (RFC 9457): `title`, `status` and the `problems`.
    static func problemResponse(
        status: HTTPResponse.Status,
        title: String,
        problems: [RequestProblems.Problem]
    ) -> Response {
        struct Body: Encodable {
            var title: String
            var status: Int
            var problems: [RequestProblems.Problem]?
        }
        let body = Body(title: title, status: status.code, problems: problems.isEmpty ? nil : problems)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
