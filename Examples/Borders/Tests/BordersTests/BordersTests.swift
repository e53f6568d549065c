import Foundation
import Testing

/// The `borders` executable as a user runs it: against a local REST Countries server over loopback, and
/// against the stub that answers from the spec's sample data.
@Suite struct BordersTests {
    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The built `borders` next to the test bundle (SwiftPM builds it first: the test target depends on it).
    static var executable: URL? {
        let packageBuild = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
        let folders =
            [Bundle.main.executableURL?.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() } + [packageBuild]
        return folders.compactMap { $0?.appendingPathComponent("borders") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `borders` with `arguments` off the cooperative thread pool, so the in-process server keeps serving.
    func borders(_ arguments: String...) async throws -> Run {
        let executable = try #require(Self.executable, "build the borders executable first")
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                let output = Pipe()
                let errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let printed = output.fileHandleForReading.readDataToEndOfFile()
                let complained = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(
                    returning: Run(
                        status: process.terminationStatus,
                        output: String(decoding: printed, as: UTF8.self),
                        errors: String(decoding: complained, as: UTF8.self)
                    )
                )
            }
        }
    }

    static let germany = """
        Germany (Deutschland) borders 9 countries:
          Austria         Österreich
          Belgium         België
          Czech Republic  Česká republika
          Denmark         Danmark
          France          France
          Luxembourg      Luxembourg
          Netherlands     Nederland
          Poland          Polska
          Switzerland     Schweiz

        """

    @Test func printsTheNeighboursOfGermanyWithTheirNativeNames() async throws {
        try await CountriesServer.with { url, log in
            let run = try await borders("Germany", "--base-url", url.absoluteString)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output == Self.germany)
            #expect(
                await log.requests == [
                    "/name/Germany?fullText=true", "/alpha?codes=AUT,BEL,CZE,DNK,FRA,LUX,NLD,POL,CHE",
                ]
            )
        }
    }

    @Test func findsACountryByItsNativeName() async throws {
        try await CountriesServer.with { url, log in
            let run = try await borders("Côte d'Ivoire", "--base-url", url.absoluteString)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("Ivory Coast (Côte d'Ivoire) borders 5 countries:\n  Burkina Faso"))
            #expect(run.output.contains("  Ghana         Ghana\n"))
            // The path parameter went out percent-encoded.
            #expect(await log.requests.first == "/name/C%C3%B4te%20d'Ivoire?fullText=true")
        }
    }

    @Test func anIslandNeedsOneRequest() async throws {
        try await CountriesServer.with { url, log in
            let run = try await borders("iceland", "--base-url", url.absoluteString)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output == "Iceland (Ísland) has no neighbouring countries.\n")
            #expect(await log.requests.count == 1)
        }
    }

    @Test func anUnknownCountryFailsWithAMessage() async throws {
        try await CountriesServer.with { url, log in
            let run = try await borders("Atlantis", "--base-url", url.absoluteString)
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errors == "borders: No country is named \"Atlantis\".\n")
            #expect(await log.requests == ["/name/Atlantis?fullText=true"])
        }
    }

    @Test func theStubAnswersFromTheSpecsSampleDataWithoutTheNetwork() async throws {
        // The base URL points at a server that has stopped: only the stub can answer.
        let stopped = try await CountriesServer.with { url, _ in url }
        let run = try await borders("Germany", "--stub", "--base-url", stopped.absoluteString)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == Self.germany)

        let offline = try await borders("Germany", "--base-url", stopped.absoluteString)
        #expect(offline.status == 1)
        #expect(offline.errors.hasPrefix("borders: The REST Countries API failed: no response (connectivity)"))
    }

    @Test func aBadBaseURLIsAUsageError() async throws {
        let run = try await borders("Germany", "--base-url", "restcountries.com")
        #expect(run.status == 64)
        #expect(run.errors.contains("--base-url must be an http or https URL"))
    }
}
