import Foundation
import GitHubIssues
import Hummingbird
import LoopbackServer

/// What the GitHub look-alike saw: every repository or issues request it started, and those whose client
/// closed the connection before the answer was ready.
actor GitHubLog {
    private(set) var started: [String] = []
    private(set) var cancelled: [String] = []
    /// The most requests the server was working on at once.
    private(set) var mostAtOnce = 0
    private var atOnce = 0

    func start(_ path: String) {
        started.append(path)
        atOnce += 1
        mostAtOnce = max(mostAtOnce, atOnce)
    }

    func end() { atOnce -= 1 }
    func cancel(_ path: String) { cancelled.append(path) }

    /// How many requests for exactly `path` started.
    func count(_ path: String) -> Int { started.filter { $0 == path }.count }

    /// Returns once `count` requests have started, or after `limit`.
    func waitUntilStarted(_ count: Int, within limit: Duration = .seconds(60)) async {
        let deadline = ContinuousClock.now + limit
        while started.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// A GitHub REST API look-alike: two repositories with issues, GitHub's 404 body for anything else, and a
/// delay before each answer so a test can overtake a request in flight.
struct GitHubServer: Sendable {
    let log = GitHubLog()
    /// How long the server thinks before answering a repository or issues request.
    var delay: Duration = .zero
    /// Repositories that take this long instead.
    var slow: [String: Duration] = [:]
    /// How many requests each answer waits to have started (at most 10 s) before its delay: a test of
    /// requests in flight together then does not depend on how fast a loaded machine sends them.
    var together = 1

    static let repositories: [String: Int] = ["apple/swift": 3, "apple/swift-nio": 2]

    static func repository(_ fullName: String, openIssues: Int) -> String {
        let parts = fullName.split(separator: "/")
        return """
            {"id": \(abs(fullName.hashValue % 100_000)), "name": "\(parts[1])", "full_name": "\(fullName)",
             "owner": {"login": "\(parts[0])", "id": 10639145}, "description": null,
             "html_url": "https://github.com/\(fullName)", "language": "Swift", "stargazers_count": 100,
             "forks_count": 10, "open_issues_count": \(openIssues), "default_branch": "main"}
            """
    }

    /// `count` issues of `fullName`, numbered from 1, alternately with and without labels and bodies.
    static func issues(_ fullName: String, count: Int, page: Int, perPage: Int) -> String {
        let first = (page - 1) * perPage + 1
        let numbers = first <= count ? Array(first...min(count, first + perPage - 1)) : []
        let objects = numbers.map { number in
            """
            {"id": \(number * 1000), "number": \(number), "title": "\(fullName) issue \(number)",
             "state": "\(number == 2 ? "triaged" : "open")", "user": {"login": "user\(number)", "id": \(number)},
             "labels": \(number % 2 == 0 ? "[]" : #"[{"name": "bug", "color": "d73a4a", "description": null}]"#),
             "comments": \(number), "created_at": "2026-11-0\(number)T10:00:00Z", "closed_at": null,
             "body": \(number % 2 == 0 ? "null" : "\"Steps to reproduce \(number)\"")}
            """
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    static let notFound = Response.json(
        #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#,
        status: .notFound
    )

    func configure(_ router: Router<BasicRequestContext>) {
        router.get("/repos/:owner/:repo") { request, context -> Response in
            let name = Self.fullName(context)
            guard try await answer(request, path: "/repos/\(name)", delay: slow[name] ?? delay) else {
                return Self.notFound
            }
            guard let count = Self.repositories[name] else { return Self.notFound }
            return .json(Self.repository(name, openIssues: count))
        }
        router.get("/repos/:owner/:repo/issues") { request, context -> Response in
            let name = Self.fullName(context)
            guard try await answer(request, path: "/repos/\(name)/issues", delay: delay) else {
                return Self.notFound
            }
            guard let count = Self.repositories[name] else { return Self.notFound }
            let query = request.uri.queryParameters
            let page = query.get("page").flatMap(Int.init) ?? 1
            let perPage = query.get("per_page").flatMap(Int.init) ?? 30
            return .json(Self.issues(name, count: count, page: page, perPage: perPage))
        }
    }

    static func fullName(_ context: BasicRequestContext) -> String {
        let owner = context.parameters.get("owner")?.removingPercentEncoding ?? ""
        let repo = context.parameters.get("repo")?.removingPercentEncoding ?? ""
        return "\(owner)/\(repo)"
    }

    /// Records the request and waits `delay`; `false` when the client closed the connection meanwhile,
    /// which it records as cancelled.
    private func answer(_ request: Request, path: String, delay: Duration) async throws -> Bool {
        await log.start(path)
        if together > 1 { await log.waitUntilStarted(together) }
        guard delay > .zero else {
            await log.end()
            return true
        }
        do {
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                try await Task.sleep(for: delay)
            }
            await log.end()
            return true
        } catch is CancellationError {
            await log.cancel(path)
            await log.end()
            return false
        }
    }
}
