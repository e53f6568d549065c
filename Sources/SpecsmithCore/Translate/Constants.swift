/// Every symbol of SpecsmithRuntime (and the standard library) that generated code names, in one place.
enum RuntimeSymbols {
    static let module = "SpecsmithRuntime"
    static let endpoint = "Endpoint"
    static let resource = "Resource"
    static let apiClient = "APIClient"
    static let apiError = "APIError"
    static let httpMethod = "HTTPMethod"
    static let httpTransport = "HTTPTransport"
    static let urlSessionTransport = "URLSessionTransport"
    static let queryItem = "QueryItem"
    static let headerField = "HeaderField"
    static let requestBody = "RequestBody"
    static let pathSegment = "PathSegment"
    static let parameterValue = "ParameterValue"
    /// What a server's (closed) enumerations conform to: decoding an unlisted value names the listed ones.
    static let listedValues = "ListedValues"
    static let dateCoding = "DateCoding"
    static let apiEndpoint = "APIEndpoint"
    static let authorizedEndpoint = "AuthorizedEndpoint"
    static let authorizationScope = "AuthorizationScope"
    static let expectedErrors = "ExpectedErrors"
    static let credentials = "Credentials"
    /// How credentials travel: `AuthScheme`.
    static let authScheme = "AuthScheme"
    static let middleware = "Middleware"
    /// Any JSON value.
    static let json = "JSON"
    /// The kind of JSON value a decoder holds: `JSON.Kind(of: decoder)`.
    static let jsonKind = "JSON.Kind"
    /// `UnionCandidates<Self>(decoder)`: how a union without a discriminator tries the alternatives that may
    /// take a value, by their tags and keys, preferring one that keeps nothing as unknown.
    static let unionCandidates = "UnionCandidates"
    /// `decoder.listedValue(in: Self.casesByRawValue, else: Self.unknown)`: how an enumeration reads a value,
    /// noting one it does not list.
    static let listedValue = "listedValue"
    /// `Dictionary(byRawValue: knownCases)`: an enumeration's cases by their raw values.
    static let byRawValue = "byRawValue"
    /// `KeyedDecodingContainer.decodeConstantIfPresent(_:forKey:)`, which checks a `const` property that may
    /// be absent.
    static let decodeConstantIfPresent = "decodeConstantIfPresent"
    /// A value or `null`, for `nullable` optional properties: `Nullable<T>?`.
    static let nullable = "Nullable"
    /// `KeyedDecodingContainer.decodeNullable(_:forKey:)`, which tells a missing key from `null`.
    static let decodeNullable = "decodeNullable"
    /// `DecodingTolerance`: what a property's values may be besides what its type says (`tolerating:`).
    static let decodingTolerance = "DecodingTolerance"
    /// The runtime's calendar date, `2024-05-01`.
    static let calendarDate = "CalendarDate"
    /// The property wrapper that stores a property out of line: `@Indirect`.
    static let indirect = "Indirect"
    /// `JSONKey`, the key every generated struct codes its properties with (`forKey: "html_url"`).
    static let jsonKey = "JSONKey"
    /// `KeyedDecodingContainer.decodeConstant(_:forKey:)`, which checks a `const` property.
    static let decodeConstant = "decodeConstant"
    /// `KeyedDecodingContainer.unknownTag(_:forKey:of:expected:)`, the error of a union's unknown tag.
    static let unknownTag = "unknownTag"
    /// `Decoder.additionalProperties(_:excluding:)`, which reads the keys a struct does not list.
    static let decodeAdditionalProperties = "additionalProperties"
    /// `Encoder.encodeAdditionalProperties(_:excluding:)`, which writes them back.
    static let encodeAdditionalProperties = "encodeAdditionalProperties"
    /// `Encoder.encodeSingleValue(_:)`, how a union without a discriminator writes its alternative's value.
    static let encodeSingleValue = "encodeSingleValue"
    /// How an endpoint's answers are read: `ResponseDecoding<T>`, with `.bytes` and `.text`.
    static let responseDecoding = "ResponseDecoding"
    /// The protocol of generated response header structs.
    static let responseHeaders = "ResponseHeaders"
    /// Why a body is not text or a header is missing or malformed.
    static let responseReadingError = "ResponseReadingError"
    /// An answer with its typed headers, from a `…WithHeaders` method.
    static let responseWithHeaders = "ResponseWithHeaders"
    /// The values of a streamed answer, as an endpoint's response.
    static let responseStream = "ResponseStream"
    /// What a client's method for a streamed answer returns.
    static let apiStream = "APIStream"
    /// Sends a streaming endpoint, returning its `APIStream`.
    static let stream = "stream"
    /// One event of a `text/event-stream`, as it arrived.
    static let serverSentEvent = "ServerSentEvent"
    /// A model body sent with a field added (`"stream": true`).
    static let jsonBodyWithFields = "JSONBodyWithFields"
    /// `APIEndpoint.withHeaders(_:)`.
    static let withHeaders = "withHeaders"
    /// The links of a `Link` header, module-qualified so that a model named `Links` cannot hide it.
    static let links = "SpecsmithRuntime.Links"
    /// `RawResponse.requiredHeader(_:as:)` and `optionalHeader(_:as:)`.
    static let requiredHeader = "requiredHeader"
    static let optionalHeader = "optionalHeader"
    /// A file to upload in a multipart body: bytes or a local file, a file name and a media type.
    static let fileUpload = "FileUpload"
    /// The fields of a generated multipart body: `MultipartField.text/file/json(_:_:)`.
    static let multipartField = "MultipartField"
    /// Fills in the variables of server URLs: `ServerURL.url(_:_:)`, `ServerURL.Variable`.
    static let serverURL = "ServerURL"
    /// The raw response generated header structs and answers read.
    static let rawResponse = "RawResponse"
    /// What a paged endpoint's pages method returns, and `APIClient.pages(_:paging:)`, which makes it.
    static let apiPages = "APIPages"
    static let pages = "pages"
    /// What a paged endpoint's items method returns, and `APIPages.items(_:)`, which makes it.
    static let apiItems = "APIItems"
    static let items = "items"
    /// How one page leads to the next: `Paging.link()`, `.cursor(…)`, ….
    static let paging = "Paging"
    /// What a `…WithProgress` method returns, `APIClient.transfer(_:)`, which makes it, and its events.
    static let apiTransfer = "APITransfer"
    static let transfer = "transfer"
    static let transferEvent = "TransferEvent"
    /// `APIClient.callbackQueue`, where the reactive flavours deliver events.
    static let callbackQueue = "callbackQueue"
    /// `QueueDelivery`, which the RxSwift bridges hand events to the callback queue through, at its pace.
    static let queueDelivery = "QueueDelivery"
    /// `QueueDelivery.deliver(_:otherwise:)`.
    static let deliver = "deliver"
    /// `APIClient.streamReadAhead`: how many of a stream's values may wait on the callback queue.
    static let streamReadAhead = "streamReadAhead"
    /// `APIEndpoint.discardUnreceived(_:)` and `APITransfer.discardUnreceived(_:)`: a download nobody received.
    static let discardUnreceived = "discardUnreceived"

