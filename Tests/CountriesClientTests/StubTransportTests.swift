import Countries
import Foundation
import SpecsmithRuntime
import Testing

/// The stub transport answers from the spec's sample data: what users test their apps with, no server needed.
@Suite struct StubTransportTests {
    @Test func answersFromSampleData() async throws {
        let client = CountriesClient(transport: StubTransport())
        let germany = try await client.countryByName("anything")
        #expect(germany.map(\.nativeName) == ["Deutschland"])
        let neighbours = try await client.countriesByCodes(["AUT", "BEL"])
        #expect(neighbours.map(\.nativeName) == ["Österreich", "België"])
    }

    /// A client generated with `samples: separate` carries none: a test target hands them to the stub by
    /// endpoint name, and an endpoint's own sample (here, the inline client's) still wins.
    @Test func samplesByEndpointNameAnswerEndpointsWithoutTheirOwn() async throws {
        let fixture = Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Fixtures")!
        let asia = try Data(contentsOf: fixture)
        let stub = StubTransport(samples: ["countriesByRegion": asia, "countryByName": Data("[]".utf8)])
        let client = CountriesClient(transport: stub)
        let countries = try await client.countriesByRegion(.asia)
        let fixtureCount = try #require(try JSONSerialization.jsonObject(with: asia) as? [Any]).count
        #expect(countries.count == fixtureCount, "the fixture's countries")
        #expect(try await client.countryByName("Germany").map(\.name) == ["Germany"])
    }

    @Test func injectedStatusAndFailure() async throws {
        let stub = StubTransport(
            answers: [
                "countryByName": .response(status: 500, body: Data("boom".utf8)),
                "countriesByCodes": .failure(TransportError(.timeout, "too slow")),
            ]
        )
        let client = CountriesClient(transport: stub)
        let status = await #expect(throws: APIError<Never>.self) { try await client.countryByName("Germany") }
        #expect(status?.status == 500)
        let failure = await #expect(throws: APIError<Never>.self) { try await client.countriesByCodes(["AUT"]) }
        guard case .noResponse(let error) = failure else {
            Issue.record("expected no response, got \(String(describing: failure))")
            return
        }
        #expect(error.kind == .timeout)
    }

    @Test func endpointWithoutSampleDataFailsToDecodeAnEmptyBody() async throws {
        let client = CountriesClient(transport: StubTransport())
        let error = await #expect(throws: APIError<Never>.self) { try await client.countriesByRegion(.asia) }
        guard case .undecodableBody = error else {
            Issue.record("expected an undecodable body, got \(String(describing: error))")
            return
        }
    }

    @Test func delayedStubCanBeCancelled() async throws {
        let client = CountriesClient(transport: StubTransport(delay: .seconds(30)))
        let task = Task { try await client.countryByName("Germany") }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as APIError<Never>) = result, case .noResponse(let failure) = error else {
            Issue.record("expected a cancelled request, got \(result)")
            return
        }
        #expect(failure.kind == .cancelled)
    }
}
