/// `$ref`s to other files (`schemas/pet.yaml`, `common.yaml#/components/schemas/Error`), brought into the
/// document as components of its own, so that the OpenAPI reader only ever follows local references.
///
/// Each target becomes a component of the section its place says (a schema, a parameter, a response, a
/// request body, a header, a path item), named after the last part of its pointer or its file's name, and
/// every reference to it (from the document or from other files) is rewritten to that component. A file's
/// values keep their locations in that file, so diagnostics point there. Files are read relative to the file
/// that refers to them, through the pipeline's `readFile`, which records them as inputs of the build.
struct ExternalReferences {
    var diagnostics: Diagnostics
    /// Reads a file by its path relative to the document's folder; `nil` when it cannot be read.
    let readFile: ((String) -> String?)?
    /// The document's folder as the user named it (`Specs/`), for the paths of other files in diagnostics.
    let displayFolder: String
    /// The document's own file name, for references back into it from other files.
    let documentName: String
    /// The other files read so far, by path relative to the document's folder; `nil` for unreadable ones.
    var files: [String: YAMLValue?] = [:]
    /// The component each target became, by `file#pointer`.
    var components: [String: String] = [:]
    /// The component names taken in each section.
    var taken: [String: Set<String>] = [:]
    /// The components made of other files' values, by section, in the order they were found.
    var added: [(section: String, name: String, value: YAMLValue)] = []
    /// Targets found but not yet rewritten: their own references are relative to their file.
    var pending: [(section: String, name: String, file: String, value: YAMLValue)] = []

    /// How deep in a value references are looked for; deeper ones stay as they are (and are reported as
    /// references to nothing if they point to other files).
    static let maximumDepth = 100
    /// The most files one document may bring in: DigitalOcean's description, split per operation, has 2,900.
    static let maximumFiles = 5_000
    /// Whether a reference past ``maximumFiles`` was reported: once is enough.
    var reportedTooMany = false

    /// `root` with every reference to another file made local, or `root` itself when it has none.
    static func bundle(
        _ root: YAMLValue,
        file: String,
        readFile: ((String) -> String?)?,
        diagnostics: inout Diagnostics
    ) -> YAMLValue {
        guard hasExternalReference(root, depth: 0) else { return root }
        let slash = file.lastIndex(of: "/")
        var bundler = ExternalReferences(
            diagnostics: diagnostics,
            readFile: readFile,
            displayFolder: slash.map { String(file[...$0]) } ?? "",
            documentName: slash.map { String(file[file.index(after: $0)...]) } ?? file
        )
        for section in root["components"].map(Self.sections) ?? [:] {
            bundler.taken[section.key] = Set(section.value)
        }
        defer { diagnostics = bundler.diagnostics }
        guard var rewritten = bundler.rewrite(root, file: nil, path: [], depth: 0) else { return root }
        while !bundler.pending.isEmpty {
            let next = bundler.pending.removeFirst()
            let value =
                bundler.rewrite(next.value, file: next.file, path: ["components", next.section, next.name], depth: 0)
                ?? next.value
            bundler.added.append((next.section, next.name, value))
        }
        rewritten = bundler.addingComponents(to: rewritten)
        return rewritten
    }

    /// Whether `value` has a `$ref` to another file, within ``maximumDepth``: most documents have none, and
    /// are left as they are without a copy.
    static func hasExternalReference(_ value: YAMLValue, depth: Int, path: [String] = []) -> Bool {
        guard depth < maximumDepth else { return false }
        switch value.kind {
        case .mapping(let entries):
            for entry in entries where !isData(entry, under: path) {
                if entry.key.value == "$ref" {
                    if let text = entry.value.scalarText, !text.hasPrefix("#") { return true }
                } else if hasExternalReference(entry.value, depth: depth + 1, path: path.suffix(1) + [entry.key.value])
                {
                    return true
                }
            }
            return false
        case .sequence(let items):
            return items.contains { hasExternalReference($0, depth: depth + 1, path: path.suffix(1) + ["[]"]) }
        default:
            return false
        }
    }

    /// Whether the entry's value is data rather than part of the document, so that a `$ref` key in it is the
    /// data's own (example SCIM payloads carry `"$ref": "https://…"`): an `example`, a schema's `default`,
    /// `const`, `enum` or list of `examples`, and an Example Object's `value`. `path` ends with the keys of
    /// the mapping holding the entry and of its parent.
    static func isData(_ entry: YAMLValue.Entry, under path: [String]) -> Bool {
        // In a mapping of names (`properties`, `responses`), `default` or `enum` is a name: a property, the
        // default response.
        if let parent = path.last, namedMappings.contains(parent) { return false }
        switch entry.key.value {
        case "example", "default", "const", "enum": return true
        case "examples": if case .sequence = entry.value.kind { return true } else { return false }
        case "value": return path.dropLast().last == "examples"
        default: return false
        }
    }

