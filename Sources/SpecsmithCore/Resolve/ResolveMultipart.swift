/// Resolves a `multipart/form-data` body: each field is text (strings, numbers, flags, enumerations, and
/// arrays of them, one part per element), files (`File`, `File?`, `[File]`: the runtime's `FileUpload`), or a
/// value sent as a JSON part (a model, a dictionary, an array of models, `JSON`).
extension ResolveContext {
    /// The name the format gives a file to upload.
    static let fileTypeName = "File"

    mutating func resolveMultipart(
        _ fields: [RawField],
        into parameters: inout [Parameter]
    ) -> [Operation.MultipartPart] {
        var parts: [Operation.MultipartPart] = []
        for field in fields {
            guard let text = field.type else { continue }
            guard let (parameter, kind) = resolvePart(field, text: text) else { continue }
            parameters.append(parameter)
            parts.append(Operation.MultipartPart(parameter: parameter.name, wireName: field.key.value, kind: kind))
        }
        return parts
    }

    private mutating func resolvePart(
        _ field: RawField,
        text: Located<String>
    ) -> (Parameter, Operation.MultipartPart.Kind)? {
        let name = field.key
        if name.value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\"" }) {
            diagnostics.error(
                "a multipart field name cannot hold a line break or a quote",
                at: name.location
            )
            return nil
        }
        var core = text.value
        let isOptional = core.hasSuffix("?")
        if isOptional { core.removeLast() }
        let isArray = core.hasPrefix("[") && core.hasSuffix("]") && !core.contains(":")
        let element = isArray ? String(core.dropFirst().dropLast()) : core
        if element == Self.fileTypeName {
            if raw.models.contains(where: { $0.name.value == Self.fileTypeName }) {
                // The spec's own `File` (an LLM API's uploaded file, say) is what answers name; a part is a file.
                diagnostics.warning(
                    "`File` in a multipart body is a file to upload (`FileUpload`), not the model `File`",
                    at: text.location,
                    hint: "to send the model as a JSON part, rename it"
                )
            }
            if let defaultValue = field.defaultValue {
                diagnostics.error("a file has no default; make it optional instead", at: defaultValue.value.location)
            }
            if let dates = field.dates {
                diagnostics.error("`dates` is for `Date` fields, not files", at: dates.location)
            }
            var type = TypeRef.model(RuntimeSymbols.fileUpload)
            if isArray { type = .array(type) }
            if isOptional { type = .optional(type) }
            if let swiftName = field.swiftName { checkIdentifier(swiftName) }
            let parameter = Parameter(
                name: memberName(avoidingTypes: field.swiftName?.value ?? SwiftName.memberName(name.value)),
                label: nil,
                wireName: name.value,
                location: .body,
                type: type,
                defaultValue: isOptional ? .null : nil,
                description: field.description,
                deprecation: field.deprecated.map { Deprecation(message: $0.message) }
            )
            return (parameter, .file)
        }
        guard let type = resolveType(text) else { return nil }
        let unwrapped = type.unwrapped
        let elementType: TypeRef
        if case .array(let inner) = unwrapped { elementType = inner } else { elementType = unwrapped }
        if elementType == .builtin(.data) {
            diagnostics.error(
                "a multipart part of bytes is a `File`, with a name and a media type, not `\(text.value)`",
                at: text.location,
                hint: "write `\(text.value.replacingOccurrences(of: "Data", with: "File"))`"
            )
            return nil
        }
        if elementType == .builtin(.date) {
            diagnostics.error(
                "a multipart text field cannot be a `Date`",
                at: text.location,
                hint: "send it as `String`, or inside a model sent as JSON"
            )
            return nil
        }
        // Objects and any JSON go as a JSON part.
        if isObjectParameter(unwrapped) || elementType == .builtin(.json) {
            if let swiftName = field.swiftName { checkIdentifier(swiftName) }
            let defaultValue = field.defaultValue.flatMap { checkDefault($0.value, for: type, field: name.value) }
            let parameter = Parameter(
                name: memberName(avoidingTypes: field.swiftName?.value ?? SwiftName.memberName(name.value)),
                label: nil,
                wireName: name.value,
                location: .body,
                type: type,
                defaultValue: defaultValue ?? (type.isOptional ? .null : nil),
                description: field.description,
                deprecation: field.deprecated.map { Deprecation(message: $0.message) }
            )
            return (parameter, .json)
        }
        // Text: one part per value (the loader allows no `separator`).
        guard let parameter = resolveParameter(field, location: .body) else { return nil }
        return (parameter, .text)
    }
}
