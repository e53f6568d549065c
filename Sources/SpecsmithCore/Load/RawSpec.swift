/// A spec as written: every field the format has, each with where it was written, not yet checked for meaning.
///
/// The loader produces it; the resolver turns it into an ``API``.
public struct RawSpec: Sendable {
    /// The spec file's path as the user gave it.
    public var file: String
    /// Where the top-level mapping starts.
    public var location: SourceLocation
    /// `specsmith:` — the format version.
    public var formatVersion: Located<Int>?
    /// `name:` — the API's name, the stem of generated type names.
    public var name: Located<String>?
    /// `description:`
    public var description: String?
    /// `version:` — the API's version.
    public var version: String?
    /// `baseURL:`
    public var baseURL: Located<String>?
    /// `headers:` — default headers, sent with every request.
    public var headers: [(name: Located<String>, value: Located<String>)] = []
    /// `headers:` entries written `{parameter: name}`: headers whose value the client's initializer takes.
    public var headerParameters: [(name: Located<String>, parameter: Located<String>)] = []
    /// `style:` — `endpoints`, `resources` or `both`.
    public var style: Located<String>?
    /// `samples:` — `inline` (the client carries the samples) or `separate` (a test or preview target does).
    public var samples: Located<String>?
    /// `hashable:` — `false` for models that are not `Hashable` (nor `Equatable`), which a big client builds faster.
    public var hashable: Located<Bool>?
    /// `access:` — `public`, `package` or `internal`.
    public var access: Located<String>?
    /// `flavours:` — the client APIs to generate besides async/await: `combine`, `rxswift`.
    public var flavours: [Located<String>] = []
    /// `dates:` — how dates are written.
    public var dates: Located<String>?
    /// `auth:` — how requests are authorized, and the scopes endpoints need.
    public var auth: RawAuth?
    /// `variables:` — the variables of the base URL and the servers, such as `{region}`.
    public var variables: [RawServerVariable] = []
    /// `servers:` — other servers some endpoints are on, by name.
    public var servers: [RawServer] = []
    /// `errors:` — the error bodies every endpoint may answer with, by status.
    public var errors: [RawErrorStatus] = []
    /// `models:`
    public var models: [RawModel] = []
    /// `endpoints:`
    public var endpoints: [RawEndpoint] = []
    /// `webhooks:` — the events the API sends to URLs its users registered, and how it signs them.
    public var webhooks: RawWebhooks?
    /// Whether the spec was read from an OpenAPI document, whose defaults that do not fit their type are
    /// dropped rather than refused (see ``SpecResolver/resolve(adapting:flavours:readFile:diagnostics:)``).
    public var isOpenAPI = false
    /// What the config's `filter:` kept of the document, when it has one: the operations the document has, for
    /// the summary after generating.
    public var filterSummary: FilterSummary?
}

extension RawSpec {
    /// Calls `body` on every field: of models, of endpoints' parameters and bodies, and response headers.
    mutating func updateFields(_ body: (inout RawField) -> Void) {
        func update(_ fields: inout [RawField]) {
            for index in fields.indices { body(&fields[index]) }
        }
        for index in models.indices {
            if case .object(var fields) = models[index].shape {
                update(&fields)
                models[index].shape = .object(fields)
            }
        }
        for index in endpoints.indices {
            update(&endpoints[index].pathParameters)
            update(&endpoints[index].query)
            update(&endpoints[index].headers)
            update(&endpoints[index].cookies)
            update(&endpoints[index].responseHeaders)
            switch endpoints[index].body {
            case .json(var fields, let location)?:
                update(&fields)
                endpoints[index].body = .json(fields, location)
            case .form(var fields, let location)?:
                update(&fields)
                endpoints[index].body = .form(fields, location)
            case .multipart(var fields, let location)?:
                update(&fields)
                endpoints[index].body = .multipart(fields, location)
            default: break
            }
        }
    }
}

