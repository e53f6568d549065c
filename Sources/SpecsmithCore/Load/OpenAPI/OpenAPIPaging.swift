/// How an OpenAPI document's list operations page, where the document shows it plainly: OpenAPI has no word
/// for pagination, so the patterns of the large APIs are recognized, and only when every piece is there (so
/// that what is recognized always resolves):
/// - a `GET` answering a JSON array with a documented `Link` header (GitHub): `pages: {by: link}`;
/// - an object with a list of items (`data`, `items`, `results`, …, or its one list of objects) and:
///   - a boolean `has_more`, items with an `id`, and a text query parameter `starting_after` (Stripe) or `after`
///     (OpenAI): `pages: {by: after, hasMore: has_more, …}`;
///   - a text `next_page` and a text query parameter `page` (Stripe's searches): `by: cursor`;
///   - a cursor in the answer and its query parameter: `metadata.continue` and `continue` (Kubernetes),
///     `response_metadata.next_cursor` or `next_cursor` and `cursor` (Slack), `next_page_token` and
///     `page_token`: `by: cursor`;
///   - the next page's URL in the answer: `next_page_url`, `next_url`, `next_page_uri` (Twilio), `links.next`,
///     `links.pages.next` (DigitalOcean), `_links.next.href`, or a `next` (also under `pagination` or `meta`)
///     that is a `uri`: `by: url`.
extension OpenAPIReader {
    /// The properties that hold a page's items, in the order they are looked for.
    static let itemsKeys = ["data", "items", "results", "entries", "records", "values"]

    /// Where answers name the next page's cursor, and the query parameter that sends it back.
    static let cursorPaths: [(path: String, parameter: String)] = [
        ("metadata.continue", "continue"), ("response_metadata.next_cursor", "cursor"), ("next_cursor", "cursor"),
        ("meta.next_cursor", "cursor"), ("next_page_token", "page_token"), ("nextPageToken", "pageToken"),
    ]

    /// Where answers name the next page's URL; those of the second list only when their schema says `uri`.
    static let urlPaths = [
        "next_page_url", "next_url", "next_page_uri", "links.next", "links.pages.next", "_links.next.href",
        "pagination.next_url", "meta.next_page_url",
    ]
    static let uriPaths = ["next", "pagination.next", "meta.next", "links.next_page"]

    /// The paging of an operation whose one answer is JSON, when the document shows one.
    mutating func readPaging(_ responses: YAMLValue, method: String, into endpoint: inout RawEndpoint) {
        guard method == "get", case .type(let answer)? = endpoint.response, endpoint.stream == nil,
            let schema = successSchema(responses)
        else { return }
        let location = answer.location
        func text(_ value: String) -> Located<String> { Located(value, at: location) }
        var paging = RawPaging(location: location)
        if schemaType(schema) == "array" {
            guard endpoint.responseHeaders.contains(where: { $0.key.value.lowercased() == "link" }) else { return }
            paging.by = text("link")
        } else {
            guard let properties = resolved(schema)?["properties"], let (itemsKey, data) = itemsProperty(properties)
            else { return }
            paging.items = text(itemsKey)
            let hasID =
                data["items"].flatMap({ resolved($0) }).flatMap { $0["properties"]?["id"] }.map {
                    ["string", "integer"].contains(schemaType($0))
                } ?? false
            let after = ["starting_after", "after"].first { isText(queryParameter($0, of: endpoint)) }
            if let more = properties["has_more"], schemaType(more) == "boolean", let after, hasID {
                paging.by = text("after")
                paging.hasMore = text("has_more")
                paging.parameter = text(after)
            } else if let next = properties["next_page"], schemaType(next) == "string",
                isText(queryParameter("page", of: endpoint))
            {
                paging.by = text("cursor")
                paging.cursor = text("next_page")
                paging.parameter = text("page")
            } else if let (path, parameter) = Self.cursorPaths.first(where: { entry in
                isText(queryParameter(entry.parameter, of: endpoint))
                    && property(at: entry.path, in: properties).map({ schemaType($0) == "string" }) == true
            }) {
                paging.by = text("cursor")
                paging.cursor = text(path)
                paging.parameter = text(parameter)
            } else if let path = nextURLPath(properties) {
                paging.by = text("url")
                paging.next = text(path)
            } else {
                return
            }
        }
        endpoint.pages = paging
    }

    /// The property of a page that holds its items, and its schema: the first of ``itemsKeys`` that is a list,
    /// else the page's one list of objects.
    private mutating func itemsProperty(_ properties: YAMLValue) -> (String, YAMLValue)? {
        for key in Self.itemsKeys {
            if let list = properties[key].flatMap({ resolved($0) }), schemaType(list) == "array" { return (key, list) }
        }
        guard case .mapping(let entries) = properties.kind else { return nil }
        let lists = entries.compactMap { entry -> (String, YAMLValue)? in
            guard let list = resolved(entry.value), schemaType(list) == "array",
                let item = list["items"].flatMap({ resolved($0) }), item["properties"] != nil
            else { return nil }
            return (entry.key.value, list)
        }
        return lists.count == 1 ? lists[0] : nil
    }

