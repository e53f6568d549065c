/// Client methods that take a JSON body's properties: an endpoint whose body is a model gets, beside its
/// `body:` method (for a request built elsewhere), one whose parameters are the model's properties, required
/// first, the others with their defaults (`nil`: not sent), as the spec format's inline bodies and multipart
/// bodies are taken — `createChatCompletion(model: "gpt-4o", messages: […])`.
extension ClientShape {
    /// The copy of `operation` whose method takes its body model's properties, or none: for a body that is not
    /// an object model with properties, or whose properties' names the method's other parameters (or `body`)
    /// have.
    func bodyFieldsVariants(_ operation: Operation) -> [Operation] {
        guard operation.bodyFields == nil, !operation.isWithHeadersVariant, operation.pagingRole == nil,
            !operation.isProgressVariant, case .value(let bodyName, _)? = operation.body,
            let body = operation.parameters.first(where: { $0.name == bodyName }),
            case .model(let modelName) = body.type.unwrapped, let model = api.model(named: modelName),
            case .object(let properties) = model.shape, model.additionalProperties == nil
        else { return [] }
        // The field the stream method's request sets (`"stream": true`), and the plain one leaves out: neither
        // method takes it.
        let setByRequest = Set(
            api.operations.filter { $0.method == operation.method && $0.path == operation.path }
                .compactMap(\.addedBodyField)
        )
        let taken = Set(operation.parameters.filter { $0.name != bodyName }.flatMap { [$0.name, $0.label ?? $0.name] })
        let stored = properties.filter { $0.constant == nil && $0.direction != .readOnly }
        let fields = stored.filter { !setByRequest.contains($0.key) }
        // What the method does not take, the initializer must have a default for.
        let left = properties.filter {
            $0.constant == nil && ($0.direction == .readOnly || setByRequest.contains($0.key))
        }
        guard left.allSatisfy({ initializerParameter($0).defaultValue != nil }) else { return [] }
        guard !fields.isEmpty, !fields.contains(where: { taken.contains($0.name) || $0.name == "body" }) else {
            return []
        }
        // An optional body's method is called without arguments too (`readFlows()`): the properties' method must
        // take one, or the call would be ambiguous.
        if body.type.isOptional, fields.allSatisfy({ initializerParameter($0).defaultValue != nil }) { return [] }
        // As the model's initializer takes them: a property with a default is not sent unless given.
        let parameters = fields.map { property -> Parameter in
            let shape = initializerParameter(property)
            return Parameter(
                name: property.name,
                wireName: property.key,
                location: .body,
                type: shape.type,
                defaultValue: shape.defaultValue,
                description: property.description,
                deprecation: property.deprecation
            )
        }
        // Required first, in the order the description lists them (`model`, then `messages`), then the others.
        let listed = Dictionary(
            model.requiredOrder.enumerated().map { ($1, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        let required = parameters.enumerated().filter { $0.element.defaultValue == nil }
            .sorted {
                (listed[$0.element.wireName] ?? listed.count + $0.offset, $0.offset)
                    < (listed[$1.element.wireName] ?? listed.count + $1.offset, $1.offset)
            }
            .map(\.element)
        var variant = operation
        variant.parameters =
            operation.parameters.filter { $0.name != bodyName } + required
            + parameters.filter { $0.defaultValue != nil }
        variant.bodyFields = BodyFields(
            parameters: operation.parameters,
            bodyParameter: bodyName,
            model: modelName,
            arguments: fields.map(\.name)
        )
        return [variant]
    }
}