    /// The keys whose mappings are keyed by names the document chooses rather than by OpenAPI's keywords.
    static let namedMappings: Set<String> = [
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "schemas", "responses",
        "parameters", "headers", "content", "callbacks", "links", "securitySchemes", "requestBodies", "pathItems",
        "paths", "webhooks", "variables", "encoding", "mapping", "examples",
    ]

    /// The names of each section of `components`.
    static func sections(_ components: YAMLValue) -> [String: [String]] {
        guard case .mapping(let sections) = components.kind else { return [:] }
        var names: [String: [String]] = [:]
        for section in sections {
            guard case .mapping(let entries) = section.value.kind else { continue }
            names[section.key.value] = entries.map(\.key.value)
        }
        return names
    }

    // MARK: Rewriting

    /// `value` with its references to other files rewritten (`file` is the file it is from, `nil` for the
    /// document; `path` the keys above it); `nil` when nothing in it changed.
    mutating func rewrite(_ value: YAMLValue, file: String?, path: [String], depth: Int) -> YAMLValue? {
        guard depth < Self.maximumDepth else { return nil }
        switch value.kind {
        case .mapping(let entries):
            var changed = false
            var result = entries
            for index in entries.indices where !Self.isData(entries[index], under: path) {
                let entry = entries[index]
                if entry.key.value == "mapping", path.last == "discriminator",
                    case .mapping(var tags) = entry.value.kind
                {
                    // A discriminator's mapping names its schemas by references too (DigitalOcean's `A:
                    // models/domain_record_types.yml#/domain_record_a`): the same components as the `$ref`s to them.
                    var mapped = false
                    for tag in tags.indices {
                        guard let reference = tags[tag].value.scalarText, !reference.hasPrefix("#"),
                            reference.contains("/") || reference.contains("#"),
                            let local = localReference(
                                reference,
                                at: tags[tag].value,
                                file: file,
                                path: path + ["mapping", "schema"]
                            )
                        else { continue }
                        tags[tag].value = YAMLValue(kind: .string(local), location: tags[tag].value.location)
                        mapped = true
                    }
                    if mapped {
                        result[index].value = YAMLValue(kind: .mapping(tags), location: entry.value.location)
                        changed = true
                    }
                    continue
                }
                if entry.key.value == "$ref", let reference = entry.value.scalarText {
                    guard let local = localReference(reference, at: entry.value, file: file, path: path) else {
                        continue
                    }
                    result[index].value = YAMLValue(kind: .string(local), location: entry.value.location)
                    changed = true
                } else if let rewritten = rewrite(
                    entry.value,
                    file: file,
                    path: path + [entry.key.value],
                    depth: depth + 1
                ) {
                    result[index].value = rewritten
                    changed = true
                }
            }
            return changed ? YAMLValue(kind: .mapping(result), location: value.location) : nil
        case .sequence(let items):
            var changed = false
            var result = items
            for index in items.indices {
                if let rewritten = rewrite(items[index], file: file, path: path + ["[]"], depth: depth + 1) {
                    result[index] = rewritten
                    changed = true
                }
            }
            return changed ? YAMLValue(kind: .sequence(result), location: value.location) : nil
        default:
            return nil
        }
    }

    /// The local reference (`#/components/schemas/Pet`) that stands for `reference` written in `file` at the
    /// place `path`; `nil` when it is local already, or after an error.
    mutating func localReference(_ reference: String, at value: YAMLValue, file: String?, path: [String]) -> String? {
        var target = reference
        var pointer = ""
        if let hash = reference.firstIndex(of: "#") {
            target = String(reference[..<hash])
            pointer = String(reference[reference.index(after: hash)...])
        }
        if target.isEmpty {
            // `#/…`: local to the file it is written in.
            guard let file else { return nil }
            target = file
        } else {
            if target.contains("://") {
                diagnostics.error(
                    "`\(reference)` refers to a URL, which is not followed",
                    at: value.location,
                    hint: "download the file next to the document and refer to it by its path"
                )
                return nil
            }
            let relative = target
            target = Self.normalized(Self.folder(of: file ?? "") + target)
            if target == documentName { return "#" + pointer }
            if let identified = fileIdentified(as: relative, from: file) { target = identified }
        }
        let key = target + "#" + pointer
        let section = Self.section(at: path)
        if let name = components[key] { return "#/components/\(section)/\(Self.escaped(name))" }
        guard let document = document(target, referredAt: value.location) else { return nil }
        guard let found = Self.value(at: pointer, in: document) else {
            diagnostics.error(
                "`\(reference)` refers to nothing in `\(displayFolder + target)`",
                at: value.location
            )
            return nil
        }
        let name = componentName(for: found, in: target, pointer: pointer, section: section, referredAt: value.location)
        components[key] = name
        pending.append((section, name, target, found))
        return "#/components/\(section)/\(Self.escaped(name))"
    }

