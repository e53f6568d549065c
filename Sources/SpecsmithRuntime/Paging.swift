public import Foundation

/// How one page of a paged list endpoint leads to the next: a `Link` header's `next` link, a URL or a cursor the
/// page names, the id of the page's last item, or a page number or offset counted up.
///
/// Generated clients pick one for each paged endpoint, as its spec says; ``APIPages`` follows it.
public struct Paging<Page: Sendable>: Sendable {
    /// What comes after a page.
    public enum Step: Sendable, Hashable {
        /// The page was the last.
        case end
        /// The next page is at this URL (a `Link` header's target), asked for with the same method, headers
        /// and credentials. It must be on the origin of the first page's URL.
        case url(URL)
        /// The next page is the same request with these query parameters, each replacing the parameter of its
        /// name (or added after the others when the request has none).
        case query([QueryItem])
    }

    /// The step after `page`, which arrived as `response` to a request with the query parameters `query`.
    public var next: @Sendable (_ page: Page, _ response: RawResponse, _ query: [QueryItem]) -> Step

    /// Paging that takes the step `next` says.
    public init(next: @escaping @Sendable (_ page: Page, _ response: RawResponse, _ query: [QueryItem]) -> Step) {
        self.next = next
    }
}

extension Paging {
    /// Follows the link of `relation` (`next`) in each page's `Link` header, until a page has none: GitHub's
    /// and GitLab's lists.
    public static func link(_ relation: String = "next") -> Self {
        Self { _, response, _ in
            guard let value = response.header("Link"),
                let url = Links(headerValue: value, responseURL: response.url)?[relation]
            else { return .end }
            return .url(url)
        }
    }

    /// Follows the URL each page names in its body (`next`, `next_page_url`, `links.pages.next`), absolute or
    /// relative to the page's own URL, until a page names none (`nil` or empty): the lists of APIs built with
    /// Django REST framework, Laravel, DigitalOcean's and Twilio's. The next page must be on the first page's
    /// origin.
    public static func url(next: @escaping @Sendable (Page) -> String?) -> Self {
        Self { page, response, _ in
            guard let text = next(page), !text.isEmpty,
                let url = URL(string: text, relativeTo: response.url)?.absoluteURL
            else { return .end }
            return .url(url)
        }
    }

    /// Sends the cursor each page names (such as its `next_cursor`) as the query parameter `parameter`, until
    /// a page names none (`nil` or empty): Slack's and many others' lists.
    public static func cursor(_ parameter: String, next cursor: @escaping @Sendable (Page) -> String?) -> Self {
        Self { page, _, _ in
            guard let value = cursor(page), !value.isEmpty else { return .end }
            return .query([QueryItem(parameter, value)])
        }
    }

    /// Sends the id of each page's last item as the query parameter `parameter` (such as `starting_after`),
    /// until `hasMore` says a page is the last, or a page has no items: Stripe's lists.
    public static func after(
        _ parameter: String,
        lastID: @escaping @Sendable (Page) -> String?,
        hasMore: (@Sendable (Page) -> Bool)? = nil
    ) -> Self {
        Self { page, _, _ in
            if let hasMore, !hasMore(page) { return .end }
            guard let id = lastID(page) else { return .end }
            return .query([QueryItem(parameter, id)])
        }
    }

    /// Counts the page number in the query parameter `parameter` up by one from the number sent (`first`
    /// when none was), until a page is empty, has fewer items than the page size sent in the parameter
    /// `size`, or is the last of `totalPages` pages.
    ///
    /// Without `size` or `totalPages` nothing tells a full last page, so one more (empty) page is asked for.
    public static func pageNumber(
        _ parameter: String,
        first: Int = 1,
        size: String? = nil,
        count: @escaping @Sendable (Page) -> Int,
        totalPages: (@Sendable (Page) -> Int?)? = nil
    ) -> Self {
        Self { page, _, query in
            let items = count(page)
            let number = query.integer(parameter) ?? first
            if items == 0 { return .end }
            if let size, let pageSize = query.integer(size), items < pageSize { return .end }
            if let total = totalPages?(page), number - first + 1 >= total { return .end }
            return .query([QueryItem(parameter, number + 1)])
        }
    }

