import Foundation
import GitHubIssues
import Hummingbird
import LoopbackServer
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The generated pages and items of `issues`, which pages by the `Link` header as GitHub does, against a
/// loopback server with 1,000 issues: every page links to the next with an absolute URL, as GitHub's do.
@Suite struct PagingTests {
    static let issueCount = 1000

    /// The issues route: pages of `per_page` issues, each with a `Link` header naming the next and last pages
    /// (by `next` as `mode` says: the usual link, one back to the first page, or one to another server).
    static func configure(mode: String = "next", failOnPage: Int? = nil) -> (Router<BasicRequestContext>) -> Void {
        { router in
            router.get("/repos/:owner/:repo/issues") { request, _ -> Response in
                let query = request.uri.queryParameters
                let page = query.get("page").flatMap(Int.init) ?? 1
                let perPage = query.get("per_page").flatMap(Int.init) ?? 30
                if page == failOnPage { return GitHubServer.notFound }
                var response = Response.json(issues(page: page, perPage: perPage))
                let host = request.head.authority ?? "127.0.0.1"
                let lastPage = (issueCount + perPage - 1) / perPage
                func link(_ number: Int, _ relation: String, host: String = host) -> String {
                    #"<http://\#(host)/repos/apple/swift/issues?state=open&per_page=\#(perPage)&page=\#(number)>; rel="\#(relation)""#
                }
                var links: [String] = []
                if page < lastPage {
                    switch mode {
                    case "loop": links.append(link(1, "next"))
                    case "elsewhere": links.append(link(page + 1, "next", host: "evil.example"))
                    default: links.append(link(page + 1, "next"))
                    }
                    links.append(link(lastPage, "last"))
                }
                if page > 1 { links.append(link(1, "first")) }
                if !links.isEmpty { response.headers[.init("Link")!] = links.joined(separator: ", ") }
                return response
            }
        }
    }

    /// The issues of a page, numbered from 1 on the first page.
    static func issues(page: Int, perPage: Int) -> String {
        let first = (page - 1) * perPage + 1
        let numbers = first <= issueCount ? Array(first...min(issueCount, first + perPage - 1)) : []
        let objects = numbers.map { number in
            #"{"id": \#(number * 1000), "number": \#(number), "title": "apple/swift issue \#(number)", "state": "open", "#
                + #""user": {"login": "user\#(number)", "id": \#(number)}, "created_at": "2026-11-01T10:00:00Z", "#
                + #""closed_at": null, "body": null}"#
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    static func issueRequests(_ log: RequestLog) async -> [String] {
        await log.requests.map(\.uri).filter { $0.hasPrefix("/repos/apple/swift/issues") }
    }

    @Test(arguments: TestTransport.allCases)
    func itemsAreFetchedOnlyAsFarAsTheCallerReads(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure()) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            var numbers: [Int] = []
            for try await issue in client.allIssues(owner: "apple", repo: "swift", perPage: 100) {
                numbers.append(issue.number)
                if numbers.count == 150 { break }
            }
            #expect(numbers == Array(1...150))
            // Two pages hold 150 issues; the third was never asked for.
            #expect(
                await Self.issueRequests(log) == [
                    "/repos/apple/swift/issues?state=open&per_page=100&page=1",
                    "/repos/apple/swift/issues?state=open&per_page=100&page=2",
                ]
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func everyItemOfEveryPageArrivesInOrderAndTheLastPageEnds(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure()) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let issues = try await client.allIssues(owner: "apple", repo: "swift", perPage: 100).collect()
            #expect(issues.map(\.number) == Array(1...Self.issueCount))
            #expect(await Self.issueRequests(log).count == 10)

            // The pages themselves, from the page the arguments ask for on.
            var sizes: [Int] = []
            for try await page in client.issuesPages(owner: "apple", repo: "swift", perPage: 300, page: 2) {
                sizes.append(page.count)
            }
            #expect(sizes == [300, 300, 100])
            #expect(await Self.issueRequests(log).count == 13)

            // `collect(upTo:)` reads no page beyond what it returns.
            let first = try await client.allIssues(owner: "apple", repo: "swift", perPage: 100).collect(upTo: 100)
            #expect(first.count == 100)
            #expect(await Self.issueRequests(log).count == 14)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aPageThatFailsEndsTheItemsWithItsTypedError(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure(failOnPage: 3)) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            var count = 0
            let error = await #expect(throws: APIError<GitHubError>.self) {
                for try await _ in client.allIssues(owner: "apple", repo: "swift", perPage: 100) { count += 1 }
            }
            #expect(count == 200)
            #expect(error?.errorBody?.message == "Not Found")
            #expect(await Self.issueRequests(log).count == 3)
        }
    }

    /// A next link back to a page already read (page 1 again, by its absolute link: the same URL), or to
    /// another server, ends the pages with `invalidRequest` after the first page, without asking for it.
    @Test(arguments: TestTransport.allCases, [("loop", "go round in a loop"), ("elsewhere", "evil.example")])
    func aNextLinkThatWouldLoopOrLeaveIsNotFollowed(
        transport: TestTransport,
        link: (mode: String, reason: String)
    )
        async throws
    {
        try await withLoopbackServer(Self.configure(mode: link.mode)) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            var pages = 0
            let error = await #expect(throws: APIError<GitHubError>.self) {
                for try await _ in client.issuesPages(owner: "apple", repo: "swift", perPage: 100) { pages += 1 }
            }
            #expect(pages == 1)
            guard case .invalidRequest(let reason)? = error else {
                Testing.Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(reason.contains(link.reason))
            #expect(await log.requests.count == 1)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func thePublisherOfItemsFetchesPagesAsFarAsItsDemandGoes(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure()) { url, log in
            var client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            client.client.callbackQueue = DispatchQueue(label: "paging")
            let received = await client.allIssuesPublisher(owner: "apple", repo: "swift", perPage: 100)
                .prefix(250)
                .completion()
            #expect(received.values.map(\.number) == Array(1...250))
            #expect(received.failure == nil)
            #expect(await Self.issueRequests(log).count == 3)

            let pages = await client.issuesPagesPublisher(owner: "apple", repo: "swift", perPage: 500).completion()
            #expect(pages.values.map(\.count) == [500, 500])
            #expect(await Self.issueRequests(log).count == 5)
        }
    }

    @MainActor @Test func mainActorCodeReadsItemsAsItWrites() async throws {
        try await withLoopbackServer(Self.configure()) { url, _ in
            let client = GitHubIssuesClient(baseURL: url)
            var titles: [String] = []
            for try await issue in client.allIssues(owner: "apple", repo: "swift", perPage: 10) where issue.number <= 3
            {
                titles.append(issue.title)
                if titles.count == 3 { break }
            }
            #expect(titles == ["apple/swift issue 1", "apple/swift issue 2", "apple/swift issue 3"])
        }
    }
}