extension RawSpec {
    /// The spec with `config`'s options in place of its own; their locations stay in the config file, so
    /// a bad value there is reported there.
    public func applying(_ config: RawConfig) -> RawSpec {
        var spec = self
        if let style = config.style { spec.style = style }
        if let samples = config.samples { spec.samples = samples }
        if let hashable = config.hashable { spec.hashable = hashable }
        if let dates = config.dates { spec.dates = dates }
        if let access = config.access { spec.access = access }
        if let flavours = config.flavours { spec.flavours = flavours }
        // The config's headers join the spec's, replacing those of the same name.
        let named = Set(
            (config.headers.map(\.name) + config.headerParameters.map(\.name)).map { $0.value.lowercased() }
        )
        spec.headers = spec.headers.filter { !named.contains($0.name.value.lowercased()) } + config.headers
        spec.headerParameters =
            spec.headerParameters.filter { !named.contains($0.name.value.lowercased()) } + config.headerParameters
        return spec
    }
}

/// A `specsmith-config.yaml` as written: generation options for the specs in its folder, which win over
/// the spec's own (and lose to the command line's).
public struct RawConfig: Sendable {
    /// `style:` — `endpoints`, `resources` or `both`.
    public var style: Located<String>?
    /// `access:` — `public`, `package` or `internal`.
    public var access: Located<String>?
    /// `flavours:` — `async`, `combine`, `rxswift`.
    public var flavours: [Located<String>]?
    /// `samples:` — `inline` or `separate`.
    public var samples: Located<String>?
    /// `hashable:` — `false` for models that are not `Hashable`.
    public var hashable: Located<Bool>?
    /// `dates:` — how dates are written (`iso8601`, `secondsSince1970`, …), for a document that cannot say it.
    public var dates: Located<String>?
    /// `name:` — for an OpenAPI document, the API's name instead of the one its title gives.
    public var name: Located<String>?
    /// `namespaces: tags` — for an OpenAPI document, each operation in the namespace of its first tag.
    public var namespaces: Located<String>?
    /// `filter:` — for an OpenAPI document, only these operations (by id, tag or path) and the models they use.
    public var filter: RawFilter?
    /// `rename:` — for an OpenAPI document, names of its own for schemas, operations and properties.
    public var renames: RawRenames?
    /// `tolerate:` — for an OpenAPI document, the properties whose values the API sends otherwise than the
    /// document says, by kind: `Schema.property`, `Schema` (its every property), or every property (`all`).
    public var tolerate: [(kind: Located<String>, tolerance: Tolerance, names: [Located<String>]?)] = []
    /// `pages:` — for an OpenAPI document, how operations page, by operation id (or `GET /path`), where the
    /// document does not show it or shows it otherwise: a `pages:` mapping, or `nil` (`false`) for none.
    public var pages: [(operation: Located<String>, paging: RawPaging?)] = []
    /// `webhooks:` — for an OpenAPI document, how its webhooks' deliveries are signed and name their events
    /// (`signature`, `tolerance`, `eventKey`, `eventHeader`).
    public var webhooks: RawWebhooks?
    /// `errors: {default: Schema}` — for an OpenAPI document, the error body of the operations that document
    /// none (`none` for none), instead of the one most of its operations share.
    public var defaultErrors: Located<String>?
    /// `headers:` — headers sent with every request, as the spec's `headers:`: fixed values, and values the
    /// client's initializer takes (`OpenAI-Organization: {parameter: organization}`).
    public var headers: [(name: Located<String>, value: Located<String>)] = []
    /// The `headers:` entries written `{parameter: name}`.
    public var headerParameters: [(name: Located<String>, parameter: Located<String>)] = []

    /// No options.
    public init(style: Located<String>? = nil, access: Located<String>? = nil, flavours: [Located<String>]? = nil) {
        self.style = style
        self.access = access
        self.flavours = flavours
    }
}

/// `auth:` as written.
public struct RawAuth: Sendable {
    /// Where `auth:` is.
    public var location: SourceLocation
    /// `scheme:` — how credentials travel.
    public var scheme: RawAuthScheme?
    /// `schemes:` — several ways credentials travel, by name, each scope naming its own.
    public var schemes: [(name: Located<String>, scheme: RawAuthScheme)] = []
    /// Where `schemes:` is written.
    public var schemesLocation: SourceLocation?
    /// `scopes:` — the scopes, each with the scopes it includes.
    public var scopes: [RawScope] = []
    /// `default:` — the scope of endpoints that name none.
    public var defaultScope: Located<String>?
}

