/// Resolves an endpoint's `pages:`: how its answer, one page of a list, leads to the next page, and where a
/// page's items are. The client then has two more methods for it, the pages (`issuesPages`) and their items
/// one at a time (`allIssues`).
///
/// Every name `pages:` uses is checked here against the answer's models and the endpoint's query parameters,
/// so that a spec that generates compiles and pages as it says.
extension ResolveContext {
    /// The ways of finding the next page, and the keys each takes besides `by` and `items`.
    static let pagingKinds: [(name: String, keys: [String])] = [
        ("link", ["relation"]),
        ("url", ["next"]),
        ("cursor", ["cursor", "parameter"]),
        ("after", ["parameter", "hasMore", "itemID"]),
        ("page", ["parameter", "size", "first", "totalPages"]),
        ("offset", ["parameter", "size", "totalItems"]),
    ]

    /// The pagination of `raw`, resolved into `operation`, or `nil` (with diagnostics) when it has none or it
    /// is wrong.
    mutating func resolvePagination(
        _ raw: RawEndpoint,
        operation: Operation,
        models: [String: Model]
    ) -> Pagination? {
        guard let written = raw.pages, let by = written.by else { return nil }
        guard let kind = Self.pagingKinds.first(where: { $0.name == by.value }) else {
            diagnostics.error(
                "`by` must be `link`, `url`, `cursor`, `after`, `page` or `offset`, not `\(by.value)`",
                at: by.location,
                hint: Suggestions.hint(for: by.value, in: Self.pagingKinds.map(\.name))
            )
            return nil
        }
        var valid = checkPagingKeys(written, kind: kind)
        guard case .json(let page) = operation.responseBody, operation.answers == nil else {
            diagnostics.error(
                "`pages` needs a JSON answer, one page of a list, and `\(raw.name.value)` answers otherwise",
                at: written.location,
                hint: "answer with the page's model or an array, `response: \"[Item]\"`"
            )
            return nil
        }
        // The items, and each item's type; a mistake there is reported with the others below, which are
        // checked all the same (but an item's id, which needs the item's type).
        let items: FieldPath?
        if let path = written.items {
            items = fieldPath(path, in: page, models: models)
        } else {
            items = FieldPath(steps: [], type: page)
        }
        var item: TypeRef?
        if let items {
            if case .array(let element) = items.type {
                item = element
            } else if let path = written.items {
                diagnostics.error(
                    "the page's items are a list, and `\(path.value)` is `\(TranslationSupport.typeText(items.type))`",
                    at: path.location
                )
            } else {
                diagnostics.error(
                    "`pages` needs `items`: the answer `\(TranslationSupport.typeText(page))` is not a list",
                    at: written.location,
                    hint: "name the answer's property that holds the page's items, such as `items: data`"
                )
            }
        }
        func parameter(_ name: Located<String>?, key: String, integer: Bool) -> String? {
            guard let name else {
                diagnostics.error(
                    "`pages` with `by: \(by.value)` needs `\(key)`, the query parameter it sends",
                    at: written.location,
                    hint: "add `\(key): name`, a parameter under `query:`"
                )
                return nil
            }
            return queryParameter(name, of: raw, operation: operation, integer: integer, key: key)
        }
        let pagingKind: Pagination.Kind
        switch kind.name {
        case "link":
            pagingKind = .link(relation: written.relation?.value.lowercased() ?? "next")
        case "url":
            guard let nextPath = written.next else {
                diagnostics.error(
                    "`pages` with `by: url` needs `next`, the path of the next page's URL in the answer",
                    at: written.location,
                    hint: "add `next: next`, or `next: links.next`"
                )
                return nil
            }
            guard let next = fieldPath(nextPath, in: page, models: models, expecting: .url) else { return nil }
            pagingKind = .url(next: next)
        case "cursor":
            let sent = parameter(written.parameter, key: "parameter", integer: false)
            guard let cursorPath = written.cursor else {
                diagnostics.error(
                    "`pages` with `by: cursor` needs `cursor`, the path of the next page's cursor in the answer",
                    at: written.location,
                    hint: "add `cursor: next_cursor`"
                )
                return nil
            }
            let cursor = fieldPath(cursorPath, in: page, models: models, expecting: .identifier)
            guard let cursor, let sent else { return nil }
            pagingKind = .cursor(cursor, parameter: sent)
        case "after":
            let sent = parameter(written.parameter, key: "parameter", integer: false)
            let idName = written.itemID ?? Located("id", at: written.location)
            let itemID = item.flatMap { item in
                fieldPath(
                    idName,
                    in: item,
                    models: models,
                    expecting: .identifier,
                    root: "an item",
                    hint: written.itemID == nil ? "name the items' id property with `itemID`" : nil
                )
            }
            var hasMore: FieldPath?
            if let path = written.hasMore {
                hasMore = fieldPath(path, in: page, models: models, expecting: .bool)
                valid = valid && hasMore != nil
            }
            guard let sent, let itemID else { return nil }
            pagingKind = .after(parameter: sent, itemID: itemID, hasMore: hasMore)
        case "page", "offset":
            var failed = false
            let sent = parameter(written.parameter, key: "parameter", integer: true)
            var size: String?
            if let name = written.size {
                size = queryParameter(name, of: raw, operation: operation, integer: true, key: "size")
                failed = size == nil
            }
            let totalPath = kind.name == "page" ? written.totalPages : written.totalItems
            var total: FieldPath?
            if let path = totalPath {
                total = fieldPath(path, in: page, models: models, expecting: .count)
                failed = failed || total == nil
            }
            var first = 1
            if let text = written.first {
                if let number = Int(text.value), number >= 0 {
                    first = number
                } else {
                    diagnostics.error(
                        "`first` must be a page number, 0 or more, not `\(text.value)`",
                        at: text.location
                    )
                    failed = true
                }
            }
            guard let sent, !failed else { return nil }
            if kind.name == "offset" {
                pagingKind = .offset(parameter: sent, size: size, totalItems: total)
                break
            }
            pagingKind = .page(parameter: sent, first: first, size: size, totalPages: total)
        default:
            return nil
        }
        guard valid, let items, let item else { return nil }
        let names = SwiftName.pagingMethods(for: operation.name)
        return Pagination(kind: pagingKind, items: items, item: item, pagesName: names.pages, itemsName: names.items)
    }

