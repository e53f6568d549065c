/// A spec resolved and checked: what the translator turns into Swift. Every name here is already a Swift name.
public struct API: Sendable, Hashable {
    /// Which kinds of endpoint code to generate.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// `static func` factories returning `Endpoint<Response>`.
        case endpoints
        /// An enumeration per namespace conforming to `Resource`, one case per endpoint.
        case resources
        /// Both.
        case both

        /// Whether endpoint factories are generated.
        public var hasFactories: Bool { self != .resources }
        /// Whether resource enumerations are generated.
        public var hasResources: Bool { self != .endpoints }
    }

    /// A programming model the generated client offers.
    public enum Flavour: String, Sendable, Hashable, CaseIterable, Comparable {
        /// `async` methods: always generated, the others build on them.
        case async
        /// Methods returning Combine's `AnyPublisher` (OpenCombine where Combine is missing), in `Combine.swift`.
        case combine
        /// `client.rx` methods returning RxSwift's `Single`, in `RxSwift.swift`.
        case rxswift
        /// The server: a protocol with a method per endpoint and its routes on a Hummingbird router, in
        /// `Server.swift`. Alone, it makes a server's module (its models and the server); beside client
        /// flavours, the server's module is written apart (`specsmith generate --server-output`).
        case server
        /// The webhooks the API sends its users' servers: their events, verified and decoded, and a handler
        /// protocol, in `Webhooks.swift` (with the client's module; it imports SpecsmithWebhooks).
        case webhooks

        /// In declaration order.
        public static func < (lhs: Flavour, rhs: Flavour) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Where the spec's samples go.
    public enum Samples: String, Sendable, Hashable, CaseIterable {
        /// In the client: endpoints carry their sample data, for `StubTransport()`.
        case inline
        /// Not in the client, which carries no sample data: `specsmith generate --samples-only` (or the build
        /// plugin, for a target with a `<Name>.specsmith-samples` file) writes them for a test or preview
        /// target, for `StubTransport(samples: <Name>Samples.all)`.
        case separate
    }

    /// The access level of generated declarations.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// `public`
        case `public`
        /// `package`
        case `package`
        /// `internal` (written as no modifier).
        case `internal`
    }

    /// The spec file's name, for generated file headers.
    public var specFileName: String
    /// The API's name as a type-name stem, such as `Countries`.
    public var name: String
    /// The API's description.
    public var description: String?
    /// The API's version.
    public var version: String?
    /// The default base URL; or, when the description names no host (`/api`, as a FastAPI app behind a prefix
    /// serves it), that path, below the origin the client's caller gives (see ``basePath``).
    public var baseURL: String

    /// The path below the caller's origin when the description names no host (`/api`), or `nil`.
    public var basePath: String? { baseURL.hasPrefix("/") ? baseURL : nil }
    /// Headers sent with every request.
    public var headers: [Header]
    /// Headers sent with every request whose values the client's initializer takes.
    public var headerParameters: [HeaderParameter] = []
    /// What to generate.
    public var style: Style
    /// How visible the generated declarations are.
    public var access: Access
    /// Where the samples go.
    public var samples: Samples = .inline
    /// Whether the models, answers, errors and events are `Hashable` (`hashable:`, `true` unless the spec says
    /// otherwise). Enumerations always are.
    public var hashable = true
    /// What the config's `filter:` kept of an OpenAPI document, when it has one (operations and models, without
    /// the lines, which ``Pipeline`` counts once rendered).
    public var filterSummary: FilterSummary?
    /// The client APIs to generate: always `async`, and any others the spec asks for.
    public var flavours: Set<Flavour> = [.async]
    /// The name of the runtime's `DateCoding` case.
    public var dates: String
    /// The models, in spec order.
    public var models: [Model]
    /// The endpoints, in spec order.
    public var operations: [Operation]
    /// How requests are authorized, if the API has scopes.
    public var auth: Auth?
    /// The variables of the base URL and the servers, such as `{region}`, in the spec's order.
    public var variables: [ServerVariable] = []
    /// The servers other than the base URL that some endpoints are on, in the spec's order.
    public var servers: [Server] = []
    /// The base URL as the spec writes it, with its `{variables}`; ``baseURL`` has their defaults.
    public var baseURLTemplate: String = ""
    /// The events the API delivers to its users' servers, if it has any.
    public var webhooks: Webhooks? = nil

    /// A variable of the server URLs.
    public struct ServerVariable: Sendable, Hashable {
        /// The name in `{…}`.
        public var name: String
        /// The Swift parameter name.
        public var swiftName: String
        /// The default value.
        public var defaultValue: String
        /// The values it may take; empty for any.
        public var values: [String]
        /// The description.
        public var description: String?
    }

    /// A server some endpoints are on.
    public struct Server: Sendable, Hashable {
        /// The name endpoints use.
        public var name: String
        /// The stem of its Swift names: `uploads` gives `uploadsURL` and `defaultUploadsURL`.
        public var swiftName: String
        /// The URL as the spec writes it, with its `{variables}`.
        public var template: String
        /// The URL with the variables' defaults.
        public var url: String
        /// The description.
        public var description: String?
    }

    /// A default header.
    public struct Header: Sendable, Hashable {
        /// The header name.
        public var name: String
        /// The header value.
        public var value: String
    }

    /// A header whose value the client's initializer takes (`organization: String? = nil`), sent with every
    /// request when given.
    public struct HeaderParameter: Sendable, Hashable {
        /// The header name, such as `OpenAI-Organization`.
        public var name: String
        /// The initializer's parameter, such as `organization`.
        public var parameter: String
    }

    /// The namespaces endpoints are grouped in, in order of first use.
    public var namespaces: [String] {
        if let wholeAPINamespaces { return wholeAPINamespaces }
        var seen = Set<String>()
        return operations.compactMap(\.namespace).filter { seen.insert($0).inserted }
    }

    /// For the share of a large API's endpoints that one file holds (see `Translator`), the namespaces of the
    /// whole API, which the first file declares and the others extend.
    var wholeAPINamespaces: [String]? = nil
}

