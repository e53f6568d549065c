import Foundation

/// A small JSON Schema (draft-07) validator covering the keywords `docs/specsmith.schema.json` uses:
/// type, const, enum, required, properties, additionalProperties, items, minItems, minLength, pattern,
/// minProperties, maxProperties, propertyNames (pattern), oneOf, not and local `$ref`s.
struct JSONSchemaValidator {
    let root: [String: Any]

    /// Every violation of the schema in `value`, as `path: message`.
    func errors(_ value: Any) -> [String] {
        errors(value, schema: root, path: "$")
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/") else { return schema }
        var node: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = (node as? [String: Any])?[String(part)] ?? [:]
        }
        return resolve(node as? [String: Any] ?? [:])
    }

    private func typeName(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is Bool: return "boolean"
        case is Int: return "integer"
        case is Double: return "number"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "unknown"
        }
    }

    private func matches(_ value: Any, type: String) -> Bool {
        let actual = typeName(value)
        return actual == type || (type == "number" && actual == "integer")
    }

    private func errors(_ value: Any, schema raw: [String: Any], path: String) -> [String] {
        let schema = resolve(raw)
        var found: [String] = []
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [(type as? String) ?? ""]
            if !types.contains(where: { matches(value, type: $0) }) {
                return ["\(path): expected \(types.joined(separator: " or ")), found \(typeName(value))"]
            }
        }
        if let constant = schema["const"], !isEqual(value, constant) {
            found.append("\(path): must be \(constant)")
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { isEqual(value, $0) }) {
            found.append("\(path): must be one of \(options)")
        }
        if let text = value as? String {
            if let minimum = schema["minLength"] as? Int, text.count < minimum {
                found.append("\(path): shorter than \(minimum)")
            }
            if let pattern = schema["pattern"] as? String,
                text.range(of: pattern, options: .regularExpression) == nil
            {
                found.append("\(path): does not match \(pattern)")
            }
        }
        if let items = value as? [Any] {
            if let minimum = schema["minItems"] as? Int, items.count < minimum {
                found.append("\(path): fewer than \(minimum) items")
            }
            if let itemSchema = schema["items"] as? [String: Any] {
                for (index, item) in items.enumerated() {
                    found += errors(item, schema: itemSchema, path: "\(path)[\(index)]")
                }
            }
        }
        if let object = value as? [String: Any] {
            found += objectErrors(object, schema: schema, path: path)
        }
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            let passing = alternatives.filter { errors(value, schema: $0, path: path).isEmpty }.count
            if passing != 1 {
                found.append("\(path): matches \(passing) of the \(alternatives.count) allowed forms, not exactly one")
            }
        }
        if let negated = schema["not"] as? [String: Any], errors(value, schema: negated, path: path).isEmpty {
            found.append("\(path): matches a form that is not allowed")
        }
        return found
    }

    private func objectErrors(_ object: [String: Any], schema: [String: Any], path: String) -> [String] {
        var found: [String] = []
        for key in (schema["required"] as? [String]) ?? [] where object[key] == nil {
            found.append("\(path): missing \(key)")
        }
        if let minimum = schema["minProperties"] as? Int, object.count < minimum {
            found.append("\(path): fewer than \(minimum) keys")
        }
        if let maximum = schema["maxProperties"] as? Int, object.count > maximum {
            found.append("\(path): more than \(maximum) keys")
        }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let keyPattern = (schema["propertyNames"] as? [String: Any])?["pattern"] as? String
        for (key, item) in object.sorted(by: { $0.key < $1.key }) {
            if let keyPattern, key.range(of: keyPattern, options: .regularExpression) == nil {
                found.append("\(path): key \(key) does not match \(keyPattern)")
            }
            if let propertySchema = properties[key] as? [String: Any] {
                found += errors(item, schema: propertySchema, path: "\(path).\(key)")
            } else if let additional = schema["additionalProperties"] as? [String: Any] {
                found += errors(item, schema: additional, path: "\(path).\(key)")
            } else if schema["additionalProperties"] as? Bool == false {
                found.append("\(path): unknown key \(key)")
            }
        }
        return found
    }

    private func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (let a as String, let b as String): a == b
        case (let a as Bool, let b as Bool): typeName(lhs) == "boolean" && typeName(rhs) == "boolean" && a == b
        case (let a as Int, let b as Int): a == b
        case (let a as Double, let b as Double): a == b
        default: false
        }
    }
}