    /// The name of the component `found` (at `pointer` in the file `target`) becomes in `section`: the last part
    /// of its pointer; for a whole file, its schema's `title`, else the file's name without its extensions
    /// (`issues.opened.schema.json` → `issues.opened`), else that with its folder's (`issues/opened.schema.json`
    /// and `pull_request/opened.schema.json`, as octokit lays out its webhook schemas → `issues.opened`,
    /// `pull_request.opened`). A name every candidate of which is taken is numbered, with a warning.
    mutating func componentName(
        for found: YAMLValue,
        in target: String,
        pointer: String,
        section: String,
        referredAt location: SourceLocation
    ) -> String {
        var candidates: [String] = []
        if let last = pointer.split(separator: "/").last.map(String.init).map(Self.unescaped), !last.isEmpty {
            candidates.append(last)
        } else {
            if section == "schemas", let title = found["title"]?.scalarText,
                !SwiftName.words(title).isEmpty
            {
                candidates.append(SwiftName.typeName(title))
            }
            let parts = target.split(separator: "/").map(String.init)
            let stem = Self.stem(of: parts.last ?? target)
            candidates.append(stem)
            if parts.count > 1 { candidates.append(parts[parts.count - 2] + "." + stem) }
        }
        let taken = taken[section, default: []]
        var name = candidates.first { !taken.contains($0) }
        if name == nil {
            let first = candidates.first ?? "External"
            var number = 2
            while taken.contains(first + String(number)) { number += 1 }
            name = first + String(number)
            diagnostics.warning(
                "`\(displayFolder + target)` is named `\(SwiftName.typeName(name ?? first))` here: "
                    + "`\(SwiftName.typeName(first))` is taken",
                at: location,
                hint: "give the schema a `title`, or rename it in the config's `rename: {schemas: …}`"
            )
        }
        let chosen = name ?? "External"
        self.taken[section, default: []].insert(chosen)
        return chosen
    }

    /// The file a relative `$ref` that is no file beside the one holding it names by its `$id`: JSON Schema
    /// resolves a reference against the `$id`s of the schemas around it, and octokit's webhook schemas refer to
    /// `common/issue.schema.json` from `issues/opened.schema.json`, the `$id` of `common/issue.schema.json` in
    /// the folder above. The nearest folder above whose file of that path has that `$id`; `nil` when the file
    /// beside is there, or none is found.
    mutating func fileIdentified(as reference: String, from file: String?) -> String? {
        guard !reference.hasPrefix("/"), !reference.hasPrefix("."), let file else { return nil }
        let beside = Self.normalized(Self.folder(of: file) + reference)
        if present(beside) != nil { return nil }
        var folder = Self.folder(of: file)
        while !folder.isEmpty {
            folder = Self.folder(of: String(folder.dropLast()))
            let candidate = Self.normalized(folder + reference)
            if present(candidate)?["$id"]?.scalarText == reference { return candidate }
        }
        return nil
    }

    /// The other file at `path`, read and parsed once as ``document(_:referredAt:)`` reads it, or `nil`, without an
    /// error, when it cannot be read: whether a file is there, for ``fileIdentified(as:from:)``.
    mutating func present(_ path: String) -> YAMLValue? {
        if let known = files[path] { return known }
        guard let readFile, files.count < Self.maximumFiles, let text = readFile(path) else { return nil }
        let root = YAMLReader.read(text, file: displayFolder + path, diagnostics: &diagnostics)
        files[path] = .some(root)
        return root
    }

    /// The other file at `path` (relative to the document's folder), read and parsed once.
    mutating func document(_ path: String, referredAt location: SourceLocation) -> YAMLValue? {
        if let known = files[path] { return known }
        guard let readFile else {
            diagnostics.error("`\(path)` is another file, which is not read here", at: location)
            files[path] = .some(nil)
            return nil
        }
        guard files.count < Self.maximumFiles else {
            if !reportedTooMany {
                diagnostics.error("the document refers to more than \(Self.maximumFiles) other files", at: location)
                reportedTooMany = true
            }
            return nil
        }
        guard let text = readFile(path) else {
            diagnostics.error("`\(displayFolder + path)` cannot be read", at: location)
            files[path] = .some(nil)
            return nil
        }
        let root = YAMLReader.read(text, file: displayFolder + path, diagnostics: &diagnostics)
        files[path] = .some(root)
        return root
    }