/// `scheme:` as written: `bearer`, `basic`, or a mapping with `type` and its options.
public struct RawAuthScheme: Sendable {
    /// `type:` — `bearer`, `apiKey` or `basic`.
    public var type: Located<String>
    /// `header:` — the header a bearer token goes in.
    public var header: Located<String>?
    /// `prefix:` — the text before a bearer token; empty for none.
    public var prefix: Located<String>?
    /// `name:` — the header or query parameter an API key goes in.
    public var name: Located<String>?
    /// `in:` — `header` or `query`, for an API key.
    public var location: Located<String>?
    /// `tokenURL:` — an OAuth 2 scheme's token endpoint.
    public var tokenURL: Located<String>?
}

/// A scope under `auth.scopes`.
public struct RawScope: Sendable {
    /// The scope's name.
    public var name: Located<String>
    /// `description:`
    public var description: String?
    /// `includes:` — the scopes whose endpoints this scope may also call.
    public var includes: [Located<String>] = []
    /// `scheme:` — the scheme (of `auth.schemes`) a client of this scope sends its credentials with.
    public var scheme: Located<String>?
}

/// One entry of an `errors:` mapping: a status (`401`) or status class (`4XX`) and the type of its body.
public struct RawErrorStatus: Sendable {
    /// The status as written.
    public var status: Located<String>
    /// The body type as written.
    public var type: Located<String>
}

/// A deprecation mark: `deprecated: true` or `deprecated: "Use … instead."`.
public struct RawDeprecation: Sendable, Hashable {
    /// The message, if one was given.
    public var message: String?
}

/// A model as written under `models:`.
public struct RawModel: Sendable {
    /// What a model is made of.
    public enum Shape: Sendable {
        /// `properties:` — a struct.
        case object([RawField])
        /// `enum:` — an enumeration of strings or integers.
        case enumeration([RawEnumValue])
        /// `oneOf:` — a union.
        case union(RawUnion)
    }

    /// The model's name.
    public var name: Located<String>
    /// `description:`
    public var description: String?
    /// `deprecated:`
    public var deprecated: RawDeprecation?
    /// Its properties or values.
    public var shape: Shape
    /// `includes:` — models whose properties a struct has too, before its own.
    public var includes: [Located<String>] = []
    /// `additionalProperties:` — the type of the values of keys a struct does not list, which it keeps.
    public var additionalProperties: Located<String>?
    /// `additionalProperties: false` — a value has no keys but the struct's properties.
    public var isClosed = false
    /// `extensible: true` — an enumeration of strings whose values may be any string, those listed being the
    /// ones known (an OpenAPI document's `anyOf: [{type: string}, {enum: […]}]`, a model name or a voice).
    public var isExtensible: Located<Bool>?
    /// The keys an OpenAPI document's `required` lists, in its order (the parts of `allOf` first): the order in
    /// which a method taking the model's properties takes the required ones. Not part of the format, where the
    /// properties' own order is that order.
    public var requiredOrder: [String] = []
}

/// A value under `enum:`: `open` in a list, or `low: 1` in a mapping of case names to values.
public struct RawEnumValue: Sendable {
    /// The case name, when the values are a mapping.
    public var name: Located<String>?
    /// The value as written (an integer's digits).
    public var value: Located<String>
    /// Whether the value is an integer rather than a string.
    public var isInteger: Bool
}

/// A union as written: `oneOf:` with `discriminator:` and `fallback:`.
public struct RawUnion: Sendable {
    /// An alternative: a type, named by its case name when `oneOf` is a mapping.
    public struct Alternative: Sendable {
        /// The case name, when `oneOf` is a mapping.
        public var name: Located<String>?
        /// The type as written.
        public var type: Located<String>
    }

    /// Where `oneOf:` is.
    public var location: SourceLocation
    /// `oneOf:`
    public var alternatives: [Alternative] = []
    /// `discriminator:` or `discriminator.property:` — the key whose value says which alternative a value is.
    public var discriminator: Located<String>?
    /// `discriminator.mapping:` — tag → model.
    public var mapping: [(tag: Located<String>, model: Located<String>)] = []
    /// `fallback:` — whether a value of no alternative is kept as JSON (the default) or fails to decode.
    public var fallback: Located<Bool>?
    /// `base:` — the object model whose properties every alternative has (the parent they include): a value of
    /// no alternative is kept only when it is one.
    public var base: Located<String>?
}

