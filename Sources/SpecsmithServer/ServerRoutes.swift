public import Foundation
public import HTTPTypes
public import Hummingbird
// What generated servers' signatures name of the runtime (`Credential`, `AuthorizationScope`, `JSON`): apps
// that import SpecsmithServer see them too.
@_exported public import SpecsmithRuntime

#if !Server
    #error(
        "SpecsmithServer needs the package trait Server: in Package.swift, `.package(url: …, from: …, traits: [\"Server\"])`; in Xcode, tick Server among the package's traits; Specsmith's own build: `swift build --enable-all-traits`"
    )
#endif

/// How a generated server reads requests and writes answers.
public struct ServerOptions: Sendable {
    /// The largest request body read into memory; a larger one is answered with `413 Content Too Large`.
    public var maxBodySize: Int
    /// The largest upload streamed to disk (a file body, or a multipart body with its files); a larger one is
    /// answered with `413 Content Too Large`.
    public var maxUploadSize: Int
    /// Where uploads are streamed to; the handler's files are deleted once it has answered.
    public var uploadsDirectory: URL
    /// Whether `registerRoutes(on:options:)` on a root router answers a request no route matches with `404`
    /// and a body naming it (``UnmatchedPathMiddleware``), rather than the router's empty `404`.
    public var answersUnmatchedPaths: Bool
    /// Receives a line for each handler failure answered with `500`, and for each answer a handler gave with
    /// a status its endpoint does not document. The default writes nothing; pass `{ print($0) }` or your
    /// logger.
    public var log: @Sendable (String) -> Void

    /// Options with these values.
    public init(
        maxBodySize: Int = 2 << 20,
        maxUploadSize: Int = 1 << 30,
        uploadsDirectory: URL = FileManager.default.temporaryDirectory,
        answersUnmatchedPaths: Bool = true,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.maxBodySize = maxBodySize
        self.maxUploadSize = maxUploadSize
        self.uploadsDirectory = uploadsDirectory
        self.answersUnmatchedPaths = answersUnmatchedPaths
        self.log = log
    }
}

/// What generated `registerRoutes(on:)` methods add routes with: one route per endpoint of a spec, each
/// reading its request into typed values, calling the service, and writing its answer with the API's date
/// and key rules.
public struct ServerRoutes<Router: RouterMethods> {
    /// The router routes are added to.
    public let router: Router
    /// How dates are written in the API's JSON.
    public let dates: DateCoding
    /// Limits and logging.
    public let options: ServerOptions

    /// The API's coders, made once for every request the routes answer (both are safe to share).
    let coders: Coders

    /// Routes on `router` for an API that writes dates as `dates`.
    public init(_ router: Router, dates: DateCoding, options: ServerOptions) {
        self.router = router
        self.dates = dates
        self.options = options
        self.coders = Coders(encoder: dates.makeEncoder(), decoder: dates.makeDecoder())
    }

    /// The methods a route of another method is answered `405 Method Not Allowed` for.
    static var refusedMethods: [HTTPRequest.Method] { [.get, .post, .put, .patch, .delete] }