    /// Counts the offset in the query parameter `parameter` up by each page's item count from the offset sent
    /// (0 when none was), until a page is empty, has fewer items than the page size sent in the parameter
    /// `size`, or reaches the `totalItems` the page reports.
    public static func offset(
        _ parameter: String,
        size: String? = nil,
        count: @escaping @Sendable (Page) -> Int,
        totalItems: (@Sendable (Page) -> Int?)? = nil
    ) -> Self {
        Self { page, _, query in
            let items = count(page)
            let next = (query.integer(parameter) ?? 0) + items
            if items == 0 { return .end }
            if let size, let pageSize = query.integer(size), items < pageSize { return .end }
            if let total = totalItems?(page), next >= total { return .end }
            return .query([QueryItem(parameter, next)])
        }
    }
}

extension [QueryItem] {
    /// The value of the parameter `name` as an integer, when it has one.
    fileprivate func integer(_ name: String) -> Int? {
        first { $0.name == name }?.values.first.flatMap { Int($0) }
    }

    /// These parameters with `items` replacing the parameters of their names, in place; new names go last.
    fileprivate func replacing(with items: [QueryItem]) -> [QueryItem] {
        var query = self
        for item in items {
            guard let index = query.firstIndex(where: { $0.name == item.name }) else {
                query.append(item)
                continue
            }
            // The first of the name takes the new value; any later ones go.
            query = query.indices.filter { $0 == index || query[$0].name != item.name }.map { query[$0] }
            query[index] = item
        }
        return query
    }
}

extension APIClient {
    /// The default ``maxPages``: 10,000.
    public static let defaultMaxPages = 10_000
    /// The default ``maxEmptyPages``: 16.
    public static let defaultMaxEmptyPages = 16

    /// The pages of a paged list endpoint, from `first` on, as `paging` leads from one to the next.
    public func pages<Page, ErrorBody>(
        _ first: APIEndpoint<Page, ErrorBody>,
        paging: Paging<Page>
    ) -> APIPages<Page, ErrorBody> {
        APIPages(client: self, first: first, paging: paging)
    }
}

/// The pages of a paged list endpoint, fetched as they are asked for: `for try await page in …`.
///
/// Each page is one request, sent when the iteration asks for that page and not before; the iteration ends
/// after the last page. A failure (an error status, a broken connection, a page that does not decode) ends it
/// with an ``APIError`` typed with the endpoint's error body. A next page that is one already read in this
/// iteration (a server whose pages go round in a loop), or on another origin, ends it with
/// ``APIError/invalidRequest(_:)`` rather than being asked for, and so does a page past the client's
/// ``APIClient/maxPages`` (10,000). Every iteration starts again from the first page.
public struct APIPages<Page: Sendable, ErrorBody: Sendable>: AsyncSequence, Sendable {
    /// Why the iteration ended early, typed with the endpoint's error body.
    public typealias Failure = APIError<ErrorBody>

    private let client: APIClient
    private let first: APIEndpoint<Page, ErrorBody>
    private let paging: Paging<Page>

    /// The pages `client` fetches from `first` on, as `paging` leads.
    public init(client: APIClient, first: APIEndpoint<Page, ErrorBody>, paging: Paging<Page>) {
        self.client = client
        self.first = first
        self.paging = paging
    }

    /// Fetches the pages in order, each when it is asked for.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, first: first, paging: paging)
    }

    /// The items of the pages, one at a time, as `items` finds them in each page: the next page is fetched
    /// when the items of the pages before it are used up.
    public func items<Item>(_ items: @escaping @Sendable (Page) -> [Item]) -> APIItems<Item, ErrorBody> {
        let maxEmptyPages = client.maxEmptyPages
        let operation = first.operationName
        return APIItems {
            PageItems(pages: makeAsyncIterator(), items: items, maxEmptyPages: maxEmptyPages, operation: operation)
        }
    }

    /// Fetches the pages of an ``APIPages``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let client: APIClient
        private let paging: Paging<Page>
        /// The request for the next page; `nil` after the last page or a failure.
        private var upcoming: APIEndpoint<Page, ErrorBody>?
        /// The URLs of the pages read, to tell a loop.
        private var requested: Set<String> = []
        /// How many pages were fetched.
        private var count = 0

        init(client: APIClient, first: APIEndpoint<Page, ErrorBody>, paging: Paging<Page>) {
            self.client = client
            self.paging = paging
            self.upcoming = first
        }

        /// The next page, or `nil` after the last.
        public mutating func next() async throws(APIError<ErrorBody>) -> Page? {
            try await next(isolation: nil)
        }

        /// The next page, or `nil` after the last, fetched for `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<ErrorBody>) -> Page? {
            guard let endpoint = upcoming else { return nil }
            upcoming = nil
            guard count < client.maxPages else {
                throw .invalidRequest(
                    "\(endpoint.operationName) has more than \(client.maxPages) pages (the client's maxPages): "
                        + "the server's next page may never end."
                )
            }
            count += 1
            let url = try client.url(for: endpoint)
            guard requested.insert(url.absoluteString).inserted else {
                throw .invalidRequest(
                    "The next page of \(endpoint.operationName) is \(url.absoluteString), a page already read: "
                        + "the server's pages go round in a loop."
                )
            }
            let decoding = endpoint.decoding
            let answer = ResponseDecoding<PageAnswer>(statuses: decoding.statuses) { response, decoder in
                PageAnswer(page: try decoding.decode(response, decoder), response: response)
            }
            let read = try await client.send(endpoint.map(answer))
            switch paging.next(read.page, read.response, endpoint.query) {
            case .end:
                break
            case .url(let url):
                var following = endpoint
                following.url = url
                following.query = []
                upcoming = following
            case .query(let items):
                var following = endpoint
                following.query = endpoint.query.replacing(with: items)
                upcoming = following
            }
            return read.page
        }

        /// A page and the response it came in.
        private struct PageAnswer: Sendable {
            var page: Page
            var response: RawResponse
        }
    }
}

