/// Models and types as JSON Schema (OpenAPI 3.1's dialect): what `components.schemas` and every body,
/// parameter and header of the exported document are made of.
extension OpenAPIExporter {
    /// `#/components/schemas/<name>`.
    static func reference(_ model: String) -> String { "#/components/schemas/" + componentName(model) }

    /// A model's name as a component's, which OpenAPI limits to `[a-zA-Z0-9._-]`: other characters are
    /// written `_u01C4_` (the model's name is then in the schema's `x-specsmith`).
    static func componentName(_ model: String) -> String {
        var name = ""
        for scalar in model.unicodeScalars {
            if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
            {
                name.unicodeScalars.append(scalar)
            } else {
                name += "_u" + String(scalar.value, radix: 16, uppercase: true) + "_"
            }
        }
        return name
    }

    /// The schema of a value of `type`; `nil` for `Void`. An optional is its wrapped type (the `required`
    /// list says it may be missing); `Nullable<T>` allows `null` too.
    func schema(_ type: TypeRef, dates: String? = nil) -> DocumentObject? {
        var schema = DocumentObject()
        switch type {
        case .void: return nil
        case .optional(let wrapped): return self.schema(wrapped, dates: dates)
        case .nullable(let wrapped):
            guard let inner = self.schema(wrapped, dates: dates) else { return nil }
            return Self.allowingNull(inner)
        case .stream(let element): return self.schema(element, dates: dates)
        case .model(let name): schema["$ref"] = .string(Self.reference(name))
        case .array(let element):
            schema["type"] = "array"
            schema["items"] = .object(elementSchema(element, dates: dates))
        case .dictionary(let value):
            schema["type"] = "object"
            schema["additionalProperties"] = .object(elementSchema(value, dates: dates))
        case .builtin(let builtin): schema = Self.schema(builtin, dates: dates ?? api.dates)
        }
        return schema
    }

    /// The schema of an array's elements or a dictionary's values, which are `null` where they are optional.
    private func elementSchema(_ type: TypeRef, dates: String?) -> DocumentObject {
        let schema = self.schema(type, dates: dates) ?? DocumentObject()
        return type.isOptional ? Self.allowingNull(schema) : schema
    }

    /// The schema of a type the format knows.
    static func schema(_ builtin: TypeRef.Builtin, dates: String) -> DocumentObject {
        var schema = DocumentObject()
        func set(_ type: String, _ format: String? = nil) {
            schema["type"] = .string(type)
            if let format { schema["format"] = .string(format) }
        }
        switch builtin {
        case .string: set("string")
        case .int:
            // Swift's `Int`: 64 bits, said as bounds rather than `int64`, which reads back as `Int64`.
            set("integer")
            schema["minimum"] = .int(Int.min)
            schema["maximum"] = .int(Int.max)
        case .int32: set("integer", "int32")
        case .int64: set("integer", "int64")
        case .double: set("number", "double")
        case .float: set("number", "float")
        case .bool: set("boolean")
        case .date:
            // The format's other date codings are numbers of seconds or milliseconds since 1970.
            switch dates {
            case "secondsSince1970": set("number")
            case "millisecondsSince1970": set("integer", "int64")
            default: set("string", "date-time")
            }
        case .url: set("string", "uri")
        case .uuid: set("string", "uuid")
        case .data:
            // Base64 text: 3.1's `contentEncoding`, and 3.0's `format: byte`, which tools still read.
            set("string", "byte")
            schema["contentEncoding"] = "base64"
        case .json: break
        case .calendarDate: set("string", "date")
        }
        return schema
    }

    /// `schema`, allowing `null` as well: `type: [T, "null"]`, or `oneOf` with `null` for a reference or a
    /// schema without a type.
    static func allowingNull(_ schema: DocumentObject) -> DocumentObject {
        if case .string(let type)? = schema["type"] {
            var nullable = schema
            nullable["type"] = .array([.string(type), "null"])
            if let values = schema["enum"], case .array(let list) = values { nullable["enum"] = .array(list + [.null]) }
            return nullable
        }
        if schema.isEmpty { return schema }  // any JSON value is null already
        var nullable = DocumentObject()
        var null = DocumentObject()
        null["type"] = "null"
        nullable["oneOf"] = .array([.object(schema), .object(null)])
        return nullable
    }

