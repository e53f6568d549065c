import Foundation
import SpecsmithRuntime

/// Every problem of a JSON body, not only the first: a decoder stops at the first value that does not fit, so
/// the body is decoded again with each value that did not fit stood in for by one that does (and each key
/// that was missing given one), until it decodes. Each stand-in's own problems, and those of values under a
/// value already named, are not named again. Only a body with problems takes more than one pass.
enum BodyProblems {
    /// What a body that is not JSON is told.
    static let notJSON = "The body is not valid JSON."

    /// How many passes a body gets before the problems found so far are answered.
    static let maxPasses = 64

    /// `data` decoded as `Value`, or every problem it has, each with the JSON path of its value.
    static func decode<Value: Decodable>(
        _ type: Value.Type,
        from data: Data,
        decoder: JSONDecoder,
        dates: DateCoding
    ) -> Outcome<Value> {
        // Foundation's reader takes a comma after the last entry; JSON, and the API, do not.
        if StrictJSON.trailingComma(in: data) != nil { return .problems([notJSON]) }
        var data = data
        var tree: JSON?
        var problems: [String] = []
        var named: [[PathKey]] = []
        var patched = Set<Patch>()
        for _ in 0..<maxPasses {
            let failure: DecodingError
            do {
                let value = try decoder.decode(Value.self, from: data)
                return problems.isEmpty ? .value(value) : .problems(problems)
            } catch let error as DecodingError {
                failure = error
            } catch {
                return .problems(problems + [notJSON])
            }
            if tree == nil { tree = try? JSONDecoder().decode(JSON.self, from: data) }
            guard var current = tree else { return .problems(problems + [describe(failure)]) }
            let (path, standIn) = repair(failure, dates: dates)
            if !named.contains(where: { path.starts(with: $0) }) {
                problems.append(describe(failure))
                named.append(path)
            }
            // A value stood in for twice (a union that takes none of them) is as far as the passes get.
            guard !path.isEmpty, patched.insert(Patch(path: path, value: standIn)).inserted,
                current.setting(standIn, at: path[...])
            else { return .problems(problems) }
            tree = current
            guard let encoded = try? JSONEncoder().encode(current) else { return .problems(problems) }
            data = encoded
        }
        return .problems(problems)
    }

    /// A body's value, or its problems.
    enum Outcome<Value> {
        case value(Value)
        case problems([String])
    }

    /// A value stood in for at a path.
    struct Patch: Hashable {
        var path: [PathKey]
        var value: JSON
    }

    /// A key of a JSON path: an object's member or an array's index.
    enum PathKey: Hashable {
        case key(String)
        case index(Int)

        init(_ key: any CodingKey) {
            self = key.intValue.map(PathKey.index) ?? .key(key.stringValue)
        }
    }

    /// Where `error` is, and the value that fits there: `null` for a missing key (whose type the next pass's
    /// error says) or a value that is none of its type's (an enumeration's unlisted value), a value of the
    /// type asked for otherwise.
    static func repair(_ error: DecodingError, dates: DateCoding) -> (path: [PathKey], standIn: JSON) {
        switch error {
        case .keyNotFound(let key, let context):
            return (context.codingPath.map(PathKey.init) + [PathKey(key)], .null)
        case .valueNotFound(let type, let context), .typeMismatch(let type, let context):
            return (context.codingPath.map(PathKey.init), standIn(for: type, dates: dates))
        case .dataCorrupted(let context):
            return (context.codingPath.map(PathKey.init), .null)
        @unknown default:
            return ([], .null)
        }
    }

    /// A JSON value that decodes as `type`, or an empty object for a model (whose own keys the next passes
    /// fill in).
    static func standIn(for type: Any.Type, dates: DateCoding) -> JSON {
        if let listed = type as? any ListedValues.Type, let first = listed.listedJSON.first { return first }
        switch type {
        case is String.Type, is URL.Type: return type == URL.self ? .string("https://example.com") : .string("")
        case is Bool.Type: return .bool(false)
        case is UUID.Type: return .string("00000000-0000-0000-0000-000000000000")
        case is Data.Type: return .string("")
        case is Date.Type:
            switch dates {
            case .secondsSince1970, .millisecondsSince1970: return .number(0)
            default: return .string("1970-01-01T00:00:00Z")
            }
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: return .number(0)
        case is any ListShape.Type: return .array([])
        default: return .object([:])
        }
    }

    /// What `error` says, in the wire's terms, with the JSON path of the value it is about.
    static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "" : " at `\(text.hasPrefix(".") ? String(text.dropFirst()) : text)`"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "The key `\(key.stringValue)` is missing\(at(context.codingPath))."
        case .typeMismatch(let type, let context):
            // An enumeration's value it does not list: said with the value.
            if type is any ListedValues.Type, context.debugDescription.hasSuffix(".") {
                return String(context.debugDescription.dropLast()) + at(context.codingPath) + "."
            }
            return "Expected \(WireType.name(of: type))\(at(context.codingPath))."
        case .valueNotFound(let type, let context):
            return "Expected \(WireType.name(of: type)), found null\(at(context.codingPath))."
        case .dataCorrupted(let context):
            guard !context.debugDescription.isEmpty else { return "The body is not valid JSON." }
            var message = context.debugDescription
            if message.hasSuffix(".") { message.removeLast() }
            return message + at(context.codingPath) + "."

        @unknown default:
            return "The body is not valid JSON."
        }
    }
}

/// What a value of a Swift type is on the wire, for problems that name what a request must send.
enum WireType {
    /// `a string`, `an integer`, `a number`, `true or false`, `an array`, `an object`, `a date`; the values of
    /// an enumeration.
    static func name(of type: Any.Type) -> String {
        if let listed = type as? any ListedValues.Type { return "one of " + listed.listedText }
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is URL.Type: return "a URL"
        case is UUID.Type: return "a UUID"
        case is Date.Type: return "a date"
        case is Data.Type: return "Base64 text"
        case is any BinaryInteger.Type: return "an integer"
        case is any BinaryFloatingPoint.Type: return "a number"
        case is any ListShape.Type: return "an array"
        default: return "an object"
        }
    }
}

/// Lists, as a kind of JSON value.
protocol ListShape {}
extension Array: ListShape {}

extension JSON {
    /// Sets the value at `path`, when every key but the last leads to an object or array that has it; `false`
    /// when the path leads nowhere.
    mutating func setting(_ value: JSON, at path: ArraySlice<BodyProblems.PathKey>) -> Bool {
        guard let first = path.first else {
            self = value
            return true
        }
        switch (self, first) {
        case (.object(var members), .key(let key)):
            if path.count == 1 {
                members[key] = value
            } else {
                guard var member = members[key], member.setting(value, at: path.dropFirst()) else { return false }
                members[key] = member
            }
            self = .object(members)
            return true
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            guard elements[index].setting(value, at: path.dropFirst()) else { return false }
            self = .array(elements)
            return true
        default:
            return false
        }
    }
}
