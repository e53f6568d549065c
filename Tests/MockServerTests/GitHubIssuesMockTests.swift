import Foundation
import GitHubIssues
import SpecsmithRuntime
import Testing

/// The GitHubIssues client against the mock of `Specs/GitHubIssues.yaml`: its samples, and a paged list that
/// ends.
@Suite struct GitHubIssuesMockTests {
    @Test func repositoryAndEveryIssue() async throws {
        try await withMock("GitHubIssues") { url, log in
            let github = GitHubIssuesClient(baseURL: url)
            let repository = try await github.repository(owner: "apple", repo: "swift")
            #expect(repository.fullName == "apple/swift")
            var issues: [GitHubIssues.Issue] = []
            for try await issue in github.allIssues(owner: "apple", repo: "swift") { issues.append(issue) }
            #expect(!issues.isEmpty)
            // No `Link` header from the mock: one page.
            #expect(log.lines.count == 2)
        }
    }
}