    /// Reports the keys of `pages:` that its kind does not take; `false` when there are any.
    private mutating func checkPagingKeys(_ written: RawPaging, kind: (name: String, keys: [String])) -> Bool {
        let given: [(String, Located<String>?)] = [
            ("relation", written.relation), ("next", written.next), ("cursor", written.cursor),
            ("parameter", written.parameter),
            ("hasMore", written.hasMore), ("itemID", written.itemID), ("size", written.size),
            ("first", written.first), ("totalPages", written.totalPages), ("totalItems", written.totalItems),
        ]
        var valid = true
        for case (let key, let value?) in given where !kind.keys.contains(key) {
            let owners = Self.pagingKinds.filter { $0.keys.contains(key) }.map { "`by: \($0.name)`" }
            diagnostics.error(
                "`\(key)` is for \(owners.joined(separator: " and ")), and these pages are `by: \(kind.name)`",
                at: value.location,
                hint: "remove it"
            )
            valid = false
        }
        return valid
    }

    /// The wire name of the endpoint's query parameter `name`, checked to be of a type the pages can send.
    private mutating func queryParameter(
        _ name: Located<String>,
        of raw: RawEndpoint,
        operation: Operation,
        integer: Bool,
        key: String
    ) -> String? {
        let query = operation.parameters.filter { $0.location == .query }
        guard let parameter = query.first(where: { $0.wireName == name.value }) else {
            diagnostics.error(
                "`\(name.value)` is not a query parameter of `\(raw.name.value)`",
                at: name.location,
                hint: Suggestions.hint(for: name.value, in: query.map(\.wireName))
                    ?? "declare it under `query:`, where the pages send it"
            )
            return nil
        }
        let kind: PagedValue = integer ? .integer : .identifier
        guard kind.accepts(parameter.type.unwrapped) else {
            diagnostics.error(
                "the pages send `\(name.value)` as \(kind.description), and it is `\(TranslationSupport.typeText(parameter.type))`",
                at: name.location,
                hint: integer ? "declare it as `Int`" : "declare it as `String?`"
            )
            return nil
        }
        return parameter.wireName
    }

