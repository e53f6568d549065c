/// The case names of a union's alternatives, by what tells them apart rather than by their schemas' names:
///
/// 1. **Their tags.** The discriminator's value of each alternative (its mapping's first tag, or the one value
///    its property has), or, without a discriminator, the one value each object alternative gives the same
///    key of ``tagKeys`` (`type`, `role`, `object`, `event`): `ChatCompletionRequestMessage` by `role` →
///    `.system`, `.user`, `.tool`; content parts by `type` → `.text`, `.imageUrl`. Alternatives that are not
///    objects (`String`, a list) keep their types' names.
/// 2. **Otherwise, what is their own.** The words an alternative's name shares with the start and the end of
///    the union's name are left out: `SearchResultUser` in `SearchResult` → `.user`, `VoiceIdsShared` in
///    `VoiceIdsOrCustomVoice` → `.shared`.
///
/// A rule whose names two alternatives would share is not used; the types' own names are then. Names written
/// in the spec (`oneOf` as a mapping) are never changed.
enum UnionCaseNames {
    /// The keys whose one value names each alternative of a union without a discriminator.
    static let tagKeys = ["type", "role", "object", "event"]

    /// The member name of each alternative of `union` (not yet kept clear of reserved names), or `nil` for
    /// an alternative named by its type, as `byType` names it.
    static func names(
        of union: RawUnion,
        named unionName: String,
        byType: [String],
        models: [String: RawModel]
    ) -> [String?] {
        if let tags = tagNames(of: union, models: models) {
            // Reverse-DNS tags (CloudEvents' `org.camaraproject.quality-on-demand.v1.qos-status-changed`) by their
            // last part, when that keeps them apart.
            let short = tags.map { $0.map(reverseDNSLastPart) }
            if short != tags, isApart(short.map { $0.map(SwiftName.memberName) }, others: byType) {
                return short.map { $0.map(SwiftName.memberName) }
            }
            let named = tags.map { $0.map(SwiftName.memberName) }
            if isApart(named, others: byType) { return named }
        }
        let own = ownNames(of: union, named: unionName, models: models)
        if isApart(own, others: byType) { return own }
        return union.alternatives.map { _ in nil }
    }

    /// Whether the names given (with the type names of the alternatives given none) are all different.
    private static func isApart(_ names: [String?], others: [String]) -> Bool {
        guard names.contains(where: { $0 != nil }) else { return false }
        let all = zip(names, others).map { name, other in
            ReservedNames.avoiding(ReservedNames.enumerationMembers, name ?? other)
        }
        return Set(all).count == all.count
    }

    /// The last part of a reverse-DNS name (four or more parts separated by dots, the first a top-level domain
    /// of two to four small letters: `org.camaraproject.quality-on-demand.v1.qos-status-changed` →
    /// `qos-status-changed`); any other text as it is.
    static func reverseDNSLastPart(_ text: String) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let first = parts.first, (2...4).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLowercase }), let last = parts.last, !last.isEmpty,
            last.contains(where: \.isLetter)
        else { return text }
        return String(last)
    }

    /// The alternatives' tags: every object alternative has one, under the discriminator or under one key of
    /// ``tagKeys``; `nil` when no key tags them all.
    private static func tagNames(of union: RawUnion, models: [String: RawModel]) -> [String?]? {
        let objects = union.alternatives.map { alternative -> RawModel? in
            guard let model = models[alternative.type.value], case .object = model.shape else { return nil }
            return model
        }
        guard objects.contains(where: { $0 != nil }) else { return nil }
        for key in union.discriminator.map({ [$0.value] }) ?? tagKeys {
            var names: [String?] = []
            for (alternative, object) in zip(union.alternatives, objects) {
                guard let object else {
                    names.append(nil)
                    continue
                }
                let mapped = union.mapping.first { $0.model.value == alternative.type.value }?.tag.value
                guard let tag = mapped ?? tag(of: object, key: key, models: models, depth: 0) else { break }
                names.append(tag)
            }
            if names.count == union.alternatives.count { return names }
        }
        return nil
    }

    /// The one value `key` has in `model` (or a model it includes): a constant, or an enumeration of one value.
    private static func tag(of model: RawModel, key: String, models: [String: RawModel], depth: Int) -> String? {
        guard depth < 16, case .object(let fields) = model.shape else { return nil }
        if let field = fields.first(where: { $0.key.value == key }) {
            if let constant = field.constant, case .string(let value) = constant.value.kind { return value }
            guard let type = field.type?.value, let values = models[type].flatMap(oneValue) else { return nil }
            return values
        }
        for included in model.includes {
            if let model = models[included.value], let tag = tag(of: model, key: key, models: models, depth: depth + 1)
            {
                return tag
            }
        }
        return nil
    }

    /// The key of an object model of one property, without includes.
    private static func onlyKey(of model: RawModel?) -> String? {
        guard let model, model.includes.isEmpty, case .object(let fields) = model.shape, fields.count == 1 else {
            return nil
        }
        return fields[0].key.value
    }

    /// The value of an enumeration of one string.
    private static func oneValue(_ model: RawModel) -> String? {
        guard case .enumeration(let values) = model.shape, values.count == 1, !values[0].isInteger,
            model.isExtensible?.value != true
        else { return nil }
        return values[0].value.value
    }

    /// The alternatives' names without the words they share with the start and the end of the union's name:
    /// `nil` for an alternative with no word of its own left.
    private static func ownNames(of union: RawUnion, named unionName: String, models: [String: RawModel]) -> [String?] {
        let unionWords = SwiftName.words(unionName).map { $0.lowercased() }
        return union.alternatives.map { alternative in
            var text = alternative.type.value
            var suffix = ""
            // A list is named by its items: `[ContentPart]` → `partList`; items written in place that are an
            // object of one property by the property (GitHub's `[{name: "bug"}]` → `nameList`).
            if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
                text = String(text.dropFirst().dropLast())
                suffix = "List"
                // Written in place: named after the union's place (its first word) and `Item`.
                let itemWords = SwiftName.words(text).map { $0.lowercased() }
                if itemWords.count > 2, itemWords.last == "item", itemWords.first == unionWords.first,
                    let key = onlyKey(of: models[text])
                {
                    return SwiftName.memberName(key + " list")
                }
            }
            guard text.first?.isUppercase == true, !text.contains("["), !text.contains("?") else { return nil }
            let words = SwiftName.words(text)
            let lowered = words.map { $0.lowercased() }
            var start = 0
            while start < lowered.count, start < unionWords.count, lowered[start] == unionWords[start] { start += 1 }
            var end = lowered.count
            while end > start, lowered.count - end < unionWords.count - start,
                lowered[end - 1] == unionWords[unionWords.count - (lowered.count - end) - 1]
            {
                end -= 1
            }
            guard start > 0 || end < lowered.count, end > start else { return nil }
            return SwiftName.memberName(words[start..<end].joined(separator: " ") + suffix)
        }
    }
}
