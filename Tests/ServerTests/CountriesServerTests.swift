import Countries
import Foundation
import LoopbackServer
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Countries client against the Countries server, both generated from `Specs/Countries.yaml`, over
/// loopback HTTP with each transport.
@Suite struct CountriesServerTests {
    @Test(arguments: TestTransport.allCases)
    func theClientCallsEveryEndpointOfTheServer(transport: TestTransport) async throws {
        try await withLoopbackServer(registerCountries) { url, log in
            let client = CountriesClient(baseURL: url, transport: transport.make())
            let germany = try await client.countryByName("Germany")
            #expect(germany.map(\.nativeName) == ["Deutschland"])
            #expect(germany.first?.region == .europe)
            #expect(
                try await client.countryByName("an", fullText: false).map(\.name) == ["Germany", "France", "Japan"]
            )
            #expect(try await client.countriesByCodes(["FRA", "JP"]).map(\.name) == ["France", "Japan"])
            #expect(try await client.countriesByRegion(.asia).map(\.name) == ["Japan"])
            // The deprecated endpoint, which the server still serves.
            let (data, _) = try await URLSession.shared.data(from: url.appending(path: "callingcode/81"))
            #expect(try JSONDecoder().decode([JSON].self, from: data).map { $0["capital"] } == ["Tokyo"])
            // A name with a space and a slash arrives decoded.
            #expect(try await client.countryByName("Not / There").isEmpty)
            let uris = await log.requests.map(\.uri)
            #expect(uris.contains("/alpha?codes=FRA;JP"))
        }
    }

    @Test func aRequestThatDoesNotFollowTheSpecIsAnswered400WithEveryProblem() async throws {
        try await withLoopbackServer(registerCountries) { url, _ in
            let (data, response) = try await URLSession.shared.data(
                from: url.appending(path: "name/Germany").appending(queryItems: [
                    .init(name: "fullText", value: "maybe")
                ])
            )
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(
                (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json"
            )
            let body = try JSONDecoder().decode(JSON.self, from: data)
            #expect(body["problems"]?[0]?["in"] == "query")
            #expect(body["problems"]?[0]?["name"] == "fullText")
            #expect(body["problems"]?[0]?["message"] == "`maybe` is not true or false.")
            // A required query parameter left out.
            let (_, missing) = try await URLSession.shared.data(from: url.appending(path: "alpha"))
            #expect((missing as? HTTPURLResponse)?.statusCode == 400)
        }
    }

    @Test func answersSortTheirKeysSoThatEqualValuesAreEqualBytes() async throws {
        try await withLoopbackServer(registerCountries) { url, _ in
            let (data, _) = try await URLSession.shared.data(from: url.appending(path: "name/Germany"))
            let text = String(decoding: data, as: UTF8.self)
            let name = try #require(text.range(of: "\"name\""))
            let alpha2Code = try #require(text.range(of: "\"alpha2Code\""))
            // The spec lists `name` first (and Foundation's encoder keeps no order of its own).
            #expect(alpha2Code.lowerBound < name.lowerBound)
        }
    }
}
