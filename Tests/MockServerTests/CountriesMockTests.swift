import Countries
import Foundation
import SpecsmithRuntime
import Testing

/// The Borders flow of the Countries client, against the mock of `Specs/Countries.yaml`.
@Suite struct CountriesMockTests {
    @Test func theBordersFlowRunsAgainstTheMock() async throws {
        try await withMock("Countries") { url, log in
            let client = CountriesClient(baseURL: url)
            let germany = try await client.countryByName("Germany")
            #expect(germany.first?.name == "Germany")
            let neighbours = try await client.countriesByCodes(germany.first?.borders ?? [])
            #expect(neighbours.first?.name == "Austria", "the sample of countriesByCodes")
            // No sample: a country made from the model.
            let europe = try await client.countriesByRegion(.europe)
            #expect(europe.count == 1)
            #expect(europe.first?.region == .africa)
            #expect(log.lines.count == 3)
        }
    }

    @Test func aRequestTheSpecRefusesIsAnError() async throws {
        try await withMock("Countries") { url, log in
            // The spec's path parameter is a `Region`: the mock checks what a hand-written request sends.
            let client = APIClient(baseURL: url)
            let endpoint = APIEndpoint<[Country], Never>("countriesByRegion", method: .get, path: "/region/Mars")
            let error = await #expect(throws: APIError<Never>.self) { try await client.send(endpoint) }
            #expect(error?.status == 400)
            #expect(log.lines.last?.hasPrefix("GET /region/Mars → 400 countriesByRegion") == true)
        }
    }
}
