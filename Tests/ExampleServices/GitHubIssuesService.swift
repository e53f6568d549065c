import Foundation
import GitHubIssuesServer
import Hummingbird
import SpecsmithServer

/// A GitHub issues server written as an app would: pages of issues with the `Link` header of the next.
struct IssueTracker: GitHubIssuesService {
    /// Issues 1…7 of apple/swift, newest first; odd ones closed.
    let issues: [Issue] = (1...7).reversed().map { number in
        let state = number % 2 == 1 ? "closed" : "open"
        let json = """
            {"id": \(1000 + number), "number": \(number), "title": "Issue \(number)", "state": "\(state)",
             "user": {"login": "octocat", "id": 1}, "labels": [], "comments": \(number),
             "created_at": "2026-01-0\(number)T10:00:00Z"}
            """
        return try! DateCoding.iso8601.makeDecoder().decode(Issue.self, from: Data(json.utf8))
    }

    func errorBody(for problems: RequestProblems) -> GitHubError {
        GitHubError(message: "Validation Failed: " + problems.message)
    }

    func repository(owner: String, repo: String) async throws -> Reply<Repository, GitHubError> {
        guard owner == "apple", repo == "swift" else { return .error(GitHubError(message: "Not Found"), status: 404) }
        let json = """
            {"id": 44838949, "name": "swift", "full_name": "apple/swift", "owner": {"login": "apple", "id": 10639145},
             "html_url": "https://github.com/apple/swift", "stargazers_count": 1, "forks_count": 2,
             "open_issues_count": 3, "default_branch": "main", "archived": false}
            """
        return .answer(try DateCoding.iso8601.makeDecoder().decode(Repository.self, from: Data(json.utf8)))
    }

    func issues(
        owner: String,
        repo: String,
        state: IssueFilter,
        perPage: Int,
        page: Int
    ) async throws -> Reply<WithHeaders<[Issue], LinkHeader>, GitHubError> {
        let matching = issues.filter { state == .all || $0.state.rawValue == state.rawValue }
        let (slice, more) = ExampleServices.page(matching, number: page, size: perPage)
        // Only a page with more after it names the next (whose number then fits in an `Int`).
        let next =
            more
            ? URL(string: "/repos/\(owner)/\(repo)/issues?state=\(state.rawValue)&per_page=\(perPage)&page=\(page + 1)")
            : nil
        return .answer(WithHeaders(slice, headers: LinkHeader(next: next)))
    }
}

/// Adds an issue tracker's routes.
func registerIssues(on router: Router<BasicRequestContext>) {
    IssueTracker().registerRoutes(on: router)
}
