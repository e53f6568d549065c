/// The error body of operations that document none.
///
/// An API answers its errors in one shape whether or not each operation says so: OpenAI's description gives
/// `ErrorResponse` as the 4xx body of 170 operations and no error body for 118 others (`listModels`,
/// `createFile`), which would otherwise throw `APIError<Never>` and keep every error body as raw bytes. A body
/// that does not decode as the default is still an unexpected error with the whole response, so nothing is
/// misread: the default only names what most of the API already says.
extension OpenAPIReader {
    /// The component schema that operations without an error body take as their `4XX` body: the config's
    /// `errors.default` (`none` for none), or else the one the 4xx bodies of most operations that document one
    /// share, when it is an object with a required property (so that no other body decodes as it).
    mutating func defaultErrorSchema() -> String? {
        if let named = config?.defaultErrors {
            if named.value == "none" { return nil }
            if let key = componentSchemas.keys.first(where: { $0 == named.value || modelNames[$0] == named.value }),
                componentSchemas[key].map(isModel) == true
            {
                return key
            }
            let candidates = componentSchemas.keys.sorted()
            diagnostics.error(
                "the config's `errors.default` names no object schema of the document",
                at: named.location,
                hint: Suggestions.closest(to: named.value, in: candidates).map { "did you mean `\($0)`?" }
                    ?? "name a schema of `components.schemas`, or `none`"
            )
            return nil
        }
        guard case .mapping(let paths)? = root["paths"]?.kind else { return nil }
        var documenting = 0
        var uses: [String: Int] = [:]
        for path in paths {
            guard case .mapping(let keys)? = resolvedLocally(path.value)?.kind else { continue }
            for key in keys where Self.methods.contains(key.key.value) {
                let schemas = clientErrorSchemas(of: resolvedLocally(key.value))
                if !schemas.isEmpty { documenting += 1 }
                for schema in schemas { uses[schema, default: 0] += 1 }
            }
        }
        guard let (schema, count) = uses.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
            count >= 2, count * 2 > documenting,
            let value = componentSchemas[schema], isModel(value),
            case .sequence(let required)? = value["required"]?.kind, !required.isEmpty
        else { return nil }
        return schema
    }

    /// The component schemas of `operation`'s 4xx (and `default`) JSON bodies, each once.
    func clientErrorSchemas(of operation: YAMLValue?) -> Set<String> {
        guard case .mapping(let responses)? = operation?["responses"]?.kind else { return [] }
        var schemas = Set<String>()
        for response in responses {
            let status = response.key.value.uppercased()
            guard status.hasPrefix("4") || status == "DEFAULT",
                case .mapping(let media)? = resolvedLocally(response.value)?["content"]?.kind
            else { continue }
            for entry in media where isJSON(entry.key.value) {
                if let reference = entry.value["schema"]?["$ref"]?.scalarText,
                    let name = Self.componentName(reference)
                {
                    schemas.insert(name)
                }
            }
        }
        return schemas
    }

    /// Gives the operations that document no error body `schema`'s model as their `4XX` body.
    mutating func giveDefaultErrorBodies(_ schema: String) {
        guard let model = modelNames[schema], spec.models.contains(where: { $0.name.value == model }) else { return }
        let location = componentSchemas[schema]?.location ?? root.location
        for index in spec.endpoints.indices where spec.endpoints[index].errors.isEmpty {
            spec.endpoints[index].errors = [
                RawErrorStatus(status: Located("4XX", at: location), type: Located(model, at: location))
            ]
        }
    }
}
