/// The name of an inline schema written alike in several places, by what the places share rather than by
/// whichever came first:
///
/// - **An enumeration of a few values**, where every place's name ends alike, is named by its values and the
///   property's name: `state: {enum: [open, closed]}` of issues and pull requests → `OpenClosedState`, a list's
///   `object: {enum: [list]}` in a hundred places → `ListObject`.
/// - **Anything else** by the words every place's name has, in order: `data` of `WebhookBatchCancelled` and
///   `WebhookBatchCompleted` → `WebhookBatchData`; the answers of `ActionsListArtifactsForRepo` and
///   `ActionsListWorkflowRunArtifacts` → `ActionsListArtifactsResponse`. A linking word before a word the
///   names do not share goes (`InteractionsGetRestrictionsFor{Org,Repo}Response` →
///   `InteractionsGetRestrictionsResponse`).
///
/// When the places share less than their first word and one more, no name says more than the first place's,
/// which is kept (`nil`).
enum SharedSchemaNames {
    /// How many values an enumeration named by its values may have.
    static let maxNamingValues = 3
    /// How long the values' part of such a name may be (`Pcm16G711UlawG711Alaw…` is not a name).
    static let maxValuesLength = 20

    /// The first words of operations' names that are only their method (`PostCustomers…`).
    static let methodWords: Set<String> = ["get", "post", "put", "patch", "delete"]

    /// Words that only link the words around them (`For` in `…RestrictionsForOrg…`).
    static let linkingWords: Set<String> = ["for", "in", "of", "by", "to", "with", "on", "at", "from", "and", "or"]

    /// The shared name of a schema the places name `uses` (two or more different names), the properties or
    /// parameters they are `roles` (`nil` where a place is neither), and whose values are `values` when it is an
    /// enumeration of strings; `nil` to keep the first place's name.
    static func name(uses: [String], roles: [String?], values: [String]?) -> String? {
        var distinct: [String] = []
        for use in uses where !distinct.contains(use) { distinct.append(use) }
        guard distinct.count > 1 else { return nil }
        let words = distinct.map { SwiftName.words($0) }
        let lowered = words.map { $0.map { $0.lowercased() } }
        let first = words[0]
        if let values, !values.isEmpty, values.count <= maxNamingValues,
            Set(lowered.compactMap(\.last)).count == 1
        {
            let named = values.map { value in
                SwiftName.typeName(value.contains(where: \.isLowercase) ? value : value.lowercased())
            }
            // Values that are names (`open`, `in_progress`), not numbers or symbols; then the property's name
            // when every place is the same property, else the last word the places share.
            let end = first[first.count - 1]
            if named.allSatisfy({ $0.first?.isLetter == true && !$0.contains("_") }),
                !end.contains(where: \.isNumber), named.joined() != end, named.joined().count <= maxValuesLength
            {
                let role = roles.first ?? nil
                if let role, roles.allSatisfy({ $0 == role }) {
                    // The items of a list the property is: `exclude: [repositories]` → `RepositoriesExcludeItem`.
                    let isItem = lowered.allSatisfy { $0.joined().hasSuffix(role.lowercased() + "item") }
                    return named.joined() + role + (isItem ? "Item" : "")
                }
                return named.joined() + end
            }
        }
        // The words every name has, in order (the first name's positions), without a linking word before a
        // word the names do not share.
        var kept = Array(first.indices)
        for other in lowered.dropFirst() {
            kept = commonSubsequence(kept, of: lowered[0], other)
        }
        kept = kept.enumerated().filter { offset, index in
            guard linkingWords.contains(lowered[0][index]) else { return true }
            return offset + 1 < kept.count && kept[offset + 1] == index + 1
        }.map(\.element)
        guard kept.first == 0 else { return nil }
        // Not an operation's method alone before what the places share (`PostAddress` of a payment API's bodies).
        if kept.count > 1, methodWords.contains(lowered[0][0]) { kept.removeFirst() }
        // Two words at least, and half of the first place's; not a word twice in a row (`TopicSearchResultItemItem`
        // of `…ItemRelatedItem` and `…ItemAliasesItem`, `ItemsItem`).
        let singular = { (index: Int) in
            lowered[0][index].hasSuffix("s") ? String(lowered[0][index].dropLast()) : lowered[0][index]
        }
        guard kept.count > 1, kept.count * 2 >= first.count,
            zip(kept, kept.dropFirst()).allSatisfy({ singular($0) != singular($1) })
        else { return nil }
        return kept.map { first[$0] }.joined()
    }

    /// The longest run of `indices` (positions in `words`, in order) whose words `other` has in the same order.
    private static func commonSubsequence(_ indices: [Int], of words: [String], _ other: [String]) -> [Int] {
        let left = indices.map { words[$0] }
        var lengths = Array(repeating: Array(repeating: 0, count: other.count + 1), count: left.count + 1)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: other.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    left[i] == other[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Int] = []
        var i = 0
        var j = 0
        while i < left.count, j < other.count {
            if left[i] == other[j] {
                result.append(indices[i])
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
