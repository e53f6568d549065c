/// What the description says sets each alternative of a union without a discriminator apart, and so which
/// alternatives may be a value and in which order they are tried: the same rule for generated clients, servers
/// and webhook receivers (through `translateUnion`) and for the mock's and the samples' checks (`SampleChecker`).
///
/// An alternative is a candidate for a value only when the value meets what sets it apart: its kind of JSON,
/// every tag it has (a `const` property or an enumeration of one value, required or not: where the value has the
/// key, its text must be the tag), and for a closed model (`additionalProperties: false`) no key it does not
/// list. Between candidates, the one that reads the value without keeping any part of it as unknown wins (the
/// runtime counts that), then, where models list different keys, the one that reads more of the value's keys
/// (``UnionFits/keysWorthCounting(in:)``), then the most specific, which is tried first: more tags, closed, more
/// required keys, a
/// more specific built-in type (`Int` before `Double`, a `Date` or an enumeration before `String`, a model
/// before a dictionary); an alternative that takes any value comes last.
struct AlternativeFit: Hashable {
    /// The kinds of JSON value it decodes from (`JSONKinds.all`'s names).
    var kinds: Set<String>
    /// Text a value must have where it has the key, by key in property order.
    var tags: [Tag] = []
    /// The keys a value must have.
    var required: Set<String> = []
    /// For a closed model, the only keys a value may have.
    var allowedKeys: [String]?
    /// For a model with properties, the keys it reads, in property order.
    var listedKeys: [String] = []
    /// Whether it takes any value (`JSON`).
    var takesAnyValue = false
    /// How specific a built-in type is among those of its kind: higher is tried first.
    var rank = 0

    /// A key and the text its value must be.
    struct Tag: Hashable {
        var key: String
        var value: String
    }

    /// Whether a value that meets both fits cannot tell them apart by what the description says: no tag they
    /// share differs, neither closed model refuses a key the other requires, and they require the same keys.
    /// Only said of two models with properties (built-in types, lists and dictionaries differ by their values).
    func isIndistinguishable(from other: AlternativeFit) -> Bool {
        guard kinds == ["object"], other.kinds == ["object"], !takesAnyValue, !other.takesAnyValue,
            rank == Self.modelRank, other.rank == Self.modelRank
        else { return false }
        for tag in tags where other.tags.contains(where: { $0.key == tag.key && $0.value != tag.value }) {
            return false
        }
        if let allowed = allowedKeys.map(Set.init), !other.required.isSubset(of: allowed) { return false }
        if let allowed = other.allowedKeys.map(Set.init), !required.isSubset(of: allowed) { return false }
        return required == other.required
    }

    /// The rank of a model with properties.
    static let modelRank = 2
}