/// A property, parameter or inline body field: `key: Type` or `key: {type: …, …}`.
public struct RawField: Sendable {
    /// The key as written: the JSON key or the name on the wire.
    public var key: Located<String>
    /// `type:` — Swift-flavoured type text such as `[String]?`.
    public var type: Located<String>?
    /// `description:`
    public var description: String?
    /// `default:`
    public var defaultValue: YAMLValueBox?
    /// `swiftName:` — the Swift name, when the derived one does not fit.
    public var swiftName: Located<String>?
    /// `deprecated:`
    public var deprecated: RawDeprecation?
    /// `separator:` — for array query parameters, joins the values with this text instead of repeating the key.
    public var separator: Located<String>?
    /// `const:` — the one value a property always has.
    public var constant: YAMLValueBox?
    /// `nullable:` — whether `null` is a value of its own: sent and received as such.
    public var nullable: Located<Bool>?
    /// `dates:` — how a `Date` property is written, when not as the spec's `dates` says.
    public var dates: Located<String>?
    /// `readOnly:` — whether the property is only received.
    public var readOnly: Located<Bool>?
    /// `writeOnly:` — whether the property is only sent.
    public var writeOnly: Located<Bool>?
    /// What the property's values may be besides what its type says, for an API that sends otherwise than its
    /// description (the config's `tolerate:`).
    public var tolerance: Tolerance = []
    /// Whether an OpenAPI document lets the value be `null` (`nullable: true`, `type: [T, "null"]`, a `null`
    /// alternative, or a `$ref` to a schema that allows it): the loader makes such a field `nullable` where
    /// it is required, and `T?` elsewhere. Not part of the format: a spec says `nullable:` itself.
    public var allowsNull = false
}

/// What a property's values may be besides what its type says, as an API sends them though its description
/// says otherwise: a number as text (`"-0.0025"`), or empty text (`""`) for a value it does not have.
public struct Tolerance: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// The tolerance of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A number sent as text is read as the number.
    public static let numbersAsText = Tolerance(rawValue: 1)
    /// Empty text sent for an optional value is read as none.
    public static let emptyTextAsAbsent = Tolerance(rawValue: 2)
    /// A required property the API leaves out, or sends as `null`, though its description says it may not: the
    /// property is optional (`T?`).
    public static let missingOrNull = Tolerance(rawValue: 4)
}

/// A YAML value kept for the resolver (a default value), opaque outside the core.
public struct YAMLValueBox: Sendable {
    let value: YAMLValue
}

/// An endpoint as written under `endpoints:`.
public struct RawEndpoint: Sendable {
    /// How a request body is written.
    public enum Body: Sendable {
        /// `body: Type` — that type, as JSON.
        case type(Located<String>)
        /// `body: {json: {field: Type, …}}` — inline fields, as a JSON object.
        case json([RawField], SourceLocation)
        /// `body: {form: {field: Type, …}}` — inline fields, form-url-encoded.
        case form([RawField], SourceLocation)
        /// `body: {binary: image/png}` — bytes sent as they are, with this content type.
        case binary(Located<String>)
        /// `body: {file: video/mp4}` — a local file's contents streamed as they are, with this content type.
        case file(Located<String>)
        /// `body: {multipart: {field: Type, …}}` — text fields, files and JSON parts as `multipart/form-data`.
        case multipart([RawField], SourceLocation)

        /// The body without its inline field `name` (a JSON, form or multipart field); any other as it is.
        func removing(field name: String) -> Body {
            switch self {
            case .json(let fields, let location): .json(fields.filter { $0.key.value != name }, location)
            case .form(let fields, let location): .form(fields.filter { $0.key.value != name }, location)
            case .multipart(let fields, let location): .multipart(fields.filter { $0.key.value != name }, location)
            case .type, .binary, .file: self
            }
        }
    }

    /// Sample response data.
    public enum Sample: Sendable {
        /// `sample:` — written in the spec.
        case inline(YAMLValueBox)
        /// `sampleFile:` — a JSON file, relative to the spec.
        case file(Located<String>)

        /// Where it is written.
        public var location: SourceLocation {
            switch self {
            case .inline(let value): value.value.location
            case .file(let path): path.location
            }
        }
    }