/// How an API authorizes requests: the scheme credentials travel in, and the scopes endpoints need.
public struct Auth: Sendable, Hashable {
    /// How credentials travel, as the runtime's `AuthScheme`.
    public enum Scheme: Sendable, Hashable {
        /// A token in `header`, after `prefix` and a space (or alone when `prefix` is `nil`).
        case bearer(header: String, prefix: String?)
        /// A key in the header or query parameter `name`.
        case apiKey(name: String, inQuery: Bool)
        /// HTTP basic authentication.
        case basic
        /// An OAuth 2 access token, sent as a bearer token; `tokenURL` is the authorization server's token
        /// endpoint, when the spec names it.
        case oauth2(tokenURL: String?)
    }

    /// How credentials travel: the only scheme, or the first of several.
    public var scheme: Scheme
    /// The scopes, in spec order, then the alternatives endpoints accept (see ``Scope/alternatives``).
    public var scopes: [Scope]
    /// Several schemes by name (`auth.schemes`), in spec order; empty with one `scheme`.
    public var schemes: [NamedScheme] = []

    /// One of several schemes.
    public struct NamedScheme: Sendable, Hashable {
        /// Its name in the spec.
        public var name: String
        /// How it sends credentials.
        public var scheme: Scheme
    }

    /// An authorization scope.
    public struct Scope: Sendable, Hashable {
        /// The Swift type name, such as `Customer`.
        public var name: String
        /// The name in the spec.
        public var specName: String
        /// The description.
        public var description: String?
        /// The Swift names of the scopes this one directly includes.
        public var includes: [String]
        /// The name of the scheme (of ``Auth/schemes``) a client of this scope sends credentials with.
        public var scheme: String?
        /// For the requirement of an endpoint that accepts any of several scopes (`scope: [app, reader]`):
        /// their Swift names. Such a requirement is no client's scope; every scope granting one of them
        /// meets it.
        public var alternatives: [String] = []
    }
}

/// A documented error status of an endpoint and the type of its body.
public struct ErrorStatus: Sendable, Hashable {
    /// Which statuses.
    public enum Pattern: Sendable, Hashable {
        /// One status, such as 404.
        case status(Int)
        /// A status class: 4 for 4XX, 5 for 5XX.
        case statusClass(Int)
    }

    /// Which statuses.
    public var pattern: Pattern
    /// The body's type.
    public var type: TypeRef
}