    /// The path of the next page's URL among a page's properties, when the page names one.
    private mutating func nextURLPath(_ properties: YAMLValue) -> String? {
        if let path = Self.urlPaths.first(where: {
            property(at: $0, in: properties).map { schemaType($0) == "string" } == true
        }) {
            return path
        }
        return Self.uriPaths.first { path in
            guard let value = property(at: path, in: properties), schemaType(value) == "string" else { return false }
            return ["uri", "url", "uri-reference"].contains(resolved(value)?["format"]?.scalarText ?? "")
        }
    }

    /// The schema at `path` (keys joined by dots) among `properties`, following references.
    private mutating func property(at path: String, in properties: YAMLValue) -> YAMLValue? {
        var current: YAMLValue? = properties
        for (index, key) in path.split(separator: ".").enumerated() {
            guard let container = current else { return nil }
            let owner = index == 0 ? container : resolved(container)?["properties"]
            current = owner?[String(key)].flatMap { resolved($0) }
        }
        return current
    }

    /// The config's `pages:` entry for the operation of id `id` (or `GET /path`), marked used.
    mutating func configuredPaging(
        _ id: String?,
        method: Located<String>,
        path: Located<String>
    ) -> (operation: Located<String>, paging: RawPaging?)? {
        let keys = [id, method.value.uppercased() + " " + path.value].compactMap { $0 }
        guard let entry = config?.pages.first(where: { keys.contains($0.operation.value) }) else { return nil }
        usedConfigPages.insert(entry.operation.location)
        return entry
    }

    /// Warns of the config's `pages:` entries that name no operation of the document.
    mutating func warnOfUnusedConfigPages() {
        for entry in config?.pages ?? [] where !usedConfigPages.contains(entry.operation.location) {
            diagnostics.warning(
                "the config's `pages` names `\(entry.operation.value)`, which is no operation of the document",
                at: entry.operation.location,
                hint: "name an operation by its `operationId`, or as `GET /path`"
            )
        }
    }

    /// Drops the paging of endpoints whose pages or items method would be another endpoint's method (or
    /// another paged endpoint's), so that a document that generated before still does. Paging the config
    /// asks for is kept, and a clash of its methods is an error at the config's entry.
    mutating func dropClashingPaging() {
        let taken = Set(spec.endpoints.map { ($0.namespace?.value ?? "") + "." + $0.name.value })
        var claimed = Set<String>()
        for index in spec.endpoints.indices where spec.endpoints[index].pages != nil {
            let endpoint = spec.endpoints[index]
            let prefix = (endpoint.namespace?.value ?? "") + "."
            let names = SwiftName.pagingMethods(for: endpoint.name.value)
            let methods = [names.pages, names.items].flatMap { [$0, $0 + CombineSymbols.publisherSuffix] }
            // A config entry's pages are written where the entry's operation is named.
            let configured = endpoint.pages.map { usedConfigPages.contains($0.location) } ?? false
            if !configured, methods.contains(where: { taken.contains(prefix + $0) || claimed.contains(prefix + $0) }) {
                spec.endpoints[index].pages = nil
            } else {
                claimed.formUnion(methods.map { prefix + $0 })
            }
        }
    }

    /// The schema of the one 2xx JSON answer.
    private mutating func successSchema(_ responses: YAMLValue) -> YAMLValue? {
        guard case .mapping(let entries) = responses.kind else { return nil }
        let successes = entries.filter { $0.key.value.hasPrefix("2") }
        guard successes.count == 1,
            let response = dereferenced(successes[0].value, section: "responses", reporting: false),
            case .mapping(let media)? = response["content"]?.kind,
            let json = media.first(where: { isJSON($0.key.value) })
        else { return nil }
        return json.value["schema"].flatMap { resolved($0) }
    }

    /// The `type` of a schema, followed through a reference, without `null` (`[string, "null"]` is
    /// `string`); `nil` when it has none, or several besides `null`.
    private mutating func schemaType(_ schema: YAMLValue) -> String? {
        guard let type = resolved(schema)?["type"] else { return nil }
        if case .sequence(let types) = type.kind {
            let named = types.compactMap(\.scalarText).filter { $0 != "null" }
            return named.count == 1 ? named[0] : nil
        }
        return type.scalarText
    }

    /// The schema a `$ref` points to, or `schema` itself; `nil`, unreported, for a reference to nothing (the
    /// operation's reading reports it; paging is only recognized).
    private mutating func resolved(_ schema: YAMLValue) -> YAMLValue? {
        dereferenced(schema, section: "schemas", reporting: false)
    }

    /// The endpoint's query parameter of `name`, as read.
    private func queryParameter(_ name: String, of endpoint: RawEndpoint) -> RawField? {
        endpoint.query.first { $0.key.value == name }
    }

    /// Whether a parameter is sent as text.
    private func isText(_ field: RawField?) -> Bool {
        field?.type?.value == "String?" || field?.type?.value == "String"
    }
}
