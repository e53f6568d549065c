public import Foundation
public import HTTPTypes
public import Hummingbird
public import SpecsmithRuntime

/// A request to one endpoint of a generated server, with what its route read: the path's values and the
/// body. Generated routes read its values with ``path(_:as:)``, ``query(_:as:separator:default:)`` and the
/// others, each giving a ``Parsed`` value, then take them all at once with ``values(_:)``, which throws a
/// ``RequestProblems`` naming every problem.
public struct ServerRequest: Sendable {
    /// The request as Hummingbird received it.
    public let request: Request
    /// The body, when the endpoint has one.
    public let body: ByteBuffer?
    /// How dates are written in the API's JSON.
    public let dates: DateCoding
    /// The endpoint's name in the spec.
    public let operation: String
    let pathValues: [String: String]
    let options: ServerOptions
    /// The route table's JSON coders, with the API's dates.
    let coders: Coders
    /// A file body, streamed to disk.
    var uploadedFile: URL?
    /// A multipart body's parts.
    var parts: [ReceivedPart] = []
    /// A form body's fields, percent-decoded, in order (``formFields(of:)``), split once by the route.
    var formFields: [(name: String, value: String)] = []
    /// The query's pairs, names and values decoded from the raw query as forms are (``formFields(of:)``), in
    /// order: `+` is a space, as the clients of most APIs send it (Python's SDKs among them), and `%2B` a plus.
    let queryPairs: [(name: String, value: String)]

    init(
        request: Request,
        pathValues: [String: String],
        body: ByteBuffer?,
        dates: DateCoding,
        coders: Coders,
        operation: String,
        options: ServerOptions
    ) {
        self.coders = coders
        self.request = request
        self.pathValues = pathValues
        self.body = body
        self.dates = dates
        self.operation = operation
        self.options = options
        self.queryPairs = request.uri.query.map { Self.formFields(of: $0) } ?? []
    }

    // MARK: Reading

    /// The path parameter `name`.
    public func path<Value: ParameterField>(_ name: String, as type: Value.Type) -> Parsed<Value> {
        read(.path, name, pathValues[name].map { [$0] } ?? [], separator: nil, default: nil)
    }

    /// The query parameter `name` (every value of a repeated key, or the pieces of one at `separator`; a list's
    /// items sent indexed, `name[0]=…`, or with empty brackets, `name[]=…`, too), or `default` when the request
    /// has none.
    public func query<Value: ParameterField>(
        _ name: String,
        as type: Value.Type,
        separator: String? = nil,
        default: Value? = nil
    ) -> Parsed<Value> {
        guard Value.isList else {
            return read(.query, name, queryValues(name), separator: separator, default: `default`)
        }
        switch BracketList.texts(name, in: queryPairs) {
        case .success(let texts): return read(.query, name, texts, separator: separator, default: `default`)
        case .failure(let problem):
            return Parsed(problem: RequestProblems.Problem(in: .query, name: name, message: "\(problem)"))
        }
    }

    /// The date in query parameter `name`, written as `dates` says (`secondsSince1970`).
    public func query<Value: DateParameter>(_ name: String, as type: Value.Type, dates: DateCoding) -> Parsed<Value> {
        dated(.query, name, queryValues(name), dates)
    }

    /// The date in header `name`, written as `dates` says.
    public func header<Value: DateParameter>(_ name: String, as type: Value.Type, dates: DateCoding) -> Parsed<Value> {
        dated(.header, name, HTTPField.Name(name).map { request.headers[values: $0] } ?? [], dates)
    }

    /// The date in path parameter `name`, written as `dates` says.
    public func path<Value: DateParameter>(_ name: String, as type: Value.Type, dates: DateCoding) -> Parsed<Value> {
        dated(.path, name, pathValues[name].map { [$0] } ?? [], dates)
    }