    /// Names a model may not take, as generated code would then refer to the model instead.
    static let all: Set<String> = [
        module, endpoint, resource, apiClient, apiError, httpMethod, httpTransport, urlSessionTransport, queryItem,
        headerField, requestBody, pathSegment, parameterValue, dateCoding, apiEndpoint, authorizedEndpoint,
        authorizationScope, expectedErrors, credentials, middleware, json, jsonKey, indirect, nullable, calendarDate,
        authScheme, "Credential", decodingTolerance,
        "ExpectedError",
        "UnexpectedResponse", "APIResult", "StatusPattern", "Redaction", "LoggingMiddleware", "RetryMiddleware",
        "TimeoutMiddleware", "TransportRequest", rawResponse, responseDecoding, responseHeaders,
        responseReadingError, responseWithHeaders, serverURL, fileUpload, multipartField, "MultipartPart",
        "TransportError", "DecodingFailure", "StubTransport", "PercentEncoding", "Codable", "Decodable", "Encodable",
        "Sendable", "Hashable", "CodingKey", "CodingKeys", "Decoder", "Encoder", responseStream, apiStream,
        serverSentEvent, "ResponseBodyStream", "ChunkSource", jsonBodyWithFields, apiPages, apiItems, paging,
        apiTransfer, transferEvent, "TransferProgress", unionCandidates, listedValues, queueDelivery,
    ]
}