/// The items of a paged list endpoint's pages, one at a time: `for try await issue in client.allIssues(…)`.
///
/// Pages are fetched as the items are asked for: the first when the iteration starts, each next one when the
/// items of the pages before it are used up, so leaving the loop early sends no further requests. Failures
/// are those of ``APIPages``. Every iteration starts again from the first page.
public struct APIItems<Item: Sendable, ErrorBody: Sendable>: AsyncSequence, Sendable {
    /// Why the iteration ended early, typed with the endpoint's error body.
    public typealias Failure = APIError<ErrorBody>

    private let makeSource: @Sendable () -> any ItemSource<Item, ErrorBody>

    fileprivate init(makeSource: @escaping @Sendable () -> any ItemSource<Item, ErrorBody>) {
        self.makeSource = makeSource
    }

    /// Fetches pages as their items are asked for.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: makeSource())
    }

    /// The items in order, at most `maxCount` of them: only the pages that hold them are fetched.
    public func collect(upTo maxCount: Int = .max) async throws(APIError<ErrorBody>) -> [Item] {
        var items: [Item] = []
        var iterator = makeAsyncIterator()
        while items.count < maxCount, let item = try await iterator.next() {
            items.append(item)
        }
        return items
    }

    /// Reads the items of an ``APIItems``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var source: (any ItemSource<Item, ErrorBody>)?
        private var items: [Item] = []
        private var index = 0

        fileprivate init(source: any ItemSource<Item, ErrorBody>) {
            self.source = source
        }

        /// The next item, or `nil` after the last page's last item.
        public mutating func next() async throws(APIError<ErrorBody>) -> Item? {
            try await next(isolation: nil)
        }

        /// The next item, or `nil` after the last page's last item, fetched for `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<ErrorBody>) -> Item? {
            while index == items.count {
                guard var reading = source else { return nil }
                source = nil
                guard let page = try await reading.nextItems(isolation: actor) else { return nil }
                source = reading
                items = page
                index = 0
            }
            defer { index += 1 }
            return items[index]
        }
    }
}

/// Where ``APIItems`` gets each page's items, whatever the page's type.
private protocol ItemSource<Item, ErrorBody> {
    associatedtype Item: Sendable
    associatedtype ErrorBody: Sendable

    /// The items of the next page, or `nil` after the last page.
    mutating func nextItems(isolation actor: isolated (any Actor)?) async throws(APIError<ErrorBody>) -> [Item]?
}

/// The items of each of a sequence's pages; more than `maxEmptyPages` empty pages in a row fail.
private struct PageItems<Page: Sendable, Item: Sendable, ErrorBody: Sendable>: ItemSource {
    var pages: APIPages<Page, ErrorBody>.AsyncIterator
    let items: @Sendable (Page) -> [Item]
    let maxEmptyPages: Int
    let operation: String
    /// How many empty pages came in a row, until this one.
    var emptyRun = 0

    mutating func nextItems(isolation actor: isolated (any Actor)?) async throws(APIError<ErrorBody>) -> [Item]? {
        guard let page = try await pages.next(isolation: actor) else { return nil }
        let found = items(page)
        emptyRun = found.isEmpty ? emptyRun + 1 : 0
        if emptyRun > maxEmptyPages {
            throw .invalidRequest(
                "\(operation) sent more than \(maxEmptyPages) empty pages in a row (the client's maxEmptyPages), "
                    + "each leading to another: the server's pages may never end."
            )
        }
        return found
    }
}
