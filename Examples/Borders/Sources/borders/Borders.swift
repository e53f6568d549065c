import ArgumentParser
import BordersKit
import Foundation
import SpecsmithRuntime

/// `borders <country>`: prints the countries that border a country, with their native names.
@main
struct Borders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "borders",
        abstract: "Print the countries that border a country, with their native names.",
        discussion: "Asks the REST Countries API, or with --stub answers from the spec's sample data (Germany)."
    )

    @Argument(help: "The country's name, in English or in its own language.")
    var country: String

    @Option(help: "The REST Countries API to ask.")
    var baseURL: String = CountriesClient.defaultBaseURL.absoluteString

    @Flag(help: "Answer from the spec's sample data instead of the network.")
    var stub = false

    func validate() throws {
        guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--base-url must be an http or https URL, not \"\(baseURL)\"")
        }
    }

    func run() async throws {
        let client =
            stub
            ? CountriesClient(transport: StubTransport())
            : CountriesClient(baseURL: URL(string: baseURL)!)
        do {
            print(try await Neighbourhood.of(country, client: client).report, terminator: "")
        } catch {
            FileHandle.standardError.write(Data("borders: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
