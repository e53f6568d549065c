import Foundation
import SpecsmithRuntime
import Testing

/// How `UnionCandidates` chooses among alternatives that all read a value, called as generated unions call it.
@Suite struct UnionCandidatesTests {
    struct Forward: Decodable, Equatable {
        var last: String?
        var next: String?
    }

    struct Backward: Decodable, Equatable {
        var first: String?
        var prev: String?
    }

    struct Tagged: Decodable, Equatable {
        var type: String?
        var next: String?
    }

    /// A union whose models list different keys: the generator passes `reads`.
    enum Weighed: Decodable, Equatable {
        case tagged(Tagged)
        case forward(Forward)
        case backward(Backward)
        case unknown(JSON)

        init(from decoder: any Decoder) throws {
            var candidates = UnionCandidates<Self>(decoder)
            candidates.attempt(Tagged.self, Self.tagged, tags: ["type": "tagged"], reads: ["type", "next"])
            candidates.attempt(Forward.self, Self.forward, reads: ["last", "next"])
            candidates.attempt(Backward.self, Self.backward, reads: ["first", "prev"])
            self = try candidates.value(orKeeping: Self.unknown)
        }
    }

    /// The same alternatives without `reads`: the first that reads the value whole wins.
    enum Unweighed: Decodable, Equatable {
        case forward(Forward)
        case backward(Backward)
        case unknown(JSON)

        init(from decoder: any Decoder) throws {
            var candidates = UnionCandidates<Self>(decoder)
            candidates.attempt(Forward.self, Self.forward)
            candidates.attempt(Backward.self, Self.backward)
            self = try candidates.value(orKeeping: Self.unknown)
        }
    }

    func read<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    @Test func theAlternativeThatReadsMoreOfTheKeysWins() throws {
        #expect(try read(Weighed.self, #"{"first":"f","prev":"p"}"#) == .backward(Backward(first: "f", prev: "p")))
        #expect(try read(Weighed.self, #"{"last":"l","next":"n"}"#) == .forward(Forward(last: "l", next: "n")))
        // As many keys read by each: the first in the generated order (the tagged one, whose tag is optional).
        #expect(try read(Weighed.self, #"{"first":"f","next":"n"}"#) == .tagged(Tagged(type: nil, next: "n")))
        #expect(try read(Weighed.self, #"{"last":"l"}"#) == .forward(Forward(last: "l", next: nil)))
        #expect(try read(Weighed.self, #"{}"#) == .tagged(Tagged()))
    }

    @Test func withoutReadsTheFirstThatReadsItWholeWins() throws {
        #expect(try read(Unweighed.self, #"{"first":"f","prev":"p"}"#) == .forward(Forward()))
    }

    @Test func aTagTheValueHasOutweighsKeys() throws {
        // `Backward` would read more of the keys, but the value has the tagged alternative's tag.
        #expect(
            try read(Weighed.self, #"{"type":"tagged","first":"f","prev":"p"}"#)
                == .tagged(Tagged(type: "tagged", next: nil))
        )
        // Another text under the tag's key rules the tagged alternative out.
        #expect(try read(Weighed.self, #"{"type":"other","next":"n"}"#) == .forward(Forward(last: nil, next: "n")))
    }
}
