import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written baseline: what a careful developer writes without a generator, a `Decodable` struct, a
/// `URLRequest` and a `JSONDecoder`.
struct BaselineClient: Sendable {
    /// A country, as the hand-written client decodes it.
    struct Country: Decodable, Sendable {
        var name: String
        var nativeName: String
        var topLevelDomain: [String]
        var alpha2Code: String
        var alpha3Code: String
        var capital: String
        var altSpellings: [String]
        var region: String
        var subregion: String
        var population: Int
        var latlng: [Double]
        var demonym: String
        var area: Double?
        var gini: Double?
        var borders: [String]
        var timezones: [String]
        var callingCodes: [String]
        var currencies: [String]
        var languages: [String]
        var translations: [String: String]
    }

    /// Why a request failed.
    struct Failure: Error {
        var message: String
    }

    /// Sends a request and returns the body and response: URLSession, or the canned answer.
    typealias Send = @Sendable (URLRequest) async throws -> (Data, URLResponse)

    let baseURL: URL
    let send: Send
    private let decoder = JSONDecoder()

    init(baseURL: URL, send: @escaping Send) {
        self.baseURL = baseURL
        self.send = send
    }

    /// A client sending with `session`.
    init(baseURL: URL, session: URLSession) {
        self.init(baseURL: baseURL) { request in try await session.data(for: request) }
    }

    /// `GET /regions/{region}/countries?limit=…`
    func countries(region: String, limit: Int?) async throws -> [Country] {
        let escaped = region.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? region
        var components = URLComponents(
            url: baseURL.appendingPathComponent("regions/\(escaped)/countries"),
            resolvingAgainstBaseURL: false
        )
        if let limit {
            components?.queryItems = [URLQueryItem(name: "limit", value: String(limit))]
        }
        guard let url = components?.url else { throw Failure(message: "bad URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await send(request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw Failure(message: "unexpected response \(response)")
        }
        return try decoder.decode([Country].self, from: data)
    }
}