    /// The properties `path` (JSON keys joined by dots) names, from `type` in; `nil` with a diagnostic when a
    /// key is not a property there, or the value is not what `expecting` says.
    private mutating func fieldPath(
        _ path: Located<String>,
        in type: TypeRef,
        models: [String: Model],
        expecting expected: PagedValue? = nil,
        root: String = "the answer",
        hint: String? = nil
    ) -> FieldPath? {
        var steps: [FieldPath.Step] = []
        var current = type
        // Where each key starts in the path, so that a diagnostic points at the key it is about.
        var offset = 0
        for key in path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            defer { offset += key.count + 1 }
            let place = path.location(ofCharacter: offset)
            let owner = current.unwrapped
            guard case .model(let modelName) = owner, let model = models[modelName],
                case .object(let properties) = model.shape
            else {
                let container = steps.isEmpty ? root : "`\(steps.last!.name)`"
                diagnostics.error(
                    "`\(path.value)` goes into \(container), which is `\(TranslationSupport.typeText(current))`, not a model with properties",
                    at: place
                )
                return nil
            }
            guard
                let property = properties.first(where: { $0.key == key }) ?? properties.first(where: { $0.name == key })
            else {
                let deeper = Self.nestedPath(to: key, in: owner, models: models).map { found in
                    let written = path.value.split(separator: ".").prefix(steps.count).map(String.init) + found
                    return "did you mean `\(written.joined(separator: "."))`?"
                }
                diagnostics.error(
                    "`\(modelName)` has no property `\(key)`",
                    at: place,
                    hint: Suggestions.hint(for: key, in: properties.map(\.key)) ?? deeper ?? hint
                )
                return nil
            }
            if case .nullable = property.type.unwrapped {
                diagnostics.error(
                    "`\(key)` of `\(modelName)` is nullable, which pages cannot read through",
                    at: place,
                    hint: "declare it as an optional without `nullable`"
                )
                return nil
            }
            steps.append(FieldPath.Step(name: property.name, isOptional: property.type.isOptional))
            current = property.type
        }
        let found = FieldPath(steps: steps, type: current.unwrapped)
        if let expected, !expected.accepts(found.type) {
            diagnostics.error(
                "`\(path.value)` must be \(expected.description), and it is `\(TranslationSupport.typeText(current))`",
                at: path.location
            )
            return nil
        }
        return found
    }

    /// The shortest chain of JSON keys (at most four) from `type`'s properties down to a property keyed `key`
    /// inside a nested model, for a hint when a path skips a level (`next_cursor` for `meta.next_cursor`).
    static func nestedPath(to key: String, in type: TypeRef, models: [String: Model]) -> [String]? {
        var level: [(type: TypeRef, keys: [String])] = [(type, [])]
        var seen: Set<String> = []
        for _ in 0..<4 {
            var next: [(type: TypeRef, keys: [String])] = []
            for (type, keys) in level {
                guard case .model(let name) = type.unwrapped, seen.insert(name).inserted, let model = models[name],
                    case .object(let properties) = model.shape
                else { continue }
                if !keys.isEmpty, properties.contains(where: { $0.key == key }) { return keys + [key] }
                next += properties.map { ($0.type, keys + [$0.key]) }
            }
            level = next
        }
        return nil
    }
}

/// The kinds of value a pagination reads or sends.
enum PagedValue {
    /// A cursor or an id: text or an integer.
    case identifier
    /// An integer.
    case integer
    /// A number of pages or items: an `Int`.
    case count
    /// A Bool.
    case bool
    /// A URL: text or a `URL`.
    case url

    func accepts(_ type: TypeRef) -> Bool {
        switch (self, type) {
        case (.identifier, .builtin(.string)), (.identifier, .builtin(.uuid)): true
        case (.identifier, .builtin(let builtin)), (.integer, .builtin(let builtin)):
            [.int, .int32, .int64].contains(builtin)
        case (.count, .builtin(.int)), (.bool, .builtin(.bool)): true
        case (.url, .builtin(.string)), (.url, .builtin(.url)): true
        default: false
        }
    }

    var description: String {
        switch self {
        case .identifier: "text or an integer"
        case .integer: "an integer"
        case .count: "an `Int`"
        case .bool: "a `Bool`"
        case .url: "a URL (text or a `URL`)"
        }
    }
}

extension ResolveContext {
    /// Reports paged endpoints whose pages or items method is another method of the client: another
    /// endpoint's (or its Combine method), another paged endpoint's, or a member the client has.
    mutating func checkPagingNames(_ operations: [Operation], names: [String: Located<String>]) {
        var taken: [String: String] = [:]
        for operation in operations {
            let prefix = (operation.namespace ?? "") + "."
            guard let pagination = operation.pagination, let name = names[prefix + operation.name] else { continue }
            for method in [pagination.pagesName, pagination.itemsName] {
                let publisher = method + CombineSymbols.publisherSuffix
                var clash: String?
                if let other = names[prefix + method] {
                    clash = "which is the method of endpoint `\(other.value)`"
                } else if flavours.contains(.combine), method.hasSuffix(CombineSymbols.publisherSuffix),
                    let other = names[prefix + method.dropLast(CombineSymbols.publisherSuffix.count)]
                {
                    clash = "which is the Combine method of endpoint `\(other.value)`"
                } else if flavours.contains(.combine), let other = names[prefix + publisher] {
                    clash = "whose Combine method `\(publisher)` is the method of endpoint `\(other.value)`"
                } else if let other = taken[prefix + method] {
                    clash = "which is a method of the pages of endpoint `\(other)`"
                } else if ReservedNames.clientMembers(flavours).contains(method) {
                    clash = "which the client already has"
                }
                if let clash {
                    diagnostics.error(
                        "endpoint `\(name.value)` pages, so it has a method `\(method)`, \(clash)",
                        at: name.location,
                        hint: "rename one of them"
                    )
                }
                taken[prefix + method] = name.value
            }
        }
    }
}
