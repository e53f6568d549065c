// Explicit, because the generated client's files import these modules `package` or `internal`: outside the
// InternalImportsByDefault mode, a plain import beside them would be ambiguous.
internal import Foundation
package import SpecsmithRuntime

/// A country and the countries it borders.
package struct Neighbourhood: Sendable, Hashable {
    /// The country asked about.
    package var country: Country
    /// Its neighbours, sorted by English name; empty for islands.
    package var neighbours: [Country]

    /// `country` and its `neighbours`.
    package init(country: Country, neighbours: [Country]) {
        self.country = country
        self.neighbours = neighbours
    }

    /// Finds the country named `name` and then its neighbours: two requests, the second only when the
    /// country has neighbours.
    package static func of(_ name: String, client: CountriesClient) async throws(BordersError) -> Neighbourhood {
        let matches: [Country]
        do {
            matches = try await client.countryByName(name)
        } catch {
            if error.status == 404 { throw .noSuchCountry(name) }
            throw .api(error)
        }
        // Some names match more than one country; prefer the one whose name is exactly the one asked for.
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let exact = matches.first {
            [$0.name, $0.nativeName].contains {
                $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) == folded
            }
        }
        guard let country = exact ?? matches.first else { throw .noSuchCountry(name) }
        guard !country.borders.isEmpty else { return Neighbourhood(country: country, neighbours: []) }
        do {
            let neighbours = try await client.countriesByCodes(country.borders)
            return Neighbourhood(country: country, neighbours: neighbours.sorted { $0.name < $1.name })
        } catch {
            throw .api(error)
        }
    }

    /// What `borders` prints: a line for the country, then one per neighbour with its native name.
    package var report: String {
        let title = "\(country.name) (\(country.nativeName))"
        guard !neighbours.isEmpty else { return "\(title) has no neighbouring countries.\n" }
        let width = neighbours.map(\.name.count).max() ?? 0
        let lines = neighbours.map { neighbour in
            let padding = String(repeating: " ", count: width - neighbour.name.count)
            return "  \(neighbour.name)\(padding)  \(neighbour.nativeName)"
        }
        let count = neighbours.count == 1 ? "1 country" : "\(neighbours.count) countries"
        return "\(title) borders \(count):\n" + lines.joined(separator: "\n") + "\n"
    }
}

/// Why the neighbours could not be found.
package enum BordersError: Error, CustomStringConvertible {
    /// No country has that name.
    case noSuchCountry(String)
    /// The API failed.
    case api(APIError<Never>)

    package var description: String {
        switch self {
        case .noSuchCountry(let name): "No country is named \"\(name)\"."
        case .api(let error): "The REST Countries API failed: \(error)"
        }
    }
}
