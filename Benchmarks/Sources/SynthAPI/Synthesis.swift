extension APIDescription {
    /// The error models every API has; endpoints document two or three statuses with them.
    static let errorModels: [Model] = [
        Model(
            name: "ErrorMessage",
            description: "What the server says went wrong.",
            fields: [
                Field(name: "code", type: .int, isOptional: false, description: "A machine-readable code."),
                Field(name: "message", type: .string, isOptional: false, description: "A sentence for people."),
            ]
        ),
        Model(
            name: "FieldProblem",
            description: "One field a request got wrong.",
            fields: [
                Field(name: "field", type: .string, isOptional: false, description: "The field's name."),
                Field(name: "reason", type: .string, isOptional: false, description: "What is wrong with it."),
            ]
        ),
        Model(
            name: "ValidationProblem",
            description: "The fields a request got wrong.",
            fields: [
                Field(name: "message", type: .string, isOptional: false, description: "A summary."),
                Field(
                    name: "fields",
                    type: .array(.model("FieldProblem")),
                    isOptional: false,
                    description: "Each field that was wrong."
                ),
            ]
        ),
    ]

    /// A deterministic API with `endpointCount` endpoints and about as many models: a fifth of the models are
    /// string enumerations, a fifth unions of earlier objects (half told apart by a `kind` property every
    /// object has, half by shape, half of those with a `String` id as an alternative), the others objects
    /// whose fields nest earlier models, unions and enumerations.
    ///
    /// With `changed`, one endpoint in the middle gains a query parameter: the "one endpoint changed" edit.
    static func synthesize(endpointCount: Int, seed: UInt64, changed: Bool = false) -> APIDescription {
        var random = SeededGenerator(seed: seed)
        let enumCount = max(2, endpointCount / 5)
        let unionCount = max(1, endpointCount / 5)
        let modelCount = max(2, endpointCount - enumCount - unionCount)

        var enums: [StringEnum] = []
        for index in 0..<enumCount {
            let noun = random.pick(Vocabulary.states)
            let count = Int.random(in: 3...7, using: &random)
            let cases = (0..<count).map { Vocabulary.stateValues[($0 + index) % Vocabulary.stateValues.count] }
            enums.append(
                StringEnum(
                    name: "\(noun)\(index)",
                    description: "The \(noun.lowercased()) of a resource.",
                    cases: cases
                )
            )
        }

        var models: [Model] = []
        var unions: [Union] = []
        for index in 0..<modelCount {
            // A union after every few objects, of objects before it, until there are `unionCount`.
            if models.count >= 3 && unions.count < unionCount
                && unions.count * modelCount < index * unionCount
            {
                let count = Int.random(in: 2...3, using: &random)
                let alternatives = Set((0..<count).map { _ in random.pick(models).name }).sorted()
                let number = unions.count
                unions.append(
                    Union(
                        name: "Any\(random.pick(Vocabulary.nouns))\(number)",
                        description: "One of several kinds of resource.",
                        alternatives: alternatives,
                        hasStringAlternative: number % 4 == 1,
                        isDiscriminated: number % 2 == 0
                    )
                )
            }
            let noun = random.pick(Vocabulary.nouns)
            let name = "\(noun)\(index)"
            var fields = [
                Field(name: "id", type: .string, isOptional: false, description: "The identifier."),
                Field(name: "kind", type: .string, isOptional: false, description: "The kind of resource."),
            ]
            var used: Set<String> = ["id", "kind"]
            for _ in 0..<Int.random(in: 4...10, using: &random) {
                let fieldName = random.pick(Vocabulary.fieldNames)
                guard used.insert(fieldName).inserted else { continue }
                let type = fieldType(random: &random, earlierModels: models, enums: enums, unions: unions)
                fields.append(
                    Field(
                        name: fieldName,
                        type: type,
                        isOptional: random.chance(30),
                        description: "The \(noun.lowercased())'s \(fieldName)."
                    )
                )
            }
            models.append(Model(name: name, description: "A \(noun.lowercased()) of the API.", fields: fields))
        }

        var endpoints: [Endpoint] = []
        for index in 0..<endpointCount {
            let model = models[(index / 5) % models.count]
            var endpoint = endpointFor(model: model, kind: index % 5, enums: enums, random: &random)
            if (index / 5) >= models.count {
                // More endpoints than models five times over: keep operation names and paths unique.
                endpoint.name += "V\(index / 5 / models.count + 1)"
                endpoint.path = "/v\(index / 5 / models.count + 1)" + endpoint.path
            }
            if changed && index == endpointCount / 2 {
                endpoint.query.append(
                    Field(
                        name: "expand",
                        type: .bool,
                        isOptional: true,
                        description: "Whether to expand nested objects."
                    )
                )
            }
            endpoints.append(endpoint)
        }
        return APIDescription(models: errorModels + models, enums: enums, unions: unions, endpoints: endpoints)
    }

    /// A field type: mostly scalars, sometimes an enumeration, an earlier model or an array.
    private static func fieldType(
        random: inout SeededGenerator,
        earlierModels: [Model],
        enums: [StringEnum],
        unions: [Union]
    ) -> FieldType {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<6 where !unions.isEmpty: return .union(random.pick(unions).name)
        case 0..<30: return .string
        case 30..<45: return .int
        case 45..<55: return .double
        case 55..<63: return .bool
        case 63..<73: return .date
        case 73..<83: return .enumeration(random.pick(enums).name)
        case 83..<93 where !earlierModels.isEmpty: return .model(random.pick(earlierModels).name)
        case 93..<97 where !earlierModels.isEmpty: return .array(.model(random.pick(earlierModels).name))
        default: return .array(.string)
        }
    }

    /// One of five endpoint kinds on `model`: list, get, create, update, delete.
    private static func endpointFor(
        model: Model,
        kind: Int,
        enums: [StringEnum],
        random: inout SeededGenerator
    ) -> Endpoint {
        let collection = "/" + model.name.lowercased() + "s"
        let id = Field(name: "id", type: .string, isOptional: false, description: "The identifier.")
        switch kind {
        case 0:
            return Endpoint(
                name: "list\(model.name)s",
                description: "Lists the \(model.name) resources, a page at a time.",
                method: "GET",
                path: collection,
                pathParameters: [],
                query: [
                    Field(name: "limit", type: .int, isOptional: true, description: "How many to return."),
                    Field(name: "offset", type: .int, isOptional: true, description: "How many to skip."),
                    Field(
                        name: "state",
                        type: .enumeration(random.pick(enums).name),
                        isOptional: true,
                        description: "Only those in this state."
                    ),
                    Field(name: "since", type: .date, isOptional: true, description: "Only those changed since."),
                ],
                body: nil,
                response: .array(.model(model.name)),
                errors: [(400, "ErrorMessage"), (401, "ErrorMessage")]
            )
        case 1:
            return Endpoint(
                name: "get\(model.name)",
                description: "One \(model.name) by its identifier.",
                method: "GET",
                path: collection + "/{id}",
                pathParameters: [id],
                query: [],
                body: nil,
                response: .model(model.name),
                errors: [(401, "ErrorMessage"), (404, "ErrorMessage")]
            )
        case 2:
            return Endpoint(
                name: "create\(model.name)",
                description: "Creates a \(model.name).",
                method: "POST",
                path: collection,
                pathParameters: [],
                query: [],
                body: model.name,
                response: .model(model.name),
                errors: [(400, "ErrorMessage"), (401, "ErrorMessage"), (422, "ValidationProblem")]
            )
        case 3:
            return Endpoint(
                name: "update\(model.name)",
                description: "Replaces a \(model.name).",
                method: "PUT",
                path: collection + "/{id}",
                pathParameters: [id],
                query: [
                    Field(name: "dryRun", type: .bool, isOptional: true, description: "Validate only.")
                ],
                body: model.name,
                response: .model(model.name),
                errors: [(404, "ErrorMessage"), (422, "ValidationProblem")]
            )
        default:
            return Endpoint(
                name: "delete\(model.name)",
                description: "Deletes a \(model.name).",
                method: "DELETE",
                path: collection + "/{id}",
                pathParameters: [id],
                query: [],
                body: nil,
                response: nil,
                errors: [(404, "ErrorMessage"), (409, "ErrorMessage")]
            )
        }
    }
}

/// Words the synthetic names are made of.
enum Vocabulary {
    static let nouns = [
        "Account", "Order", "Invoice", "Shipment", "Product", "Review", "Ticket", "Project", "Team", "Member",
        "Payment", "Refund", "Coupon", "Address", "Warehouse", "Vehicle", "Route", "Booking", "Room", "Event",
    ]
    static let states = ["Status", "Stage", "Visibility", "Priority", "Kind", "Tier"]
    static let stateValues = [
        "draft", "active", "archived", "pending", "approved", "rejected", "open", "closed", "low", "high",
    ]
    static let fieldNames = [
        "name", "title", "summary", "createdAt", "updatedAt", "amount", "quantity", "price", "weight",
        "isActive", "isPublic", "tags", "notes", "owner", "parent", "status", "priority", "startsAt", "endsAt",
        "email", "phone", "city", "country", "latitude", "longitude", "rating", "count", "version", "items",
        "reference", "label", "color", "code", "score", "expiresAt", "details", "primary", "secondary",
    ]
}
