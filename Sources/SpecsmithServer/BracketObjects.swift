import Foundation
public import SpecsmithRuntime

extension ServerRequest {
    /// The object `name` of a form body, sent in the bracket style (`address[line1]=…&address[city]=…`,
    /// `items[0][price]=…`, `metadata[key]=value`), as `Value`: for an optional `Value`, `nil` when the body has
    /// none; otherwise a problem when it is missing or is not one. Its dates are read as `dates` says, or as the
    /// API writes them.
    ///
    /// One method for both (not an overload for optionals): a route reads all its values in one
    /// ``values(_:)`` call, where every overload of a generic method doubles what the type checker tries.
    public func fieldObject<Value: Decodable & Sendable>(
        _ name: String,
        as type: Value.Type,
        dates: DateCoding? = nil
    ) -> Parsed<Value> {
        BracketObject.read(name, from: formFields, in: .body, as: type, dates: dates ?? self.dates)
    }

    /// The object `name` of the query, sent in the bracket style (`created[gte]=…`), as `Value`: for an optional
    /// `Value`, `nil` when the query has none; otherwise a problem when it is missing or is not one.
    public func queryObject<Value: Decodable & Sendable>(
        _ name: String,
        as type: Value.Type,
        dates: DateCoding? = nil
    ) -> Parsed<Value> {
        BracketObject.read(name, from: queryPairs, in: .query, as: type, dates: dates ?? self.dates)
    }
}

/// Reading an object sent in the bracket style: the pairs under a name become a tree of text (an object's
/// members by key, an array's by index), decoded into the model by a decoder that reads each leaf's text as
/// the type the model asks for.
enum BracketObject {
    /// A value of the tree: the text of a leaf, or the members under a key.
    indirect enum Node {
        case text(String)
        case members([String: Node])
    }

    /// The object `name` of `pairs` as `Value`; when there is none, `nil` for an optional `Value`, a problem
    /// for any other.
    static func read<Value: Decodable & Sendable>(
        _ name: String,
        from pairs: [(name: String, value: String)],
        in place: RequestProblems.Place,
        as type: Value.Type,
        dates: DateCoding
    ) -> Parsed<Value> {
        let tree: Node?
        do {
            tree = try self.tree(name, pairs)
        } catch {
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: "\(error)"))
        }
        guard let tree else {
            if let missing = Value.missingValue { return Parsed(value: missing) }
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: "It is required."))
        }
        do {
            // An optional `Value` decodes its wrapped type: the tree is never a lone empty leaf (`nil`).
            return Parsed(value: try Value(from: BracketDecoder(node: tree, codingPath: [], dates: dates)))
        } catch let error as DecodingError {
            return Parsed(
                problem: RequestProblems.Problem(in: place, name: name, message: BracketDecoder.message(error, name))
            )
        } catch {
            return Parsed(problem: RequestProblems.Problem(in: place, name: name, message: "\(error)"))
        }
    }

    /// The tree of the pairs named `name[…]…`, or `nil` when there are none. A pair named `name` alone, with
    /// an empty value, stands for an empty object (how form APIs clear one).
    static func tree(_ name: String, _ pairs: [(name: String, value: String)]) throws -> Node? {
        var root: Node?
        for pair in pairs where pair.name == name || pair.name.hasPrefix(name + "[") {
            let path = try self.path(pair.name.dropFirst(name.count))
            guard !path.isEmpty else {
                guard pair.value.isEmpty else { throw BracketProblem("`\(name)` is an object, not `\(pair.value)`.") }
                root = root ?? .members([:])
                continue
            }
            root = try insert(pair.value, at: path[...], into: root)
        }
        return root
    }

    /// `[a][0][b]` as `["a", "0", "b"]`.
    static func path(_ text: Substring) throws -> [String] {
        var keys: [String] = []
        var rest = text
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw BracketProblem("`\(text)` is not a path of keys in brackets.")
            }
            keys.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }

    static func insert(_ value: String, at path: ArraySlice<String>, into node: Node?) throws -> Node {
        guard let key = path.first else {
            guard node == nil else { throw BracketProblem("a value is sent twice.") }
            return .text(value)
        }
        guard case .members(var members)? = node ?? .members([:]) else {
            throw BracketProblem("`\(key)` is under a value, not an object.")
        }
        // `tags[]=a&tags[]=b`: each empty pair of brackets is the list's next item.
        let member = key.isEmpty && path.count == 1 ? String(members.count) : key
        members[member] = try insert(value, at: path.dropFirst(), into: members[member])
        return .members(members)
    }
}