/// The type an endpoint's documented error bodies are delivered as.
public enum ErrorBody: Sendable, Hashable {
    /// No documented errors: `Never`.
    case none
    /// Every documented status has a body of this type.
    case type(TypeRef)
    /// Statuses have bodies of different types: an enumeration with one case per type.
    case enumeration(name: String, cases: [Case])

    /// A case of an error body enumeration.
    public struct Case: Sendable, Hashable {
        /// The Swift case name.
        public var name: String
        /// The body type it wraps.
        public var type: TypeRef
    }
}

/// A type as the spec names it.
public indirect enum TypeRef: Sendable, Hashable {
    /// A type the format knows: `String`, `Int`, `Date`, …
    case builtin(Builtin)
    /// A model of the spec, by its Swift name.
    case model(String)
    /// `[T]`
    case array(TypeRef)
    /// `[String: T]`
    case dictionary(TypeRef)
    /// `T?`
    case optional(TypeRef)
    /// `Nullable<T>`: a value or `null`, for a `nullable` optional property (`Nullable<T>?` tells a missing key
    /// from `null`).
    case nullable(TypeRef)
    /// `Void`: no response body.
    case void
    /// `ResponseStream<T>`: the values of a streamed answer, read as they arrive.
    case stream(TypeRef)

    /// The types the format knows without a model.
    public enum Builtin: String, Sendable, Hashable, CaseIterable {
        case string = "String"
        case int = "Int"
        case int32 = "Int32"
        case int64 = "Int64"
        case double = "Double"
        case float = "Float"
        case bool = "Bool"
        case date = "Date"
        case url = "URL"
        case uuid = "UUID"
        case data = "Data"
        /// Any JSON value: the runtime's `JSON`.
        case json = "JSON"
        /// A day of the calendar, `2024-05-01`: the runtime's `CalendarDate`.
        case calendarDate = "CalendarDate"
    }

    /// Whether values of this type may be absent.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer optional.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }
}

/// A deprecation: `@available(*, deprecated)` with an optional message.
public struct Deprecation: Sendable, Hashable {
    /// Why, or what to use instead.
    public var message: String?
}

/// A model: a struct of properties, an enumeration of strings or integers, or a union of alternatives.
public struct Model: Sendable, Hashable {
    /// What a model is made of.
    public enum Shape: Sendable, Hashable {
        /// A struct.
        case object([Property])
        /// An enumeration of string or integer values.
        case enumeration(Enumeration)
        /// One of several alternatives: an enum with a case per alternative.
        case union(Union)
    }

    /// The Swift type name.
    public var name: String
    /// The description.
    public var description: String?
    /// The deprecation, if any.
    public var deprecation: Deprecation?
    /// Its properties or values.
    public var shape: Shape
    /// Whether the model is only sent, never received (an inline body): `Encodable` instead of `Codable`.
    public var isRequestOnly: Bool = false
    /// The JSON keys of the required properties in the order the description lists them (an OpenAPI document's
    /// `required`), for the parameters of a method that takes the model's properties; empty for the
    /// properties' order.
    public var requiredOrder: [String] = []
    /// Whether a union is an `indirect enum`: it contains itself (through its alternatives' properties), or an
    /// alternative is a struct of more than eight stored properties, held out of line.
    public var isIndirect: Bool = false
    /// For a struct that keeps the keys it does not list: the property that holds them.
    public var additionalProperties: AdditionalProperties?
    /// Whether a struct's values have no keys but its properties' (`additionalProperties: false`): a union tells
    /// it apart from other alternatives by that.
    public var isClosed: Bool = false
}

/// The property of a struct that keeps the keys the spec does not list, with their values.
public struct AdditionalProperties: Sendable, Hashable {
    /// The Swift name of the property, a dictionary by key.
    public var name: String
    /// The type of the values.
    public var valueType: TypeRef
}

/// An enumeration's values.
public struct Enumeration: Sendable, Hashable {
    /// The listed values.
    public var cases: [EnumCase]
    /// The name of the case that keeps values the spec does not list.
    public var unknownCase: String
    /// Whether the values are integers (`Int` raw values) rather than strings.
    public var isInteger: Bool = false
    /// Whether a value the spec does not list is refused (`init?(rawValue:)` fails, decoding throws) rather
    /// than kept in ``unknownCase``: a server's enumerations, whose contract is its own.
    public var isClosed: Bool = false
    /// Whether any string is a value, those listed being the ones known (`extensible: true`): written as a
    /// string literal too, and never closed, as a server takes any string.
    public var isExtensible: Bool = false

