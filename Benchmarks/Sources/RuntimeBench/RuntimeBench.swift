import ArgumentParser
import Foundation

/// Measures the generated clients at run time against a hand-written baseline: the time per request with the
/// network taken out, and requests per second over loopback to a local server.
@main
struct RuntimeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runtime-bench",
        abstract: "Per-request overhead and loopback throughput of the Specsmith, swift-openapi-generator and "
            + "hand-written clients, decoding 200 countries."
    )

    @Option(help: "Measured rounds; the median round is reported.")
    var rounds = 7

    @Option(help: "Calls per round without a network.")
    var calls = 200

    @Option(help: "Requests per round over loopback.")
    var requests = 200

    @Option(help: "Requests in flight at once over loopback.")
    var concurrency = 1

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() async throws {
        guard let url = Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Fixtures")
        else { throw ValidationError("The countries fixture is missing from the bundle.") }
        let body = try Data(contentsOf: url)

        let canned = try await measure(Contender.canned(body: body), operations: calls, concurrency: 1)
        let loopback = try await withCountriesServer(countries: body) { baseURL in
            try await measure(Contender.urlSession(baseURL: baseURL), operations: requests, concurrency: concurrency)
        }

        if json {
            var result: [String: [String: Double]] = [:]
            for (name, seconds) in canned { result[name, default: [:]]["overheadMicroseconds"] = seconds * 1e6 }
            for (name, seconds) in loopback { result[name, default: [:]]["requestsPerSecond"] = 1 / seconds }
            let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("client               µs/request (no network)   requests/s (loopback, \(concurrency) in flight)")
            for (name, seconds) in canned {
                let perSecond = loopback.first { $0.name == name }.map { 1 / $0.seconds } ?? 0
                print(
                    name.padding(toLength: 21, withPad: " ", startingAt: 0)
                        + String(format: "%10.1f", seconds * 1e6)
                        + String(format: "%30.0f", perSecond)
                )
            }
        }
    }

    /// The median seconds per operation of each contender over `rounds` rounds of `operations` operations,
    /// contenders taking turns within each round so that drift affects them alike.
    private func measure(
        _ contenders: [Contender],
        operations: Int,
        concurrency: Int
    ) async throws -> [(name: String, seconds: Double)] {
        for contender in contenders {
            // Warm up, and check the client decodes the whole response.
            for _ in 0..<10 {
                let count = try await contender.fetch()
                guard count == 200 else { throw ValidationError("\(contender.name) decoded \(count) countries") }
            }
        }
        var samples: [[Double]] = Array(repeating: [], count: contenders.count)
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for (index, contender) in contenders.enumerated() {
                let elapsed = try await clock.measure {
                    try await run(contender, times: operations, concurrency: concurrency)
                }
                samples[index].append(elapsed.seconds / Double(operations))
            }
        }
        return zip(contenders, samples).map { contender, times in
            (contender.name, times.sorted()[times.count / 2])
        }
    }

    private func run(_ contender: Contender, times: Int, concurrency: Int) async throws {
        if concurrency <= 1 {
            for _ in 0..<times { _ = try await contender.fetch() }
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                let share = times / concurrency + (worker < times % concurrency ? 1 : 0)
                group.addTask {
                    for _ in 0..<share { _ = try await contender.fetch() }
                }
            }
            try await group.waitForAll()
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
