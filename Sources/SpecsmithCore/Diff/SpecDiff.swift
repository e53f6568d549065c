/// `specsmith diff`: the changes between two versions of an API, each classified by whom it breaks.
///
/// - **Swift**: code written against the old generated client no longer compiles (an endpoint, parameter,
///   model, property or case removed or renamed; a type changed; a new required argument or property).
/// - **Wire**: an app built with the old client and already shipped fails against the new server (a path or
///   method changed; a required response field removed or made optional; a new required request field; an
///   enumeration value or union alternative the old app does not know, in what it receives; a stricter scope).
/// - Neither: additive.
public struct SpecDiff: Sendable, Hashable {
    /// One change.
    public struct Change: Sendable, Hashable {
        /// What changed, such as endpoint `countryByName`, model `Country` or property `Country.name` (the
        /// name in backticks).
        public var subject: String
        /// What happened to it, in a sentence.
        public var description: String
        /// Whether code written against the old client no longer compiles.
        public var breaksSwift: Bool
        /// Whether apps already shipped with the old client fail against the new API.
        public var breaksWire: Bool

        /// Neither Swift nor the wire breaks.
        public var isAdditive: Bool { !breaksSwift && !breaksWire }
    }

    /// The changes, endpoints first, then models, then webhook events, in the new spec's order.
    public var changes: [Change]

    /// The changes between `old` and `new`.
    public init(old: API, new: API) {
        var differ = Differ(old: old, new: new)
        differ.compareAPI()
        differ.compareEndpoints()
        differ.compareModels()
        differ.compareWebhooks()
        changes = differ.mergedChanges
    }

    /// The changes that break Swift callers.
    public var swiftBreaking: [Change] { changes.filter(\.breaksSwift) }
    /// The changes that break apps on the wire.
    public var wireBreaking: [Change] { changes.filter(\.breaksWire) }
    /// The changes that break nothing.
    public var additive: [Change] { changes.filter(\.isAdditive) }
}

/// Walks two APIs side by side, collecting changes.
struct Differ {
    let old: API
    let new: API
    var changes: [SpecDiff.Change] = []
    /// The endpoint being compared: its request (`POST /chat/completions`) and its name.
    var endpoint: (request: String, name: String)?
    /// For each change, the endpoint it is a change of, if any.
    var endpoints: [(request: String, name: String)?] = []
    /// The models each API sends in requests and receives in answers, through their properties.
    let oldUse: ModelUse
    let newUse: ModelUse

    init(old: API, new: API) {
        self.old = old
        self.new = new
        self.oldUse = ModelUse(old)
        self.newUse = ModelUse(new)
    }

    mutating func add(_ subject: String, _ description: String, swift: Bool, wire: Bool) {
        changes.append(
            SpecDiff.Change(subject: subject, description: description, breaksSwift: swift, breaksWire: wire)
        )
        endpoints.append(endpoint)
    }

    /// The changes, one line per change: the same change of endpoints that send the same request (a plain
    /// method and its stream method, `createChatCompletion` and `createChatCompletionStream`) is one change
    /// naming both, at the first one's place.
    var mergedChanges: [SpecDiff.Change] {
        struct Key: Hashable {
            var request: String
            var description: String
            var swift: Bool
            var wire: Bool
        }
        var merged: [SpecDiff.Change] = []
        var names: [[String]] = []
        var place: [Key: Int] = [:]
        for (change, endpoint) in zip(changes, endpoints) {
            guard let endpoint else {
                merged.append(change)
                names.append([])
                continue
            }
            let key = Key(
                request: endpoint.request,
                description: change.description,
                swift: change.breaksSwift,
                wire: change.breaksWire
            )
            if let index = place[key] {
                names[index].append("`\(endpoint.name)`")
                merged[index].subject = "endpoints " + names[index].joined(separator: ", ")
            } else {
                place[key] = merged.count
                merged.append(change)
                names.append(["`\(endpoint.name)`"])
            }
        }
        return merged
    }

    /// The API's own: its name (the client's type) and base URL.
    mutating func compareAPI() {
        if old.name != new.name {
            add(
                "API",
                "renamed from `\(old.name)` to `\(new.name)`: the client is `\(new.name)Client`",
                swift: true,
                wire: false
            )
        }
        if old.baseURL != new.baseURL {
            add("API", "the base URL changed from `\(old.baseURL)` to `\(new.baseURL)`", swift: false, wire: true)
        }
    }
}

/// Which models an API sends in requests and receives in answers, directly or through other models.
struct ModelUse {
    var sent: Set<String> = []
    var received: Set<String> = []

    init(_ api: API) {
        let models = Dictionary(api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func names(in type: TypeRef) -> [String] {
            switch type {
            case .model(let name): [name]
            case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner),
                .stream(let inner):
                names(in: inner)
            case .builtin, .void: []
            }
        }
        func reach(_ start: [String]) -> Set<String> {
            var seen = Set<String>()
            var pending = start
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, let model = models[name] else { continue }
                switch model.shape {
                case .object(let properties): pending += properties.flatMap { names(in: $0.type) }
                case .union(let union): pending += union.alternatives.flatMap { names(in: $0.type) }
                case .enumeration: break
                }
                if let extra = model.additionalProperties { pending += names(in: extra.valueType) }
            }
            return seen
        }
        var sentRoots: [String] = []
        var receivedRoots: [String] = []
        for operation in api.operations {
            sentRoots += operation.parameters.flatMap { names(in: $0.type) }
            if case .fields(let model, _, _)? = operation.body { sentRoots.append(model) }
            receivedRoots += names(in: operation.responseBody.type) + operation.errors.flatMap { names(in: $0.type) }
            receivedRoots += operation.answers?.cases.flatMap { names(in: $0.body.type) } ?? []
            if case .namedEvents(let union, _) = operation.responseBody {
                receivedRoots += union.cases.flatMap { names(in: $0.type) }
            }
        }
        // A webhook's receiver receives its events.
        receivedRoots += (api.webhooks?.events ?? []).flatMap { names(in: $0.body) }
        sent = reach(sentRoots)
        received = reach(receivedRoots)
    }
}