    /// Answers a request of a method no endpoint of its path has with `405 Method Not Allowed`, its `Allow`
    /// header naming the path's methods, rather than the router's empty `404`, which a client cannot tell from
    /// "no such thing". `methods` are the served methods of each path template (`/notes/{id}`); generated
    /// `registerRoutes(on:options:)` calls this after adding its routes. A route the app adds later for one of
    /// those methods on that path replaces the refusal. The answer's body is the one `body` makes of the problem
    /// (the API's documented error body for `405`, or for 4xx, when it has one), else `application/problem+json`.
    public func refuseOtherMethods(
        _ methods: [String: [HTTPRequest.Method]],
        body: (@Sendable (RequestProblems) -> any Encodable & Sendable)? = nil
    ) {
        let encoder = coders.encoder
        for (path, served) in methods.sorted(by: { $0.key < $1.key }) {
            let allow = served.map(\.rawValue).joined(separator: ", ")
            let template = RouteTemplate(path)
            for method in Self.refusedMethods where !served.contains(method) {
                router.on(template.routerPath, method: method) { (request: Request, _: Router.Context) -> Response in
                    let title = "\(request.uri.path) is not served for \(method.rawValue); it is for \(allow)."
                    var response = ServerRequest.refusal(
                        status: .methodNotAllowed,
                        title: title,
                        problems: [],
                        place: .path,
                        body: body,
                        encoder: encoder
                    )
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
    }

    /// On a root router, unless ``ServerOptions/answersUnmatchedPaths`` is `false`, answers a request no route
    /// matches with `404` and a body naming it (``UnmatchedPathMiddleware``): the one `body` makes (the API's
    /// documented error body for `404`, or for 4xx), else `application/problem+json`. On a group, does nothing:
    /// the root router answers the requests no route matches. Generated `registerRoutes(on:options:)` calls it
    /// after adding its routes, so that the routes themselves run without it.
    public func answerUnmatchedPaths(body: (@Sendable (RequestProblems) -> any Encodable & Sendable)? = nil) {
        guard options.answersUnmatchedPaths, let root = router as? Hummingbird.Router<Router.Context> else { return }
        root.add(middleware: UnmatchedPathMiddleware<Router.Context>(body: body, encoder: coders.encoder))
    }

    /// Adds the route of the endpoint `operation`: `method` on `path`, a template such as `/notes/{id}`. With
    /// `body`, the request's body is read first, as it says. `handle` reads the
    /// request's values and answers; a ``RequestProblems`` it throws becomes `400 Bad Request`, a
    /// ``ServerRefusal`` its own status (`401`, `403`), each with the body `invalid` makes of the problems when
    /// the endpoint documents one (else `application/problem+json`), or the body `refusals` makes for that status
    /// when the endpoint documents another type for it; anything else becomes `500 Internal Server Error`.
    public func add(
        _ method: HTTPRequest.Method,
        _ path: String,
        operation: String,
        body: BodyReading? = nil,
        invalid: (@Sendable (RequestProblems) -> any Encodable & Sendable)? = nil,
        refusals: [Int: @Sendable (RequestProblems) -> any Encodable & Sendable] = [:],
        _ handle: @escaping @Sendable (ServerRequest) async throws -> Response
    ) {
        let template = RouteTemplate(path)
        let dates = self.dates
        let options = self.options
        let coders = self.coders
        // A refused request (a body too large or not what the endpoint reads, values with problems, missing
        // credentials): in the endpoint's error body when it documents one, else `application/problem+json`.
        let refuse = { @Sendable (status: HTTPResponse.Status, title: String, problems: [RequestProblems.Problem]) in
            ServerRequest.refusal(
                status: status,
                title: title,
                problems: problems,
                place: .body,
                body: refusals[status.code] ?? invalid,
                encoder: coders.encoder
            )
        }
        router.on(template.routerPath, method: method) { (request: Request, context: Router.Context) -> Response in
            var collected: ByteBuffer?
            var uploadedFile: URL?
            var parts: [ReceivedPart] = []
            var uploads: Uploads?
            defer { uploads?.remove() }
            switch body {
            case nil: break
            case .collect?, .form?, .formOrJSON?:
                do {
                    collected = try await request.body.collect(upTo: options.maxBodySize)
                } catch {
                    return refuse(.contentTooLarge, "The request body is larger than \(options.maxBodySize) bytes.", [])
                }
            case .file?, .multipart?:
                let files = Uploads(directory: options.uploadsDirectory)
                uploads = files
                let file = files.newFile()
                do {
                    try files.create()
                    guard try await UploadReader.write(request.body, to: file, limit: options.maxUploadSize) else {
                        return refuse(.contentTooLarge, "The upload is larger than \(options.maxUploadSize) bytes.", [])
                    }
                } catch {
                    options.log("\(operation): the upload could not be stored: \(error)")
                    return ServerRequest.problemResponse(
                        status: .internalServerError,
                        title: "The upload could not be stored.",
                        problems: []
                    )
                }
                uploadedFile = file
                if body == .multipart {
                    let boundary = request.headers[.contentType].flatMap { UploadReader.parameter("boundary", of: $0) }
                    guard let boundary, let read = try? UploadReader.parts(of: file, boundary: boundary, uploads: files)
                    else {
                        let problem = RequestProblems.Problem(
                            in: .body,
                            name: nil,
                            message: "The body is not multipart/form-data."
                        )
                        return refuse(.badRequest, "The request does not follow the API.", [problem])
                    }
                    parts = read
                }
            }
            var serverRequest = ServerRequest(
                request: request,
                pathValues: template.values(from: context.parameters),
                body: collected,
                dates: dates,
                coders: coders,
                operation: operation,
                options: options
            )
            serverRequest.uploadedFile = uploadedFile
            serverRequest.parts = parts
            if body == .form || body == .formOrJSON, let collected {
                let type = request.headers[.contentType]?.lowercased() ?? ""
                if body == .formOrJSON, type.hasPrefix("application/json") || type.contains("+json") {
                    guard let fields = ServerRequest.fields(ofJSON: collected) else {
                        let problem = RequestProblems.Problem(
                            in: .body,
                            name: nil,
                            message: "The body is not a JSON object."
                        )
                        return refuse(.badRequest, "The request does not follow the API.", [problem])
                    }
                    serverRequest.formFields = fields
                } else {
                    serverRequest.formFields = ServerRequest.formFields(of: collected)
                }
            }
            do {
                return try await handle(serverRequest)
            } catch let problems as RequestProblems {
                return refuse(.badRequest, "The request does not follow the API.", problems.problems)
            } catch let refusal as ServerRefusal {
                guard invalid != nil || refusals[refusal.status.code] != nil else { return refusal.response }
                let problem = RequestProblems.Problem(in: .header, name: nil, message: refusal.message)
                var response = refuse(refusal.status, refusal.message, [problem])
                response.headers.append(contentsOf: refusal.headers)
                return response
            } catch {
                options.log("\(operation): the handler failed: \(error)")
                return ServerRequest.problemResponse(
                    status: .internalServerError,
                    title: "The server failed to answer.",
                    problems: []
                )
            }
        }
    }
}

/// A path template split into the router's path and the parameters its segments capture.
struct RouteTemplate {
    /// One segment with parameters that the router cannot capture alone (`{name}.{format}`): the router
    /// captures the whole segment, and its literal text is matched here.
    struct Segment {
        var capture: String
        var parts: [Part]
    }

    enum Part {
        case literal(String)
        case parameter(String)
    }

    var routerPath: RouterPath
    var segments: [Segment] = []
    var plain: [String] = []

    init(_ template: String) {
        var routerSegments: [String] = []
        for (index, segment) in template.split(separator: "/", omittingEmptySubsequences: true).enumerated() {
            let parts = Self.parts(of: String(segment))
            let parameters = parts.filter { if case .parameter = $0 { true } else { false } }
            if parameters.isEmpty {
                routerSegments.append(String(segment))
            } else if parts.count == 1, case .parameter(let name) = parts[0] {
                routerSegments.append("{\(name)}")
                plain.append(name)
            } else {
                let capture = "_segment\(index)"
                routerSegments.append("{\(capture)}")
                segments.append(Segment(capture: capture, parts: parts))
            }
        }
        routerPath = RouterPath("/" + routerSegments.joined(separator: "/"))
    }

    static func parts(of segment: String) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(segment)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return parts
    }

    /// The parameters' values, percent-decoded; a segment whose literal text does not match gives none.
    func values(from parameters: Parameters) -> [String: String] {
        var values: [String: String] = [:]
        for name in plain {
            if let raw = parameters.get(name) { values[name] = raw.removingPercentEncoding ?? raw }
        }
        for segment in segments {
            guard let raw = parameters.get(segment.capture) else { continue }
            let text = raw.removingPercentEncoding ?? raw
            var rest = Substring(text)
            for (index, part) in segment.parts.enumerated() {
                switch part {
                case .literal(let literal):
                    guard rest.hasPrefix(literal) else { return values }
                    rest = rest.dropFirst(literal.count)
                case .parameter(let name):
                    // A parameter runs to the next literal, or to the end.
                    if index + 1 < segment.parts.count, case .literal(let next) = segment.parts[index + 1],
                        let range = rest.range(of: next)
                    {
                        values[name] = String(rest[..<range.lowerBound])
                        rest = rest[range.lowerBound...]
                    } else {
                        values[name] = String(rest)
                        rest = rest[rest.endIndex...]
                    }
                }
            }
        }
        return values
    }
}
