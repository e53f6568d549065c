import Foundation
import SpecsmithRuntime
import Testing

@Suite struct JSONTests {
    private func decode(_ text: String) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    }

    private func encode(_ value: JSON) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: [
        "9007199254740993",  // above 2^53: a Double would change it
        "9223372036854775807",  // Int64.max
        "-9223372036854775808",  // Int64.min
        "18446744073709551615",  // UInt64.max
        "12345678901234567890123",  // beyond 64 bits
        "0.1",
        "3.14159",
        "-2.5",
        "0.30000000000000004",
        "1e+300",
    ])
    func numbersRoundTripUnchanged(text: String) throws {
        let value = try decode("[\(text)]")
        #expect(try encode(value) == "[\(text)]")
        #expect(value[0]?.number?.description == text)
    }

    @Test func numbersKeepTheirKind() throws {
        let value = try decode(#"{"id": 9007199254740993, "big": 18446744073709551615, "ratio": 0.5, "one": 1.0}"#)
        #expect(value["id"]?.int64 == 9_007_199_254_740_993)
        #expect(value["id"]?.int == 9_007_199_254_740_993)
        #expect(value["big"]?.int64 == nil)
        #expect(value["big"]?.number?.uint64 == UInt64.max)
        #expect(value["ratio"]?.double == 0.5)
        #expect(value["ratio"]?.int == nil)
        #expect(value["one"] == 1)
        #expect(value["one"]?.int == 1)
    }

    @Test func everyKindDecodesAndEncodes() throws {
        let text = #"{"a":[true,false,null,"x",1,2.5],"b":{"c":{}},"d":[],"e":"ü \"q\""}"#
        let value = try decode(text)
        #expect(try encode(value) == text)
        #expect(value["a"][2]?.isNull == true)
        #expect(value["a"][0]?.bool == true)
        #expect(value["a"][3]?.string == "x")
        #expect(value["b"]["c"]?.object == [:])
        #expect(value["d"]?.array == [])
        #expect(value["e"]?.string == "ü \"q\"")
        #expect(value.description == text)
    }

    @Test func lookupsChainAndMissOnWrongKinds() throws {
        let completion = try decode(#"{"choices": [{"message": {"content": "Hi"}}]}"#)
        #expect(completion["choices"][0]["message"]["content"]?.string == "Hi")
        #expect(completion["choices"][1]["message"] == nil)
        #expect(completion["choices"]["message"] == nil)
        #expect(completion[0] == nil)
        #expect(completion["missing"][0]["x"] == nil)
        #expect(JSON.string("s")["key"] == nil)
    }

    @Test func literalsBuildValues() throws {
        let arguments: JSON = ["city": "Berlin", "days": 3, "ratio": 0.25, "metric": true, "note": nil, "tags": ["a"]]
        #expect(
            try encode(arguments)
                == #"{"city":"Berlin","days":3,"metric":true,"note":null,"ratio":0.25,"tags":["a"]}"#
        )
        #expect(arguments["days"] == .number(3))
        #expect(JSON.Number(1.0) == JSON.Number(1))
        #expect(try decode("1e0") == 1)
    }

    private struct Customer: Codable, Equatable {
        var id: String
        var created: Date
        var balance: Int
    }

    @Test func decodesIntoAndFromModels() throws {
        let payload: JSON = ["id": "cus_1", "created": 1_700_000_000, "balance": -250]
        let customer = try payload.decode(as: Customer.self, using: DateCoding.secondsSince1970.makeDecoder())
        #expect(customer == Customer(id: "cus_1", created: Date(timeIntervalSince1970: 1_700_000_000), balance: -250))
        #expect(try JSON(encoding: customer, using: DateCoding.secondsSince1970.makeEncoder()) == payload)

        #expect(throws: DecodingError.self) { try payload.decode(as: [String].self) }
        let wrong: JSON = ["id": "cus_1", "created": 0, "balance": "x"]
        do {
            _ = try wrong.decode(
                as: Customer.self,
                using: DateCoding.secondsSince1970.makeDecoder()
            )
            Issue.record("a string balance decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["balance"])
        }
    }

    @Test func freeFormObjectsAsDictionaries() throws {
        let metadata = try JSONDecoder().decode(
            [String: JSON].self,
            from: Data(#"{"order_id": 6735, "vip": true}"#.utf8)
        )
        #expect(metadata["order_id"]?.int == 6735)
        #expect(metadata["vip"] == true)
        #expect(Set<JSON>([1, 1.0, "1"]).count == 2)
    }
}
