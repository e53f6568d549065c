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