enum UnionFits {
    /// The fit of an alternative of type `type`.
    static func fit(of type: TypeRef, table: JSONKinds.Table) -> AlternativeFit {
        let models = table.models
        let kinds = JSONKinds.of(type, table: table)
        var fit = AlternativeFit(kinds: kinds)
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .json: fit.takesAnyValue = true
            // (A date written as a number takes the numbers `Int` takes: of the two, the spec's order decides.)
            case .int, .int32, .int64: fit.rank = 3
            case .date, .url, .uuid, .calendarDate: fit.rank = 3
            case .data: fit.rank = 2
            case .string, .double, .float, .bool: fit.rank = 1
            }
        case .dictionary: fit.rank = 1
        case .array: fit.rank = 1
        case .model(let name):
            guard let model = models[name] else {
                fit.takesAnyValue = true
                break
            }
            switch model.shape {
            case .enumeration: fit.rank = 2
            case .union: fit.rank = 1
            case .object(let properties):
                fit = objectFit(model, properties: properties, models: models)
            }
        case .optional, .nullable, .void, .stream:
            break
        }
        return fit
    }

    /// The fit of a model with properties: its tags, required keys and, closed, its keys.
    static func objectFit(_ model: Model, properties: [Property], models: [String: Model]) -> AlternativeFit {
        var fit = AlternativeFit(kinds: ["object"], rank: AlternativeFit.modelRank)
        fit.tags = UnionTags.of(properties, models: models).map { AlternativeFit.Tag(key: $0.key, value: $0.value) }
        fit.required = Set(properties.filter { $0.isRequiredKey && $0.direction != .writeOnly }.map(\.key))
        if model.isClosed && model.additionalProperties == nil { fit.allowedKeys = properties.map(\.key) }
        fit.listedKeys = properties.map(\.key)
        return fit
    }

    /// The positions of the open models among `fits` whose keys the runtime must weigh: those a value could fit
    /// together with another model that lists other keys (no tag they share differs). Of two alternatives that
    /// both read a value whole, the one that reads more of its keys wins, so that `{first, prev}` is the model of
    /// `first` and `prev` and not the one of `last` and `next` that reads neither. A closed model's keys are
    /// weighed already.
    static func keysWorthCounting(in fits: [AlternativeFit]) -> Set<Int> {
        func isModel(_ fit: AlternativeFit) -> Bool {
            fit.kinds == ["object"] && !fit.takesAnyValue && fit.rank == AlternativeFit.modelRank
        }
        func conflict(_ a: AlternativeFit, _ b: AlternativeFit) -> Bool {
            a.tags.contains { tag in b.tags.contains { $0.key == tag.key && $0.value != tag.value } }
        }
        var positions = Set<Int>()
        for (index, fit) in fits.enumerated() where isModel(fit) && fit.allowedKeys == nil {
            let keys = Set(fit.listedKeys)
            let weighed = fits.indices.contains { other in
                other != index && isModel(fits[other]) && !conflict(fit, fits[other])
                    && Set(fits[other].listedKeys) != keys
            }
            if weighed { positions.insert(index) }
        }
        return positions
    }

    /// The positions of the alternatives that may take a value of `kind`, the most specific first (see
    /// ``AlternativeFit``); of equal ones, in the spec's order.
    static func candidates(for kind: String, in fits: [AlternativeFit]) -> [Int] {
        let positions = fits.indices.filter { fits[$0].kinds.contains(kind) }
        return positions.sorted { first, second in
            let a = fits[first]
            let b = fits[second]
            if a.takesAnyValue != b.takesAnyValue { return !a.takesAnyValue }
            if a.tags.count != b.tags.count { return a.tags.count > b.tags.count }
            if (a.allowedKeys != nil) != (b.allowedKeys != nil) { return a.allowedKeys != nil }
            if a.required.count != b.required.count { return a.required.count > b.required.count }
            if a.rank != b.rank { return a.rank > b.rank }
            return first < second
        }
    }

    /// Whether a JSON object with these keys and text values (`nil` for a value that is not text) fits: its tags
    /// match where it has their keys, it has the required keys, and a closed model lists every key it has.
    static func admits(_ fit: AlternativeFit, keys: [String], text: (String) -> String?) -> Bool {
        let present = Set(keys)
        for tag in fit.tags where present.contains(tag.key) {
            if text(tag.key) != tag.value { return false }
        }
        if !fit.required.isSubset(of: present) { return false }
        if let allowed = fit.allowedKeys, !present.isSubset(of: Set(allowed)) { return false }
        return true
    }
}

