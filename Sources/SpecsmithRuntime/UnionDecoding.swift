/// How generated unions without a discriminator choose the alternative a value is, by what the description says
/// of each: the value's kind of JSON, its tags (a `const` property or an enumeration of one value, which a value
/// that has the key must match), the keys a closed model allows, and then whether the alternative reads the value
/// without keeping any part of it as unknown, then which has more of its tags and reads more of its keys. The
/// generated code lists the alternatives that may take a kind of value, the most specific first, and calls
/// ``UnionCandidates/attempt(_:_:tags:keys:reads:)`` for each.
///
/// A value read as unknown somewhere inside an alternative (an enumeration's unlisted value, a nested union's
/// unlisted alternative) is counted through ``UnlistedValues``, so that an alternative that reads the whole
/// value as the description says wins over one that only keeps part of it. Of two that read it whole, the one
/// that reads more of its keys wins, so that a key one alternative lists is not dropped by another that does
/// not.
public struct UnionCandidates<Union> {
    private let decoder: any Decoder
    /// The alternative, of those that read the value with nothing kept as unknown, with the most tags the value
    /// has and then the most of its keys read; of equal ones, the first in the generated order.
    private var exact: (value: Union, rank: Rank)?
    /// Of the alternatives that read the value keeping some of it as unknown, the one that kept the least.
    private var closest: (value: Union, unlisted: Int, rank: Rank)?
    /// Why the last alternative tried did not read the value.
    private var failure: (any Error)?
    /// The value's keys, once an alternative says which keys it reads.
    private var valueKeys: Set<String>?

    /// How much of a value an alternative accounts for: the tags the value has, then the value's keys it reads.
    private struct Rank: Comparable {
        var tags: Int
        var read: Int
        static func < (a: Rank, b: Rank) -> Bool { (a.tags, a.read) < (b.tags, b.read) }
    }

    /// Candidates for the value `decoder` holds.
    public init(_ decoder: any Decoder) {
        self.decoder = decoder
    }

    /// Tries `type` for the value, when the value has `tags` (where it has their keys) and only `keys` (when
    /// the alternative is a closed model): `make` wraps what it reads. Once an alternative has read the value
    /// exactly, a later one is tried only when it would account for more of it: `reads` lists the keys of a
    /// model whose properties differ from another alternative's (`{first, prev}` is the alternative that reads
    /// both, not the first that reads neither), and a closed model reads its `keys`.
    public mutating func attempt<Alternative: Decodable>(
        _ type: Alternative.Type,
        _ make: (Alternative) -> Union,
        tags: KeyValuePairs<String, String> = [:],
        keys: [String]? = nil,
        reads: [String]? = nil
    ) {
        let listed = reads ?? keys
        if exact != nil && listed == nil { return }
        guard decoder.fits(tags: tags, keys: keys) else { return }
        var rank = Rank(tags: 0, read: 0)
        if !tags.isEmpty || listed != nil, let present = presentKeys() {
            rank.tags = tags.filter { present.contains($0.key) }.count
            rank.read = listed.map { $0.filter(present.contains).count } ?? 0
        }
        if let exact, rank <= exact.rank { return }
        do {
            let (value, unlisted) = try UnlistedValues.counting {
                try decoder.singleValueContainer().decode(Alternative.self)
            }
            if unlisted == 0 {
                exact = (make(value), rank)
            } else if closest.map({ unlisted < $0.unlisted || (unlisted == $0.unlisted && rank > $0.rank) }) ?? true {
                closest = (make(value), unlisted, rank)
            }
        } catch {
            failure = error
        }
    }

    /// The keys of the object the decoder holds, read once.
    private mutating func presentKeys() -> Set<String>? {
        if let valueKeys { return valueKeys }
        guard let container = try? decoder.container(keyedBy: JSONKey.self) else { return nil }
        valueKeys = Set(container.allKeys.map(\.stringValue))
        return valueKeys
    }

