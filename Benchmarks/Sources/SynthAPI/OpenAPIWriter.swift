extension APIDescription {
    /// The API as an OpenAPI 3.0 document: the same models, operations, parameters, bodies and error statuses.
    func openAPIDocument(title: String) -> String {
        var yaml = YAMLText()
        yaml.line("# \(title). Written by synth-api; do not edit.")
        yaml.line("openapi: \"3.0.3\"")
        yaml.block("info") { yaml in
            yaml.line("title: Synth")
            yaml.line("description: \(quoted(title))")
            yaml.line("version: \"1\"")
        }
        yaml.block("servers") { yaml in yaml.item("url: https://api.example.com") }
        var paths: [String] = []
        var operations: [String: [Endpoint]] = [:]
        for endpoint in endpoints {
            if operations[endpoint.path] == nil { paths.append(endpoint.path) }
            operations[endpoint.path, default: []].append(endpoint)
        }
        yaml.block("paths") { yaml in
            for path in paths {
                yaml.block(path) { yaml in
                    for endpoint in operations[path] ?? [] { Self.write(endpoint, to: &yaml) }
                }
            }
        }
        yaml.block("components") { yaml in
            yaml.block("schemas") { yaml in
                for model in models {
                    yaml.block(model.name) { yaml in
                        yaml.line("type: object")
                        yaml.line("description: \(quoted(model.description))")
                        yaml.block("properties") { yaml in
                            for field in model.fields {
                                yaml.block(field.name) { yaml in
                                    Self.writeSchema(field.type, to: &yaml)
                                    if case .model = field.type {
                                        // Siblings of `$ref` are ignored in OpenAPI 3.0.
                                    } else if case .union = field.type {
                                        // Siblings of `$ref` are ignored in OpenAPI 3.0.
                                    } else {
                                        yaml.line("description: \(quoted(field.description))")
                                    }
                                }
                            }
                        }
                        let required = model.fields.filter { !$0.isOptional }.map(\.name)
                        if !required.isEmpty {
                            yaml.line("required: [\(required.joined(separator: ", "))]")
                        }
                    }
                }
                for stringEnum in enums {
                    yaml.block(stringEnum.name) { yaml in
                        yaml.line("type: string")
                        yaml.line("description: \(quoted(stringEnum.description))")
                        yaml.line("enum: [\(stringEnum.cases.joined(separator: ", "))]")
                    }
                }
                for union in unions {
                    yaml.block(union.name) { yaml in
                        yaml.line("description: \(quoted(union.description))")
                        yaml.block("oneOf") { yaml in
                            for alternative in union.alternatives {
                                yaml.item("$ref: \"#/components/schemas/\(alternative)\"")
                            }
                            if union.hasStringAlternative { yaml.item("type: string") }
                        }
                        if union.isDiscriminated {
                            yaml.block("discriminator") { yaml in yaml.line("propertyName: kind") }
                        }
                    }
                }
            }
        }
        return yaml.text
    }

    private static func write(_ endpoint: Endpoint, to yaml: inout YAMLText) {
        yaml.block(endpoint.method.lowercased()) { yaml in
            yaml.line("operationId: \(endpoint.name)")
            yaml.line("description: \(quoted(endpoint.description))")
            let parameters =
                endpoint.pathParameters.map { ("path", $0) } + endpoint.query.map { ("query", $0) }
            if !parameters.isEmpty {
                yaml.block("parameters") { yaml in
                    for (location, field) in parameters {
                        yaml.item("name: \(field.name)") { yaml in
                            yaml.line("in: \(location)")
                            yaml.line("required: \(!field.isOptional)")
                            yaml.line("description: \(quoted(field.description))")
                            yaml.block("schema") { yaml in writeSchema(field.type, to: &yaml) }
                        }
                    }
                }
            }
            if let body = endpoint.body {
                yaml.block("requestBody") { yaml in
                    yaml.line("required: true")
                    writeJSONContent(.model(body), to: &yaml)
                }
            }
            yaml.block("responses") { yaml in
                if let response = endpoint.response {
                    yaml.block("\"200\"") { yaml in
                        yaml.line("description: OK")
                        writeJSONContent(response, to: &yaml)
                    }
                } else {
                    yaml.block("\"204\"") { yaml in yaml.line("description: No content") }
                }
                for error in endpoint.errors {
                    yaml.block("\"\(error.status)\"") { yaml in
                        yaml.line("description: Error \(error.status)")
                        writeJSONContent(.model(error.model), to: &yaml)
                    }
                }
            }
        }
    }

    private static func writeJSONContent(_ type: FieldType, to yaml: inout YAMLText) {
        yaml.block("content") { yaml in
            yaml.block("application/json") { yaml in
                yaml.block("schema") { yaml in writeSchema(type, to: &yaml) }
            }
        }
    }

    /// The JSON Schema of `type`, written into the current mapping.
    private static func writeSchema(_ type: FieldType, to yaml: inout YAMLText) {
        switch type {
        case .string: yaml.line("type: string")
        case .int: yaml.line("type: integer")
        case .double:
            yaml.line("type: number")
            yaml.line("format: double")
        case .bool: yaml.line("type: boolean")
        case .date:
            yaml.line("type: string")
            yaml.line("format: date-time")
        case .enumeration(let name), .model(let name), .union(let name):
            yaml.line("$ref: \"#/components/schemas/\(name)\"")
        case .array(let element):
            yaml.line("type: array")
            yaml.block("items") { yaml in writeSchema(element, to: &yaml) }
        }
    }
}
