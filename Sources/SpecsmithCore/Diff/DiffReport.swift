/// A diff as people and programs read it.
extension SpecDiff {
    /// Readable text: a summary line, then the changes that break Swift callers, those that break apps on
    /// the wire, and the additive ones (a change that breaks both is in both lists).
    public var text: String {
        var lines = [
            "\(swiftBreaking.count) breaking for Swift callers, \(wireBreaking.count) breaking on the wire, \(additive.count) additive"
        ]
        for (title, list) in [
            ("Breaking for Swift callers (code written against the old client no longer compiles):", swiftBreaking),
            ("Breaking on the wire (apps already shipped with the old client fail):", wireBreaking),
            ("Additive:", additive),
        ] where !list.isEmpty {
            lines.append("")
            lines.append(title)
            lines += list.map { "  \($0.subject): \($0.description)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: `{"summary": {"swift": 1, "wire": 2, "additive": 3}, "changes": [{"subject", "description",
    /// "breaks": ["swift", "wire"]}]}`.
    public var json: String {
        var summary = DocumentObject()
        summary["swift"] = .int(swiftBreaking.count)
        summary["wire"] = .int(wireBreaking.count)
        summary["additive"] = .int(additive.count)
        var document = DocumentObject()
        document["summary"] = .object(summary)
        document["changes"] = .array(
            changes.map { change in
                var object = DocumentObject()
                object["subject"] = .string(change.subject)
                object["description"] = .string(change.description)
                var breaks: [DocumentNode] = []
                if change.breaksSwift { breaks.append("swift") }
                if change.breaksWire { breaks.append("wire") }
                object["breaks"] = .array(breaks)
                return .object(object)
            }
        )
        return DocumentNode.object(document).jsonText() + "\n"
    }
}