    /// The alternative read, or the value kept as JSON by `unlisted` when none read it.
    public func value(orKeeping unlisted: (JSON) -> Union) throws -> Union {
        if let chosen = try chosen() { return chosen }
        return unlisted(try JSON(unlistedFrom: decoder))
    }

    /// The alternative read; when none read it, the last one's error, or `DecodingError.dataCorrupted` saying
    /// `expected` when none could be tried.
    public func value(expected: String) throws -> Union {
        if let chosen = try chosen() { return chosen }
        if let failure { throw failure }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: expected)
        )
    }

    private func chosen() throws -> Union? {
        if let exact { return exact.value }
        if let closest {
            UnlistedValues.note(closest.unlisted)
            return closest.value
        }
        return nil
    }
}

/// Counts the values decoding keeps as unknown (an enumeration's unlisted value, a union's unlisted alternative),
/// so that a union tells an alternative that reads a value as its description says from one that only keeps
/// part of it. Generated code notes each such value; ``UnionCandidates`` counts them per alternative.
public enum UnlistedValues {
    /// What one count holds; only the decoding that made it touches it, on its own thread.
    final class Tally: @unchecked Sendable {
        var count = 0
    }

    /// The tally of the alternative being tried, if any.
    @TaskLocal static var tally: Tally?

    /// Notes that `count` values were kept as unknown.
    public static func note(_ count: Int = 1) {
        tally?.count += count
    }

    /// What `body` returns, and how many values it kept as unknown.
    public static func counting<Value>(_ body: () throws -> Value) rethrows -> (value: Value, unlisted: Int) {
        let tally = Tally()
        let value = try $tally.withValue(tally) { try body() }
        return (value, tally.count)
    }
}

extension JSON {
    /// Reads a value that no alternative of a union lists, noting it as kept unknown.
    public init(unlistedFrom decoder: any Decoder) throws {
        UnlistedValues.note()
        try self.init(from: decoder)
    }
}

extension Decoder {
    /// Whether the object this decoder holds may be a union's alternative: for each of `tags` whose key it has,
    /// that text; and, when `keys` is given (a closed model), no key it does not list. A value that is not an
    /// object fits when nothing is asked of it.
    public func fits(tags: KeyValuePairs<String, String>, keys: [String]?) -> Bool {
        if tags.isEmpty && keys == nil { return true }
        guard let container = try? container(keyedBy: JSONKey.self) else { return false }
        for (key, value) in tags {
            let key = JSONKey(stringValue: key)
            guard container.contains(key) else { continue }
            if (try? container.decode(String.self, forKey: key)) != value { return false }
        }
        if let keys {
            let allowed = Set(keys)
            if container.allKeys.contains(where: { !allowed.contains($0.stringValue) }) { return false }
        }
        return true
    }

    /// The value of `cases` for the raw value this decoder holds, or `unlisted` of it, noted as kept unknown:
    /// how a generated enumeration reads a value its spec does not list.
    public func listedValue<Value, RawValue: Decodable & Hashable>(
        in cases: [RawValue: Value],
        else unlisted: (RawValue) -> Value
    ) throws -> Value {
        let rawValue = try singleValueContainer().decode(RawValue.self)
        if let value = cases[rawValue] { return value }
        UnlistedValues.note()
        return unlisted(rawValue)
    }
}

extension Dictionary where Value: RawRepresentable, Value.RawValue == Key {
    /// Each of `cases` by its raw value, the first of any two that share one: how a generated enumeration finds
    /// the case of a value it reads (`casesByRawValue`).
    public init(byRawValue cases: [Value]) {
        self.init(cases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension KeyedDecodingContainer {
    /// Checks the value of a `const` property the object may leave out: a missing key or `null` is fine, another
    /// value throws `DecodingError.dataCorrupted`.
    public func decodeConstantIfPresent<Value: Decodable & Equatable>(_ expected: Value, forKey key: Key) throws {
        guard contains(key), !(try decodeNil(forKey: key)) else { return }
        try decodeConstant(expected, forKey: key)
    }
}