    /// The components section of operations that are references (`get: {$ref: resources/account_get.yml}`, as
    /// DigitalOcean's description is laid out): OpenAPI has none, so it is this reader's own.
    static let operationsSection = "x-specsmith-operations"

    /// The section a reference at `path` (the keys above it, `[]` for a list's item) names a component of.
    static func section(at path: [String]) -> String {
        let parent = path.last ?? ""
        let grandparent = path.count > 1 ? path[path.count - 2] : ""
        let inPathItem =
            (path.count == 3 && path[0] == "paths")
            || (path.count == 4 && path[0] == "components" && path[1] == "pathItems")
        if inPathItem && (OpenAPIReader.methods + ["trace"]).contains(parent) {
            return operationsSection
        }
        if ["schema", "items", "additionalProperties", "not"].contains(parent)
            || (parent == "[]" && ["allOf", "oneOf", "anyOf"].contains(grandparent))
        {
            return "schemas"
        }
        if parent == "requestBody" { return "requestBodies" }
        if parent == "[]" { return grandparent == "parameters" ? "parameters" : "schemas" }
        switch grandparent {
        case "responses": return "responses"
        case "requestBodies": return "requestBodies"
        case "headers": return "headers"
        case "paths", "pathItems": return "pathItems"
        case "securitySchemes": return "securitySchemes"
        case "parameters" where path.count == 3 && path[0] == "components": return "parameters"
        default: return "schemas"
        }
    }

    /// `root` with the components made of other files' values added to its `components`.
    func addingComponents(to root: YAMLValue) -> YAMLValue {
        guard case .mapping(var entries) = root.kind, !added.isEmpty else { return root }
        var index = entries.firstIndex { $0.key.value == "components" }
        if index == nil {
            entries.append(
                YAMLValue.Entry(
                    key: Located("components", at: root.location),
                    value: YAMLValue(kind: .mapping([]), location: root.location)
                )
            )
            index = entries.count - 1
        }
        guard let index, case .mapping(var sections) = entries[index].value.kind else { return root }
        for component in added {
            let location = component.value.location
            var at = sections.firstIndex { $0.key.value == component.section }
            if at == nil {
                sections.append(
                    YAMLValue.Entry(
                        key: Located(component.section, at: location),
                        value: YAMLValue(kind: .mapping([]), location: location)
                    )
                )
                at = sections.count - 1
            }
            guard let at, case .mapping(var items) = sections[at].value.kind else { continue }
            items.append(YAMLValue.Entry(key: Located(component.name, at: location), value: component.value))
            sections[at].value.kind = .mapping(items)
        }
        entries[index].value.kind = .mapping(sections)
        return YAMLValue(kind: .mapping(entries), location: root.location)
    }

    // MARK: Paths and pointers

    /// The value a JSON pointer (`/components/schemas/Pet`, or empty for the whole file) names in `root`.
    static func value(at pointer: String, in root: YAMLValue) -> YAMLValue? {
        var value = root
        for part in pointer.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            let key = unescaped(part)
            switch value.kind {
            case .mapping: guard let next = value[key] else { return nil }; value = next
            case .sequence(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                value = items[index]
            default: return nil
            }
        }
        return value
    }

    /// A file's name without the extensions of documents and schemas: `issues.opened.schema.json` →
    /// `issues.opened`, `pet.yaml` → `pet`.
    static func stem(of fileName: String) -> String {
        var stem = fileName
        for suffix in [".json", ".yaml", ".yml"] where stem.lowercased().hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            break
        }
        if stem.lowercased().hasSuffix(".schema") { stem.removeLast(".schema".count) }
        return stem.isEmpty ? fileName : stem
    }

    /// A JSON pointer's part as the key it names: percent-decoded, as a `$ref`'s fragment is part of a URI
    /// (`~1paths~1%7Bid%7D` is `/paths/{id}`, as 3GPP's documents write it; RFC 6901, section 6), then `~1` and `~0`
    /// as `/` and `~`.
    static func unescaped(_ part: String) -> String {
        // Most parts have neither: Foundation's replacing is slow enough to show in a large document's profile.
        var part = part
        if part.utf8.contains(UInt8(ascii: "%")), let decoded = part.removingPercentEncoding { part = decoded }
        guard part.utf8.contains(UInt8(ascii: "~")) else { return part }
        return part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// A component name as a JSON pointer's part.
    static func escaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The folder of a relative path, with its slash (`schemas/` of `schemas/pet.yaml`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `a/./b/../c` as `a/c`; `..` above the document's folder is kept.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
