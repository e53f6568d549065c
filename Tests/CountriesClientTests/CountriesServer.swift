import Foundation
import Hummingbird
import LoopbackServer

/// A REST Countries v1 look-alike serving the fixture countries, plus a few deliberately broken answers.
enum CountriesServer {
    /// The fixture countries as JSON objects, cut from the REST Countries v1 data set.
    static let fixture: Data = {
        let url = Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Fixtures")!
        return try! Data(contentsOf: url)
    }()

    /// Parsed afresh on each use: the objects are not `Sendable`.
    static var countries: [[String: Any]] {
        try! JSONSerialization.jsonObject(with: fixture) as! [[String: Any]]
    }

    static func json(_ objects: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])
    }

    static func notFound() -> Response {
        .json(#"{"status":404,"message":"Not Found"}"#, status: .notFound)
    }

    /// Adds the API's routes to `router`.
    static func configure(_ router: Router<BasicRequestContext>) {
        router.get("/name/:name") { request, context -> Response in
            // Route parameters arrive percent-encoded.
            let name = context.parameters.get("name")?.removingPercentEncoding ?? ""
            switch name {
            case "Invalid JSON":
                return .json(#"[{"name": "Germany", "#)
            case "Missing Field":
                var country = countries.first { $0["alpha3Code"] as? String == "DEU" }!
                country["population"] = nil
                return .json(json([country]))
            case let echoed where echoed.contains("/"):
                // Echo the decoded parameter, to show it arrived as one path segment.
                var country = countries.first { $0["alpha3Code"] as? String == "DEU" }!
                country["name"] = echoed
                return .json(json([country]))
            default:
                let fullText = request.uri.queryParameters.get("fullText") == "true"
                let matches = countries.filter { country in
                    let candidate = (country["name"] as? String ?? "").lowercased()
                    return fullText ? candidate == name.lowercased() : candidate.contains(name.lowercased())
                }
                return matches.isEmpty ? notFound() : .json(json(matches))
            }
        }
        router.get("/alpha") { request, _ -> Response in
            let codes = (request.uri.queryParameters.get("codes") ?? "").split(separator: ";").map(String.init)
            let matches = countries.filter { codes.contains($0["alpha3Code"] as? String ?? "") }
            return matches.isEmpty ? notFound() : .json(json(matches))
        }
        router.get("/region/:region") { _, context -> Response in
            let region = context.parameters.get("region")?.removingPercentEncoding ?? ""
            let matches = countries.filter { ($0["region"] as? String ?? "").lowercased() == region.lowercased() }
            return .json(json(matches))
        }
    }
}