extension RuntimeSymbols {
    /// Every public type of the runtime's modules that a client's files import whole (SpecsmithRuntime,
    /// SpecsmithCombine, SpecsmithWebhooks), whether or not generated code names it: in a client written as two
    /// modules, a model of one of these names is imported on its own where it is named, so that it wins over the
    /// runtime's (see ``translateModuleImports(_:split:modelKinds:printer:)``). A test keeps it equal to the
    /// modules' sources.
    static let declaredTypes: Set<String> = [
        "APIClient", "APIEndpoint", "APIError", "APIItems", "APIPages", "APIResult", "APIStream", "APITransfer",
        "AuthScheme", "AuthorizationScope", "AuthorizedEndpoint", "CalendarDate", "ChunkSource", "Credential",
        "Credentials", "DateCoding", "DecodingFailure", "DecodingTolerance", "Endpoint", "ExpectedError",
        "ExpectedErrors", "FileUpload", "HTTPDate", "HTTPMethod", "HTTPTransport", "HeaderField", "HeaderValue",
        "Indirect", "JSON", "JSONBodyWithFields", "JSONKey", "Links", "ListedValues", "LoggingMiddleware",
        "Middleware", "MultipartField", "MultipartPart", "Nullable", "Paging", "ParameterValue", "PathSegment",
        "PercentEncoding", "QueryItem", "QueueDelivery", "RawResponse", "Redaction", "RedirectPolicy", "RequestBody",
        "Resource", "ResponseBodyStream", "ResponseDecoding", "ResponseHeaders", "ResponseReadingError",
        "ResponseStream", "ResponseWithHeaders", "RetryMiddleware", "ServerSentEvent", "ServerURL", "StatusPattern",
        "StubTransport", "TimeoutMiddleware", "TransferEvent", "TransferProgress", "TransportError",
        "TransportRequest", "URLSessionTransport", "UnexpectedResponse", "UnionCandidates", "UnlistedValues",
        "WebhookDelivery", "WebhookError", "WebhookEventSet", "WebhookEvents", "WebhookHandling", "WebhookHeaders",
        "WebhookReceipt", "WebhookReplayGuard", "WebhookScheme", "WebhookSigner", "WebhookVerifier",
    ]
}

/// The types of Foundation that generated code names, by the kind of their declaration. In a client written as
/// two modules, the client's files import each of them on their own rather than all of Foundation, so that a
/// model named like another of Foundation's types (`Thread`) means the model without an import of its own.
enum FoundationSymbols {
    static let module = "Foundation"
    static let types: [String: ImportKind] = [
        "Data": .struct, "Date": .struct, "JSONDecoder": .class, "URL": .struct, "UUID": .struct,
    ]
}

/// The standard library's types that generated code names beyond a model's conformances and property types: a
/// model of such a name would hide them (``ReservedNames/standardTypes`` reserves them).
enum StandardLibrarySymbols {
    /// What a union without a match throws: `DecodingError.dataCorruptedError(…)`.
    static let decodingError = "DecodingError"
    /// An open enumeration or a union with a text alternative takes string literals.
    static let expressibleByStringLiteral = "ExpressibleByStringLiteral"
    /// An open integer enumeration takes integer literals.
    static let expressibleByIntegerLiteral = "ExpressibleByIntegerLiteral"
    /// The RxSwift flavour's streams are observables of an `AsyncSequence`.
    static let asyncSequence = "AsyncSequence"