    /// The component schema of `model`.
    func schema(of model: Model) -> DocumentObject {
        var schema: DocumentObject
        switch model.shape {
        case .object(let properties):
            schema = objectSchema(properties, additional: model.additionalProperties)
            if model.isClosed && model.additionalProperties == nil { schema["additionalProperties"] = .bool(false) }
        case .enumeration(let enumeration): schema = Self.enumerationSchema(enumeration)
        case .union(let union): schema = unionSchema(union)
        }
        var described = DocumentObject()
        if let description = model.description { described["description"] = .string(description) }
        if model.deprecation != nil { described["deprecated"] = .bool(true) }
        for entry in schema.entries { described[entry.key] = entry.value }
        // A model's deprecation is the format's (`@available`) only when the extension says so.
        var format = Self.deprecationEntries(model.deprecation)
        if Self.componentName(model.name) != model.name { format["name"] = .string(model.name) }
        if model.deprecation != nil && format.isEmpty { format["deprecated"] = .bool(true) }
        switch model.shape {
        case .union(let union):
            // The case names the resolver would not give the alternatives by their types.
            var names = DocumentObject()
            for alternative in union.alternatives
            where alternative.name
                != ReservedNames.avoiding(ReservedNames.enumerationMembers, SwiftName.caseName(for: alternative.type))
            {
                names[Self.unescaped(alternative.name)] = .string(Self.formatTypeText(alternative.type))
            }
            if !names.isEmpty { format["oneOf"] = .object(names) }
            format["fallback"] = .bool(union.fallbackCase != nil)
        case .enumeration(let enumeration):
            // The case names the resolver would not give the values.
            var names = DocumentObject()
            for value in enumeration.cases {
                let raw = RawEnumValue(
                    name: nil,
                    value: Located(value.rawValue, at: SourceLocation(file: "", line: 0, column: 0)),
                    isInteger: enumeration.isInteger
                )
                let derived = ReservedNames.avoiding(
                    ReservedNames.enumerationMembers,
                    ResolveContext.derivedCaseName(raw)
                )
                guard value.name != derived else { continue }
                names[Self.unescaped(value.name)] = DocumentNode(value, of: enumeration)
            }
            if !names.isEmpty { format["enum"] = .object(names) }
        case .object: break
        }
        Self.adding(format, to: &described)
        return described
    }

    /// A struct: its properties, the keys it requires, and what it keeps of the others.
    func objectSchema(_ properties: [Property], additional: AdditionalProperties?) -> DocumentObject {
        var schema = DocumentObject()
        schema["type"] = "object"
        var members = DocumentObject()
        var required: [DocumentNode] = []
        for property in properties {
            members[property.key] = .object(self.schema(of: property))
            if property.isRequiredKey { required.append(.string(property.key)) }
        }
        if !members.isEmpty { schema["properties"] = .object(members) }
        if !required.isEmpty { schema["required"] = .array(required) }
        if let additional {
            schema["additionalProperties"] = .object(self.schema(additional.valueType) ?? DocumentObject())
        }
        return schema
    }

    /// A property's schema, with its description, default, constant and direction.
    func schema(of property: Property) -> DocumentObject {
        var type = property.type
        // An optional property may be `null` too: the client reads it as missing.
        if case .optional(let wrapped) = type, !property.isRequiredWhenReceived {
            if case .nullable = wrapped { type = wrapped } else { type = .nullable(wrapped) }
        } else if property.defaultValue != nil, property.constant == nil {
            type = .nullable(type)  // `null` reads as the default
        }
        var schema = self.schema(type, dates: property.dates) ?? DocumentObject()
        if let description = property.description { schema["description"] = .string(description) }
        if let constant = property.constant { schema["const"] = value(constant) }
        if let defaultValue = defaultNode(property.defaultValue, of: type) { schema["default"] = defaultValue }
        if property.deprecation != nil { schema["deprecated"] = .bool(true) }
        switch property.direction {
        case .both: break
        case .readOnly: schema["readOnly"] = .bool(true)
        case .writeOnly: schema["writeOnly"] = .bool(true)
        }
        var format = fieldEntries(name: property.name, key: property.key, type: property.type, dates: property.dates)
        if let constant = property.constant { format["const"] = value(constant) }
        if case .optional(.nullable) = property.type { format["nullable"] = .bool(true) }
        if property.defaultValue != nil && !property.type.isOptional {
            // Not required (its default stands in), yet not optional in Swift.
            format["type"] = .string(Self.formatTypeText(property.type))
        }
        Self.adding(format, to: &schema)
        Self.adding(Self.deprecationEntries(property.deprecation), to: &schema)
        return schema
    }

