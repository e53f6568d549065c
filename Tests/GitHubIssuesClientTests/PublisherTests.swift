import Foundation
import GitHubIssues
import LoopbackServer
import SpecsmithCombine
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

typealias Issue = GitHubIssues.Issue

/// The Combine flavour over real HTTP: cold publishers, cancellation, combining, sharing and typed errors,
/// next to the async methods they mirror.
@Suite struct PublisherTests {
    @Test(arguments: TestTransport.allCases)
    func aPublisherSendsNothingUntilSubscribedAndOncePerSubscription(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let repository = client.repositoryPublisher(owner: "apple", repo: "swift")
            try await Task.sleep(for: .milliseconds(200))
            #expect(await log.requests.isEmpty)

            let first = await repository.completion()
            let second = await repository.completion()
            #expect(first.values.map(\.fullName) == ["apple/swift"])
            #expect(second.values == first.values)
            #expect(await log.requests.count == 2)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func sharingSendsOneRequestForEverySubscriber(transport: TestTransport) async throws {
        let server = GitHubServer(delay: .milliseconds(100))
        try await withLoopbackServer(server.configure) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            // The documented way to share one response: `share()` subscribes upstream once, for all
            // subscribers that arrive before it completes.
            let shared = client.repositoryPublisher(owner: "apple", repo: "swift").share()
            let first = shared.record()
            let second = shared.record()
            await first.finished()
            await second.finished()
            #expect(first.values.count == 1 && second.values == first.values)
            #expect(await log.requests.count == 1)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func cancellingTheSubscriptionCancelsTheRequest(transport: TestTransport) async throws {
        let server = GitHubServer(delay: .seconds(30))
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let received = client.repositoryPublisher(owner: "apple", repo: "swift").record()
            // Wait until the server has the request (however busy the machine is), then cancel.
            await eventually { await !server.log.started.isEmpty }
            #expect(await server.log.started == ["/repos/apple/swift"])
            received.cancellable?.cancel()
            // The server notices the closed connection; wait for it (however busy the machine is; not for the 30 s
            // answer).
            await eventually { await !server.log.cancelled.isEmpty }
            #expect(await server.log.cancelled == ["/repos/apple/swift"])
            #expect(received.values.isEmpty && received.completion == nil)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func zipAndCombineLatestNeedBothRequests(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let zipped = await client.repositoryPublisher(owner: "apple", repo: "swift-nio")
                .zip(client.issuesPublisher(owner: "apple", repo: "swift-nio"))
                .completion()
            #expect(zipped.values.map { "\($0.0.openIssuesCount) \($0.1.count)" } == ["2 2"])

            #if canImport(Combine)
                // OpenCombine has no combineLatest; for one-value publishers it pairs the same values as zip.
                let latest = await client.repositoryPublisher(owner: "apple", repo: "swift")
                    .combineLatest(client.repositoryPublisher(owner: "apple", repo: "swift-nio"))
                    .completion()
                #expect(latest.values.map { [$0.0.name, $0.1.name] } == [["swift", "swift-nio"]])
            #endif

            let failed = await client.repositoryPublisher(owner: "apple", repo: "swift")
                .zip(client.issuesPublisher(owner: "nobody", repo: "nothing"))
                .completion()
            #expect(failed.values.isEmpty)
            #expect(failed.failure?.errorBody?.message == "Not Found")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func asyncLetRunsBothRequestsAtOnce(transport: TestTransport) async throws {
        // Each answer waits for both requests to have started: sent one after the other, the first would wait
        // 10 s alone, and the server would never work on two at once.
        var server = GitHubServer(delay: .milliseconds(100))
        server.together = 2
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            async let repository = client.repository(owner: "apple", repo: "swift")
            async let issues = client.issues(owner: "apple", repo: "swift", state: .all, perPage: 2)
            let (found, page) = try await (repository, issues)
            #expect(found.openIssuesCount == 3)
            #expect(page.map(\.number) == [1, 2])
            // Both were in flight together: the server worked on them at the same time.
            #expect(await server.log.started.count == 2)
            #expect(await server.log.mostAtOnce == 2)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func everyFlavourFailsWithTheSameTypedError(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let thrown: APIError<GitHubError>
            do throws(APIError<GitHubError>) {
                _ = try await client.repository(owner: "nobody", repo: "nothing")
                Testing.Issue.record("expected a 404")
                return
            } catch {
                thrown = error
            }
            let published = await client.repositoryPublisher(owner: "nobody", repo: "nothing").completion()
            let failure = try #require(published.failure)
            #expect(failure.category == .expected && thrown.category == .expected)
            #expect(failure.status == 404 && thrown.status == 404)
            #expect(failure.errorBody == thrown.errorBody)
            #expect(failure.errorBody?.documentationURL == "https://docs.github.com/rest")

            // No server at all: a connectivity failure in both.
            var nowhere = GitHubIssuesClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport.make())
            nowhere.client.timeout = 600  // a loaded machine may process the refusal late (see ShopClientTests)
            let unreachable = await nowhere.repositoryPublisher(owner: "apple", repo: "swift").completion()
            guard case .noResponse(let transport) = unreachable.failure else {
                Testing.Issue.record("expected no response, got \(String(describing: unreachable.failure))")
                return
            }
            #expect(transport.kind == .connectivity)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func unknownIssueStatesSurviveDecoding(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, log in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let issues = try await client.issues(owner: "apple", repo: "swift", state: .closed, perPage: 2, page: 1)
            #expect(issues.map(\.state) == [.open, .unknown("triaged")])
            #expect(issues[0].labels.map(\.name) == ["bug"] && issues[1].labels.isEmpty)
            #expect(issues[0].body == "Steps to reproduce 1" && issues[1].body == nil)
            #expect(await log.requests.last?.uri == "/repos/apple/swift/issues?state=closed&per_page=2&page=1")
        }
    }
}
