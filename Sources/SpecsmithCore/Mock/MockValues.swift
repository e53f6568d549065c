/// Values of a spec's types made up for the mock's answers: the same for the same type every time, and valid
/// against it: a client decodes them, and the exported OpenAPI document's schemas accept them.
struct MockValues: Sendable {
    let api: API
    let models: [String: Model]

    /// Past this depth, maps are empty and optional properties are left out.
    static let richDepth = 3
    /// Past this depth, a model that requires itself (which no finite value can) is `{}`, and lists are empty.
    static let hardDepth = 16
    /// How many values one made-up value may hold: a list is of one item until then, however deep, so that a
    /// list in a list in a list (OpenAI's `data[0].embedding`) is not empty; past it, lists are empty and
    /// optional properties left out, so that models of many lists of models stay small.
    static let budget = 2_000

    init(api: API) {
        self.api = api
        self.models = Dictionary(api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A value of `type`; `key` is the property it is the value of, which names made-up text.
    func value(_ type: TypeRef, key: String? = nil, dates: String? = nil, depth: Int = 0) -> DocumentNode {
        var maker = Maker(values: self, left: Self.budget)
        return maker.value(type, key: key, dates: dates, depth: depth)
    }

    /// Makes one value, counting what it holds against ``budget``.
    private struct Maker {
        let values: MockValues
        /// How many more values the value may hold.
        var left: Int

        var api: API { values.api }

        mutating func value(_ type: TypeRef, key: String?, dates: String?, depth: Int) -> DocumentNode {
            left -= 1
            switch type {
            case .void, .stream: return .null
            case .optional(let wrapped), .nullable(let wrapped):
                return value(wrapped, key: key, dates: dates, depth: depth)
            case .array(let element):
                guard depth < MockValues.hardDepth, left > 0 else { return .array([]) }
                return .array([value(element, key: key, dates: dates, depth: depth + 1)])
            case .dictionary(let valueType):
                var object = DocumentObject()
                if depth < MockValues.richDepth, left > 0 {
                    object["key"] = value(valueType, key: key, dates: dates, depth: depth + 1)
                }
                return .object(object)
            case .builtin(let builtin): return Self.value(builtin, key: key, dates: dates ?? api.dates)
            case .model(let name):
                guard let model = values.models[name] else { return .object(DocumentObject()) }
                return value(of: model, depth: depth)
            }
        }

        private static func value(_ builtin: TypeRef.Builtin, key: String?, dates: String) -> DocumentNode {
            switch builtin {
            case .string: .string(key ?? "string")
            case .int, .int32, .int64: .int(1)
            case .double, .float: .double(1.5)
            case .bool: .bool(false)  // `has_more: false`: a made-up page is the last
            case .date:
                switch dates {
                case "secondsSince1970": .int(1_704_067_200)
                case "millisecondsSince1970": .int(1_704_067_200_000)
                case "iso8601WithFractionalSeconds": "2024-01-01T00:00:00.000Z"
                default: "2024-01-01T00:00:00Z"
                }
            case .url: "https://example.com/"
            case .uuid: "00000000-0000-4000-8000-000000000001"
            case .data: "bW9jaw=="
            case .json: .object(DocumentObject())
            case .calendarDate: "2024-01-01"
            }
        }

        private mutating func value(of model: Model, depth: Int) -> DocumentNode {
            guard depth < MockValues.hardDepth else { return .object(DocumentObject()) }
            switch model.shape {
            case .enumeration(let enumeration):
                guard let first = enumeration.cases.first else { return .string("unknown") }
                return DocumentNode(first, of: enumeration)
            case .object(let properties):
                var object = DocumentObject()
                for property in properties where property.direction != .writeOnly {
                    if let constant = property.constant {
                        object[property.key] = DocumentNode(constant, in: api)
                        continue
                    }
                    let required = property.isRequiredKey
                    guard required || (depth < MockValues.richDepth && left > 0) else { continue }
                    object[property.key] = value(
                        property.type,
                        key: property.key,
                        dates: property.dates,
                        depth: depth + 1
                    )
                }
                return .object(object)
            case .union(let union):
                guard let alternative = union.alternatives.first else { return .object(DocumentObject()) }
                var made = value(alternative.type, key: nil, dates: nil, depth: depth + 1)
                if let discriminator = union.discriminator, let tag = alternative.tags.first,
                    case .object(var object) = made
                {
                    object[discriminator] = .string(tag)
                    made = .object(object)
                }
                return made
            }
        }
    }

    /// The keys to the text property of a value of `type` that best holds a message: one named like a
    /// message (`message`, `error_message`, `detail`, `title`), else the first text property, searched through
    /// nested models breadth first; `nil` when it has none.
    func messagePath(in type: TypeRef) -> [String]? {
        var queue: [(type: TypeRef, path: [String])] = [(type, [])]
        var fallback: [String]?
        var visited = 0
        while !queue.isEmpty, visited < 64 {
            let (next, path) = queue.removeFirst()
            visited += 1
            guard case .model(let name) = next.unwrapped, case .object(let properties)? = models[name]?.shape else {
                continue
            }
            for property in properties where property.constant == nil && property.direction != .writeOnly {
                let key = property.key.lowercased()
                if property.type.unwrapped == .builtin(.string) {
                    if ["message", "detail", "title", "description", "error"].contains(where: key.contains) {
                        return path + [property.key]
                    }
                    if fallback == nil { fallback = path + [property.key] }
                } else {
                    queue.append((property.type, path + [property.key]))
                }
            }
        }
        return fallback
    }

}

extension DocumentNode {
    /// The value with the value at `keys` (object keys from the outside in) replaced, or removed for `nil`;
    /// unchanged where the path is not there.
    func replacing(_ keys: ArraySlice<String>, with replacement: DocumentNode?) -> DocumentNode {
        guard let key = keys.first else { return replacement ?? .null }
        guard case .object(var object) = self else { return self }
        if keys.count == 1 {
            object[key] = replacement
        } else if let inner = object[key] {
            object[key] = inner.replacing(keys.dropFirst(), with: replacement)
        }
        return .object(object)
    }
}
