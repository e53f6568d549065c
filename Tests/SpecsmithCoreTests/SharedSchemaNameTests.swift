import Testing

@testable import SpecsmithCore

/// An inline schema written alike in several places is one type, named by what its places share, not by the
/// first place read (issue 58, item 5).
@Suite struct SharedSchemaNameTests {
    /// The rule alone, on names real descriptions' places give.
    @Test(
        arguments: [
            // An enumeration of a few values: its values and the property.
            (
                ["IssuesClosedIssueState", "PullRequestClosedPullRequestState"], ["State", "State"],
                ["open", "closed"],
                "OpenClosedState"
            ),
            (["AccountExternalAccountsObject", "ChargeRefundsObject"], ["Object", "Object"], ["list"], "ListObject"),
            (
                ["ReviewCommentStartSide", "PullsCreateReviewCommentRequestStartSide"], ["StartSide", "StartSide"],
                ["LEFT", "RIGHT"], "LeftRightStartSide"
            ),
            (
                ["MigrationsListForOrgExcludeItem", "MigrationsStartForOrgRequestExcludeItem"], ["Exclude", "Exclude"],
                ["repositories"], "RepositoriesExcludeItem"
            ),
            // Anything else: the words every place has, in order, without a linking word before a gap.
            (
                ["WebhookBatchCancelledData", "WebhookBatchCompletedData", "WebhookBatchExpiredData"],
                ["Data", "Data", "Data"],
                nil, "WebhookBatchData"
            ),
            (
                ["ActionsListArtifactsForRepoResponse", "ActionsListWorkflowRunArtifactsResponse"], [nil, nil], nil,
                "ActionsListArtifactsResponse"
            ),
            (
                ["InteractionsGetRestrictionsForOrgResponse", "InteractionsGetRestrictionsForRepoResponse"],
                [nil, nil], nil,
                "InteractionsGetRestrictionsResponse"
            ),
            // An operation's method is not a name's start.
            (
                ["PostIssuingDisputesRequestEvidence", "PostIssuingDisputesDisputeRequestEvidence"],
                ["Evidence", "Evidence"],
                nil, "IssuingDisputesRequestEvidence"
            ),
        ] as [([String], [String?], [String]?, String)]
    )
    func theNameIsWhatThePlacesShare(uses: [String], roles: [String?], values: [String]?, expected: String) {
        #expect(SharedSchemaNames.name(uses: uses, roles: roles, values: values) == expected)
    }

    /// Places that share only a word, or whose shared words say less than half the first name, or a word twice in
    /// a row, or values that are no names, keep the first place's name.
    @Test(
        arguments: [
            (["FooOwner", "BarOwner"], nil),
            (["RepoOwner", "RepoOwner"], nil),
            (["TopicSearchResultItemRelatedItem", "TopicSearchResultItemAliasesItem"], nil),
            (["PostCustomersCustomerSourcesRequestMetadata", "PostAccountsRequestMetadata"], nil),
            (["ModelVersionOption1", "OtherVersionOption1"], ["1.0", "2.0"]),
            (["CustomAuto", "OtherAuto"], ["auto"]),
        ] as [([String], [String]?)]
    )
    func otherwiseTheFirstPlaceNamesIt(uses: [String], values: [String]?) {
        #expect(SharedSchemaNames.name(uses: uses, roles: uses.map { _ in nil }, values: values) == nil)
    }

    /// Through the loader: each example of the issue is one type of the shared name, every place refers to it,
    /// the places' own names are gone, and the client compiles. A name two schemas would share goes to neither.
    @Test func aSharedInlineSchemaIsNamedByWhatItsPlacesShare() async throws {
        let document = """
            openapi: 3.1.0
            info: {title: Shared, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /issues:
                get:
                  operationId: listIssues
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/IssueList"}}}}
              /pulls:
                get:
                  operationId: listPulls
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/PullList"}}}}
            webhooks:
              batch.cancelled:
                post:
                  requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/WebhookBatchCancelled"}}}}
                  responses: {"200": {description: OK}}
              batch.completed:
                post:
                  requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/WebhookBatchCompleted"}}}}
                  responses: {"200": {description: OK}}
            components:
              schemas:
                IssueList:
                  type: object
                  required: [object, data]
                  properties:
                    object: {type: string, enum: [list, page]}
                    data: {type: array, items: {$ref: "#/components/schemas/Issue"}}
                PullList:
                  type: object
                  required: [object, data]
                  properties:
                    object: {type: string, enum: [list, page]}
                    data: {type: array, items: {$ref: "#/components/schemas/PullRequest"}}
                Issue:
                  type: object
                  required: [state]
                  properties:
                    state: {type: string, enum: [open, closed]}
                PullRequest:
                  type: object
                  required: [state]
                  properties:
                    state: {type: string, enum: [open, closed]}
                WebhookBatchCancelled:
                  type: object
                  required: [id, data]
                  properties:
                    id: {type: string}
                    data: {type: object, required: [id], properties: {id: {type: string}}}
                WebhookBatchCompleted:
                  type: object
                  required: [id, data]
                  properties:
                    id: {type: string}
                    data: {type: object, required: [id], properties: {id: {type: string}}}
            """
        let output = Pipeline.generate(text: document, path: "shared.yaml") { _ in nil }
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let swift = output.files.map(\.contents).joined()
        for (declaration, property) in [
            ("enum ListPageObject", "object"), ("enum OpenClosedState", "state"), ("struct WebhookBatchData", "data"),
        ] {
            let name = declaration.split(separator: " ")[1]
            #expect(swift.contains("public \(declaration):"), "\(declaration)")
            #expect(swift.components(separatedBy: "public var \(property): \(name)\n").count - 1 == 2, "\(name)")
        }
        for place in ["IssueListObject", "IssueState", "WebhookBatchCancelledData"] {
            #expect(!swift.contains(place), "\(place)")
        }
        let check = try await SwiftCompiler.compile(output, module: "Shared", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }
}