    /// The Swift type of the raw values.
    public var rawType: String { isInteger ? "Int" : "String" }
}

/// A union: a value that is one of several alternatives.
public struct Union: Sendable, Hashable {
    /// An alternative.
    public struct Alternative: Sendable, Hashable {
        /// The Swift case name.
        public var name: String
        /// Its type.
        public var type: TypeRef
        /// With a discriminator: the tags that select it, the first written when encoding.
        public var tags: [String] = []
        /// With a discriminator: whether the alternative's own value writes its tag (a `const` property), so
        /// encoding need not add it.
        public var writesOwnTag: Bool = false
    }

    /// The alternatives, in the order they are tried when decoding by shape.
    public var alternatives: [Alternative]
    /// The JSON key whose string value says which alternative a value is; `nil` to decode by shape.
    public var discriminator: String?
    /// The name of the case that keeps a value of no listed alternative as `JSON`; `nil` when such a value
    /// fails to decode.
    public var fallbackCase: String?
    /// The object every alternative includes (`PetBase` of `Pet`'s kinds): a value of no listed alternative
    /// is kept only when it decodes as one, so that a value missing what every kind has is refused.
    public var base: TypeRef? = nil
}

/// A property of a model.
public struct Property: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The JSON key.
    public var key: String
    /// The type.
    public var type: TypeRef
    /// The description.
    public var description: String?
    /// The value used when the key is missing, and the initializer's default.
    public var defaultValue: DefaultValue?
    /// The deprecation, if any.
    public var deprecation: Deprecation?
    /// The one value the property always has (`object: "customer"`): decoded and checked, always encoded, not
    /// stored nor an initializer parameter.
    public var constant: DefaultValue?
    /// Whether a received value may leave a constant's key out (pydantic's `type: Literal["a"] = "a"`): when
    /// the key is there, its value is still checked, and encoding still writes it.
    public var constantMayBeAbsent: Bool = false
    /// Whether the property's model is stored out of line (`@Indirect`): the struct contains itself through it,
    /// or the model is a struct of more than eight stored properties, held out of line.
    public var isIndirect: Bool = false
    /// `nullable: true` on a required property: the key is always there and its value may be `null`. The type
    /// is then optional, and `nil` is sent as `null` rather than left out.
    public var isRequiredNullable: Bool = false
    /// The runtime `DateCoding` case of a `Date` property written otherwise than the spec's `dates`.
    public var dates: String?
    /// Whether the property is only received (`readOnly`) or only sent (`writeOnly`).
    public var direction: Direction = .both
    /// Whether decoding requires the key although the Swift type is optional: a required read-only property.
    public var isRequiredWhenReceived: Bool = false
    /// Whether the spec requires a read-only or write-only property where it travels (its Swift type is
    /// optional, as the other way it is absent): what a server, which receives write-only properties, requires.
    public var isRequiredOneWay: Bool = false
    /// What the property's values may be besides what its type says, as the API sends them (config `tolerate:`).
    public var tolerance: Tolerance = []

    /// Which way a property travels.
    public enum Direction: Sendable, Hashable {
        /// Sent and received.
        case both
        /// Only received: required when decoding (unless optional), never encoded; optional in Swift.
        case readOnly
        /// Only sent: never required when decoding; optional in Swift.
        case writeOnly
    }
}

/// A value of a default, checked against its type.
public indirect enum DefaultValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case url(String)
    case uuid(String)
    /// A `CalendarDate`, `YYYY-MM-DD`.
    case calendarDate(String)
    /// A case of an enumeration model, by the enumeration's Swift name and the case's.
    case enumCase(type: String, name: String)
    case array([DefaultValue])
    case emptyDictionary
    case null

    /// The text a flag, a number or a string is sent as in a query item, a form field or a multipart text part
    /// (`true`, `2`, `sse`); `nil` for other values.
    var fieldText: String? {
        switch self {
        case .bool(let flag): String(flag)
        case .int(let number): String(number)
        case .string(let text): text
        default: nil
        }
    }
}

