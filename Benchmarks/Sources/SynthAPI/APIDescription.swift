/// One API, described once and written both as a Specsmith spec and as an OpenAPI document.
struct APIDescription: Sendable {
    /// A field or parameter type.
    indirect enum FieldType: Hashable, Sendable {
        case string, int, double, bool, date
        /// A string enumeration of the API, by name.
        case enumeration(String)
        /// An object model of the API, by name.
        case model(String)
        /// A union of the API, by name.
        case union(String)
        case array(FieldType)
    }

    /// A property of a model, or a path or query parameter.
    struct Field: Sendable {
        var name: String
        var type: FieldType
        var isOptional: Bool
        var description: String
    }

    /// An object model.
    struct Model: Sendable {
        var name: String
        var description: String
        var fields: [Field]
    }

    /// A string enumeration.
    struct StringEnum: Sendable {
        var name: String
        var description: String
        var cases: [String]
    }

    /// A union: one of several object models (and, for an "expandable" field, their `String` id), told apart
    /// by their `kind` property when `isDiscriminated`, by shape otherwise.
    struct Union: Sendable {
        var name: String
        var description: String
        var alternatives: [String]
        var hasStringAlternative: Bool
        var isDiscriminated: Bool
    }

    /// An operation: method, path, parameters, body, response and documented error statuses.
    struct Endpoint: Sendable {
        var name: String
        var description: String
        var method: String
        /// The path with `{name}` for each path parameter.
        var path: String
        var pathParameters: [Field]
        var query: [Field]
        /// The model sent as the JSON body.
        var body: String?
        /// The response type; `nil` for no body (status 204).
        var response: FieldType?
        /// Error statuses and the model of their bodies.
        var errors: [(status: Int, model: String)]
    }

    var models: [Model]
    var enums: [StringEnum]
    var unions: [Union]
    var endpoints: [Endpoint]
}