    private func dated<Value: DateParameter>(
        _ place: RequestProblems.Place,
        _ name: String,
        _ texts: [String],
        _ dates: DateCoding
    ) -> Parsed<Value> {
        switch Value.read(texts, dates: dates) {
        case .value(let value): return Parsed(value: value)
        case .missing:
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: "It is required."))
        case .invalid(let why): return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: why))
        }
    }

    /// The header `name`, or `default` when the request has none.
    public func header<Value: ParameterField>(
        _ name: String,
        as type: Value.Type,
        separator: String? = ",",
        default: Value? = nil
    ) -> Parsed<Value> {
        let texts = HTTPField.Name(name).map { request.headers[values: $0] } ?? []
        let trimmed = texts.map { $0.trimmingCharacters(in: .whitespaces) }
        return read(.header, name, trimmed, separator: separator, default: `default`)
    }

    /// The cookie `name`, or `default` when the request has none.
    public func cookie<Value: ParameterField>(
        _ name: String,
        as type: Value.Type,
        default: Value? = nil
    ) -> Parsed<Value> {
        var texts: [String] = []
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                texts.append(value.removingPercentEncoding ?? value)
            }
        }
        return read(.cookie, name, texts, separator: nil, default: `default`)
    }

    /// The form field `name` of a `application/x-www-form-urlencoded` body (a list's items repeated, indexed or
    /// with empty brackets), or `default` when it has none.
    public func field<Value: ParameterField>(
        _ name: String,
        as type: Value.Type,
        separator: String? = nil,
        default: Value? = nil
    ) -> Parsed<Value> {
        guard Value.isList else {
            let texts = formFields.filter { $0.name == name }.map(\.value)
            return read(.body, name, texts, separator: separator, default: `default`)
        }
        switch BracketList.texts(name, in: formFields) {
        case .success(let texts): return read(.body, name, texts, separator: separator, default: `default`)
        case .failure(let problem):
            return Parsed(problem: RequestProblems.Problem(in: .body, name: name, message: "\(problem)"))
        }
    }

    /// The JSON body as `type`: for an optional `type`, `nil` when the body is empty; otherwise a problem.
    public func json<Value: Decodable & Sendable>(_ type: Value.Type) -> Parsed<Value> {
        guard let body, body.readableBytes > 0 else {
            if let missing = Value.missingValue { return Parsed(value: missing) }
            return Parsed(problem: RequestProblems.Problem(in: .body, name: nil, message: "The body is missing."))
        }
        return decode(type, from: body)
    }

    /// The body's bytes.
    public func bytes() -> Parsed<Data> {
        Parsed(value: body.map { Data(buffer: $0) } ?? Data())
    }

    /// The body as UTF-8 text.
    public func text() -> Parsed<String> {
        Parsed(value: body.map { String(buffer: $0) } ?? "")
    }

    /// Every value of `parsed`, in order; throws a ``RequestProblems`` naming every problem among them.
    public func values<each Value>(_ parsed: repeat Parsed<each Value>) throws(RequestProblems) -> (repeat each Value) {
        var problems: [RequestProblems.Problem] = []
        for value in repeat each parsed {
            problems += value.problems
        }
        guard problems.isEmpty else { throw RequestProblems(problems) }
        return (repeat (each parsed).value!)
    }

    private func read<Value: ParameterField>(
        _ place: RequestProblems.Place,
        _ name: String,
        _ texts: [String],
        separator: String?,
        default: Value?
    ) -> Parsed<Value> {
        switch Value.read(texts, separator: separator) {
        case .value(let value): return Parsed(value: value)
        case .missing:
            if let `default` { return Parsed(value: `default`) }
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: "It is required."))
        case .invalid(let why):
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: why))
        }
    }

    private func decode<Value: Decodable & Sendable>(_ type: Value.Type, from body: ByteBuffer) -> Parsed<Value> {
        decode(type, from: Data(buffer: body), name: nil)
    }

    /// `data` as `type`, or every problem it has (the body's when `name` is `nil`, else the part's).
    func decode<Value: Decodable & Sendable>(_ type: Value.Type, from data: Data, name: String?) -> Parsed<Value> {
        switch BodyProblems.decode(type, from: data, decoder: coders.decoder, dates: dates) {
        case .value(let value): return Parsed(value: value)
        case .problems(let messages):
            return Parsed(
                value: nil,
                problems: messages.map { RequestProblems.Problem(in: .body, name: name, message: $0) }
            )
        }
    }

    /// The values of the query's pairs named `name`, in order.
    func queryValues(_ name: String) -> [String] {
        queryPairs.filter { $0.name == name }.map(\.value)
    }

    /// The fields of a form body, percent-decoded, in order. A pair without `=` is a name without a value; one
    /// without a name (`=x`) has the name `""`.
    static func formFields(of body: ByteBuffer) -> [(name: String, value: String)] {
        formFields(of: String(buffer: body))
    }

    /// The fields a JSON object stands for, as a form would send them (``BodyReading/formOrJSON``); `nil` when
    /// the body is not a JSON object.
    static func fields(ofJSON body: ByteBuffer) -> [(name: String, value: String)]? {
        let data = Data(buffer: body)
        guard StrictJSON.trailingComma(in: data) == nil,
            let object = try? JSONDecoder().decode([String: JSON].self, from: data)
        else { return nil }
        func text(_ value: JSON) -> String? {
            switch value {
            case .null: return nil
            case .bool(let flag): return flag ? "true" : "false"
            case .number(let number): return number.description
            case .string(let string): return string
            case .array, .object:
                return (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
            }
        }
        var fields: [(name: String, value: String)] = []
        for name in object.keys.sorted() {
            guard let value = object[name] else { continue }
            if case .array(let items) = value, !items.isEmpty,
                items.allSatisfy({ $0.kind != .array && $0.kind != .object })
            {
                fields += items.compactMap { item in text(item).map { (name, $0) } }
            } else if let text = text(value) {
                fields.append((name, text))
            }
        }
        return fields
    }

    /// The pairs of `text` written as a form (`a=1&b=x+y`), percent-decoded, `+` read as a space.
    static func formFields(of text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}

/// A route table's JSON encoder and decoder, with the API's dates.
struct Coders: Sendable {
    let encoder: JSONEncoder
    let decoder: JSONDecoder
}

/// A value read from a request, or the problem that kept it from being read.
public struct Parsed<Value: Sendable>: Sendable {
    /// The value; `nil` only with problems (an optional value's `nil` is `.some(nil)`).
    public var value: Value?
    /// What is wrong: nothing for a value read; for a JSON body, every problem it has.
    public var problems: [RequestProblems.Problem]

    /// A value read.
    public init(value: Value) {
        self.value = value
        self.problems = []
    }

    /// A value that could not be read.
    public init(problem: RequestProblems.Problem) {
        self.value = nil
        self.problems = [problem]
    }

    init(value: Value?, problems: [RequestProblems.Problem]) {
        self.value = value
        self.problems = problems
    }

    /// The value made into another, for a body whose fields are an endpoint's parameters.
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> Parsed<Other> {
        Parsed<Other>(value: value.map(transform), problems: problems)
    }
}

/// Every problem of a request that does not follow its endpoint's spec: answered with `400 Bad Request`.
public struct RequestProblems: Error, Sendable, Hashable, Encodable {
    /// Where a problem is.
    public enum Place: String, Sendable, Hashable, Encodable {
        case path, query, header, cookie, body
    }

    /// One problem.
    public struct Problem: Sendable, Hashable, Encodable {
        /// Where it is.
        public var place: Place
        /// The parameter's name; `nil` for the body as a whole.
        public var name: String?
        /// What is wrong.
        public var message: String

        /// A problem of the parameter `name` in `place`.
        public init(in place: Place, name: String?, message: String) {
            self.place = place
            self.name = name
            self.message = message
        }

        enum CodingKeys: String, CodingKey {
            case place = "in"
            case name, message
        }

        /// `query parameter page: It is required.`
        public var description: String {
            let what = name.map { "\(place.rawValue) parameter `\($0)`" } ?? place.rawValue
            return "\(what): \(message)"
        }
    }

    /// The problems, in the order the endpoint's parameters are read.
    public var problems: [Problem]

    /// These problems.
    public init(_ problems: [Problem]) {
        self.problems = problems
    }

    /// One line for all: `query parameter page: It is required.; body: …`.
    public var message: String {
        problems.map(\.description).joined(separator: "; ")
    }
}

/// An answer that refuses a request: `401` without valid credentials, `403` for credentials of another scope.
public struct ServerRefusal: Error, Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// Why.
    public var message: String
    /// Headers to send, such as `WWW-Authenticate`.
    public var headers: HTTPFields

    /// A refusal with this status and message.
    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    var response: Response {
        var response = ServerRequest.problemResponse(status: status, title: message, problems: [])
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// What a value that may be missing is when it is: `Optional`'s `nil`. The readers of JSON, JSON parts and
/// objects are one generic method each, not an overload for optionals: a route reads all its values in one
/// ``ServerRequest/values(_:)`` call, where every overload of a generic method doubles what the type checker
/// tries (a route of 14 optional objects did not type-check in reasonable time).
protocol MissingValue {
    /// The value of a missing one.
    static var missing: Self { get }
}

extension Optional: MissingValue {
    static var missing: Self { nil }
}

extension Decodable {
    /// The value of a missing `Self`: `nil` when `Self` is optional, otherwise `nil` of `Self?` (none).
    static var missingValue: Self? {
        (Self.self as? any MissingValue.Type)?.missing as? Self
    }
}