    /// A case name as the spec wrote it: `knownCases`, which the resolver made `knownCases_` to keep it apart
    /// from an enumeration's own members.
    static func unescaped(_ name: String) -> String {
        let stem = String(name.dropLast())
        return name.hasSuffix("_") && ReservedNames.enumerationMembers.contains(stem) ? stem : name
    }

    /// What the format says of a property or parameter beyond OpenAPI: a Swift name other than its key's,
    /// and the way its dates are written.
    func fieldEntries(name: String, key: String, type: TypeRef, dates: String?) -> DocumentObject {
        var entries = DocumentObject()
        if name != SwiftName.memberName(key) {
            // A name the resolver kept apart from generated members (`hashValue_`) is written as the spec did.
            let written = name.hasSuffix("_") ? String(name.dropLast()) : name
            if written != SwiftName.memberName(key) { entries["swiftName"] = .string(written) }
        }
        if let dates { entries["dates"] = .string(dates) }
        if (dates ?? api.dates).hasSuffix("Since1970"), Self.contains(.builtin(.date), in: type) {
            // Numbers on the wire, dates in Swift.
            entries["type"] = .string(Self.formatTypeText(type))
        }
        return entries
    }

    /// Whether `type` is `inner` or holds it.
    static func contains(_ inner: TypeRef, in type: TypeRef) -> Bool {
        switch type {
        case inner: true
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element),
            .stream(let element):
            contains(inner, in: element)
        default: false
        }
    }

    /// An enumeration: its listed values.
    static func enumerationSchema(_ enumeration: Enumeration) -> DocumentObject {
        var schema = DocumentObject()
        schema["type"] = enumeration.isInteger ? "integer" : "string"
        schema["enum"] = .array(
            enumeration.cases.map { DocumentNode($0, of: enumeration) }
        )
        guard enumeration.isExtensible else { return schema }
        // Any string, those listed being the ones known: how OpenAPI documents say it.
        var anyString = DocumentObject()
        anyString["type"] = "string"
        var extensible = DocumentObject()
        extensible["anyOf"] = .array([.object(anyString), .object(schema)])
        return extensible
    }

    /// A union: `anyOf` its alternatives (a value is the first that fits, as the client decodes it, and may fit
    /// several), with the discriminator and its mapping when it has one.
    func unionSchema(_ union: Union) -> DocumentObject {
        var schema = DocumentObject()
        schema["anyOf"] = .array(union.alternatives.map { .object(self.schema($0.type) ?? DocumentObject()) })
        if let discriminator = union.discriminator {
            var object = DocumentObject()
            object["propertyName"] = .string(discriminator)
            var mapping = DocumentObject()
            for alternative in union.alternatives {
                guard case .model(let name) = alternative.type else { continue }
                for tag in alternative.tags { mapping[tag] = .string(Self.reference(name)) }
            }
            if !mapping.isEmpty { object["mapping"] = .object(mapping) }
            schema["discriminator"] = .object(object)
        }
        return schema
    }

    /// A default as JSON; `nil` for none, and for `nil` of an optional, which is no default on the wire.
    func defaultNode(_ value: DefaultValue?, of type: TypeRef) -> DocumentNode? {
        guard let value else { return nil }
        if value == .null {
            guard case .nullable = type.unwrapped else { return nil }
        }
        return self.value(value)
    }

    /// A default or constant as JSON.
    func value(_ value: DefaultValue) -> DocumentNode {
        DocumentNode(value, in: api)
    }
}