    /// The endpoint's name.
    public var name: Located<String>
    /// `method:`
    public var method: Located<String>?
    /// `path:`
    public var path: Located<String>?
    /// `description:`
    public var description: String?
    /// `deprecated:`
    public var deprecated: RawDeprecation?
    /// `namespace:`
    public var namespace: Located<String>?
    /// `pathParameters:`
    public var pathParameters: [RawField] = []
    /// `query:`
    public var query: [RawField] = []
    /// `headers:`
    public var headers: [RawField] = []
    /// `cookies:` — cookie parameters, sent in the `Cookie` header.
    public var cookies: [RawField] = []
    /// `body:`
    public var body: Body?
    /// `body.contentType:` — the JSON media type a JSON body is sent as, such as `application/merge-patch+json`.
    public var bodyContentType: Located<String>?
    /// `response:` — the one answer's body.
    public var response: RawAnswerBody?
    /// Whether a form body may come as a JSON object of the same fields too (an OpenAPI document's form and JSON
    /// of one schema: Slack's methods, which slack_sdk posts either way).
    public var formTakesJSON = false
    /// The status an OpenAPI document gives its one success answer (`201`).
    public var successStatus: Located<Int>?
    /// Whether an OpenAPI document's one answer may be `null` (`anyOf: [number, null]`): its optional type's
    /// `nil` is `null`, not an answer without a body.
    public var responseMayBeNull = false
    /// `stream:` — a second method for the same request, answered with a stream (`…Stream`).
    public var stream: RawStreamVariant?
    /// For the stream variant of an endpoint whose body is a model: the field its body gets, set to `true`
    /// (or to ``addedValue``).
    public var addedBodyField: Located<String>?
    /// For the stream variant of an endpoint asked for in its query: the query parameter it is sent with, set
    /// to `true` (or to ``addedValue``).
    public var addedQueryItem: Located<String>?
    /// The value of ``addedBodyField`` or ``addedQueryItem`` when not `true`.
    public var addedValue: YAMLValueBox?
    /// `pages:` — how the list answer leads to its next page.
    public var pages: RawPaging?
    /// `responses:` — several answers, by status.
    public var responses: [RawAnswer] = []
    /// Where `responses:` is written.
    public var responsesLocation: SourceLocation?
    /// `responseHeaders:` — the documented headers of the answers.
    public var responseHeaders: [RawField] = []
    /// Where `responseHeaders:` is written.
    public var responseHeadersLocation: SourceLocation?
    /// `sample:` or `sampleFile:`
    public var sample: Sample?
    /// `scope: [a, b]` — scopes any of which may call the endpoint (`public` among them: credentials are
    /// optional); `nil` when `scope` is one name.
    public var scopeAlternatives: [Located<String>]?
    /// `server:` — the name of the server (under `servers:`) the endpoint is on.
    public var server: Located<String>?
    /// `scope:` — the scope whose credentials the endpoint needs, or `public` for none.
    public var scope: Located<String>?
    /// `errors:` — error bodies by status, added to (and overriding) the spec's.
    public var errors: [RawErrorStatus] = []
}

/// What an answer's body is, as written under `response:` or for one status under `responses:`.
public enum RawAnswerBody: Sendable {
    /// A type (a model, an array, a scalar), read as JSON; `Void` for none.
    case type(Located<String>)
    /// `{binary: application/pdf}` — bytes as they arrive, asked for with this `Accept` type.
    case binary(Located<String>)
    /// `{text: text/csv}` — text in the charset the response names.
    case text(Located<String>)
    /// `{file: application/zip}` — bytes downloaded to a file, never held in memory.
    case file(Located<String>)
    /// `{events: Type, terminator: "[DONE]", errorEvent: error}` — a `text/event-stream`, each event's data JSON
    /// of this type; how it ends is in `end`.
    case events(Located<String>, end: RawStreamEnd)
    /// `{jsonLines: Type, errorKey: error}` — JSON Lines: a JSON value of this type per line, as they arrive;
    /// how it ends is in `end` (only its `errorKey`).
    case jsonLines(Located<String>, end: RawStreamEnd)
    /// `{events: {message_start: MessageStart, ping: Void}}` — a `text/event-stream` whose events are of the
    /// type their `event` name says; the key `events` is at `location`.
    case namedEvents([RawField], end: RawStreamEnd, location: SourceLocation)

    /// Whether it reads an answer as `other` does: the same kind, of the same type or media type (streams are
    /// never the same, as they are each their endpoint's one answer).
    public func isSame(as other: RawAnswerBody) -> Bool {
        switch (self, other) {
        case (.type(let one), .type(let two)), (.binary(let one), .binary(let two)), (.text(let one), .text(let two)),
            (.file(let one), .file(let two)):
            one.value == two.value
        default: false
        }
    }

