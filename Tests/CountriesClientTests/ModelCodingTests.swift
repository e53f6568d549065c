import Countries
import Foundation
import Testing

/// The generated models' coding, without a server: defaults, unknown enum values, round trips.
@Suite struct ModelCodingTests {
    @Test func enumValuesRoundTripAndUnknownValuesAreKept() throws {
        let regions: [Region] = [.europe, .unknown("Atlantis"), .unknown("")]
        let data = try JSONEncoder().encode(regions)
        #expect(String(decoding: data, as: UTF8.self) == #"["Europe","Atlantis",""]"#)
        #expect(try JSONDecoder().decode([Region].self, from: data) == regions)
        #expect(Region(rawValue: "Asia") == .asia)
        #expect(Region.knownCases.count == 6)
    }

    @Test func missingKeysTakeTheirDefaults() throws {
        let json = #"""
            {"name": "Nowhere", "nativeName": "Nulle part", "alpha2Code": "NW", "alpha3Code": "NWH",
             "capital": "", "region": "Polar", "subregion": "", "population": 0}
            """#
        let country = try JSONDecoder().decode(Country.self, from: Data(json.utf8))
        #expect(country.borders == [])
        #expect(country.coordinates == [])
        #expect(country.translations == [:])
        #expect(country.area == nil)
    }

    @Test func encodingUsesTheJSONKeys() throws {
        let country = Country(
            name: "Nowhere",
            nativeName: "Nulle part",
            alpha2Code: "NW",
            alpha3Code: "NWH",
            capital: "",
            region: .polar,
            subregion: "",
            population: 0,
            coordinates: [1, 2]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let object = try JSONSerialization.jsonObject(with: encoder.encode(country)) as? [String: Any]
        #expect(object?["latlng"] as? [Double] == [1, 2])
        #expect(object?["coordinates"] == nil)
        #expect(try JSONDecoder().decode(Country.self, from: encoder.encode(country)) == country)
    }
}