/// The tags of a union's alternative without a discriminator: the properties of its model that always have one
/// text value where they are present: a `String` constant, required or not (pydantic's `type: Literal["a"] =
/// "a"`), or an enumeration of one text value (Stripe's `object: {enum: [account]}`, OpenAI's `type: {enum:
/// [file_search]}`). A client's enumerations keep values they do not list, so such a model would decode a value
/// of another alternative too; the union tries it only for a value whose tags, where it has them, are these.
enum UnionTags {
    /// The tags of `properties`, by key in property order.
    static func of(_ properties: [Property], models: [String: Model]) -> [(key: String, value: String)] {
        properties.compactMap { property in
            if case .string(let text)? = property.constant { return (property.key, text) }
            // Optional and defaulted ones too (OpenAI's `type: {enum: [jsonl], default: jsonl}`): a value that has
            // the key with another value is not of this alternative.
            guard case .model(let target) = property.type.unwrapped, let enumeration = models[target],
                case .enumeration(let values) = enumeration.shape, !values.isInteger, values.cases.count == 1
            else { return nil }
            return (property.key, values.cases[0].rawValue)
        }
    }
}

/// The kinds of JSON value (`JSON.Kind`'s cases) a type decodes from, for deciding unions by shape.
enum JSONKinds {
    /// Every kind, in the order generated code lists them.
    static let all = ["null", "bool", "number", "string", "array", "object"]

    /// The kinds each model decodes from, by its Swift name, with the models and how dates are written: made
    /// once for a whole API (unions of unions depend on one another), without recursion, so that a chain of
    /// thousands of unions neither takes quadratic time nor exhausts the stack.
    struct Table {
        /// The kinds of each model, by its Swift name.
        var kinds: [String: Set<String>] = [:]
        /// The models, by their Swift names.
        var models: [String: Model] = [:]
        /// Whether dates are text (ISO 8601) rather than numbers.
        var datesAreText = true
    }

    /// The kinds of every model of `api`.
    static func table(_ api: API) -> Table {
        table(models: api.models, datesAreText: api.dates.hasPrefix("iso8601"))
    }

    /// The kinds of every model of `models`, whose dates are text or numbers.
    static func table(models list: [Model], datesAreText: Bool) -> Table {
        var table = Table(datesAreText: datesAreText)
        for model in list where table.models[model.name] == nil { table.models[model.name] = model }
        var pending: [(name: String, isReady: Bool)] = list.map { ($0.name, false) }.reversed()
        var started = Set<String>()
        while let (name, isReady) = pending.popLast() {
            guard table.kinds[name] == nil, let model = table.models[name] else { continue }
            switch model.shape {
            case .object:
                table.kinds[name] = ["object"]
            case .enumeration(let enumeration):
                table.kinds[name] = enumeration.isInteger ? ["number"] : ["string"]
            case .union(let union):
                if union.discriminator != nil {
                    table.kinds[name] = ["object"]
                } else if union.fallbackCase != nil {
                    table.kinds[name] = Set(all)
                } else if isReady {
                    // A union met again while its alternatives are still being made (a cycle) counts as
                    // any kind, as `of` says for a model missing from the table.
                    table.kinds[name] = union.alternatives.reduce(into: Set<String>()) { kinds, alternative in
                        kinds.formUnion(of(alternative.type, table: table))
                    }
                } else if started.insert(name).inserted {
                    pending.append((name, true))
                    for alternative in union.alternatives {
                        if case .model(let target) = alternative.type.unwrapped, table.kinds[target] == nil,
                            !started.contains(target)
                        {
                            pending.append((target, false))
                        }
                    }
                }
            }
        }
        return table
    }

    /// The kinds `type` decodes from; every kind for `JSON`, for unions that keep any value, and for a model
    /// `table` does not have.
    static func of(_ type: TypeRef, table: Table) -> Set<String> {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .string, .url, .uuid, .data, .calendarDate: return ["string"]
            case .int, .int32, .int64, .double, .float: return ["number"]
            case .bool: return ["bool"]
            case .date: return table.datesAreText ? ["string"] : ["number"]
            case .json: return Set(all)
            }
        case .array: return ["array"]
        case .dictionary: return ["object"]
        case .stream: return []
        case .optional(let wrapped), .nullable(let wrapped):
            return of(wrapped, table: table).union(["null"])
        case .void: return []
        case .model(let name):
            return table.kinds[name] ?? Set(all)
        }
    }
}
