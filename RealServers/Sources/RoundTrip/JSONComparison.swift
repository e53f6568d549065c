import Foundation
import SpecsmithRuntime

/// Whether two JSON values say the same, as a client that read one and wrote the other should: the same keys
/// with the same values, in any order; a key whose value is `null` the same as no key (an optional property
/// reads both as `nil`); numbers by value (`1` and `1.0`); text that is an ISO 8601 date the same as another
/// date within a millisecond (a `Date` keeps milliseconds); and a UUID the same in either case (RFC 4122 reads
/// both; Foundation writes upper case).
public enum JSONComparison {
    /// The places where `received` and `sent` differ, each a line such as `flow.tags: missing`; none when they
    /// say the same.
    public static func differences(received: JSON, sent: JSON, at path: String = "") -> [String] {
        switch (received, sent) {
        case (.object(let left), .object(let right)):
            var found: [String] = []
            for key in Set(left.keys).union(right.keys).sorted() {
                let place = path.isEmpty ? key : "\(path).\(key)"
                switch (left[key], right[key]) {
                case (let value?, nil) where value != .null:
                    found.append("\(place): received \(brief(value)), not written back")
                case (nil, let value?) where value != .null:
                    found.append("\(place): written back as \(brief(value)), not received")
                case (let value?, let other?):
                    found += differences(received: value, sent: other, at: place)
                default:
                    break
                }
            }
            return found
        case (.array(let left), .array(let right)):
            guard left.count == right.count else {
                return ["\(path): \(left.count) values received, \(right.count) written back"]
            }
            return zip(left, right).enumerated().flatMap { index, pair in
                differences(received: pair.0, sent: pair.1, at: "\(path)[\(index)]")
            }
        case (.number(let left), .number(let right)):
            return left.double == right.double ? [] : ["\(path): received \(left), written back \(right)"]
        case (.string(let left), .string(let right)):
            if left == right { return [] }
            if let first = UUID(uuidString: left), first == UUID(uuidString: right) { return [] }
            if let first = DateCoding.parseISO8601(left), let second = DateCoding.parseISO8601(right),
                abs(first.timeIntervalSince(second)) < 0.001
            {
                return []
            }
            return ["\(path): received \(brief(received)), written back \(brief(sent))"]
        default:
            return received == sent ? [] : ["\(path): received \(brief(received)), written back \(brief(sent))"]
        }
    }

    /// A value in a few characters, for messages.
    static func brief(_ value: JSON) -> String {
        let text = (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? "?"
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