    static let all: Set<String> = [
        decodingError, expressibleByStringLiteral, expressibleByIntegerLiteral, asyncSequence,
    ]
}

/// Names of the types generated for an API.
enum TranslationNames {
    /// The async client: `CountriesClient`.
    static func client(_ api: String) -> String { api + "Client" }
    /// The namespace of endpoint factories: `CountriesAPI`.
    static func factories(_ api: String) -> String { api + "API" }
    /// The resource enumeration: `CountriesResource`.
    static func resource(_ api: String) -> String { api + "Resource" }
    /// The namespace of sample data: `CountriesSamples`.
    static func samples(_ api: String) -> String { api + "Samples" }
    /// The namespace of an API's authorization scopes.
    static let scopes = "Scope"
    /// The scope of a client without credentials.
    static let publicScope = "Public"
    /// The protocol of the scopes that grant `scope`'s endpoints: `CustomerAccess`.
    static func access(_ scope: String) -> String { scope + "Access" }
    /// The generic parameter of a scoped client.
    static let authorization = "Authorization"
    /// The protocol of a server: `CountriesService`.
    static func service(_ api: String) -> String { api + "Service" }
    /// The enumeration of an API's webhook events: `ShopWebhookEvent`.
    static func webhookEvent(_ api: String) -> String { api + "WebhookEvent" }
    /// The namespace that verifies and reads an API's webhook deliveries: `ShopWebhooks`.
    static func webhooks(_ api: String) -> String { api + "Webhooks" }
    /// The protocol of a receiver of an API's webhooks: `ShopWebhookHandler`.
    static func webhookHandler(_ api: String) -> String { api + "WebhookHandler" }

}

/// What the webhooks flavour names: SpecsmithWebhooks' types and functions.
enum WebhookSymbols {
    static let module = "SpecsmithWebhooks"
    /// How the API signs: `WebhookScheme(.stripe, tolerance: 600)`, `.standardWebhooks`.
    static let scheme = "WebhookScheme"
    /// A delivery's headers.
    static let headers = "WebhookHeaders"
    /// Why a delivery is refused.
    static let error = "WebhookError"
    /// `WebhookEvents.name(atKey:of:)`, `.name(inHeader:of:)`, `.decode(_:from:dates:)`.
    static let events = "WebhookEvents"
    /// What the generated namespace conforms to, with `verify(_:headers:secrets:)` from the runtime.
    static let eventSet = "WebhookEventSet"
    /// What the generated handler protocol refines, with `receive(_:headers:secrets:)` and, beside a Hummingbird
    /// server, `registerWebhookRoutes(on:path:secrets:)`.
    static let handling = "WebhookHandling"

    /// Names a model may not take beside the webhooks flavour.
    static let all: Set<String> = [
        module, scheme, headers, error, events, eventSet, handling, "WebhookVerifier", "WebhookSigner",
        "WebhookDelivery", "WebhookReplayGuard", "WebhookReceipt", "Data", "DecodedWebhookEvent",
        "HandledWebhookEvents",
    ]
}

/// What the Combine flavour names: Combine's (or OpenCombine's) types and SpecsmithCombine's bridge.
enum CombineSymbols {
    static let module = "Combine"
    static let fallbackModule = "OpenCombine"
    static let runtimeModule = "SpecsmithCombine"
    static let anyPublisher = "AnyPublisher"
    /// `APIClient.publisher(for:)`, and the scoped clients' method of the same name.
    static let publisherFor = "publisher"
    /// The label of `APIClient.publisher(streaming:)`, the publisher of a streaming endpoint's values.
    static let streamingLabel = "streaming"
    /// The label of `APIClient.publisher(paging:)`, the publisher of a paged endpoint's pages or items.
    static let pagingLabel = "paging"
    /// The label of `APIClient.publisher(transfer:)`, the publisher of a transfer's progress and answer.
    static let transferLabel = "transfer"
    /// What an endpoint's publisher method adds to its name: `countryByNamePublisher`.
    static let publisherSuffix = "Publisher"

