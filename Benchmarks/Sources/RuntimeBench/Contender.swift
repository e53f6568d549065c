import Foundation
import OpenAPICountries
import OpenAPIRuntime
import OpenAPIURLSession
import SpecsmithCountries
import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One client measured: it fetches the countries of a region and returns how many it decoded.
struct Contender: Sendable {
    var name: String
    var fetch: @Sendable () async throws -> Int

    /// The three clients, each answered from memory with `body`: no network, only the clients' own work.
    static func canned(body: Data) -> [Contender] {
        let baseURL = URL(string: "https://restcountries.example.com/v1")!
        return make(
            specsmith: CountriesClient(baseURL: baseURL, transport: SpecsmithCountries.CannedTransport(body: body)),
            openAPI: OpenAPICountries.Client(
                serverURL: baseURL,
                transport: OpenAPICountries.CannedTransport(body: body)
            ),
            baseline: .canned(baseURL: baseURL, body: body)
        )
    }

    /// The three clients, each sending over URLSession to `baseURL`.
    static func urlSession(baseURL: URL) -> [Contender] {
        make(
            specsmith: CountriesClient(baseURL: baseURL, transport: SpecsmithRuntime.URLSessionTransport()),
            openAPI: OpenAPICountries.Client(serverURL: baseURL, transport: OpenAPIURLSession.URLSessionTransport()),
            baseline: BaselineClient(baseURL: baseURL, session: .shared)
        )
    }

    private static func make(
        specsmith: CountriesClient,
        openAPI: OpenAPICountries.Client,
        baseline: BaselineClient
    ) -> [Contender] {
        [
            Contender(name: "specsmith") {
                try await specsmith.countries(region: "Europe", limit: 200).count
            },
            Contender(name: "openapi-generator") {
                let output = try await openAPI.countries(path: .init(region: "Europe"), query: .init(limit: 200))
                return try output.ok.body.json.count
            },
            Contender(name: "baseline") {
                try await baseline.countries(region: "Europe", limit: 200).count
            },
        ]
    }
}
