import CountriesServer
import Foundation
import Hummingbird

/// A Countries server written as an app would: the generated protocol, over a few countries in memory.
struct CountriesBook: CountriesService {
    let countries = [
        Country(
            name: "Germany",
            nativeName: "Deutschland",
            alpha2Code: "DE",
            alpha3Code: "DEU",
            capital: "Berlin",
            region: .europe,
            subregion: "Western Europe",
            population: 83_240_525,
            borders: ["AUT", "FRA"]
        ),
        Country(
            name: "France",
            nativeName: "France",
            alpha2Code: "FR",
            alpha3Code: "FRA",
            capital: "Paris",
            region: .europe,
            subregion: "Western Europe",
            population: 67_391_582,
            borders: ["DEU"]
        ),
        Country(
            name: "Japan",
            nativeName: "日本",
            alpha2Code: "JP",
            alpha3Code: "JPN",
            capital: "Tokyo",
            region: .asia,
            subregion: "Eastern Asia",
            population: 125_836_021,
            callingCodes: ["81"]
        ),
    ]

    func countryByName(_ name: String, fullText: Bool) async throws -> [Country] {
        countries.filter {
            fullText ? $0.name == name : $0.name.localizedCaseInsensitiveContains(name)
        }
    }

    func countriesByCodes(_ codes: [String]) async throws -> [Country] {
        countries.filter { codes.contains($0.alpha3Code) || codes.contains($0.alpha2Code) }
    }

    func countriesByRegion(_ region: Region) async throws -> [Country] {
        countries.filter { $0.region == region }
    }

    func countryByCallingCode(_ callingCode: String) async throws -> [Country] {
        countries.filter { $0.callingCodes.contains(callingCode) }
    }
}

/// Adds the Countries server's routes (for tests whose files import the client's module, which declares the
/// same models).
func registerCountries(on router: Router<BasicRequestContext>) {
    CountriesBook().registerRoutes(on: router)
}
