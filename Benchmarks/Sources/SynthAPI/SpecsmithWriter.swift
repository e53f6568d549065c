extension APIDescription {
    /// The API as a Specsmith spec with the options closest to swift-openapi-generator's types and client:
    /// endpoint factories, the async client, public declarations.
    func specsmithSpec(title: String) -> String {
        var yaml = YAMLText()
        yaml.line("# \(title). Written by synth-api; do not edit.")
        yaml.line("specsmith: 1")
        yaml.line("name: Synth")
        yaml.line("description: \(quoted(title))")
        yaml.line("version: \"1\"")
        yaml.line("baseURL: https://api.example.com")
        yaml.line("style: endpoints")
        yaml.line("access: public")
        yaml.line("flavours: [async]")
        yaml.line("dates: iso8601")
        yaml.block("models") { yaml in
            for model in models {
                yaml.block(model.name) { yaml in
                    yaml.line("description: \(quoted(model.description))")
                    yaml.block("properties") { yaml in
                        for field in model.fields { Self.write(field, to: &yaml) }
                    }
                }
            }
            for stringEnum in enums {
                yaml.block(stringEnum.name) { yaml in
                    yaml.line("description: \(quoted(stringEnum.description))")
                    yaml.line("enum: [\(stringEnum.cases.joined(separator: ", "))]")
                }
            }
            for union in unions {
                yaml.block(union.name) { yaml in
                    yaml.line("description: \(quoted(union.description))")
                    let alternatives = union.alternatives + (union.hasStringAlternative ? ["String"] : [])
                    yaml.line("oneOf: [\(alternatives.joined(separator: ", "))]")
                    if union.isDiscriminated { yaml.line("discriminator: kind") }
                }
            }
        }
        yaml.block("endpoints") { yaml in
            for endpoint in endpoints {
                yaml.block(endpoint.name) { yaml in
                    yaml.line("description: \(quoted(endpoint.description))")
                    yaml.line("method: \(endpoint.method)")
                    yaml.line("path: \(endpoint.path)")
                    if !endpoint.pathParameters.isEmpty {
                        yaml.block("pathParameters") { yaml in
                            for field in endpoint.pathParameters { Self.write(field, to: &yaml) }
                        }
                    }
                    if !endpoint.query.isEmpty {
                        yaml.block("query") { yaml in
                            for field in endpoint.query { Self.write(field, to: &yaml) }
                        }
                    }
                    if let body = endpoint.body {
                        yaml.line("body: \(body)")
                    }
                    if let response = endpoint.response {
                        yaml.line("response: \(quoted(Self.swiftType(response)))")
                    }
                    yaml.block("errors") { yaml in
                        for error in endpoint.errors { yaml.line("\(error.status): \(error.model)") }
                    }
                }
            }
        }
        return yaml.text
    }

    private static func write(_ field: Field, to yaml: inout YAMLText) {
        yaml.block(field.name) { yaml in
            yaml.line("type: \(quoted(swiftType(field.type) + (field.isOptional ? "?" : "")))")
            yaml.line("description: \(quoted(field.description))")
        }
    }

    /// The type as a spec writes it, the Swift way.
    private static func swiftType(_ type: FieldType) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .enumeration(let name), .model(let name), .union(let name): name
        case .array(let element): "[\(swiftType(element))]"
        }
    }
}