/// A value of an enumeration.
public struct EnumCase: Sendable, Hashable {
    /// The Swift case name.
    public var name: String
    /// The value in JSON: the string, or an integer's decimal digits.
    public var rawValue: String
}

/// An endpoint.
public struct Operation: Sendable, Hashable {
    /// The name in the spec, used at run time by stubs and logs.
    public var specName: String
    /// The Swift function and case name.
    public var name: String
    /// The namespace's Swift type name, if any.
    public var namespace: String?
    /// The HTTP method, as the runtime's `HTTPMethod` case name.
    public var method: String
    /// The path template, split into literal text and parameters.
    public var path: [PathPart]
    /// Every parameter, in the order of the Swift signature.
    public var parameters: [Parameter]
    /// How the body is made.
    public var body: Body?
    /// The type the endpoint's plain method returns: the one answer's body type (`Void` for none), or the
    /// generated enumeration of ``answers``.
    public var response: TypeRef
    /// How the one answer's body is read, when there is one answer.
    public var responseBody: AnswerBody = .none
    /// Several documented answers (an enumeration named ``Answers/typeName``), or `nil` for one.
    public var answers: Answers?
    /// The documented response headers (a struct named ``ResponseHeaders/typeName``), or `nil` for none.
    public var responseHeaders: ResponseHeaders?
    /// The name of the server the endpoint is on, when not on the base URL.
    public var server: String?
    /// Whether this is the translator's copy of an endpoint with response headers, for its `…WithHeaders`
    /// client methods: the same request, answering `ResponseWithHeaders<Response, Headers>`.
    public var isWithHeadersVariant = false
    /// For a `…WithHeaders` copy: the type the endpoint's plain method returns, which its request decodes
    /// before the headers are added.
    public var plainResponse: TypeRef?
    /// The description.
    public var description: String?
    /// The deprecation, if any.
    public var deprecation: Deprecation?
    /// Sample response data, as JSON text.
    public var sample: String?
    /// Whether the form body may come as a JSON object of the same fields too: a server takes either.
    public var formTakesJSON = false
    /// The status of the one success answer when the spec documents one other than `200` (or `204` without a
    /// body): `201` for a create. Servers and the mock answer with it.
    public var successStatus: Int?
    /// Whether the one answer's optional type is `null` when `nil` (an OpenAPI document's `anyOf: [number,
    /// null]`), rather than an answer without a body (`response: Note?` beside a `204`).
    public var answerMayBeNull = false
    /// The Swift name of the scope whose credentials the endpoint needs; `nil` for a public endpoint.
    public var scope: String?
    /// Whether a public endpoint takes credentials when the client has them (`scope: [public, reader]`).
    public var acceptsAuthorization = false
    /// The name of the event that ends a stream of server-sent events with a documented error body (its data).
    public var streamErrorEvent: String?
    /// The top-level key that makes a value of a stream (an event's data, or a line of JSON Lines) a documented
    /// error body, which ends the stream: `error` for `data: {"error": {…}}`.
    public var streamErrorKey: String?
    /// A field the JSON body (a model) is sent with, set to ``addedValue``: the stream method's
    /// `"stream": true`.
    public var addedBodyField: String?
    /// A query parameter the request is sent with, set to ``addedValue``: the stream method's `?follow=true`.
    public var addedQueryItem: String?
    /// The value of ``addedBodyField`` or ``addedQueryItem``: `.bool(true)`, or a string such as `sse` for a
    /// `stream_format`.
    public var addedValue: DefaultValue = .bool(true)
    /// How the endpoint's list answer leads to its next page (`pages:`), or `nil` for an endpoint that does
    /// not page.
    public var pagination: Pagination?
    /// Which of the translator's copies of a paged endpoint this is, for its pages and items methods; `nil`
    /// for the endpoint's own method.
    public var pagingRole: Pagination.Role?
    /// Whether this is the translator's copy of an endpoint that uploads or downloads bytes, for its
    /// `…WithProgress` client methods: the same request, telling its progress as it goes.
    public var isProgressVariant = false
    /// For the translator's copy of an endpoint whose JSON body is a model, whose client method takes the
    /// model's properties as parameters (`createChatCompletion(model:messages:)`): how the body is made.
    public var bodyFields: BodyFields?
    /// The documented error statuses, exact statuses first.
    public var errors: [ErrorStatus] = []
    /// The type documented error bodies are delivered as.
    public var errorBody: ErrorBody = .none

