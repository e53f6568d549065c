import Foundation
import GitHubIssues
import LoopbackServer
import SpecsmithRuntime
import Testing

@testable import ExampleServices

/// The GitHub issues client against its server, both generated from `Specs/GitHubIssues.yaml`: a list paged
/// by its `Link` header, followed page by page.
@Suite struct GitHubIssuesServerTests {
    @Test(arguments: TestTransport.allCases)
    func theClientFollowsTheServersPages(transport: TestTransport) async throws {
        try await withLoopbackServer(registerIssues) { url, log in
            let github = GitHubIssuesClient(baseURL: url, transport: transport.make())
            #expect(try await github.repository(owner: "apple", repo: "swift").fullName == "apple/swift")
            do throws(APIError<GitHubError>) {
                _ = try await github.repository(owner: "apple", repo: "nothing")
                Issue.record("a missing repository was found")
            } catch {
                #expect(error.status == 404 && error.errorBody?.message == "Not Found")
            }
            var numbers: [Int] = []
            for try await issue in github.allIssues(owner: "apple", repo: "swift", state: .all, perPage: 3) {
                numbers.append(issue.number)
            }
            #expect(numbers == [7, 6, 5, 4, 3, 2, 1])
            let open = try await github.issues(owner: "apple", repo: "swift", perPage: 10)
            #expect(open.map(\.number) == [6, 4, 2])
            // Three pages of three, the last without a `next` link.
            let pages = await log.requests.filter { $0.uri.contains("state=all") }.count
            #expect(pages == 3)
        }
    }
}
