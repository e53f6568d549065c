import Countries
import Foundation
import LoopbackServer
import SpecsmithCombine
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The generated Countries client against a real HTTP server on loopback.
@Suite struct BordersFlowTests {
    @Test(arguments: TestTransport.allCases)
    func germanyHasNineNeighboursWithTheirNativeNames(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let germany = try #require(try await client.countryByName("Germany").first)
            #expect(germany.nativeName == "Deutschland")
            #expect(germany.borders == ["AUT", "BEL", "CZE", "DNK", "FRA", "LUX", "NLD", "POL", "CHE"])

            let neighbours = try await client.countriesByCodes(germany.borders)
            #expect(
                Set(neighbours.map(\.nativeName)) == [
                    "Österreich", "België", "Česká republika", "Danmark", "France", "Luxembourg", "Nederland",
                    "Polska", "Schweiz",
                ]
            )
            #expect(neighbours.allSatisfy { $0.region == .europe })

            let uris = await log.requests.map(\.uri)
            #expect(uris == ["/name/Germany?fullText=true", "/alpha?codes=AUT;BEL;CZE;DNK;FRA;LUX;NLD;POL;CHE"])
            let accept = await log.requests.first?.headers["accept"]
            #expect(accept == "application/json")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func resourceEnumSendsTheSameRequestsAsTheFactories(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = APIClient(baseURL: baseURL, transport: transport.make())
            let byName = try await client.send(
                Endpoint(CountriesResource.countryByName("Germany"), decoding: [Country].self)
            )
            let byCodes = try await client.send(
                Endpoint(CountriesResource.countriesByCodes(["AUT", "CHE"]), decoding: [Country].self)
            )
            #expect(byName.map(\.alpha3Code) == ["DEU"])
            #expect(Set(byCodes.map(\.name)) == ["Austria", "Switzerland"])
            let uris = await log.requests.map(\.uri)
            #expect(uris == ["/name/Germany?fullText=true", "/alpha?codes=AUT;CHE"])
            #expect(CountriesResource.countryByName("x").path == CountriesAPI.countryByName("x").path)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func pathParameterWithSlashesAndSpacesStaysOneSegment(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let echoed = try await client.countryByName("a/../b?x#y z", fullText: false)
            #expect(echoed.first?.name == "a/../b?x#y z")
            let uri = await log.requests.first?.uri
            #expect(uri == "/name/a%2F..%2Fb%3Fx%23y%20z?fullText=false")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func enumPathParameterAndUnknownEnumValues(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let europe = try await client.countriesByRegion(.europe)
            #expect(europe.count == 10)
            let polar = try await client.countriesByRegion(.unknown("Polar"))
            #expect(polar.map(\.alpha3Code) == ["ATA"])
            // Bouvet Island's region is "" in the data set: not a listed value, kept rather than failing.
            let all = try await client.countriesByCodes(["BVT"])
            #expect(all.first?.region == .unknown(""))
            #expect(all.first?.region.rawValue == "")
            let uris = await log.requests.map(\.uri)
            #expect(uris.prefix(2) == ["/region/Europe", "/region/Polar"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func unknownCountryIsAnUnexpectedResponseWithTheBodyKept(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let error = await #expect(throws: APIError<Never>.self) { try await client.countryByName("Atlantis") }
            guard case .unexpected(let unexpected) = error else {
                Issue.record("expected an unexpected response, got \(String(describing: error))")
                return
            }
            #expect(error?.category == .unexpected)
            let response = unexpected.response
            #expect(response.status == 404)
            #expect(response.bodyText.contains("Not Found"))
            #expect(response.header("content-type") == "application/json")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func invalidJSONIsAnUndecodableBody(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let error = await #expect(throws: APIError<Never>.self) { try await client.countryByName("Invalid JSON") }
            guard case .undecodableBody(let failure) = error else {
                Issue.record("expected an undecodable body, got \(String(describing: error))")
                return
            }
            #expect(failure.response.status == 200)
            #expect(failure.response.bodyText == #"[{"name": "Germany", "#)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func missingRequiredFieldNamesItsCodingPath(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let error = await #expect(throws: APIError<Never>.self) { try await client.countryByName("Missing Field") }
            guard case .undecodableBody(let failure) = error else {
                Issue.record("expected an undecodable body, got \(String(describing: error))")
                return
            }
            #expect(failure.codingPath == "[0].population")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func serverNotListeningIsNoResponse(transport: TestTransport) async throws {
        // A port with no server listening, which no other test's server can take meanwhile.
        try await withRefusingPort { closed in
            var client = CountriesClient(baseURL: closed, transport: transport.make())
            // A refused connection fails at once; the request's timeout is long, so that a loaded machine that
            // takes its time to run the answer's task cannot turn it into a `.timeout`.
            client.client.timeout = 600
            let error = await #expect(throws: APIError<Never>.self) { try await client.countryByName("Germany") }
            guard case .noResponse(let failure) = error else {
                Issue.record("expected no response, got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .connectivity)
        }
    }
}

/// The Borders chain in the Combine flavour: the same two requests, chained with `flatMap`.
@Suite struct BordersPublisherTests {
    @Test(arguments: TestTransport.allCases)
    func bordersChainWithFlatMap(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let neighbours = client.countryByNamePublisher("Germany")
                .compactMap { $0.first }
                .flatMap { germany in client.countriesByCodesPublisher(germany.borders) }
            var delivered: [[Country]] = []
            for try await countries in neighbours.values {
                delivered.append(countries)
            }
            #expect(delivered.count == 1)
            #expect(
                delivered.first?.map(\.alpha3Code).sorted() == [
                    "AUT", "BEL", "CHE", "CZE", "DNK", "FRA", "LUX", "NLD", "POL",
                ]
            )
            let uris = await log.requests.map(\.uri)
            #expect(uris == ["/name/Germany?fullText=true", "/alpha?codes=AUT;BEL;CZE;DNK;FRA;LUX;NLD;POL;CHE"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aFailedFirstRequestEndsTheChainWithItsError(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, log in
            let client = CountriesClient(baseURL: baseURL, transport: transport.make())
            let chain = client.countryByNamePublisher("Atlantis")
                .compactMap { $0.first }
                .flatMap { client.countriesByCodesPublisher($0.borders) }
            do {
                for try await _ in chain.values {}
                Issue.record("expected a 404")
            } catch let error as APIError<Never> {
                #expect(error.status == 404 && error.category == .unexpected)
            }
            #expect(await log.requests.count == 1)
        }
    }
}