    /// Whether the endpoint moves bytes worth a progress bar: a body of bytes, a file or multipart parts, or
    /// an answer of bytes or a download to a file. It then has `…WithProgress` methods too.
    public var transfersBytes: Bool {
        switch body {
        case .binary?, .file?, .multipart?: return true
        default: break
        }
        switch responseBody {
        case .bytes, .file: return true
        default: return false
        }
    }

    /// What an answer's body is.
    public enum AnswerBody: Sendable, Hashable {
        /// No body: `Void`, or a case without a value.
        case none
        /// JSON, decoded as this type.
        case json(TypeRef)
        /// Bytes as they arrive (`Data`), asked for with this `Accept` media type.
        case bytes(accept: String)
        /// Text (`String`) in the charset the response names, asked for with this `Accept` media type.
        case text(accept: String)
        /// Bytes downloaded to a temporary file (its `URL`), asked for with this `Accept` media type.
        case file(accept: String)
        /// A `text/event-stream` whose events' data are JSON of this type, read as they arrive; an event whose
        /// data is `terminator` ends it.
        case events(TypeRef, terminator: String?)
        /// JSON Lines: a JSON value of this type per line, read as they arrive.
        case jsonLines(TypeRef)
        /// A `text/event-stream` whose events are of the type their `event` name says, delivered as one
        /// enumeration; an event whose data is `terminator` ends it.
        case namedEvents(EventUnion, terminator: String?)

        /// The Swift type of the body: for a stream, the runtime's `ResponseStream` of its values.
        public var type: TypeRef {
            switch self {
            case .none: .void
            case .json(let type): type
            case .bytes: .builtin(.data)
            case .text: .builtin(.string)
            case .file: .builtin(.url)
            case .events(let element, _), .jsonLines(let element): .stream(element)
            case .namedEvents(let union, _): .stream(.model(union.typeName))
            }
        }

        /// The type of a stream's values; `nil` for an answer that is not a stream.
        public var streamElement: TypeRef? {
            switch self {
            case .events(let element, _), .jsonLines(let element): element
            case .namedEvents(let union, _): .model(union.typeName)
            default: nil
            }
        }

        /// The media type to ask for, for a body that is not JSON.
        public var accept: String? {
            switch self {
            case .bytes(let accept), .text(let accept), .file(let accept): accept
            case .events, .namedEvents: "text/event-stream"
            case .jsonLines: "application/x-ndjson"
            case .none, .json: nil
            }
        }
    }

    /// The events of a stream by their `event` name, delivered as one enumeration.
    public struct EventUnion: Sendable, Hashable {
        /// The enumeration's Swift name: `StreamMessagesEvent`.
        public var typeName: String
        /// The events, in the spec's order.
        public var cases: [EventCase]
    }

    /// One kind of event of a stream.
    public struct EventCase: Sendable, Hashable {
        /// The `event` name that picks it.
        public var event: String
        /// The Swift case name.
        public var name: String
        /// The type of its data (JSON), or `Void` for an event whose data is ignored.
        public var type: TypeRef
        /// The description.
        public var description: String?
    }

    /// Several documented answers, delivered as one enumeration.
    public struct Answers: Sendable, Hashable {
        /// The enumeration's Swift name: `GetFileAnswer`.
        public var typeName: String
        /// The answers, in the spec's order.
        public var cases: [Answer]
    }

    /// One documented answer.
    public struct Answer: Sendable, Hashable {
        /// The status.
        public var status: Int
        /// The Swift case name: `ok`, `notModified`, or the spec's own.
        public var name: String
        /// The body.
        public var body: AnswerBody
        /// The description.
        public var description: String?
    }

    /// The documented headers of an endpoint's answers, delivered as one struct.
    public struct ResponseHeaders: Sendable, Hashable {
        /// The struct's Swift name: `CreateFileResponseHeaders`.
        public var typeName: String
        /// The headers, in the spec's order.
        public var headers: [ResponseHeader]
    }