    /// How a stream ends (its terminator, error event and error key); `nil` for an answer that is no stream.
    public var streamEnd: RawStreamEnd? {
        switch self {
        case .events(_, let end), .jsonLines(_, let end), .namedEvents(_, let end, _): end
        case .type, .binary, .text, .file: nil
        }
    }

    /// Where it is written.
    public var location: SourceLocation {
        switch self {
        case .type(let text), .binary(let text), .text(let text), .file(let text), .events(let text, _),
            .jsonLines(let text, _):
            text.location
        case .namedEvents(_, _, let location): location
        }
    }
}

/// How a stream of server-sent events ends, besides its connection closing.
public struct RawStreamEnd: Sendable {
    /// `terminator:` — the data of the event that ends the stream, such as `[DONE]`.
    public var terminator: Located<String>?
    /// `errorEvent:` — the name of the event whose data is an error body, which ends the stream with it.
    public var errorEvent: Located<String>?
    /// `errorKey:` — the top-level key that makes a value (an event's data, or a line) an error body, which ends
    /// the stream with it: `error` for `data: {"error": {…}}`.
    public var errorKey: Located<String>?
}

/// `stream: {field: stream, events: Chunk, terminator: "[DONE]"}` under an endpoint: the same request answered as
/// a stream when a body field asks for it, the LLM APIs' `stream: true`. It becomes a second endpoint.
public struct RawStreamVariant: Sendable {
    /// Where `stream:` is written.
    public var location: SourceLocation
    /// `field:` — the JSON body field the stream's method sends (as `value`); the plain method leaves it out.
    public var field: Located<String>?
    /// `query:` — the query parameter the stream's method sends (as `value`) instead of a body field, as log
    /// APIs' `?follow=true`; the plain method leaves it out.
    public var query: Located<String>?
    /// `value:` — what the stream's method sends in `field` or `query`: `true` when missing, or a string or
    /// number such as `sse` for a `stream_format`.
    public var value: YAMLValueBox?
    /// `events:` or `jsonLines:` (with `terminator:`): the stream's values.
    public var answer: RawAnswerBody?
    /// `name:` — the second endpoint's name, when not the endpoint's own followed by `Stream`.
    public var name: Located<String>?
    /// `sample:` or `sampleFile:` — the stream's values, for stubs and the mock.
    public var sample: RawEndpoint.Sample?
}

/// `pages: {by: after, items: data, hasMore: has_more, parameter: starting_after}` under an endpoint: how its
/// answer, a page of a list, leads to the next page. Paths of the answer are property names (as in JSON) joined
/// by dots; parameters are query parameters of the endpoint, by the names they are sent with.
public struct RawPaging: Sendable {
    /// Where `pages:` is written.
    public var location: SourceLocation
    /// `by:` — `link`, `url`, `cursor`, `after`, `page` or `offset`.
    public var by: Located<String>?
    /// `items:` — the path of the page's array of items; the page itself when missing.
    public var items: Located<String>?
    /// `relation:` (`by: link`) — the link relation of the next page, `next` when missing.
    public var relation: Located<String>?
    /// `cursor:` (`by: cursor`) — the path of the next page's cursor.
    public var cursor: Located<String>?
    /// `next:` (`by: url`) — the path of the next page's URL.
    public var next: Located<String>?
    /// `parameter:` — the query parameter sent for the next page: the cursor, the last item's id, the page
    /// number or the offset.
    public var parameter: Located<String>?
    /// `hasMore:` (`by: after`) — the path of the Bool that tells whether more pages follow.
    public var hasMore: Located<String>?
    /// `itemID:` (`by: after`) — the property of an item sent as `parameter`, `id` when missing.
    public var itemID: Located<String>?
    /// `size:` (`by: page` or `offset`) — the query parameter of the page size.
    public var size: Located<String>?
    /// `first:` (`by: page`) — the number of the first page, 1 when missing.
    public var first: Located<String>?
    /// `totalPages:` (`by: page`) — the path of the number of pages.
    public var totalPages: Located<String>?
    /// `totalItems:` (`by: offset`) — the path of the number of items of all pages.
    public var totalItems: Located<String>?
}

