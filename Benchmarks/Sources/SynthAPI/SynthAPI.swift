import ArgumentParser
import Foundation

/// Writes one seeded synthetic API twice: `Synth.yaml` for Specsmith, `openapi.yaml` and
/// `openapi-generator-config.yaml` for swift-openapi-generator.
@main
struct SynthAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth-api",
        abstract: "Write a synthetic API of N endpoints as a Specsmith spec and as an OpenAPI 3.0 document."
    )

    @Option(help: "How many endpoints; the API has about as many models.")
    var endpoints: Int

    @Option(help: "The seed: the same seed and size give the same API.")
    var seed: UInt64 = 1

    @Flag(help: "Add a query parameter to the middle endpoint: the 'one endpoint changed' edit.")
    var changed = false

    @Option(help: "The folder to write the three files into.")
    var output: String

    func validate() throws {
        guard endpoints > 0 else { throw ValidationError("--endpoints must be at least 1.") }
    }

    func run() throws {
        let api = APIDescription.synthesize(endpointCount: endpoints, seed: seed, changed: changed)
        let title = "Synthetic API: \(endpoints) endpoints, seed \(seed)\(changed ? ", changed" : "")"
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "Synth.yaml": api.specsmithSpec(title: title),
            "openapi.yaml": api.openAPIDocument(title: title),
            "openapi-generator-config.yaml": "generate:\n  - types\n  - client\naccessModifier: public\n"
                + "namingStrategy: idiomatic\n",
        ]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
        }
        print("\(api.endpoints.count) endpoints, \(api.models.count + api.enums.count) models → \(output)")
    }
}
