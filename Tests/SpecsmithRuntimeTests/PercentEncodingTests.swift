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
