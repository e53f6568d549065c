import AsyncAlgorithms
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

/// `owner/repo` as typed; `nil` until both parts are there.
struct RepositoryName: Hashable, Sendable {
    var owner: String
    var repo: String

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        owner = String(parts[0])
        repo = String(parts[1])
    }
}

/// Search-as-you-type over real HTTP: typed text → debounce → no repeats → latest repository → its issues.
@Suite struct SearchAsYouTypeTests {
    /// What the user types, with the pause before each keystroke (ms). `apple/sw` is a real query whose
    /// slow lookup is still in flight when `apple/swift` arrives; the final `apple/swift` repeats it.
    static let typing: [(pause: Int, text: String)] = [
        (0, "a"), (10, "ap"), (10, "apple/sw"), (0, "apple/swif"), (10, "apple/swift"), (500, "apple/swift"),
    ]

    /// Types `typing` into `send`. After `apple/sw` it pauses until the server has that lookup (whose answer
    /// takes 30 s: a busy machine once took more than 5 s to debounce the next keystrokes), however long a busy
    /// machine takes to debounce and send it, so that the next keystrokes always overtake a request in flight.
    static func type(into send: (String) -> Void, server log: GitHubLog) async throws {
        for (pause, text) in typing {
            try await Task.sleep(for: .milliseconds(pause))
            send(text)
            guard text == "apple/sw" else { continue }
            await eventually { await log.count("/repos/apple/sw") > 0 }
        }
    }

    /// A new server (with its own log) for each test.
    static var server: GitHubServer { GitHubServer(delay: .milliseconds(20), slow: ["apple/sw": .seconds(30)]) }

    /// The issues of the latest repository, or none when it does not exist.
    static func issues(of name: RepositoryName, client: GitHubIssuesClient) async throws -> [Issue] {
        do {
            let repository = try await client.repository(owner: name.owner, repo: name.repo)
            return try await client.issues(owner: repository.owner.login, repo: repository.name)
        } catch  where error.status == 404 {
            return []
        }
    }

    @Test(arguments: TestTransport.allCases)
    func asyncPipelineDeliversOnlyTheLatestQuery(transport: TestTransport) async throws {
        let server = Self.server
        let delivered = try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let (typed, keyboard) = AsyncStream<String>.makeStream()
            let results =
                typed
                .debounce(for: .milliseconds(150))
                .removeDuplicates()
                .compactMap(RepositoryName.init)
                .mapLatest { name in try await Self.issues(of: name, client: client) }
            let typing = Task {
                try await Self.type(into: { keyboard.yield($0) }, server: server.log)
                try await Task.sleep(for: .milliseconds(400))
                keyboard.finish()
            }
            var delivered: [[Issue]] = []
            for try await issues in results {
                delivered.append(issues)
            }
            try await typing.value
            return delivered
        }
        #expect(delivered.map { $0.map(\.number) } == [[1, 2, 3]])
        #expect(delivered.first?.first?.title == "apple/swift issue 1")
        await expectOverTaken(server.log)
    }

    @Test(arguments: TestTransport.allCases)
    func combinePipelineDeliversOnlyTheLatestQuery(transport: TestTransport) async throws {
        let server = Self.server
        let delivered = try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let keyboard = PassthroughSubject<String, Never>()
            let failures = Failures()
            let received =
                keyboard
                .debounce(for: .milliseconds(150), scheduler: searchScheduler())
                .removeDuplicates()
                .compactMap(RepositoryName.init)
                .map { name in
                    client.repositoryPublisher(owner: name.owner, repo: name.repo)
                        .flatMap { client.issuesPublisher(owner: $0.owner.login, repo: $0.name) }
                        .catch { error in
                            failures.append("\(name.owner)/\(name.repo): \(error)")
                            return Just([Issue]())
                        }
                }
                .switchToLatest()
                .record()
            try await Self.type(into: { keyboard.send($0) }, server: server.log)
            try await Task.sleep(for: .milliseconds(400))
            keyboard.send(completion: .finished)
            await received.finished()
            return (received.values, failures.all)
        }
        let (started, cancelled) = (await server.log.started, await server.log.cancelled)
        #expect(
            delivered.0.map { $0.map(\.number) } == [[1, 2, 3]],
            "failures: \(delivered.1); requests: \(started); cancelled: \(cancelled)"
        )
        await expectOverTaken(server.log)
    }

    /// The server saw no request for incomplete names, one for `apple/swift` despite the repeat, and the
    /// overtaken `apple/sw` lookup closed before its answer.
    func expectOverTaken(_ log: GitHubLog) async {
        // The server notices the closed connection in its own time; on a busy machine, after the pipeline ends.
        await eventually { await log.cancelled.contains("/repos/apple/sw") }
        let started = await log.started
        #expect(started.allSatisfy { $0.hasPrefix("/repos/apple/") }, "requests: \(started)")
        #expect(await log.count("/repos/apple/sw") == 1)
        #expect(await log.count("/repos/apple/swift") == 1)
        #expect(await log.count("/repos/apple/swift/issues") == 1)
        // On a busy machine a keystroke may come late enough for the debounce to let `apple/swif` through
        // too; it is then overtaken as well. The answer asked for is never cancelled.
        let cancelled = await log.cancelled
        #expect(cancelled.contains("/repos/apple/sw"), "cancelled: \(cancelled)")
        #expect(cancelled.allSatisfy { !$0.hasPrefix("/repos/apple/swift") }, "cancelled: \(cancelled)")
    }

    @Test(arguments: TestTransport.allCases)
    func anUnknownRepositoryYieldsAnEmptyList(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let results = ["nobody/nothing"].async.compactMap(RepositoryName.init).mapLatest { name in
                try await Self.issues(of: name, client: client)
            }
            var delivered: [[Issue]] = []
            for try await issues in results { delivered.append(issues) }
            #expect(delivered == [[]])

            let received = await client.repositoryPublisher(owner: "nobody", repo: "nothing")
                .flatMap { client.issuesPublisher(owner: $0.owner.login, repo: $0.name) }
                .catch { _ in Just([]) }
                .completion()
            #expect(received.values == [[]])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func mapLatestPassesOnTheErrorOfTheLatestTransform(transport: TestTransport) async throws {
        let server = GitHubServer()
        try await withLoopbackServer(server.configure) { url, _ in
            let client = GitHubIssuesClient(baseURL: url, transport: transport.make())
            let results = ["apple/swift", "nobody/nothing"].async.mapLatest { text in
                let name = RepositoryName(text)!
                return try await client.repository(owner: name.owner, repo: name.repo)
            }
            await #expect(throws: APIError<GitHubError>.self) {
                for try await _ in results {}
            }
        }
    }
}

/// What the Combine pipeline's `catch` turned into an empty list, to say why a run delivered one.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    func append(_ failure: String) { lock.withLock { failures.append(failure) } }

    var all: [String] { lock.withLock { failures } }
}
