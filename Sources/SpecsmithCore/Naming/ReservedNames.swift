/// Names generated code relies on, which the names a spec chooses may not take: a model, namespace, scope or
/// error enumeration named like a type generated code uses would hide it; an endpoint or namespace named like a
/// member of the generated client would clash with it.
enum ReservedNames {
    /// Every type name that generated code for these options names unqualified: the standard library's and
    /// Foundation's, the runtime's, the flavours', and the types generated for the API itself.
    static func types(api: String, hasAuth: Bool, flavours: Set<API.Flavour>) -> Set<String> {
        standardTypes.union(RuntimeSymbols.all).union(flavourTypes(flavours))
            .union(generatedTypes(api: api, hasAuth: hasAuth))
            .union(flavours.contains(.server) ? [TranslationNames.service(api)] : [])
            .union(
                flavours.contains(.webhooks)
                    ? [
                        TranslationNames.webhookEvent(api), TranslationNames.webhooks(api),
                        TranslationNames.webhookHandler(api),
                    ] : []
            )
    }

    /// Types of the standard library and Foundation that generated code names (``StandardLibrarySymbols``,
    /// ``FoundationSymbols``), or that no Swift type should hide (`Any`, `Error`), and ``appTypes``.
    static let standardTypes = Set(
        TypeRef.Builtin.allCases.map(\.rawValue) + [
            "Void", "Optional", "Array", "Dictionary", "Never", "Any", "Error", "Sendable", "Hashable", "Equatable",
            "Codable", "Decodable", "Encodable", "Decoder", "Encoder", "CodingKey", "CodingKeys", "RawRepresentable",
        ] + conformanceTypes
    ).union(appTypes).union(FoundationSymbols.types.keys).union(StandardLibrarySymbols.all)

    /// The associated types of the protocols generated enumerations and unions conform to: inside such a type,
    /// `RawValue` is its raw value's type, not a model of that name (a `[String: RawValue]` table of an
    /// enumeration named `RawValue` would not compile).
    static let conformanceTypes = [
        "RawValue", "StringLiteralType", "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType",
        "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType", "ArrayLiteralElement",
    ]

    /// Types of Swift that the code beside a generated module uses, whatever the flavour: a client or server
    /// the build plugin generates into an app's own target would hide them there (`Task { … }`,
    /// `Task.sleep(for:)` would name a model `Task`).
    static let appTypes: Set<String> = ["Task"]

    /// Types the generated code of a flavour names unqualified.
    static func flavourTypes(_ flavours: Set<API.Flavour>) -> Set<String> {
        var names: Set<String> = []
        if flavours.contains(.combine) { names.insert(CombineSymbols.anyPublisher) }
        if flavours.contains(.server) { names.formUnion(ServerSymbols.types.union([ServerSymbols.hummingbird])) }
        if flavours.contains(.webhooks) { names.formUnion(WebhookSymbols.all) }
        if flavours.contains(.rxswift) {
            names.formUnion([
                RxSwiftSymbols.single, RxSwiftSymbols.reactive, RxSwiftSymbols.reactiveCompatible,
                RxSwiftSymbols.disposables, RxSwiftSymbols.base, RxSwiftSymbols.observable, "Task",
            ])
        }
        return names
    }

    /// The types named after an API named `api` that would hide a type the generated code uses: `APIClient`, the
    /// client of an API named `API`, is the runtime's `APIClient`.
    static func apiTypesHidingOthers(api: String, flavours: Set<API.Flavour>) -> [String] {
        var own = [
            TranslationNames.client(api), TranslationNames.factories(api), TranslationNames.resource(api),
            TranslationNames.samples(api),
        ]
        if flavours.contains(.server) { own.append(TranslationNames.service(api)) }
        if flavours.contains(.webhooks) {
            own += [
                TranslationNames.webhookEvent(api), TranslationNames.webhooks(api),
                TranslationNames.webhookHandler(api),
            ]
        }
        let used = standardTypes.union(RuntimeSymbols.all).union(flavourTypes(flavours))
        return own.filter(used.contains)
    }

    /// Type names generated for an API named `api`, besides its models and error enumerations.
    static func generatedTypes(api: String, hasAuth: Bool) -> Set<String> {
        var names: Set<String> = [
            TranslationNames.client(api), TranslationNames.factories(api), TranslationNames.resource(api),
            TranslationNames.samples(api),
        ]
        if hasAuth { names.formUnion([TranslationNames.scopes, TranslationNames.authorization]) }
        return names
    }

    /// Members of the `Resource` protocol, which resource enumeration cases may not be named.
    static let resourceMembers: Set<String> = [
        "operationName", "method", "path", "query", "headers", "body", "sampleData", "requiresAuthorization",
    ]

    /// Members of the generated client and namespace structs, which endpoint methods and namespace properties
    /// may not be named: its `client`, and for RxSwift its `rx` and the `base` of `Reactive`.
    static func clientMembers(_ flavours: Set<API.Flavour>) -> Set<String> {
        flavours.contains(.rxswift) ? ["client", "rx", "base"] : ["client"]
    }

    /// Members every generated struct has besides its properties (`Hashable`'s).
    static let structMembers: Set<String> = ["hashValue"]

    /// Members every generated enumeration has besides its cases.
    static let enumerationMembers: Set<String> = ["knownCases", "hashValue", enumerationTable]

    /// The private table of an enumeration's cases by raw value, which its `init(rawValue:)` looks up.
    static let enumerationTable = "casesByRawValue"

    /// `name`, with underscores added until it is none of `taken`: a JSON key or enum value named like a
    /// generated member (`hashValue` → `hashValue_`) keeps a working Swift name.
    static func avoiding(_ taken: Set<String>, _ name: String) -> String {
        var name = name
        while taken.contains(name) { name += "_" }
        return name
    }
}
