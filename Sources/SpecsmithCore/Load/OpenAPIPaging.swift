/// How an OpenAPI document's list operations page, where the document shows it plainly: OpenAPI has no word
/// for pagination, so the patterns of the large APIs are recognized, and only when every piece is there (so
/// that what is recognized always resolves):
/// - a `GET` answering a JSON array with a documented `Link` header (GitHub): `pages: {by: link}`;
/// - an object with a `data` array of objects with an `id`, a boolean `has_more`, and a text query parameter
///   `starting_after` (Stripe's lists): `pages: {by: after, items: data, hasMore: has_more, …}`;
/// - an object with a `data` array and a text `next_page`, and a text query parameter `page` (Stripe's
///   searches): `pages: {by: cursor, items: data, cursor: next_page, parameter: page}`.
extension OpenAPIReader {
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
            guard let properties = resolved(schema)?["properties"],
                let data = properties["data"].flatMap({ resolved($0) }),
                schemaType(data) == "array"
            else { return }
            paging.items = text("data")
            if let more = properties["has_more"], schemaType(more) == "boolean",
                isText(queryParameter("starting_after", of: endpoint)),
                let item = data["items"].flatMap({ resolved($0) }),
                let id = item["properties"]?["id"], ["string", "integer"].contains(schemaType(id))
            {
                paging.by = text("after")
                paging.hasMore = text("has_more")
                paging.parameter = text("starting_after")
            } else if let next = properties["next_page"], schemaType(next) == "string",
                isText(queryParameter("page", of: endpoint))
            {
                paging.by = text("cursor")
                paging.cursor = text("next_page")
                paging.parameter = text("page")
            } else {
                return
            }
        }
        endpoint.pages = paging
    }

    /// Drops the paging of endpoints whose pages or items method would be another endpoint's method (or
    /// another paged endpoint's), so that a document that generated before still does.
    mutating func dropClashingPaging() {
        let taken = Set(spec.endpoints.map { ($0.namespace?.value ?? "") + "." + $0.name.value })
        var claimed = Set<String>()
        for index in spec.endpoints.indices where spec.endpoints[index].pages != nil {
            let endpoint = spec.endpoints[index]
            let prefix = (endpoint.namespace?.value ?? "") + "."
            let names = SwiftName.pagingMethods(for: endpoint.name.value)
            let methods = [names.pages, names.items].flatMap { [$0, $0 + CombineSymbols.publisherSuffix] }
            if methods.contains(where: { taken.contains(prefix + $0) || claimed.contains(prefix + $0) }) {
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