/// Reading a list of values however form APIs' clients send it: the name repeated (`expand=a&expand=b`), with
/// empty brackets (`expand[]=a&expand[]=b`), or indexed (`expand[0]=a&expand[1]=b`, Stripe's SDKs), items in
/// the order of their index. A name written `expand[]` in the spec is read the same.
enum BracketList {
    /// The items of the list `name` among `pairs`, in order; a problem for a pair under `name[` that is none
    /// of these (`expand[x]`, `expand[0][y]`), which the list cannot hold and which is never dropped.
    static func texts(_ name: String, in pairs: [(name: String, value: String)]) -> Result<[String], BracketProblem> {
        let base = name.hasSuffix("[]") ? String(name.dropLast(2)) : name
        var texts: [String] = []
        var indexed: [(index: Int, value: String)] = []
        for pair in pairs {
            if pair.name == base || pair.name == base + "[]" {
                texts.append(pair.value)
                continue
            }
            guard pair.name.hasPrefix(base + "[") else { continue }
            let inside = pair.name.dropFirst(base.count + 1)
            guard inside.hasSuffix("]"), let index = Int(inside.dropLast()), index >= 0 else {
                return .failure(
                    BracketProblem(
                        "`\(pair.name)` is not an item of the list `\(base)`: send `\(base)[0]=…`, `\(base)[]=…` or `\(base)=…` for each item."
                    )
                )
            }
            indexed.append((index, pair.value))
        }
        var seen = Set<Int>()
        for item in indexed where !seen.insert(item.index).inserted {
            return .failure(BracketProblem("`\(base)[\(item.index)]` is sent twice."))
        }
        return .success(texts + indexed.sorted { $0.index < $1.index }.map(\.value))
    }
}

/// Why the pairs of an object in the bracket style make no object.
struct BracketProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A `Decoder` over a tree of text: each leaf is read as the type asked for (`Int`, `Bool`, `Double`, `Date` as
/// the API writes dates, or anything decoded from a string), an object's members by key, an array's by index
/// (`0`, `1`, …), and an empty leaf as `nil`.
struct BracketDecoder: Decoder {
    let node: BracketObject.Node
    let codingPath: [any CodingKey]
    let dates: DateCoding
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(members: try members(), decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let members = try members()
        let indexes = members.keys.compactMap { Int($0) }.sorted()
        guard indexes.count == members.count, indexes == Array(0..<indexes.count) else {
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(codingPath: codingPath, debugDescription: "Expected the indexes 0, 1, … of a list")
            )
        }
        return Unkeyed(elements: indexes.map { members[String($0)]! }, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func members() throws -> [String: BracketObject.Node] {
        switch node {
        case .members(let members): return members
        case .text(""): return [:]
        case .text(let text):
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "Expected an object, not `\(text)`")
            )
        }
    }

    func child(_ node: BracketObject.Node, _ key: any CodingKey) -> BracketDecoder {
        BracketDecoder(node: node, codingPath: codingPath + [key], dates: dates)
    }

    /// What `error` says about the object `name`, with the path of the value it is about: `address[city]`.
    static func message(_ error: DecodingError, _ name: String) -> String {
        let (context, what): (DecodingError.Context?, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "Expected \(WireType.name(of: type))")
            case .valueNotFound(let type, let context): (context, "Expected \(WireType.name(of: type))")
            case .keyNotFound(let key, let context): (context, "`\(key.stringValue)` is required")
            case .dataCorrupted(let context): (context, "Invalid value")
            @unknown default: (nil, "\(error)")
            }
        let keys = (context?.codingPath ?? []).map { "[\($0.intValue.map(String.init) ?? $0.stringValue)]" }
        var detail = context.map(\.debugDescription).map { $0.isEmpty ? "" : ": \($0)" } ?? ""
        if detail.hasSuffix(".") { detail.removeLast() }
        return "\(what) at `\(name + keys.joined())`\(detail)."
    }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: BracketObject.Node]
        let decoder: BracketDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard case .text(let text)? = members[key.stringValue] else { return members[key.stringValue] == nil }
            return text.isEmpty
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let node = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value"))
            }
            return try decoder.child(node, key).decodeValue(type)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.child(members[key.stringValue] ?? .members([:]), key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.child(members[key.stringValue] ?? .members([:]), key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            decoder.child(members[key.stringValue] ?? .members([:]), key)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [BracketObject.Node]
        let decoder: BracketDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        mutating func next() throws -> BracketDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self,
                    .init(codingPath: codingPath, debugDescription: "The list has no more values")
                )
            }
            defer { currentIndex += 1 }
            return decoder.child(elements[currentIndex], Index(currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .text("") = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: BracketDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool {
            if case .text("") = decoder.node { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }

    /// The node as `type`: a leaf's text read as a number, a Boolean, a string or a date, anything else
    /// decoded through this decoder.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let isText = type == Date.self || type is any LosslessStringConvertible.Type
        if case .members = node, isText {
            // An object where a value belongs (`name[a][b]=…` for `name[a]=…`); decoding it as the type would
            // ask this decoder for the same type again.
            throw DecodingError.typeMismatch(
                type,
                .init(codingPath: codingPath, debugDescription: "Expected a value, not an object")
            )
        }
        if case .text(let text) = node {
            if type == Date.self {
                guard case .value(let date) = Date.read([text], dates: dates) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: codingPath,
                            debugDescription: "`\(text)` is not a date written as \(dates.rawValue)"
                        )
                    )
                }
                return date as! T
            }
            if let convertible = type as? any LosslessStringConvertible.Type {
                guard let value = convertible.init(text) as? T else {
                    throw DecodingError.typeMismatch(
                        type,
                        .init(codingPath: codingPath, debugDescription: "`\(text)` is not \(WireType.name(of: type))")
                    )
                }
                return value
            }
        }
        return try T(from: self)
    }
}
