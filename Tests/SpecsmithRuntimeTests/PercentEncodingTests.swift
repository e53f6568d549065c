import Foundation
import SpecsmithRuntime
import Testing

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("Germany", "Germany"),
        ("a/../b?x#y", "a%2F..%2Fb%3Fx%23y"),
        ("..", "%2E%2E"),
        (".", "%2E"),
        ("100%", "100%25"),
        ("São Tomé", "S%C3%A3o%20Tom%C3%A9"),
        ("a;b,c=d", "a;b,c=d"),
    ])
    func pathSegment(input: String, expected: String) {
        #expect(PercentEncoding.pathSegment(input) == expected)
    }

    @Test func queryItemsRepeatOrJoin() {
        #expect(QueryItem("codes", ["AUT", "BEL"], separator: ";").encodedPairs == ["codes=AUT;BEL"])
        #expect(QueryItem("tag", ["a b", "c&d"]).encodedPairs == ["tag=a%20b", "tag=c%26d"])
        #expect(QueryItem("q", String?.none).encodedPairs == [])
        #expect(QueryItem("q", [String]()).encodedPairs == [])
        #expect(QueryItem("flag", true).encodedPairs == ["flag=true"])
        #expect(QueryItem("sep", ["a;b", "c"], separator: ";").encodedPairs == ["sep=a%3Bb;c"])
    }

    @Test func formBodyEncodesEverythingButUnreserved() throws {
        let body = RequestBody.form([QueryItem("email", "a+b@example.com"), QueryItem("message", "hi there")])
        let data = try body.encoded(with: JSONEncoder())
        #expect(String(decoding: data, as: UTF8.self) == "email=a%2Bb%40example.com&message=hi%20there")
        #expect(body.contentType == "application/x-www-form-urlencoded")
    }
}

/// Objects sent in the bracket style of form APIs.
@Suite struct BracketStyleTests {
    struct Item: Encodable {
        var price: String
        var tags: [String]
        var amount: Decimal
        var note: String?
    }

    @Test func objectsArraysAndDictionariesBecomeBracketedPairs() {
        let item = QueryItem(
            "items",
            object: [
                Item(price: "p_1", tags: ["a", "b"], amount: Decimal(string: "0.10000000000000000001")!, note: nil)
            ]
        )
        #expect(item.problem == nil)
        #expect(
            item.encodedPairs == [
                "items%5B0%5D%5Bamount%5D=0.10000000000000000001", "items%5B0%5D%5Bprice%5D=p_1",
                "items%5B0%5D%5Btags%5D%5B0%5D=a", "items%5B0%5D%5Btags%5D%5B1%5D=b",
            ]
        )
        let metadata = QueryItem("metadata", object: ["z": "last", "a": "x&y=z", "clear": nil] as [String: String?])
        #expect(metadata.pairs.map(\.name) == ["metadata[a]", "metadata[clear]", "metadata[z]"])
        #expect(metadata.pairs.map(\.value) == ["x&y=z", "", "last"])
        let none = QueryItem("none", object: [String: String]?.none)
        #expect(none.pairs.isEmpty)
    }

    @Test func datesInsideFollowTheCoding() {
        struct Range: Encodable { var gte: Date }
        let range = QueryItem(
            "created",
            object: Range(gte: Date(timeIntervalSince1970: 1_700_000_000)),
            dates: .secondsSince1970
        )
        #expect(range.encodedPairs == ["created%5Bgte%5D=1700000000"])
    }

    @Test(arguments: ["a]b", "a[b", "]", "x[0]"])
    func aKeyWithABracketIsAProblem(key: String) throws {
        let item = QueryItem("metadata", object: [key: "v"])
        #expect(item.problem?.contains(key) == true)
        #expect(throws: (any Error).self) { try RequestBody.form([item]).encoded(with: JSONEncoder()) }
    }
}
