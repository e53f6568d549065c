/// What a config's `filter:` keeps of an OpenAPI document, said after `generate` and `import` write their files:
/// a filter that keeps much is then seen, with the way to keep less (a user imported one of Stripe's operations
/// and got 1,025 models).
public struct FilterSummary: Sendable, Hashable {
    /// The operations the document has.
    public var documentOperations: Int
    /// The filter's `depth`, when it has one.
    public var depth: Int?
    /// Whether loading the document already warned, at the filter, that it keeps many models and that `depth`
    /// exists: the summary then does not say it again.
    public var depthWarned = false
    /// The operations kept (endpoints; webhooks are not counted), once resolved.
    public var operations = 0
    /// The models generated for them, once resolved.
    public var models = 0
    /// The lines of the Swift generated from them, once rendered.
    public var lines: Int?

    /// The number of lines from which a filter without `depth` is said to be large, beside 200 models (the number
    /// from which loading the document warns of it).
    public static let largeLines = 20_000

    /// Whether the filter keeps much without a `depth` to cut it.
    public var isLarge: Bool {
        depth == nil && (models >= OpenAPIReader.largeFilter || (lines ?? 0) >= Self.largeLines)
    }

    /// `The filter keeps 6 of 412 operations and 147 models: 7,950 lines of Swift.`, and when it is large, how
    /// to keep less (unless the warning at the filter said so: `import` and `generate` print both).
    public var text: String {
        func plural(_ count: Int, _ noun: String) -> String {
            "\(Self.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
        }
        var text =
            "The filter keeps \(Self.grouped(operations)) of \(plural(documentOperations, "operation")) and \(plural(models, "model"))"
        if let lines { text += ": \(plural(lines, "line")) of Swift" }
        text += "."
        if isLarge && !depthWarned {
            text +=
                " `depth: 1` in the filter keeps only the models the operations name, and `depth: 2` one step more; those further are `JSON`."
        }
        return text
    }

    /// `7,950`: a count with its thousands grouped.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (count < 0 ? "-" : "") + text
    }

    /// The number of lines of `files`' text.
    public static func lines(of files: [GeneratedFile]) -> Int {
        files.reduce(0) { total, file in total + file.contents.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    }
}