    /// One documented response header.
    public struct ResponseHeader: Sendable, Hashable {
        /// The Swift property name.
        public var name: String
        /// The header's name.
        public var wireName: String
        /// The type: text, a number, a flag, a date, a URL, a UUID or the runtime's `Links`; optional when the
        /// header may be missing.
        public var type: TypeRef
        /// The runtime `DateCoding` case a `Date` header is written in, when not an HTTP date.
        public var dates: String?
        /// The description.
        public var description: String?
    }

    /// A piece of a path template.
    public enum PathPart: Sendable, Hashable {
        /// Text sent as written.
        case literal(String)
        /// A path parameter, by Swift name.
        case parameter(String)
    }

    /// How a request body is made from parameters.
    public enum Body: Sendable, Hashable {
        /// One parameter, JSON-encoded and sent as `contentType` (`nil` for `application/json`); an optional
        /// one left `nil` sends no body.
        case value(parameter: String, contentType: String?)
        /// An inline model built from parameters, JSON-encoded and sent as `contentType`.
        case fields(model: String, parameters: [String], contentType: String?)
        /// Parameters, form-url-encoded.
        case form(parameters: [String])
        /// One `Data` parameter, sent as it is with this content type.
        case binary(parameter: String, contentType: String)
        /// One `URL` parameter: a local file whose contents are streamed as they are, with this content type.
        case file(parameter: String, contentType: String)
        /// Parameters sent as the parts of a `multipart/form-data` body.
        case multipart(parts: [MultipartPart])
    }

    /// A part (or, for an array, parts) of a multipart body.
    public struct MultipartPart: Sendable, Hashable {
        /// What the parameter is sent as.
        public enum Kind: Sendable, Hashable {
            /// Text fields: strings, numbers, flags, enumerations and arrays of them.
            case text
            /// Files: the runtime's `FileUpload` (bytes or a local file, a name, a media type).
            case file
            /// A value as JSON, in a part of type `application/json`.
            case json
        }

        /// The parameter's Swift name.
        public var parameter: String
        /// The field name.
        public var wireName: String
        /// What it is sent as.
        public var kind: Kind
    }
}

/// How a client method that takes a JSON body model's properties makes the body: the endpoint's own parameters,
/// with the body parameter's argument `Model(property: property, …)`.
public struct BodyFields: Sendable, Hashable {
    /// The endpoint's own parameters, the body's among them.
    public var parameters: [Parameter]
    /// The Swift name of the body parameter.
    public var bodyParameter: String
    /// The body's model.
    public var model: String
    /// The model initializer's parameters the method passes, in its order, each the method's parameter of that
    /// name; those left out keep their defaults (the stream method's `stream`, which its request sets).
    public var arguments: [String]
}

/// A parameter of an endpoint's Swift signature.
public struct Parameter: Sendable, Hashable {
    /// Where the parameter goes.
    public enum Location: Sendable, Hashable {
        case path
        case query
        case header
        /// Sent in the `Cookie` header.
        case cookie
        case body
    }

    /// The Swift name.
    public var name: String
    /// The external label: `nil` for the name itself, `_` for none.
    public var label: String?
    /// The name on the wire (query name, header name, JSON key, form field).
    public var wireName: String
    /// Where it goes.
    public var location: Location
    /// The type.
    public var type: TypeRef
    /// The default, if any (optional parameters default to `nil`).
    public var defaultValue: DefaultValue?
    /// The description.
    public var description: String?
    /// The deprecation, if any.
    public var deprecation: Deprecation?
    /// For array query parameters: the separator joining values, or `nil` to repeat the key.
    public var separator: String?
    /// The runtime `DateCoding` case a `Date` parameter is written in, when not ISO 8601.
    public var dates: String?
    /// Whether the value is an object (a model, a dictionary, or an array of models) sent in the bracket
    /// style of form APIs: `card[number]=4242`, `items[0][price]=…`.
    public var isObject = false
}