/// One documented answer under `responses:`.
public struct RawAnswer: Sendable {
    /// The status as written, such as `200` or `304`.
    public var status: Located<String>
    /// The body; `nil` for none.
    public var body: RawAnswerBody?
    /// `name:` — the Swift case name, when the one derived from the status does not fit.
    public var name: Located<String>?
    /// `description:`
    public var description: String?
}

/// A variable of the server URLs, as written under `variables:`.
public struct RawServerVariable: Sendable {
    /// The name, as written in `{…}`.
    public var name: Located<String>
    /// `default:`
    public var defaultValue: Located<String>?
    /// `enum:` — the values it may take.
    public var values: [Located<String>] = []
    /// `description:`
    public var description: String?
}

/// A server, as written under `servers:`: a URL, or a mapping with `url` and `description`.
public struct RawServer: Sendable {
    /// The name endpoints use in `server:`.
    public var name: Located<String>
    /// `url:`
    public var url: Located<String>?
    /// `description:`
    public var description: String?
}

/// The operations of an OpenAPI document to generate (`filter:` in the config): those any list names.
public struct RawFilter: Sendable {
    /// Where `filter:` is.
    public var location: SourceLocation
    /// `operations:` — operation ids.
    public var operations: [Located<String>] = []
    /// `tags:` — operations with any of these tags.
    public var tags: [Located<String>] = []
    /// `paths:` — operations on these paths, or below a path ending in `/*`.
    public var paths: [Located<String>] = []
    /// `depth:` — how many references from a kept operation a model may be and still be generated; one further
    /// is `JSON` (an expandable field's id alone, for a union of a string and such models).
    public var depth: Located<Int>?
    /// `keep:` — schemas generated however deep they are.
    public var keep: [Located<String>] = []
    /// `cut:` — schemas that are `JSON` wherever a property, item or answer refers to them.
    public var cut: [Located<String>] = []

    /// Whether the filter has `operations`, `tags` or `paths` (else it keeps every operation, and only cuts
    /// models).
    public var selectsOperations = false
}

/// Names of the user's own for an OpenAPI document's schemas, operations and properties (`rename:` in the
/// config), each `document name: new name`.
public struct RawRenames: Sendable {
    /// One rename: the name in the document, and the name to use.
    public struct Entry: Sendable {
        /// The document's name: a schema, an operation id (or `GET /path` without one), or
        /// `Schema.property`.
        public var from: Located<String>
        /// The new name.
        public var to: Located<String>
    }

    /// Where `rename:` is.
    public var location: SourceLocation
    /// `schemas:` — component schema → model name.
    public var schemas: [Entry] = []
    /// `operations:` — operation id → endpoint name.
    public var operations: [Entry] = []
    /// `properties:` — `Schema.property` → the property's Swift name.
    public var properties: [Entry] = []
}

/// `webhooks:` as written: the events the API delivers to its users' servers, how they are told apart, and how
/// the API signs them.
public struct RawWebhooks: Sendable {
    /// Where `webhooks:` is.
    public var location: SourceLocation
    /// `signature:` — `standardWebhooks`, `stripe` or `github`.
    public var signature: Located<String>?
    /// `tolerance:` — how many seconds a delivery's timestamp may be from now.
    public var tolerance: Located<Int>?
    /// `eventKey:` — the body's top-level key whose text names the event (`type` unless `eventHeader` is given).
    public var eventKey: Located<String>?
    /// `eventHeader:` — the header that names the event, instead of a key of the body (GitHub's `X-GitHub-Event`).
    public var eventHeader: Located<String>?
    /// `events:` — by the name the API gives them.
    public var events: [RawWebhookEvent] = []
}

/// An event under `webhooks.events`: `order.paid: OrderPaid`, or a mapping with `body:`.
public struct RawWebhookEvent: Sendable {
    /// The event's name, as the API sends it in the event key or header.
    public var name: Located<String>
    /// `body:` — the type of the delivery's JSON body.
    public var body: Located<String>?
    /// `description:`
    public var description: String?
    /// `deprecated:`
    public var deprecated: RawDeprecation?
    /// `swiftName:` — the Swift name of the event's case and handler method, when the derived one does not fit.
    public var swiftName: Located<String>?
    /// `sample:` — a delivery's body, for the mock's `--send-webhook`.
    public var sample: YAMLValueBox?
    /// `route:` — the last segment of the URL the API delivers the event to, which names it instead of the body
    /// or a header (an OpenAPI callback's).
    public var route: Located<String>?
}