    /// Combine's types the flavour names, by the kind of their declaration (see ``FoundationSymbols``).
    static let types: [String: ImportKind] = [anyPublisher: .struct]
}

/// What the RxSwift flavour names.
enum RxSwiftSymbols {
    static let module = "RxSwift"
    static let single = "Single"
    static let reactive = "Reactive"
    static let reactiveCompatible = "ReactiveCompatible"
    static let disposables = "Disposables"
    /// `Reactive`'s generic parameter, the type it extends.
    static let base = "Base"
    /// The file-private bridge `APIClient.single(for:)`.
    static let singleFor = "single"
    static let observable = "Observable"
    /// The file-private bridge `APIClient.observable(of:)`, for streams and pages.
    static let observableFor = "observable"
    /// The file-private bridge `APIClient.observable(transfer:)`, for transfers with progress.
    static let transferLabel = "transfer"

    /// RxSwift's types the flavour names, by the kind of their declaration (see ``FoundationSymbols``).
    static let types: [String: ImportKind] = [
        single: .typealias, reactive: .struct, reactiveCompatible: .protocol, disposables: .struct,
        observable: .class,
    ]
}

/// What the server flavour names of SpecsmithServer and Hummingbird.
enum ServerSymbols {
    static let module = "SpecsmithServer"
    static let hummingbird = "Hummingbird"
    /// Adds the routes: `ServerRoutes(router, dates:, options:)`.
    static let serverRoutes = "ServerRoutes"
    static let serverOptions = "ServerOptions"
    /// `routes.refuseOtherMethods([path: methods])`: `405` with `Allow` for the other methods of a served path.
    static let refuseOtherMethods = "refuseOtherMethods"
    /// `routes.answerUnmatchedPaths()`: `404` with a body naming a path no route has, on a root router.
    static let answerUnmatchedPaths = "answerUnmatchedPaths"
    /// The router a service's routes go on, qualified so that no model hides it.
    static let routerMethods = "Hummingbird.RouterMethods"
    /// What a handler of an endpoint with documented errors answers.
    static let reply = "Reply"
    /// The values of a streamed answer, as the handler produces them.
    static let serverStream = "ServerStream"
    /// One event of a stream of named events.
    static let namedEvent = "NamedEvent"
    /// An answer with its documented response headers.
    static let withHeaders = "WithHeaders"
    /// The `Link` header of a page, for a list paged by it.
    static let linkHeader = "LinkHeader"
    /// Writes response headers' values as text.
    static let responseHeaderText = "ResponseHeaderText"
    /// The caller of an endpoint of a scope: `Caller<Scope.Customer, Identity>`.
    static let caller = "Caller"
    /// Who credentials belong to and the scope they grant.
    static let grant = "Grant"
    /// The service's associated type for its callers.
    static let identity = "Identity"
    /// A request's credential.
    static let credential = "Credential"
    /// Every problem of a request that does not follow its endpoint.
    static let requestProblems = "RequestProblems"
    /// The requirement that makes a `400` body of a documented type.
    static let invalidRequest = "errorBody"
    /// What enumerations read from parameters conform to.
    static let parameterText = "ParameterText"

    /// The types the server's declarations name unqualified.
    static let types: Set<String> = [
        reply, caller, grant, identity, requestProblems, serverRoutes, serverOptions, withHeaders, responseHeaderText,
        serverStream, namedEvent, linkHeader,
    ]
}