/// How a paged list endpoint's answer (a page) leads to the next page, and where a page's items are.
public struct Pagination: Sendable, Hashable {
    /// How the next page is found.
    public enum Kind: Sendable, Hashable {
        /// The link of this relation (`next`) in the page's `Link` header.
        case link(relation: String)
        /// The cursor at this path of the page, sent as the query parameter of this wire name.
        case cursor(FieldPath, parameter: String)
        /// The URL of the next page at this path of the page (text or a `URL`, absolute or relative).
        case url(next: FieldPath)
        /// The id (at `itemID` of the last item) sent as the query parameter `parameter`, while the Bool at
        /// `hasMore`, if any, is true.
        case after(parameter: String, itemID: FieldPath, hasMore: FieldPath?)
        /// The page number in the query parameter `parameter`, counted up from `first`; a page with fewer
        /// items than the query parameter `size` asked for, or the last of `totalPages`, ends.
        case page(parameter: String, first: Int, size: String?, totalPages: FieldPath?)
        /// The offset in the query parameter `parameter`, counted up by each page's items; a page with fewer
        /// items than the query parameter `size` asked for, or reaching `totalItems`, ends.
        case offset(parameter: String, size: String?, totalItems: FieldPath?)
    }

    /// The translator's copies of a paged endpoint: its pages, and the items of its pages.
    public enum Role: Sendable, Hashable {
        /// `issuesPages(…)`: the pages, one request each.
        case pages
        /// `allIssues(…)`: the items of the pages, one at a time.
        case items
    }

    /// How the next page is found.
    public var kind: Kind
    /// Where a page's items are: an array property, or the page itself for an empty path.
    public var items: FieldPath
    /// The type of one item.
    public var item: TypeRef
    /// The Swift name of the pages method: `issuesPages`.
    public var pagesName: String
    /// The Swift name of the items method: `allIssues`.
    public var itemsName: String
}

extension Operation {
    /// The type of the documented error body of `status`: its own, or its class's (`4XX`); `nil` when the
    /// endpoint documents neither.
    public func errorType(forStatus status: Int) -> TypeRef? {
        errors.first { $0.pattern == .status(status) }?.type
            ?? errors.first { $0.pattern == .statusClass(status / 100) }?.type
    }
}

extension Parameter {
    /// Whether a request must send it: not optional, and no default stands in.
    public var isRequired: Bool { !type.isOptional && defaultValue == nil }
}

extension Property {
    /// Whether the key is always there: a type that is not optional and has no default, a constant,
    /// `nullable: true` on a required property, or a required read-only property.
    public var isRequiredKey: Bool {
        (constant != nil && !constantMayBeAbsent) || isRequiredNullable || isRequiredWhenReceived
            || (constant == nil && !type.isOptional && defaultValue == nil)
    }
}

extension Auth {
    /// The Swift names of the scopes `scope` includes, directly or through others.
    public func included(by scope: Scope) -> Set<String> {
        var found = Set<String>()
        var stack = scope.includes
        while let next = stack.popLast() {
            if found.insert(next).inserted { stack += scopes.first { $0.name == next }?.includes ?? [] }
        }
        return found
    }

    /// The scheme a scope's clients send credentials with: the one it names, or the API's only one.
    public func scheme(of scope: Scope) -> Scheme {
        scope.scheme.flatMap { name in schemes.first { $0.name == name }?.scheme } ?? scheme
    }
}

extension API {
    /// The model named `name` (a Swift name).
    public func model(named name: String) -> Model? {
        models.first { $0.name == name }
    }

    /// The JSON keys of the properties `path` goes through, from a value of type `start`.
    public func keys(of path: FieldPath, from start: TypeRef) -> [String] {
        var type = start
        var keys: [String] = []
        for step in path.steps {
            var key = step.name
            if case .model(let name) = type.unwrapped, let model = model(named: name),
                case .object(let properties) = model.shape,
                let property = properties.first(where: { $0.name == step.name })
            {
                key = property.key
                type = property.type
            }
            keys.append(key)
        }
        return keys
    }
}

/// A value found in another through its properties: `response_metadata.next_cursor`.
public struct FieldPath: Sendable, Hashable {
    /// One property on the way.
    public struct Step: Sendable, Hashable {
        /// The property's Swift name.
        public var name: String
        /// Whether the property is optional, so the path goes on with optional chaining.
        public var isOptional: Bool
    }

    /// The properties from the outer value in, none for the value itself.
    public var steps: [Step]
    /// The type at the end of the path, without the optionality of its steps.
    public var type: TypeRef

    /// Whether the value may be missing: some step on the way is optional.
    public var isOptional: Bool { steps.contains(where: \.isOptional) }
}
